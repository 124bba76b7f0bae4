// The ledger figures an ESG checklist can be auto-filled with (AutoFillSource), for one reporting
// year. Read with the same SQL aggregates and visibility rules as the KPI Dashboard (lines of an
// import still being written are invisible), and remembered like the KPI figures only while the
// company's ledger version is unchanged (ledger-memo.ts): every write that changes a figure (lines,
// sites, financials, workforce, connector syncs) writes an audit row, so an answer never holds a
// stale copy of the ledger.
//
// A figure exists only when the ledger has lines of its own kind in the year: a scope-1 total
// needs a scope-1 result, gas kWh a natural-gas line. A company that recorded only electricity
// does not get "0 tCO2e" for scope 1 marked complete on its behalf. Shares of a recorded whole
// (renewable share of electricity, recycled share of waste) exist with the whole.
//
// A region (AutoFillRegion, decision 010 amendment 1) narrows every ledger figure to the lines and
// results of the company's sites in that country: SECR's "UK energy use" of an unquoted company
// must not count a French site. Turnover and headcount are recorded for the whole company, so a
// regional intensity exists only while the ledger has no activity outside the region that year.
import { and, eq } from 'drizzle-orm';
import { activityLines, companyFinancials, workforceFigures } from '../../../../db/schema/ledger.ts';
import { conversionFactor } from '../../../domain/emissions/units.ts';
import type { LedgerFigure } from '../../../domain/esg/figures.ts';
import type { AutoFillRegion, AutoFillSource } from '../../../domain/esg/types.ts';
import type { AuthedContext } from '../../context.ts';
import { calculatorUnit, readLedger, scopeSums, scopeTotalRows } from '../ledger/figures/service.ts';
import { yearRange } from './aggregates.ts';
import { financialsWithConnectorRevenue } from './connector-revenue.ts';
import {
  type EnergyTotals,
  energyLineAdjustments,
  energyLineGroups,
  energyTotalsOf,
} from './energy-totals.ts';
import { energyFigures, notCountedNote } from './esg-energy-figures.ts';
import { workforceFigures as workforceOf } from './figures.ts';
import { ledgerMemo } from './ledger-memo.ts';
import {
  atSitesIn,
  oneLineOutsideRegion,
  regionalLines,
  wasteQuantities,
  waterQuantities,
} from './regional-lines.ts';

export interface EsgFigures {
  /** What the ledger gives for each source it can answer. */
  values: Partial<Record<AutoFillSource, LedgerFigure>>;
  /**
   * Why a source has no figure although the ledger holds lines for it, or what a figure leaves
   * out (fuel recorded in litres, which has no kWh). Shown beside the indicator.
   */
  notes: Partial<Record<AutoFillSource, string>>;
}

/**
 * Waste routes that keep material in use (the spec's "recycling, reuse or composting rather than
 * disposal"; VSME B7 "recycled or reused"): the recycling, composting and anaerobic-digestion
 * variants of the ledger's waste category. Landfill, combustion and energy recovery are disposal.
 */
const RECOVERY_SUFFIXES = ['_recycling', '_composting', '_anaerobic_digestion'];
export const isRecoveredWaste = (variant: string | null) =>
  variant !== null && RECOVERY_SUFFIXES.some((suffix) => variant.endsWith(suffix));

/** kg CO2e by scope, as the aggregate returns it. */
type ScopeRows = { scope: string; kg: number }[];
type WaterRows = { unit: string | null; quantity: number }[];

/** kg CO2e sums per scope over [from, to], at the region's sites only when one is given. */
function scopesIn(
  ctx: AuthedContext,
  filtered: boolean,
  from: string,
  to: string,
  region: AutoFillRegion | undefined,
) {
  return ctx.db
    .select(scopeSums())
    .from(activityLines)
    .where(regionalLines(ctx, filtered, { from, to, region }));
}

const remembered = ledgerMemo<EsgFigures>();

/**
 * Every auto-fill figure the ledger, financials and workforce records give for `year`, counting
 * only the sites of `region` when one is given (all sites otherwise).
 */
export function getEsgFigures(
  ctx: AuthedContext,
  year: number,
  region?: AutoFillRegion,
): Promise<EsgFigures> {
  return remembered(ctx, `${year}|${region ?? 'all'}`, () => computeEsgFigures(ctx, year, region));
}

async function computeEsgFigures(
  ctx: AuthedContext,
  year: number,
  region: AutoFillRegion | undefined,
): Promise<EsgFigures> {
  const current = yearRange(year);
  const prior = yearRange(year - 1);
  const sitesOf = atSitesIn(ctx, activityLines.siteKey, region);
  const [
    scopes,
    priorScopes,
    energy,
    priorEnergy,
    energyFixes,
    priorEnergyFixes,
    water,
    waste,
    financials,
    workforce,
    outside,
  ] = await readLedger(ctx, (filtered) => [
    scopesIn(ctx, filtered, current.from, current.to, region),
    scopesIn(ctx, filtered, prior.from, prior.to, region),
    energyLineGroups(ctx, filtered, current, sitesOf),
    energyLineGroups(ctx, filtered, prior, sitesOf),
    energyLineAdjustments(ctx, filtered, current, sitesOf),
    energyLineAdjustments(ctx, filtered, prior, sitesOf),
    waterQuantities(ctx, filtered, { ...current, region }),
    wasteQuantities(ctx, filtered, { ...current, region }),
    ctx.db
      .select({
        revenue: companyFinancials.revenue,
        currency: companyFinancials.currency,
        employees: companyFinancials.employees,
      })
      .from(companyFinancials)
      .where(and(eq(companyFinancials.companyId, ctx.companyId), eq(companyFinancials.year, year))),
    ctx.db
      .select()
      .from(workforceFigures)
      .where(and(eq(workforceFigures.companyId, ctx.companyId), eq(workforceFigures.year, year))),
    oneLineOutsideRegion(ctx, filtered, { ...current, region }),
  ]);
  return esgFiguresFrom({
    scopes: scopes[0] ? scopeTotalRows(scopes[0]) : [],
    priorScopes: priorScopes[0] ? scopeTotalRows(priorScopes[0]) : [],
    energy: energyTotalsOf(energy, energyFixes),
    priorEnergy: energyTotalsOf(priorEnergy, priorEnergyFixes),
    water,
    waste,
    financials: await financialsWithConnectorRevenue(ctx, year, financials[0] ?? null),
    workforce: workforce[0] ?? null,
    hasActivityOutsideRegion: outside.length > 0,
  });
}

/** Tonnes of CO2e of the listed scopes, or undefined when none of them has a result. */
function scopeTonnes(rows: ScopeRows, ...scopes: string[]): number | undefined {
  const matching = rows.filter((row) => scopes.includes(row.scope));
  if (matching.length === 0) return undefined;
  return matching.reduce((sum, row) => sum + row.kg, 0) / 1000;
}

function waterM3(rows: WaterRows): number | undefined {
  let m3: number | undefined;
  for (const row of rows) {
    const unit = row.unit ? calculatorUnit(row.unit) : undefined;
    const factor = unit ? conversionFactor(unit, 'm3') : null;
    if (factor === null) continue;
    m3 = (m3 ?? 0) + row.quantity * factor;
  }
  return m3;
}

function wasteTonnes(rows: { variant: string | null; unit: string | null; quantity: number }[]) {
  let total: number | undefined;
  let recovered = 0;
  for (const row of rows) {
    const unit = row.unit ? calculatorUnit(row.unit) : undefined;
    const factor = unit ? conversionFactor(unit, 'tonne') : null;
    if (factor === null) continue;
    const tonnes = row.quantity * factor;
    total = (total ?? 0) + tonnes;
    if (isRecoveredWaste(row.variant)) recovered += tonnes;
  }
  return { total, recovered: total === undefined ? undefined : recovered };
}

interface FigureInputs {
  scopes: ScopeRows;
  priorScopes: ScopeRows;
  energy: EnergyTotals;
  priorEnergy: EnergyTotals;
  water: WaterRows;
  waste: { variant: string | null; unit: string | null; quantity: number }[];
  financials: { revenue: number | null; currency: string | null; employees: number | null } | null;
  workforce: Parameters<typeof workforceOf>[0];
  /** Regional figures only: the company has lines outside the region in the year. */
  hasActivityOutsideRegion?: boolean;
}

/** The figures from the rows the SQL returned (pure). */
export function esgFiguresFrom(input: FigureInputs): EsgFigures {
  const values: EsgFigures['values'] = {};
  const notes: EsgFigures['notes'] = {};
  const put = (source: AutoFillSource, value: number | undefined | null, unit: string) => {
    if (value !== undefined && value !== null && Number.isFinite(value)) values[source] = { value, unit };
  };
  const { scopes } = input;
  put('scope_1_t', scopeTonnes(scopes, 'scope_1'), 'tCO2e');
  put('scope_2_location_t', scopeTonnes(scopes, 'scope_2_location'), 'tCO2e');
  put('scope_2_market_t', scopeTonnes(scopes, 'scope_2_market'), 'tCO2e');
  put('scope_1_2_location_t', scopeTonnes(scopes, 'scope_1', 'scope_2_location'), 'tCO2e');
  put('scope_3_t', scopeTonnes(scopes, 'scope_3'), 'tCO2e');
  put('prior_year_scope_1_2_t', scopeTonnes(input.priorScopes, 'scope_1', 'scope_2_location'), 'tCO2e');

  energyFigures(input.energy, put, notes);
  put('prior_year_energy_kwh', input.priorEnergy.totalKWh, 'kWh');
  const priorNote = notCountedNote(input.priorEnergy);
  if (priorNote && values.prior_year_energy_kwh) notes.prior_year_energy_kwh = priorNote;
  put('water_m3', waterM3(input.water), 'm³');

  const waste = wasteTonnes(input.waste);
  put('waste_t', waste.total, 't');
  put('waste_recycled_t', waste.recovered, 't');

  // Turnover and headcount are the whole company's: a regional ratio would divide part of the
  // emissions by all of the turnover, so it exists only when nothing happened outside the region.
  const revenue = input.financials?.revenue ?? 0;
  const employees = input.financials?.employees ?? 0;
  const revenueUnit = `tCO2e per million ${input.financials?.currency ?? 'of revenue'}`;
  if (input.hasActivityOutsideRegion) {
    const note =
      'Your ledger has activity at sites outside this region, and turnover and headcount are recorded for the whole company: work out the ratio over the regional turnover or headcount and enter it yourself.';
    for (const source of [
      'intensity_per_revenue',
      'intensity_per_employee',
      'intensity_scope_1_2_per_revenue',
      'intensity_scope_1_2_per_employee',
    ] as const) {
      notes[source] = note;
    }
  } else {
    // Gross emissions (scope 1 + location-based 2 + 3), as the KPI Dashboard does.
    const gross = scopeTonnes(scopes, 'scope_1', 'scope_2_location', 'scope_3');
    // SECR's ratio is of the Scope 1 and 2 emissions it reports (SI 2018/1155).
    const scope12 = scopeTonnes(scopes, 'scope_1', 'scope_2_location');
    if (revenue > 0) {
      if (gross !== undefined) put('intensity_per_revenue', gross / (revenue / 1e6), revenueUnit);
      if (scope12 !== undefined)
        put('intensity_scope_1_2_per_revenue', scope12 / (revenue / 1e6), revenueUnit);
    }
    if (employees > 0) {
      if (gross !== undefined) put('intensity_per_employee', gross / employees, 'tCO2e per employee');
      if (scope12 !== undefined)
        put('intensity_scope_1_2_per_employee', scope12 / employees, 'tCO2e per employee');
    }
  }

  const people = workforceOf(input.workforce);
  if (people?.femaleShare != null) put('female_share_percent', people.femaleShare * 100, '%');
  put('training_hours_per_employee', people?.trainingHoursPerEmployee, 'hours per employee');
  return { values, notes };
}
