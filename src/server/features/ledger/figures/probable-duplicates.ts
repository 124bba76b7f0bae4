// Finds ledger lines that look like given lines (decision 052; the rule is the pure
// src/domain/emissions/probable-duplicates.ts). Each candidate can only match a line whose date
// lies in its search window; the windows are merged and each merged window is one read of the
// company's lines by (company_id, date), the leading columns of the ledger's indexes, narrowed to
// the candidates' categories. So the ledger is read once per stretch of dates the candidates
// cover, never once per candidate and never whole.
import { and, asc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../../../../db/client.ts';
import { activityLines, sites } from '../../../../../db/schema/ledger.ts';
import {
  type LineBrief,
  MAX_LISTED_DUPLICATES,
} from '../../../../domain/contracts/ledger-probable-duplicates.ts';
import {
  type DuplicateLine,
  looksLikeDuplicate,
  mergeWindows,
  searchWindow,
} from '../../../../domain/emissions/probable-duplicates.ts';
import { companyKeyOf, joinedSiteId, lineOfImport, linePublicId } from '../lines/ledger-keys.ts';

/** A ledger line as the matcher and the prompt read it. */
export interface LedgerLine extends Omit<DuplicateLine, 'reference'>, LineBrief {
  /** The public id (decision 092). */
  id: string;
  /** The UUID a line written before decision 092 had, which a request may still name it by. */
  legacyId: string | null;
  source: string;
}

export const ledgerLineColumns = {
  id: linePublicId,
  legacyId: activityLines.legacyId,
  siteId: joinedSiteId,
  siteName: sites.name,
  date: activityLines.date,
  periodEnd: activityLines.periodEnd,
  category: activityLines.category,
  quantity: activityLines.quantity,
  unit: activityLines.unit,
  spend: activityLines.spend,
  currency: activityLines.currency,
  source: activityLines.source,
  reference: activityLines.reference,
};

interface Scope {
  db: Db;
  companyId: string;
}

/** A candidate's match: `candidate` indexes the candidates given. */
export interface FoundDuplicate {
  candidate: number;
  existing: LedgerLine;
}

/**
 * Which of the company's lines to search: those a condition selects (e.g. the visible lines of
 * other sources), found by the company's dates; or one import's, found through the import's index.
 * By the company's dates, windows spread over a year read the whole ledger to keep an import's
 * lines (0.2 s at a million lines, on the request thread, decision 101).
 */
export type DuplicateSearch = { among: SQL | undefined } | { importId: string };

/**
 * The company's lines that look like each candidate, among those `search` names. Every read
 * filters by the company: another company's line is never a duplicate.
 */
export async function findProbableDuplicates(
  scope: Scope,
  candidates: readonly DuplicateLine[],
  search: DuplicateSearch,
): Promise<FoundDuplicate[]> {
  if (candidates.length === 0) return [];
  const categories = [...new Set(candidates.map((line) => line.category))];
  const searched =
    'importId' in search
      ? lineOfImport(scope.companyId, search.importId)
      : and(eq(activityLines.companyKey, companyKeyOf(scope.companyId)), search.among);
  const reads = mergeWindows(candidates.map(searchWindow)).map((window) =>
    scope.db
      .select(ledgerLineColumns)
      .from(activityLines)
      .innerJoin(sites, eq(sites.ledgerKey, activityLines.siteKey))
      .where(
        and(
          searched,
          gte(activityLines.date, window.from),
          lte(activityLines.date, window.to),
          inArray(activityLines.category, categories),
        ),
      )
      .orderBy(asc(activityLines.date)),
  );
  const [first, ...rest] = reads;
  const lines = (await scope.db.batch([first!, ...rest])).flat() as LedgerLine[];
  lines.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const found: FoundDuplicate[] = [];
  candidates.forEach((candidate, index) => {
    const window = searchWindow(candidate);
    for (let i = firstOnOrAfter(lines, window.from); i < lines.length && lines[i]!.date <= window.to; i++) {
      const existing = lines[i]!;
      if (looksLikeDuplicate(candidate, existing)) found.push({ candidate: index, existing });
    }
  });
  return found;
}

/** Index of the first line dated `date` or later (lines sorted by date). */
function firstOnOrAfter(lines: readonly LedgerLine[], date: string): number {
  let low = 0;
  let high = lines.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (lines[middle]!.date < date) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** A ledger line for the prompt, with the columns the API may show. */
export function lineBrief(line: LineBrief): LineBrief {
  return {
    id: line.id,
    date: line.date,
    periodEnd: line.periodEnd,
    siteName: line.siteName,
    category: line.category,
    quantity: line.quantity,
    unit: line.unit,
    spend: line.spend,
    currency: line.currency,
    source: line.source,
    reference: line.reference,
  };
}

/** The pairs a 409 lists: the first MAX_LISTED_DUPLICATES. */
export function listedPairs<T>(pairs: readonly T[]): T[] {
  return pairs.slice(0, MAX_LISTED_DUPLICATES);
}
