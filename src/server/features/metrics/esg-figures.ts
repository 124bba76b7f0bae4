// The ledger figures an ESG checklist can be auto-filled with (AutoFillSource), for one reporting
// year. Read with the same SQL aggregates and visibility rules as the KPI Dashboard (lines of an
// import still being written are invisible), computed on every call so an answer never holds a
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
import { and, eq, gte, inArray, isNotNull, lte, notInArray, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import {
  activityLines,
  companyFinancials,
  sites,
  workforceFigures,
} from '../../../../db/schema/emissions.ts';
import { conversionFactor } from '../../../domain/emissions/units.ts';
import type { LedgerFigure } from '../../../domain/esg/figures.ts';
import type { AutoFillRegion, AutoFillSource } from '../../../domain/esg/types.ts';
import type { AuthedContext } from '../../context.ts';
import { calculatorUnit } from '../emissions/calculation.ts';
import { scopeSums, scopeTotalRows } from '../emissions/line-sums.ts';
import { readLedger, visibleLines } from '../emissions/visibility.ts';
import { ENERGY_CATEGORIES, yearRange } from './aggregates.ts';
import { financialsWithConnectorRevenue } from './connector-revenue.ts';
import { workforceFigures as workforceOf } from './figures.ts';

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
 * Country codes of a region as sites store them: ISO 3166-1 'GB', and 'UK', which the site form
 * accepts and the factor choice reads as GB (src/domain/emissions/regions.ts).
 */
const REGION_COUNTRIES: Record<AutoFillRegion, string[]> = { GB: ['GB', 'UK'] };

/**
 * Waste routes that keep material in use (the spec's "recycling, reuse or composting rather than
 * disposal"; VSME B7 "recycled or reused"): the recycling, composting and anaerobic-digestion
 * variants of the ledger's waste category. Landfill, combustion and energy recovery are disposal.
 */
const RECOVERY_SUFFIXES = ['_recycling', '_composting', '_anaerobic_digestion'];
export const isRecoveredWaste = (variant: string | null) =>
  variant !== null && RECOVERY_SUFFIXES.some((suffix) => variant.endsWith(suffix));

/**
 * Carriers of the SECR energy breakdown (Companies (Directors' Report) and LLP (Energy and Carbon
 * Report) Regulations 2018: gas, electricity, transport fuel). Diesel and petrol count as transport
 * fuel. Like the KPI Dashboard, only lines measured in energy units count: litres need a
 * calorific value (kWh per litre) that the factor library does not carry. The DESNZ rows of
 * db/seed/factors/emission-factors.csv for these fuels (uk25-diesel-l, uk25-petrol-l, uk26-diesel-l)
 * are kg CO2e per litre only, and shared/reference/emission-factors.md lists no calorific values,
 * so litres are never turned into kWh here: the figure is left to the person, with a note.
 */
const GAS = new Set(['natural_gas']);
const ELECTRICITY = new Set(['electricity']);
const TRANSPORT_FUEL = new Set(['diesel', 'petrol']);

/** kg CO2e by scope, as the aggregate returns it. */
type ScopeRows = { scope: string; kg: number }[];
type EnergyRows = { category: string; unit: string | null; instrument: string | null; quantity: number }[];

/** `column` (a site id) is one of the company's sites in `region`; no condition without a region. */
function atSitesIn(ctx: AuthedContext, column: SQLiteColumn, region: AutoFillRegion | undefined) {
  if (region === undefined) return undefined;
  return inArray(column, regionSiteIds(ctx, region));
}

const regionSiteIds = (ctx: AuthedContext, region: AutoFillRegion) =>
  ctx.db
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.companyId, ctx.companyId), inArray(sites.country, REGION_COUNTRIES[region])));

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
    .where(linesIn(ctx, filtered, from, to, region));
}

/** Line conditions shared by the energy, water and waste sums. */
function linesIn(
  ctx: AuthedContext,
  filtered: boolean,
  from: string,
  to: string,
  region: AutoFillRegion | undefined,
  ...conditions: SQL[]
) {
  return visibleLines(
    ctx.companyId,
    filtered,
    and(
      eq(activityLines.companyId, ctx.companyId),
      gte(activityLines.date, from),
      lte(activityLines.date, to),
      atSitesIn(ctx, activityLines.siteId, region),
      ...conditions,
    ),
  );
}

/** Quantities of energy and water lines by category, unit and contractual instrument. */
function energyAndWaterIn(
  ctx: AuthedContext,
  filtered: boolean,
  from: string,
  to: string,
  region: AutoFillRegion | undefined,
) {
  return ctx.db
    .select({
      category: activityLines.category,
      unit: activityLines.unit,
      instrument: activityLines.instrument,
      quantity: sql<number>`sum(${activityLines.quantity})`,
    })
    .from(activityLines)
    .where(
      linesIn(
        ctx,
        filtered,
        from,
        to,
        region,
        inArray(activityLines.category, [...ENERGY_CATEGORIES, 'water']),
        isNotNull(activityLines.quantity),
      ),
    )
    .groupBy(activityLines.category, activityLines.unit, activityLines.instrument);
}

/**
 * One visible line of the year at a site outside `region` (none without a region): then the
 * company operates elsewhere too, and its whole-company turnover and headcount do not match a
 * regional emissions figure.
 */
function lineOutside(
  ctx: AuthedContext,
  filtered: boolean,
  from: string,
  to: string,
  region: AutoFillRegion | undefined,
) {
  // Without a region nothing is outside: `0 = 1` keeps the batch the same shape either way.
  const outside =
    region === undefined ? sql`0 = 1` : notInArray(activityLines.siteId, regionSiteIds(ctx, region));
  return ctx.db
    .select({ id: activityLines.id })
    .from(activityLines)
    .where(linesIn(ctx, filtered, from, to, undefined, outside))
    .limit(1);
}

function wasteByVariant(
  ctx: AuthedContext,
  filtered: boolean,
  from: string,
  to: string,
  region: AutoFillRegion | undefined,
) {
  return ctx.db
    .select({
      variant: activityLines.variant,
      unit: activityLines.unit,
      quantity: sql<number>`sum(${activityLines.quantity})`,
    })
    .from(activityLines)
    .where(
      linesIn(
        ctx,
        filtered,
        from,
        to,
        region,
        eq(activityLines.category, 'waste'),
        isNotNull(activityLines.quantity),
      ),
    )
    .groupBy(activityLines.variant, activityLines.unit);
}

/**
 * Every auto-fill figure the ledger, financials and workforce records give for `year`, counting
 * only the sites of `region` when one is given (all sites otherwise).
 */
export async function getEsgFigures(
  ctx: AuthedContext,
  year: number,
  region?: AutoFillRegion,
): Promise<EsgFigures> {
  const current = yearRange(year);
  const prior = yearRange(year - 1);
  const [scopes, priorScopes, energy, priorEnergy, waste, financials, workforce, outside] = await readLedger(
    ctx,
    (filtered) => [
      scopesIn(ctx, filtered, current.from, current.to, region),
      scopesIn(ctx, filtered, prior.from, prior.to, region),
      energyAndWaterIn(ctx, filtered, current.from, current.to, region),
      energyAndWaterIn(ctx, filtered, prior.from, prior.to, region),
      wasteByVariant(ctx, filtered, current.from, current.to, region),
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
      lineOutside(ctx, filtered, current.from, current.to, region),
    ],
  );
  return esgFiguresFrom({
    scopes: scopes[0] ? scopeTotalRows(scopes[0]) : [],
    priorScopes: priorScopes[0] ? scopeTotalRows(priorScopes[0]) : [],
    energy,
    priorEnergy,
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

/** kWh of the carriers (all energy carriers when omitted), or undefined when none was recorded. */
function energyKWh(rows: EnergyRows, carriers?: Set<string>): number | undefined {
  let kWh: number | undefined;
  for (const row of rows) {
    if (row.category === 'water' || (carriers && !carriers.has(row.category))) continue;
    const unit = row.unit ? calculatorUnit(row.unit) : undefined;
    const factor = unit ? conversionFactor(unit, 'kWh') : null;
    if (factor === null) continue;
    kWh = (kWh ?? 0) + row.quantity * factor;
  }
  return kWh;
}

function waterM3(rows: EnergyRows): number | undefined {
  let m3: number | undefined;
  for (const row of rows) {
    if (row.category !== 'water') continue;
    const unit = row.unit ? calculatorUnit(row.unit) : undefined;
    const factor = unit ? conversionFactor(unit, 'm3') : null;
    if (factor === null) continue;
    m3 = (m3 ?? 0) + row.quantity * factor;
  }
  return m3;
}

/** Renewable share of electricity (VSME B3): kWh under a renewable tariff or certificate. */
function renewablePercent(rows: EnergyRows): number | undefined {
  const electricity = rows.filter((row) => ELECTRICITY.has(row.category));
  const total = energyKWh(electricity);
  if (total === undefined || total <= 0) return undefined;
  const renewable = energyKWh(electricity.filter((row) => row.instrument !== null)) ?? 0;
  return (renewable / total) * 100;
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
  energy: EnergyRows;
  priorEnergy: EnergyRows;
  waste: { variant: string | null; unit: string | null; quantity: number }[];
  financials: { revenue: number | null; currency: string | null; employees: number | null } | null;
  workforce: Parameters<typeof workforceOf>[0];
  /** Regional figures only: the company has lines outside the region in the year. */
  hasActivityOutsideRegion?: boolean;
}

const wholeNumber = (value: number) => Math.round(value).toLocaleString('en-US');

/**
 * Fuel of the carriers (all energy carriers when omitted) recorded in units that have no kWh,
 * e.g. '1,000 litres of diesel', or undefined when every line converts.
 */
function fuelWithoutKWh(rows: EnergyRows, carriers?: Set<string>): string | undefined {
  const litres = new Map<string, number>();
  for (const row of rows) {
    if (row.category === 'water' || (carriers && !carriers.has(row.category))) continue;
    const unit = row.unit ? calculatorUnit(row.unit) : undefined;
    if (unit && conversionFactor(unit, 'kWh') !== null) continue;
    // Fuels are recorded by volume (litres, gallons): summed in litres to say how much is missing.
    const toLitres = unit ? conversionFactor(unit, 'litre') : null;
    if (toLitres === null) continue;
    litres.set(row.category, (litres.get(row.category) ?? 0) + row.quantity * toLitres);
  }
  if (litres.size === 0) return undefined;
  return [...litres]
    .map(([category, amount]) => `${wholeNumber(amount)} litres of ${category.replaceAll('_', ' ')}`)
    .join(', ');
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

  const kWh = energyKWh(input.energy);
  put('energy_kwh', kWh, 'kWh');
  put('energy_mwh', kWh === undefined ? undefined : kWh / 1000, 'MWh');
  put('energy_kwh_gas', energyKWh(input.energy, GAS), 'kWh');
  put('energy_kwh_electricity', energyKWh(input.energy, ELECTRICITY), 'kWh');
  put('renewable_share_percent', renewablePercent(input.energy), '%');
  put('prior_year_energy_kwh', energyKWh(input.priorEnergy), 'kWh');
  put('water_m3', waterM3(input.energy), 'm³');

  // Transport fuel in litres has no kWh (see TRANSPORT_FUEL): rather than a total that silently
  // leaves those litres out, the figure stays empty and says why.
  const transportLitres = fuelWithoutKWh(input.energy, TRANSPORT_FUEL);
  if (transportLitres === undefined) {
    put('energy_kwh_transport', energyKWh(input.energy, TRANSPORT_FUEL), 'kWh');
  } else {
    notes.energy_kwh_transport = `The ledger holds ${transportLitres} for this year, but litres of transport fuel cannot yet be converted to kWh. Enter the kWh from your fuel-card or supplier statements.`;
  }
  const excluded = (fuel: string | undefined) =>
    fuel === undefined
      ? undefined
      : `Leaves out ${fuel}: fuel recorded in litres cannot yet be converted to kWh. Add its kWh from your fuel-card or supplier statements.`;
  const currentExcluded = excluded(fuelWithoutKWh(input.energy));
  if (currentExcluded && kWh !== undefined) {
    notes.energy_kwh = currentExcluded;
    notes.energy_mwh = currentExcluded;
  }
  const priorExcluded = excluded(fuelWithoutKWh(input.priorEnergy));
  if (priorExcluded && values.prior_year_energy_kwh) notes.prior_year_energy_kwh = priorExcluded;

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
