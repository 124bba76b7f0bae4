// Each jurisdiction's pack label, version, as-of date and dated status lines, without indicators:
// all the wizard's jurisdiction step needs. Kept apart from ./index.ts so the browser script does
// not carry every indicator of every pack (about 100 KB) to show a few paragraphs; the full packs
// spread these same objects, so the facts are written once.
import type { Jurisdiction } from '../../contracts/auth.ts';
import type { RulePackStatus } from '../types.ts';
import { CSRD_VSME_STATUS } from './csrd-vsme-status.ts';
import { SEC_CLIMATE_STATUS } from './sec-climate-status.ts';
import { SECR_STATUS } from './secr-status.ts';

export const RULE_PACK_STATUS: Record<Jurisdiction, RulePackStatus> = {
  CSRD: CSRD_VSME_STATUS,
  SECR: SECR_STATUS,
  SEC: SEC_CLIMATE_STATUS,
};
