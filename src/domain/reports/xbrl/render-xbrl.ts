// The entry points the server uses for the `xbrl` format and POST /api/reports/{id}/xbrl.
import type { RenderedReport, ReportSnapshot } from '../snapshot.ts';
import { usesVsme } from './facts.ts';
import { renderXbrlInstance as renderVsmeXbrlInstance } from './instance.ts';
import { renderXbrlJson } from './xbrl-json.ts';

export { InvalidEntityIdentifierError, isValidLei, MissingEntityIdentifierError } from './entity.ts';
export { renderInlineXbrl } from './inline-xbrl.ts';
export { renderXbrlForFramework, renderXbrlJson } from './xbrl-json.ts';

/**
 * POST /api/reports/{id}/xbrl: the XBRL 2.1 instance (`report-<id>.xbrl`, VSME) for CSRD; for
 * SECR and SEC, which have no SME taxonomy, the xBRL-JSON of the same facts (`report-<id>.json`).
 */
export function renderXbrlInstance(snapshot: ReportSnapshot): RenderedReport {
  return usesVsme(snapshot) ? renderVsmeXbrlInstance(snapshot) : renderXbrlJson(snapshot);
}
