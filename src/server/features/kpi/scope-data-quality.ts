// Emissions per scope by the lines' data-quality tier, and each scope's largest lines of the lower
// tiers, over [from, to]: what the lender view's PCAF scores read (data-requests, decision 077).
// The same visible lines and stored kg columns as the dashboard and the reports (aggregates.ts
// `linesIn`, emissions/visibility.ts), so the tonnes here add up to theirs. Scope 2 is the
// location-based figure, the inventory's gross basis.
import { desc, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { activityLines } from '../../../../db/schema/ledger.ts';
import type { LedgerDataQuality } from '../../../domain/contracts/data-requests.ts';
import { CATEGORY_LABELS } from '../../../domain/emissions/category-labels.ts';
import type { AuthedContext } from '../../context.ts';
import { readLedger } from '../ledger/figures/service.ts';
import { linePublicId } from '../ledger/lines/service.ts';
import { linesIn } from './aggregates.ts';

export type DataQualityScope = 'scope_1' | 'scope_2' | 'scope_3';

const SCOPE_COLUMNS: Record<DataQualityScope, SQLiteColumn> = {
  scope_1: activityLines.kgScope1,
  scope_2: activityLines.kgScope2Location,
  scope_3: activityLines.kgScope3,
};

/** The tiers below the best a ledger line reaches, whose lines a lender view suggests changing. */
const LOWER_TIERS: LedgerDataQuality[] = ['activity_average', 'spend_based'];
/** Lines listed per scope: enough to reach the next score in all but a long tail. */
const CANDIDATE_LINES = 25;

export interface ScopeDataQuality {
  tiers: { dataQuality: LedgerDataQuality; kg: number }[];
  lines: {
    id: string;
    date: string;
    category: string;
    description: string;
    dataQuality: LedgerDataQuality;
    kg: number;
  }[];
}

export async function getScopeDataQuality(
  ctx: AuthedContext,
  range: { from: string; to: string },
): Promise<Record<DataQualityScope, ScopeDataQuality>> {
  const where = (filtered: boolean, ...more: SQL[]) => linesIn(ctx, filtered, range.from, range.to, ...more);
  const tiersOf = (filtered: boolean, column: SQLiteColumn) =>
    ctx.db
      .select({ dataQuality: activityLines.dataQuality, kg: sql<number>`sum(coalesce(${column}, 0))` })
      .from(activityLines)
      .where(where(filtered))
      .groupBy(activityLines.dataQuality);
  const linesOf = (filtered: boolean, column: SQLiteColumn) =>
    ctx.db
      .select({
        id: linePublicId,
        date: activityLines.date,
        category: activityLines.category,
        reference: activityLines.reference,
        dataQuality: activityLines.dataQuality,
        kg: sql<number>`${column}`,
      })
      .from(activityLines)
      .where(where(filtered, gt(column, 0), inArray(activityLines.dataQuality, LOWER_TIERS)))
      .orderBy(desc(column), activityLines.id)
      .limit(CANDIDATE_LINES);
  const { scope_1: one, scope_2: two, scope_3: three } = SCOPE_COLUMNS;
  const [tiers1, lines1, tiers2, lines2, tiers3, lines3] = await readLedger(ctx, (filtered) => [
    tiersOf(filtered, one),
    linesOf(filtered, one),
    tiersOf(filtered, two),
    linesOf(filtered, two),
    tiersOf(filtered, three),
    linesOf(filtered, three),
  ]);
  const shape = (tiers: typeof tiers1, lines: typeof lines1): ScopeDataQuality => ({
    tiers: tiers.map((row) => ({ dataQuality: row.dataQuality, kg: Number(row.kg) })),
    lines: lines.map(({ reference, ...line }) => ({
      ...line,
      kg: Number(line.kg),
      description:
        reference ?? CATEGORY_LABELS[line.category as keyof typeof CATEGORY_LABELS] ?? line.category,
    })),
  });
  const out = {
    scope_1: shape(tiers1, lines1),
    scope_2: shape(tiers2, lines2),
    scope_3: shape(tiers3, lines3),
  };
  return out;
}
