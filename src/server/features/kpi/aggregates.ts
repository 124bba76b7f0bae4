// SQL aggregates over the stored ledger. Everything the KPI Dashboard shows is summed by SQLite
// (GROUP BY day, summing the lines' kg columns) over the ledger's covering index, never row by row in JS.
import { and, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { activityLines } from '../../../../db/schema/ledger.ts';
import type { AuthedContext } from '../../context.ts';
import { categorySums, scopeSums, visibleLines } from '../ledger/figures/service.ts';
import { companyKeyOf } from '../ledger/lines/service.ts';

export const yearRange = (year: number) => ({ from: `${year}-01-01`, to: `${year}-12-31` });

/**
 * The WHERE of every ledger aggregate: the caller's company's visible lines dated in [from, to]
 * (company and date lead the covering index), and any further conditions.
 */
export function linesIn(
  ctx: AuthedContext,
  filtered: boolean,
  from: string,
  to: string,
  ...more: (SQL | undefined)[]
): SQL | undefined {
  return visibleLines(
    ctx.companyId,
    filtered,
    and(
      eq(activityLines.companyKey, companyKeyOf(ctx.companyId)),
      gte(activityLines.date, from),
      lte(activityLines.date, to),
      ...more,
    ),
  );
}

/**
 * kg CO2e sums per scope by day and set of datasets over [from, to]. Grouped in the order of the
 * (company_id, date, datasets, …) covering index so SQLite streams the groups from the index
 * alone; months are summed in JS. Scope 3 by category is one sum over the range
 * (scope3ByCategory): per day, its 15 sums took half the KPI's uncached time (decision 035).
 */
export function emissionsByDay(ctx: AuthedContext, filtered: boolean, from: string, to: string) {
  return ctx.db
    .select({ date: activityLines.date, datasets: activityLines.datasets, ...scopeSums() })
    .from(activityLines)
    .where(linesIn(ctx, filtered, from, to))
    .groupBy(activityLines.date, activityLines.datasets);
}

/** kg CO2e of scope 3 per category over [from, to]: one row of sums. */
export function scope3ByCategory(ctx: AuthedContext, filtered: boolean, from: string, to: string) {
  return ctx.db
    .select(categorySums())
    .from(activityLines)
    .where(linesIn(ctx, filtered, from, to));
}

const year = sql<string>`substr(${activityLines.date}, 1, 4)`;

/** kg CO2e sums by year over [from, to] (the yearly trend and the target's base year). */
export function emissionsByYear(ctx: AuthedContext, filtered: boolean, from: string, to: string) {
  return ctx.db
    .select({ year, ...scopeSums() })
    .from(activityLines)
    .where(linesIn(ctx, filtered, from, to))
    .groupBy(year);
}
