// A line confirmed from a scanned receipt that looks like one already in the ledger (decision
// 052): the confirmation must say what to do. Without a choice it is refused with 409
// `probable_duplicates`, listing the lines it looks like; with one, the caller keeps both,
// replaces one of the listed lines (its delete goes in the new line's batch, audited as a
// delete), or stores nothing.

import type { SaveActivity } from '../../../../domain/contracts/ledger.ts';
import {
  PROBABLE_DUPLICATES_CODE,
  type ProbableDuplicatesDetails,
} from '../../../../domain/contracts/ledger-probable-duplicates.ts';
import type { AuthedContext } from '../../../context.ts';
import { HttpError } from '../../../lib/errors.ts';
import { findProbableDuplicates, lineBrief, listedPairs } from '../figures/probable-duplicates.ts';
import { lineIsVisible } from '../figures/visibility.ts';
import { fieldError, type ManualLine } from './line-input.ts';

/**
 * What the confirmation does: store nothing, or store the line (after deleting `replaceLineId`, the
 * line's public id).
 */
export type ReceiptLineDecision = { skip: true } | { skip: false; replaceLineId: string | null };

/**
 * The decision for a receipt's line at `site`, from the ledger's visible lines of every source (a
 * bill scanned twice is a duplicate too) and the caller's `onDuplicate` choice.
 */
export async function decideReceiptLine(
  ctx: AuthedContext,
  line: ManualLine,
  site: { id: string; name: string },
  supplier: string | null,
  input: Pick<SaveActivity, 'onDuplicate' | 'replaceLineId'>,
): Promise<ReceiptLineDecision> {
  const candidate = { ...line, siteId: site.id, supplier };
  const found = await findProbableDuplicates(ctx, [candidate], { among: lineIsVisible(ctx.companyId) });
  if (input.onDuplicate === 'replace') {
    // Named by its public id or, for a line written before decision 092, its old UUID.
    const chosen = found.find(
      ({ existing }) => existing.id === input.replaceLineId || existing.legacyId === input.replaceLineId,
    );
    if (!chosen) {
      throw fieldError('replaceLineId', 'Choose one of the ledger lines this line looks like to replace');
    }
    return { skip: false, replaceLineId: chosen.existing.id };
  }
  if (found.length === 0 || input.onDuplicate === 'keep') return { skip: false, replaceLineId: null };
  if (input.onDuplicate === 'skip') return { skip: true };
  const draft = lineBrief({ ...line, id: null, siteName: site.name, source: null });
  const details: ProbableDuplicatesDetails = {
    count: 1,
    duplicates: listedPairs(found).map(({ existing }) => ({ line: draft, existing: lineBrief(existing) })),
  };
  throw new HttpError(
    409,
    found.length === 1
      ? 'This looks like a line already in your ledger: keep both, replace it, or skip this one'
      : `This looks like ${found.length} lines already in your ledger: keep both, replace one, or skip this one`,
    PROBABLE_DUPLICATES_CODE,
    details,
  );
}
