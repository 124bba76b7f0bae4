import { sql } from 'drizzle-orm';
import { companyFinancials, workforceFigures } from '../../../../db/schema/ledger.ts';
import type { KpiMetrics, Metric } from '../../../domain/contracts/kpi.ts';
import { conversionFactor } from '../../../domain/emissions/units.ts';
import type { AuthedContext } from '../../context.ts';
import {
  assertFiniteFigures,
  calculatorUnit,
  categoryTotalRows,
  readLedger,
  scopeTotalRows,
  scopeTotals,
} from '../ledger/figures/service.ts';
import { emissionsByDay, emissionsByYear, scope3ByCategory, yearRange } from './aggregates.ts';
import { financialsWithConnectorRevenue } from './connector-revenue.ts';
import {
  type EnergyTotals,
  energyLineAdjustments,
  energyLineGroups,
  energyTotalsOf,
} from './energy-totals.ts';
import {
  buildTrend,
  carbonFigures,
  type ScopeKg,
  scopeKg,
  workforceFigures as workforceOf,
} from './figures.ts';
import { ledgerMemo } from './ledger-memo.ts';
import { getTarget } from './records.ts';
import { waterQuantities } from './regional-lines.ts';
import { reportingYear } from './reporting-year.ts';

export { financialsWithConnectorRevenue } from './connector-revenue.ts';
export { type EsgFigures, getEsgFigures } from './esg-figures.ts';
export { ledgerMemo } from './ledger-memo.ts';
export { getLedgerYearState } from './ledger-state.ts';
export type { DatasetsByFigure } from './period-datasets.ts';
export { getPeriodInventory, type PeriodInventory } from './period-inventory.ts';
export { getTarget, listFinancials, listWorkforce } from './records.ts';
export { reportingYear } from './reporting-year.ts';
export { getScopeDataQuality } from './scope-data-quality.ts';

type Grain = 'monthly' | 'quarterly' | 'yearly';

/**
 * Computed metrics per company, year, grain and day, reused while the company's ledger is
 * unchanged: its newest audit row and its pending imports (`ledger-memo.ts`; every change to the
 * ledger, financials, workforce or target writes an audit row in its batch, decision 003).
 */
const remembered = ledgerMemo<KpiMetrics>();

/** Drops every remembered result (benchmarks measure the computation itself with it). */
export function forgetMetrics(): void {
  remembered.forget();
}

export async function getMetrics(
  ctx: AuthedContext,
  query: { year?: number; grain: Grain },
): Promise<KpiMetrics> {
  // decision 053: without ?year=, the company's reporting year (saved, else latest with data).
  const year = query.year ?? (await reportingYear(ctx)).year;
  // The trend leaves out periods after today, so the day is part of what is remembered.
  const today = ctx.now().toISOString().slice(0, 10);
  // decision 042: a figure that is not finite stops here, never leaves as JSON null.
  return remembered(ctx, `${year}|${query.grain}|${today}`, async () =>
    assertFiniteFigures(await computeMetrics(ctx, year, query.grain, today)),
  );
}

/**
 * GET /api/metrics (spec §3, §7): the year's figures as a list of metric objects. Read from the
 * same computation as the KPI screen (`getMetrics`, its memo included), so both show one figure.
 * The monthly grain is the KPI screen's default, so the two share a remembered result.
 */
export async function listMetrics(ctx: AuthedContext, query: { year?: number }): Promise<Metric[]> {
  const summary = await getMetrics(ctx, { year: query.year, grain: 'monthly' });
  const { from, to } = yearRange(summary.year);
  return summary.metrics.map((metric) => ({
    ...metric,
    year: summary.year,
    periodStart: from,
    periodEnd: to,
  }));
}

type Range = readonly [from: string, to: string];
/** An empty date range: the query runs (batches have a fixed shape) and finds nothing. */
const NONE: Range = ['9999-12-31', '0000-01-01'];

async function computeMetrics(
  ctx: AuthedContext,
  year: number,
  grain: Grain,
  today: string,
): Promise<KpiMetrics> {
  const target = await getTarget(ctx);
  const { from, to } = yearRange(year);
  // Yearly trend: the target's base year (or four years back) up to the chosen year.
  const firstYear = Math.min(target?.baseYear ?? year - 4, year);
  // Other years needed: the earlier years of a yearly trend, and the target's base year when it
  // is outside those. The chosen year's own totals come from the by-day rows.
  const earlier: Range =
    grain === 'yearly' && firstYear < year ? [`${firstYear}-01-01`, `${year - 1}-12-31`] : NONE;
  const baseCovered = !target || target.baseYear === year || (earlier !== NONE && target.baseYear < year);
  const base: Range = baseCovered ? NONE : [`${target.baseYear}-01-01`, `${target.baseYear}-12-31`];
  const [byDay, categories, earlierYears, baseYear, energyRows, energyFixes, water, financials, workforce] =
    await readLedger(ctx, (filtered) => [
      emissionsByDay(ctx, filtered, from, to),
      scope3ByCategory(ctx, filtered, from, to),
      emissionsByYear(ctx, filtered, earlier[0], earlier[1]),
      emissionsByYear(ctx, filtered, base[0], base[1]),
      energyLineGroups(ctx, filtered, { from, to }),
      energyLineAdjustments(ctx, filtered, { from, to }),
      waterQuantities(ctx, filtered, { from, to }),
      ctx.db
        .select()
        .from(companyFinancials)
        .where(
          sql`${companyFinancials.companyId} = ${ctx.companyId} AND ${companyFinancials.year} = ${year}`,
        ),
      ctx.db
        .select()
        .from(workforceFigures)
        .where(sql`${workforceFigures.companyId} = ${ctx.companyId} AND ${workforceFigures.year} = ${year}`),
    ]);

  const { byMonth, datasets, yearly } = scopeTotalsOf(year, byDay, [...earlierYears, ...baseYear]);
  const carbon = carbonFigures(
    byMonth,
    datasets,
    categories[0] ? categoryTotalRows(categories[0]) : [],
    await financialsWithConnectorRevenue(ctx, year, financials[0] ?? null),
  );
  const energyTotals = energyTotalsOf(energyRows, energyFixes);
  const energy = energyFigures(energyTotals);
  const waterM3 = waterOf(water);
  const people = workforceOf(workforce[0] ?? null);
  const trend = buildTrend({ year, grain, byMonth, yearly, firstYear, target, today });
  return {
    year,
    carbon: { ...carbon.figures, scope2MarketBasis: scope2MarketBasis(energyTotals), trend, target },
    energy,
    water: { value: waterM3, unit: 'm3' },
    workforce: people,
    metrics: metricList(carbon.figures, energy, waterM3, people),
  };
}

/**
 * By month and scope (what the figures and trend use) from the chosen year's by-day groups, the
 * datasets they cite, and each year's scope totals (the chosen year's and the other years').
 */
function scopeTotalsOf(
  year: number,
  byDay: Awaited<ReturnType<typeof emissionsByDay>>,
  otherYears: Awaited<ReturnType<typeof emissionsByYear>>,
) {
  const months = new Map<string, { scope: string; month: string; kg: number }>();
  const datasets = new Set<string>();
  const yearly = new Map<number, ScopeKg>();
  const thisYear = scopeKg();
  for (const group of byDay) {
    const month = group.date.slice(0, 7);
    for (const name of JSON.parse(group.datasets) as string[]) datasets.add(name);
    for (const row of scopeTotalRows(group)) {
      const key = `${month}|${row.scope}`;
      const known = months.get(key);
      if (known) known.kg += row.kg;
      else months.set(key, { ...row, month });
      thisYear[row.scope] += row.kg;
    }
  }
  if (byDay.length > 0) yearly.set(year, thisYear);
  for (const group of otherYears) {
    const totals = yearly.get(Number(group.year)) ?? scopeKg();
    const kg = scopeTotals(group);
    for (const scope of Object.keys(kg) as (keyof ScopeKg)[]) totals[scope] += kg[scope];
    yearly.set(Number(group.year), totals);
  }
  return { byMonth: [...months.values()], datasets, yearly };
}

/** The year's figures as GET /api/metrics lists them. */
function metricList(
  carbon: ReturnType<typeof carbonFigures>['figures'],
  energy: ReturnType<typeof energyFigures>,
  waterM3: number | null,
  people: ReturnType<typeof workforceOf>,
): KpiMetrics['metrics'] {
  return [
    { metricType: 'carbon_emissions_total', value: carbon.total.value, unit: 'tCO2e' },
    { metricType: 'carbon_emissions_scope_1', value: carbon.scope1.value, unit: 'tCO2e' },
    {
      metricType: 'carbon_emissions_scope_2_location',
      value: carbon.scope2Location.value,
      unit: 'tCO2e',
    },
    {
      metricType: 'carbon_emissions_scope_2_market',
      value: carbon.scope2Market.value,
      unit: 'tCO2e',
    },
    { metricType: 'carbon_emissions_scope_3', value: carbon.scope3.value, unit: 'tCO2e' },
    {
      metricType: 'carbon_intensity_revenue',
      value: carbon.intensityPerRevenue?.value ?? null,
      unit: carbon.intensityPerRevenue?.unit ?? 'tCO2e per million of revenue',
    },
    { metricType: 'energy_consumption', value: energy.total.value, unit: 'MWh' },
    // Of TOTAL energy; the electricity share is its own metric (decision 048).
    { metricType: 'energy_renewable_share', value: energy.renewableShare, unit: 'share' },
    {
      metricType: 'energy_renewable_share_of_electricity',
      value: energy.renewableShareOfElectricity,
      unit: 'share',
    },
    { metricType: 'water_consumption', value: waterM3, unit: 'm3' },
    { metricType: 'gender_diversity_female_share', value: people?.femaleShare ?? null, unit: 'share' },
    {
      metricType: 'gender_diversity_leadership_female_share',
      value: people?.leadershipFemaleShare ?? null,
      unit: 'share',
    },
  ];
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

const mwh = (kWh: number | null) => (kWh === null ? null : round(kWh / 1000, 6));

/** The KPI energy object from the one energy-totals function (decision 048), in MWh. */
function energyFigures(totals: EnergyTotals): KpiMetrics['energy'] {
  return {
    total: { value: round((totals.totalKWh ?? 0) / 1000, 6), unit: 'MWh' },
    basis: totals.basis,
    renewableShare: totals.renewableShareOfTotal === null ? null : round(totals.renewableShareOfTotal, 6),
    renewableShareOfElectricity:
      totals.renewableShareOfElectricity === null ? null : round(totals.renewableShareOfElectricity, 6),
    byKind: {
      electricity: mwh(totals.byKind.electricity),
      heatSteam: mwh(totals.byKind.heat_steam),
      stationaryFuels: mwh(totals.byKind.stationary_fuel),
      transportFuels: mwh(totals.byKind.transport_fuel),
    },
    mix: totals.byCategory.map((row) => ({ carrier: row.category, mwh: round(row.kWh / 1000, 6) })),
    monthly: totals.monthly.map((row) => ({ period: row.period, mwh: round(row.kWh / 1000, 6) })),
    notCounted: totals.notCounted,
    vehicleDistanceKm: round(totals.vehicleDistanceKm, 3),
  };
}

/** Market-based scope 2 by how it was made, kWh and tCO2e (to the gram). */
function scope2MarketBasis(totals: EnergyTotals): KpiMetrics['carbon']['scope2MarketBasis'] {
  const part = ({ kWh, tCO2e }: { kWh: number; tCO2e: number }) => ({
    kWh: round(kWh, 3),
    tCO2e: round(tCO2e, 6),
  });
  const basis = totals.scope2MarketBasis;
  return {
    contractual: part(basis.contractual),
    supplierFactor: part(basis.supplierFactor),
    locationProxy: part(basis.locationProxy),
  };
}

/** Water in m³ from the by-unit sums. */
function waterOf(rows: { unit: string | null; quantity: number }[]): number {
  let water = 0;
  for (const row of rows) {
    const unit = row.unit ? calculatorUnit(row.unit) : undefined;
    const toM3 = unit ? conversionFactor(unit, 'm3') : null;
    if (toM3 !== null) water += row.quantity * toM3;
  }
  return round(water, 3);
}

/**
 * Gross emissions (scope 1 + 2 location-based + 3) of one calendar year, tCO2e: the KPI page's
 * total, which the dashboard and the marketplace's neutralisation show too. `recorded` is false
 * when the ledger holds nothing for the year, so a screen says "not recorded" instead of 0.
 */
export async function yearEmissions(
  ctx: AuthedContext,
  year: number,
): Promise<{ value: number; recorded: boolean }> {
  const { carbon } = await getMetrics(ctx, { year, grain: 'monthly' });
  const recorded =
    carbon.datasets.length > 0 ||
    carbon.total.value !== 0 ||
    carbon.trend.some((period) => period.tCO2e !== null);
  return { value: carbon.total.value, recorded };
}
