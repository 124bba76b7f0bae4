// Probable duplicates in a CSV import (decision 052): rows that look like lines another route put
// in the ledger (a scanned bill, a connector line, a line typed by hand). The same row from an
// earlier CSV is the fingerprint's job (fingerprint.ts); this looks only across sources.
//
// The rows are read and calculated on the import's reading thread and written under the pending
// import, invisible to every reader (decision 069). So the check runs between the last write and
// the flip, on the lines exactly as stored: the ledger's other-source lines are read before the
// import starts (usually few: scans, connector spend, hand-typed lines), and the import's lines
// that look like them are found through the windows around them (emissions/probable-duplicates.ts).
// Without the file's choice the import answers 409 and its rollback removes everything; with
// 'skip' the matching lines are deleted in the batch that flips the import, so nobody ever sees
// them, and the import stays all-or-nothing.
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { activityLines, sites } from '../../../../../db/schema/ledger.ts';
import {
  type ImportDuplicateChoice,
  type ImportDuplicateCounts,
  PROBABLE_DUPLICATES_CODE,
  type ProbableDuplicatesDetails,
} from '../../../../domain/contracts/ledger-probable-duplicates.ts';
import type { AuthedContext } from '../../../context.ts';
import { HttpError } from '../../../lib/errors.ts';
import {
  findProbableDuplicates,
  type LedgerLine,
  ledgerLineColumns,
  lineBrief,
  listedPairs,
} from '../figures/probable-duplicates.ts';
import { lineIsVisible } from '../figures/visibility.ts';
import { companyKeyOf, lineOfImport } from '../lines/ledger-keys.ts';

/**
 * Before the import starts: the company's visible ledger lines from other routes than CSV. Every
 * such line was written one at a time, without an import (only CSV imports set one), so
 * `import_key IS NULL` changes nothing in the answer and lets SQLite read the small partial index
 * of those lines instead of every line of the company (decision 094).
 */
export function linesOfOtherSources(ctx: AuthedContext): Promise<LedgerLine[]> {
  return ctx.db
    .select(ledgerLineColumns)
    .from(activityLines)
    .innerJoin(sites, eq(sites.ledgerKey, activityLines.siteKey))
    .where(
      and(
        eq(activityLines.companyKey, companyKeyOf(ctx.companyId)),
        isNull(activityLines.importKey),
        ne(activityLines.source, 'csv'),
        lineIsVisible(ctx.companyId),
      ),
    ) as Promise<LedgerLine[]>;
}

const NONE: ImportDuplicateCounts = { found: 0, skipped: 0, kept: 0 };

/**
 * After the import's last write: its lines that look like `others`. Without a choice, a 409
 * `probable_duplicates` listing them (the caller's rollback removes the import); with 'skip', the
 * statement deleting them, for the batch that completes the import.
 */
export async function settleImportDuplicates(
  ctx: AuthedContext,
  importId: string,
  others: readonly LedgerLine[],
  choice: ImportDuplicateChoice | undefined,
) {
  if (others.length === 0) return { counts: NONE, statements: [] };
  const pairs = await findProbableDuplicates(ctx, others, { importId });
  const lineIds = [...new Set(pairs.map(({ existing }) => Number(existing.id)))];
  if (lineIds.length === 0) return { counts: NONE, statements: [] };
  if (!choice) {
    const details: ProbableDuplicatesDetails = {
      count: lineIds.length,
      duplicates: listedPairs(pairs).map(({ candidate, existing }) => ({
        line: { ...lineBrief(existing), id: null, source: null },
        existing: lineBrief(others[candidate]!),
      })),
    };
    const rows = lineIds.length === 1 ? '1 row looks' : `${lineIds.length.toLocaleString('en-GB')} rows look`;
    throw new HttpError(
      409,
      `${rows} like lines already in your ledger from another source. Choose to skip or keep them; nothing was imported yet.`,
      PROBABLE_DUPLICATES_CODE,
      details,
    );
  }
  if (choice === 'keep')
    return { counts: { found: lineIds.length, skipped: 0, kept: lineIds.length }, statements: [] };
  return {
    counts: { found: lineIds.length, skipped: lineIds.length, kept: 0 },
    statements: [
      ctx.db
        .delete(activityLines)
        .where(
          and(
            lineOfImport(ctx.companyId, importId),
            sql`${activityLines.id} IN (SELECT value FROM json_each(${JSON.stringify(lineIds)}))`,
          ),
        ),
    ],
  };
}
