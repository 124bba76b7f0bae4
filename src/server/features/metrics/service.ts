import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { auditLogs } from '../../../../db/schema/audit.ts';
import { activityImports, companyFinancials, workforceFigures } from '../../../../db/schema/emissions.ts';
import type { KpiMetrics, Metric } from '../../../domain/contracts/metrics.ts';
import { conversionFactor } from '../../../domain/emissions/units.ts';
import type { AuthedContext } from '../../context.ts';
import { calculatorUnit } from '../emissions/calculation.ts';
import {
  assertFiniteFigures,
  categoryTotalRows,
  scopeTotalRows,
  scopeTotals,
} from '../emissions/line-sums.ts';
import { readLedger } from '../emissions/visibility.ts';
import {
  emissionsByDay,
  emissionsByScope,
  emissionsByYear,
  energyAndWater,
  latestLineDate,
  scope3ByCategory,
  yearRange,
} from './aggregates.ts';
import { financialsWithConnectorRevenue } from './connector-revenue.ts';
import {
  buildTrend,
  carbonFigures,
  type ScopeKg,
  scopeKg,
  workforceFigures as workforceOf,
} from './figures.ts';
import { getTarget } from './records.ts';

type Grain = 'monthly' | 'quarterly' | 'yearly';

/**
 * Computed metrics per company, year and grain, reused while the company's newest audit row and
 * its set of pending imports are the same. Every change to the ledger, financials, workforce or
 * target writes an audit row in the batch that makes it (decision 003), so a new audit id means
 * "recompute"; an import being written adds no visible row until its final batch, which writes
 * its audit row. The check is two indexed lookups in the database, so every process and the
 * Worker see a change at once.
 */
const memo = new Map<string, { version: string; metrics: KpiMetrics }>();
const MEMO_LIMIT = 500;

const pendingImports = (ctx: AuthedContext) =>
  ctx.db
    .select({ id: activityImports.id })
    .from(activityImports)
    .where(and(eq(activityImports.companyId, ctx.companyId), lt(activityImports.importedCount, 0)));

const latestAudit = (ctx: AuthedContext) =>
  ctx.db
    .select({ id: auditLogs.id })
    .from(auditLogs)
    .where(eq(auditLogs.companyId, ctx.companyId))
    .orderBy(desc(auditLogs.createdAt), desc(sql`rowid`))
    .limit(1);

/** Drops every remembered result (benchmarks measure the computation itself with it). */
export function forgetMetrics(): void {
  memo.clear();
}

export async function getMetrics(
  ctx: AuthedContext,
  query: { year?: number; grain: Grain },
): Promise<KpiMetrics> {
  const [audit, pending, latest] = await readLedger(ctx, (filtered) => [
    latestAudit(ctx),
    pendingImports(ctx),
    latestLineDate(ctx, filtered),
  ]);
  const version = [audit[0]?.id ?? '', ...pending.map((row) => row.id)].join('|');
  const latestDate = latest[0]?.date;
  const year = query.year ?? (latestDate ? Number(latestDate.slice(0, 4)) : ctx.now().getUTCFullYear());
  const key = `${ctx.companyId}|${year}|${query.grain}`;
  const known = memo.get(key);
  if (known && known.version === version) return known.metrics;
  // decision 042: a figure that is not finite stops here, never leaves as JSON null.
  const metrics = assertFiniteFigures(await computeMetrics(ctx, year, query.grain));
  memo.delete(key);
  memo.set(key, { version, metrics });
  if (memo.size > MEMO_LIMIT) memo.delete(memo.keys().next().value!);
  return metrics;
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

async function computeMetrics(ctx: AuthedContext, year: number, grain: Grain): Promise<KpiMetrics> {
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
  const [byDay, categories, earlierYears, baseYear, lines, financials, workforce] = await readLedger(
    ctx,
    (filtered) => [
      emissionsByDay(ctx, filtered, from, to),
      scope3ByCategory(ctx, filtered, from, to),
      emissionsByYear(ctx, filtered, earlier[0], earlier[1]),
      emissionsByYear(ctx, filtered, base[0], base[1]),
      energyAndWater(ctx, filtered, from, to),
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
    ],
  );

  // By month and scope (what the figures and trend use) from the by-day groups.
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
  for (const group of [...earlierYears, ...baseYear]) {
    const totals = yearly.get(Number(group.year)) ?? scopeKg();
    const kg = scopeTotals(group);
    for (const scope of Object.keys(kg) as (keyof ScopeKg)[]) totals[scope] += kg[scope];
    yearly.set(Number(group.year), totals);
  }
  const byMonth = [...months.values()];
  const carbon = carbonFigures(
    byMonth,
    datasets,
    categories[0] ? categoryTotalRows(categories[0]) : [],
    await financialsWithConnectorRevenue(ctx, year, financials[0] ?? null),
  );
  const energy = energyFigures(lines);
  const people = workforceOf(workforce[0] ?? null);
  const trend = buildTrend({ year, grain, byMonth, yearly, firstYear, target });
  return {
    year,
    carbon: { ...carbon.figures, trend, target },
    energy: energy.figures,
    water: { value: energy.waterM3, unit: 'm3' },
    workforce: people,
    metrics: [
      { metricType: 'carbon_emissions_total', value: carbon.figures.total.value, unit: 'tCO2e' },
      { metricType: 'carbon_emissions_scope_1', value: carbon.figures.scope1.value, unit: 'tCO2e' },
      {
        metricType: 'carbon_emissions_scope_2_location',
        value: carbon.figures.scope2Location.value,
        unit: 'tCO2e',
      },
      {
        metricType: 'carbon_emissions_scope_2_market',
        value: carbon.figures.scope2Market.value,
        unit: 'tCO2e',
      },
      { metricType: 'carbon_emissions_scope_3', value: carbon.figures.scope3.value, unit: 'tCO2e' },
      {
        metricType: 'carbon_intensity_revenue',
        value: carbon.figures.intensityPerRevenue?.value ?? null,
        unit: carbon.figures.intensityPerRevenue?.unit ?? 'tCO2e per million of revenue',
      },
      { metricType: 'energy_consumption', value: energy.figures.total.value, unit: 'MWh' },
      { metricType: 'energy_renewable_share', value: energy.figures.renewableShare, unit: 'share' },
      { metricType: 'water_consumption', value: energy.waterM3, unit: 'm3' },
      { metricType: 'gender_diversity_female_share', value: people?.femaleShare ?? null, unit: 'share' },
      {
        metricType: 'gender_diversity_leadership_female_share',
        value: people?.leadershipFemaleShare ?? null,
        unit: 'share',
      },
    ],
  };
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** Energy in MWh (energy units only: litres of fuel need a calorific value the library lacks) and water in m3. */
function energyFigures(
  lines: {
    category: string;
    date: string;
    unit: string | null;
    instrument: string | null;
    quantity: number;
  }[],
) {
  const mix = new Map<string, number>();
  const monthly = new Map<string, number>();
  let electricity = 0;
  let renewableElectricity = 0;
  let water = 0;
  for (const line of lines) {
    const unit = line.unit ? calculatorUnit(line.unit) : undefined;
    if (!unit) continue;
    if (line.category === 'water') {
      const toM3 = conversionFactor(unit, 'm3');
      if (toM3 !== null) water += line.quantity * toM3;
      continue;
    }
    const toMWh = conversionFactor(unit, 'MWh');
    if (toMWh === null) continue;
    const mwh = line.quantity * toMWh;
    mix.set(line.category, (mix.get(line.category) ?? 0) + mwh);
    const month = line.date.slice(0, 7);
    monthly.set(month, (monthly.get(month) ?? 0) + mwh);
    // Renewable share (VSME B3): electricity covered by a renewable tariff or certificate.
    if (line.category === 'electricity') {
      electricity += mwh;
      if (line.instrument !== null) renewableElectricity += mwh;
    }
  }
  const total = [...mix.values()].reduce((sum, value) => sum + value, 0);
  return {
    waterM3: round(water, 3),
    figures: {
      total: { value: round(total, 6), unit: 'MWh' as const },
      renewableShare: electricity > 0 ? round(renewableElectricity / electricity, 6) : null,
      mix: [...mix].map(([carrier, mwh]) => ({ carrier, mwh: round(mwh, 6) })).sort((a, b) => b.mwh - a.mwh),
      monthly: [...monthly]
        .map(([period, mwh]) => ({ period, mwh: round(mwh, 6) }))
        .sort((a, b) => a.period.localeCompare(b.period)),
    },
  };
}

/** Gross emissions (scope 1 + 2 location-based + 3) of one calendar month, tCO2e; null when none. */
export async function monthEmissions(ctx: AuthedContext, month: string): Promise<number | null> {
  const [rows] = await readLedger(ctx, (filtered) => [
    emissionsByScope(ctx, filtered, `${month}-01`, `${month}-31`),
  ]);
  const sums = rows[0];
  if (!sums || Object.values(sums).every((kg) => kg === null)) return null;
  const kg = scopeTotals(sums);
  return round((kg.scope_1 + kg.scope_2_location + kg.scope_3) / 1000, 6);
}
