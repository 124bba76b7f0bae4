// SQL aggregates over the stored ledger. Everything the KPI Dashboard shows is summed by SQLite
// (GROUP BY day, scope, scope 3 category) over the ledger's indexes, never row by row in JS.
import { and, eq, gte, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import { activityLines, emissionResults } from '../../../../db/schema/emissions.ts';
import type { AuthedContext } from '../../context.ts';
import { visibleLines, visibleResults } from '../emissions/visibility.ts';

/** Categories whose quantity is energy use (SECR energy, VSME B3), when measured in energy units. */
export const ENERGY_CATEGORIES = [
  'electricity',
  'natural_gas',
  'heating_oil',
  'gas_oil',
  'diesel',
  'petrol',
  'lpg',
  'propane',
  'district_heat',
  'steam',
] as const;

export const yearRange = (year: number) => ({ from: `${year}-01-01`, to: `${year}-12-31` });

function resultsIn(ctx: AuthedContext, filtered: boolean, from: string, to: string): SQL | undefined {
  return visibleResults(
    ctx.companyId,
    filtered,
    and(
      eq(emissionResults.companyId, ctx.companyId),
      gte(emissionResults.date, from),
      lte(emissionResults.date, to),
    ),
  );
}

/**
 * kg CO2e by day, scope, scope 3 category and dataset over [from, to]. Grouped in the order of
 * the (company_id, date, scope, …) index so SQLite streams the groups instead of sorting ~200,000
 * rows into a temporary b-tree (measured 70 ms against 300 ms); months are summed in JS.
 */
export function emissionsByDay(ctx: AuthedContext, filtered: boolean, from: string, to: string) {
  return ctx.db
    .select({
      date: emissionResults.date,
      scope: emissionResults.scope,
      scope3Category: emissionResults.scope3Category,
      dataset: emissionResults.dataset,
      kg: sql<number>`sum(${emissionResults.kgCO2e})`,
    })
    .from(emissionResults)
    .where(resultsIn(ctx, filtered, from, to))
    .groupBy(
      emissionResults.date,
      emissionResults.scope,
      emissionResults.scope3Category,
      emissionResults.dataset,
    );
}

const year = sql<string>`substr(${emissionResults.date}, 1, 4)`;

/** kg CO2e by year and scope over [from, to] (the yearly trend and the target's base year). */
export function emissionsByYear(ctx: AuthedContext, filtered: boolean, from: string, to: string) {
  return ctx.db
    .select({ year, scope: emissionResults.scope, kg: sql<number>`sum(${emissionResults.kgCO2e})` })
    .from(emissionResults)
    .where(resultsIn(ctx, filtered, from, to))
    .groupBy(year, emissionResults.scope);
}

/** kg CO2e by scope over [from, to] (the dashboard's month figures). */
export function emissionsByScope(ctx: AuthedContext, filtered: boolean, from: string, to: string) {
  return ctx.db
    .select({ scope: emissionResults.scope, kg: sql<number>`sum(${emissionResults.kgCO2e})` })
    .from(emissionResults)
    .where(resultsIn(ctx, filtered, from, to))
    .groupBy(emissionResults.scope);
}

/**
 * Quantities of energy and water lines by category, day, unit and contractual instrument (the
 * order of a (company_id, category, date, …) index); units are converted in JS with the domain's
 * exact factors.
 */
export function energyAndWater(ctx: AuthedContext, filtered: boolean, from: string, to: string) {
  return ctx.db
    .select({
      category: activityLines.category,
      date: activityLines.date,
      unit: activityLines.unit,
      instrument: activityLines.instrument,
      quantity: sql<number>`sum(${activityLines.quantity})`,
    })
    .from(activityLines)
    .where(
      visibleLines(
        ctx.companyId,
        filtered,
        and(
          eq(activityLines.companyId, ctx.companyId),
          inArray(activityLines.category, [...ENERGY_CATEGORIES, 'water']),
          gte(activityLines.date, from),
          lte(activityLines.date, to),
          isNotNull(activityLines.quantity),
        ),
      ),
    )
    .groupBy(activityLines.category, activityLines.date, activityLines.unit, activityLines.instrument);
}

/** The newest date in the ledger (the KPI Dashboard's default year), or null when empty. */
export function latestLineDate(ctx: AuthedContext, filtered: boolean) {
  return ctx.db
    .select({ date: sql<string | null>`max(${activityLines.date})` })
    .from(activityLines)
    .where(visibleLines(ctx.companyId, filtered, eq(activityLines.companyId, ctx.companyId)));
}
