// The one place energy totals are read (decision 048): the KPI page, the dashboard, the wizard's
// auto-fill, the reports (SECR table, VSME B3, appendix) and the narratives all call these, so the
// same period shows the same kWh everywhere. SQLite sums the quantities over the ledger's covering
// index (activity_lines_company_date_idx: date, datasets, category, unit, instrument, quantity,
// kg_scope_2_market), grouped in the index's order; kWh come from src/domain/emissions/energy.ts.
import { and, count, inArray, type SQL, sql } from 'drizzle-orm';
import { fuelProperties } from '../../../../db/reference/factors/fuel-properties.ts';
import { activityLines } from '../../../../db/schema/ledger.ts';
import { ENERGY_CATEGORIES, FUEL_OF_CATEGORY } from '../../../domain/emissions/energy.ts';
import { type EnergyTotals, energyTotalsFrom } from '../../../domain/emissions/energy-totals.ts';
import type { AuthedContext } from '../../context.ts';
import { calculatorUnit, readLedger, visibleLines } from '../ledger/figures/service.ts';
import { companyKeyOf } from '../ledger/lines/service.ts';
import { linesIn } from './aggregates.ts';

export type { EnergyTotals } from '../../../domain/emissions/energy-totals.ts';

export interface EnergyPeriod {
  /** Inclusive ISO dates. */
  from: string;
  to: string;
}

/** Energy lines, and owned vehicles by distance (shown as energy not counted). */
const CATEGORIES = [...ENERGY_CATEGORIES, 'owned_vehicle'];

/**
 * The grouped sums behind energy totals, to run inside a caller's readLedger batch. `where` narrows
 * the lines further (a report's region: its sites in one country).
 */
export function energyLineGroups(ctx: AuthedContext, filtered: boolean, period: EnergyPeriod, where?: SQL) {
  return ctx.db
    .select({
      date: activityLines.date,
      datasets: activityLines.datasets,
      category: activityLines.category,
      unit: activityLines.unit,
      instrument: activityLines.instrument,
      quantity: sql<number | null>`sum(${activityLines.quantity})`,
      lines: count(),
      kgScope2Market: sql<number | null>`sum(${activityLines.kgScope2Market})`,
    })
    .from(activityLines)
    .where(linesIn(ctx, filtered, period.from, period.to, inArray(activityLines.category, CATEGORIES), where))
    .groupBy(
      activityLines.date,
      activityLines.datasets,
      activityLines.category,
      activityLines.unit,
      activityLines.instrument,
    );
}

/** Fuel categories whose kWh may need a correction (energy-adjustments.ts). */
const FUELS = ENERGY_CATEGORIES.filter((category) => FUEL_OF_CATEGORY[category] !== undefined);

/**
 * Fuel lines on a net CV basis, or heating oil of the distillate variant: their CV basis and
 * variant are not in the covering index, so this narrow query finds them through the partial
 * index activity_lines_energy_fix_idx (usually empty), in the same batch as energyLineGroups.
 * SQLite does not pick that index by itself: with the (company, date, …) index it read the row of
 * every fuel line of the period (0.26–0.36 s for a year at a million lines, decision 101). So the
 * lines are named by rowid from the partial index (`INDEXED BY`), and the outer query, which has
 * no company term to walk the ledger by, reads only those rows.
 */
export function energyLineAdjustments(
  ctx: AuthedContext,
  filtered: boolean,
  period: EnergyPeriod,
  where?: SQL,
) {
  // Word for word the WHERE of the partial index, literals included, so SQLite can use it;
  // energy-adjustments.ts checks category and variant.
  const fixLines = sql`${activityLines}.rowid IN (SELECT f.rowid FROM ${activityLines} AS f INDEXED BY activity_lines_energy_fix_idx WHERE f.company_key = ${companyKeyOf(ctx.companyId)} AND f.date >= ${period.from} AND f.date <= ${period.to} AND (f.calorific_basis = 'net' OR f.variant = 'distillate_no2'))`;
  return ctx.db
    .select({
      date: activityLines.date,
      category: activityLines.category,
      unit: activityLines.unit,
      variant: activityLines.variant,
      calorificBasis: activityLines.calorificBasis,
      quantity: sql<number | null>`sum(${activityLines.quantity})`,
    })
    .from(activityLines)
    .where(
      visibleLines(ctx.companyId, filtered, and(fixLines, inArray(activityLines.category, FUELS), where)),
    )
    .groupBy(
      activityLines.date,
      activityLines.category,
      activityLines.unit,
      activityLines.variant,
      activityLines.calorificBasis,
    );
}

type GroupRow = Awaited<ReturnType<typeof energyLineGroups>>[number];
type AdjustmentRow = Awaited<ReturnType<typeof energyLineAdjustments>>[number];

const unitOf = (unit: string | null) => (unit ? calculatorUnit(unit) : undefined);

/** Energy totals from the rows energyLineGroups and energyLineAdjustments returned. */
export function energyTotalsOf(
  rows: readonly GroupRow[],
  adjustments: readonly AdjustmentRow[],
): EnergyTotals {
  return energyTotalsFrom(
    rows.map((row) => ({ ...row, unit: unitOf(row.unit) })),
    fuelProperties(),
    adjustments.map((row) => ({ ...row, unit: unitOf(row.unit) })),
  );
}

/** Energy totals of a period (every site, or those `where` keeps). */
export async function getEnergyTotals(
  ctx: AuthedContext,
  period: EnergyPeriod,
  where?: SQL,
): Promise<EnergyTotals> {
  const [rows, adjustments] = await readLedger(ctx, (filtered) => [
    energyLineGroups(ctx, filtered, period, where),
    energyLineAdjustments(ctx, filtered, period, where),
  ]);
  return energyTotalsOf(rows, adjustments);
}
