// The ledger figures an ESG checklist can be auto-filled with (AutoFillSource), for one reporting
// year. Read with the same SQL aggregates and visibility rules as the KPI Dashboard (lines of an
// import still being written are invisible), computed on every call so an answer never holds a
// stale copy of the ledger.
//
// A figure exists only when the ledger has lines of its own kind in the year: a scope-1 total
// needs a scope-1 result, gas kWh a natural-gas line. A company that recorded only electricity
// does not get "0 tCO2e" for scope 1 marked complete on its behalf. Shares of a recorded whole
// (renewable share of electricity, recycled share of waste) exist with the whole.
import { and, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import { activityLines, companyFinancials, workforceFigures } from '../../../../db/schema/emissions.ts';
import { conversionFactor } from '../../../domain/emissions/units.ts';
import type { LedgerFigure } from '../../../domain/esg/figures.ts';
import type { AutoFillSource } from '../../../domain/esg/types.ts';
import type { AuthedContext } from '../../context.ts';
import { calculatorUnit } from '../emissions/calculation.ts';
import { readLedger, visibleLines } from '../emissions/visibility.ts';
import { emissionsByScope, energyAndWater, yearRange } from './aggregates.ts';
import { workforceFigures as workforceOf } from './figures.ts';

export type EsgFigures = Partial<Record<AutoFillSource, LedgerFigure>>;

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
 * calorific value the factor library does not carry.
 */
const GAS = new Set(['natural_gas']);
const ELECTRICITY = new Set(['electricity']);
const TRANSPORT_FUEL = new Set(['diesel', 'petrol']);

/** kg CO2e by scope, as the aggregate returns it. */
type ScopeRows = { scope: string; kg: number }[];
type EnergyRows = { category: string; unit: string | null; instrument: string | null; quantity: number }[];

function wasteByVariant(ctx: AuthedContext, filtered: boolean, from: string, to: string) {
  return ctx.db
    .select({
      variant: activityLines.variant,
      unit: activityLines.unit,
      quantity: sql<number>`sum(${activityLines.quantity})`,
    })
    .from(activityLines)
    .where(
      visibleLines(
        ctx.companyId,
        filtered,
        and(
          eq(activityLines.companyId, ctx.companyId),
          eq(activityLines.category, 'waste'),
          gte(activityLines.date, from),
          lte(activityLines.date, to),
          isNotNull(activityLines.quantity),
        ),
      ),
    )
    .groupBy(activityLines.variant, activityLines.unit);
}

/** Every auto-fill figure the ledger, financials and workforce records give for `year`. */
export async function getEsgFigures(ctx: AuthedContext, year: number): Promise<EsgFigures> {
  const current = yearRange(year);
  const prior = yearRange(year - 1);
  const [scopes, priorScopes, energy, priorEnergy, waste, financials, workforce] = await readLedger(
    ctx,
    (filtered) => [
      emissionsByScope(ctx, filtered, current.from, current.to),
      emissionsByScope(ctx, filtered, prior.from, prior.to),
      energyAndWater(ctx, filtered, current.from, current.to),
      energyAndWater(ctx, filtered, prior.from, prior.to),
      wasteByVariant(ctx, filtered, current.from, current.to),
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
    ],
  );
  return esgFiguresFrom({
    scopes,
    priorScopes,
    energy,
    priorEnergy,
    waste,
    financials: financials[0] ?? null,
    workforce: workforce[0] ?? null,
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
}

/** The figures from the rows the SQL returned (pure). */
export function esgFiguresFrom(input: FigureInputs): EsgFigures {
  const figures: EsgFigures = {};
  const put = (source: AutoFillSource, value: number | undefined | null, unit: string) => {
    if (value !== undefined && value !== null && Number.isFinite(value)) figures[source] = { value, unit };
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
  put('energy_kwh_transport', energyKWh(input.energy, TRANSPORT_FUEL), 'kWh');
  put('renewable_share_percent', renewablePercent(input.energy), '%');
  put('prior_year_energy_kwh', energyKWh(input.priorEnergy), 'kWh');
  put('water_m3', waterM3(input.energy), 'm³');

  const waste = wasteTonnes(input.waste);
  put('waste_t', waste.total, 't');
  put('waste_recycled_t', waste.recovered, 't');

  // Intensities use gross emissions (scope 1 + location-based 2 + 3), as the KPI Dashboard does.
  const gross = scopeTonnes(scopes, 'scope_1', 'scope_2_location', 'scope_3');
  const revenue = input.financials?.revenue ?? 0;
  const employees = input.financials?.employees ?? 0;
  if (gross !== undefined && revenue > 0) {
    put(
      'intensity_per_revenue',
      gross / (revenue / 1e6),
      `tCO2e per million ${input.financials?.currency ?? 'of revenue'}`,
    );
  }
  if (gross !== undefined && employees > 0)
    put('intensity_per_employee', gross / employees, 'tCO2e per employee');

  const people = workforceOf(input.workforce);
  if (people?.femaleShare != null) put('female_share_percent', people.femaleShare * 100, '%');
  put('training_hours_per_employee', people?.trainingHoursPerEmployee, 'hours per employee');
  return figures;
}
