// Plain counts of the ledger for the dashboard's recommendations (issue 17 item 8): which scopes
// have figures in the year, and how many lines are stored without any (not counted). The full
// not-counted summary (reasons, amounts) is the coverage feature's; this is one covered count.
import { sql } from 'drizzle-orm';
import { activityLines } from '../../../../db/schema/ledger.ts';
import type { AuthedContext } from '../../context.ts';
import { readLedger } from '../ledger/figures/service.ts';
import { linesIn, yearRange } from './aggregates.ts';
import { ledgerMemo } from './ledger-memo.ts';

export interface LedgerYearState {
  /** The reporting year counted (decision 053: the caller's `reportingYear`). */
  year: number;
  lines: number;
  scopeLines: { scope1: number; scope2: number; scope3: number };
  /** Lines stored with no figure at all (`datasets = '[]'`, the shared "not counted" rule). */
  notCountedLines: number;
}

/** One pass over the (company, date, datasets, …, kg…) covering index: no table rows are read. */
function countsIn(ctx: AuthedContext, filtered: boolean, from: string, to: string) {
  return ctx.db
    .select({
      lines: sql<number>`count(*)`,
      scope1: sql<number>`count(${activityLines.kgScope1})`,
      scope2: sql<number>`count(${activityLines.kgScope2Location})`,
      scope3: sql<number>`count(${activityLines.kgScope3})`,
      notCounted: sql<number>`coalesce(sum(${activityLines.datasets} = '[]'), 0)`,
    })
    .from(activityLines)
    .where(linesIn(ctx, filtered, from, to));
}

const remembered = ledgerMemo<LedgerYearState>();

/** The counts of the reporting year, remembered while the ledger is unchanged. */
export function getLedgerYearState(ctx: AuthedContext, year: number): Promise<LedgerYearState> {
  return remembered(ctx, String(year), () => countLedgerYear(ctx, year));
}

async function countLedgerYear(ctx: AuthedContext, year: number): Promise<LedgerYearState> {
  const { from, to } = yearRange(year);
  const [counts] = await readLedger(ctx, (filtered) => [countsIn(ctx, filtered, from, to)]);
  const row = counts[0];
  return {
    year,
    lines: row?.lines ?? 0,
    scopeLines: { scope1: row?.scope1 ?? 0, scope2: row?.scope2 ?? 0, scope3: row?.scope3 ?? 0 },
    notCountedLines: row?.notCounted ?? 0,
  };
}
