// Shapes the aggregates into the KpiMetrics contract: tonnes, intensities, the trend and its
// straight-line target path, workforce shares. Pure functions over the rows the SQL returned.
import type { KpiMetrics } from '../../../domain/contracts/kpi.ts';
import { monthHasBegun } from '../../../domain/emissions/reporting-year.ts';

export interface ScopeKg {
  scope_1: number;
  scope_2_location: number;
  scope_2_market: number;
  scope_3: number;
  outside_scopes: number;
}

export const scopeKg = (): ScopeKg => ({
  scope_1: 0,
  scope_2_location: 0,
  scope_2_market: 0,
  scope_3: 0,
  outside_scopes: 0,
});

/** Gross emissions (kg): scope 1 + location-based scope 2 + scope 3 (DESNZ requires location-based). */
export const grossKg = (kg: ScopeKg) => kg.scope_1 + kg.scope_2_location + kg.scope_3;

/** Kg covered by a target: scopes 1 + 2 (location-based), and 3 when the target includes it. */
const coveredKg = (kg: ScopeKg, coverage: string | undefined) =>
  coverage === 'scope_1_2' ? kg.scope_1 + kg.scope_2_location : grossKg(kg);

/** kg → t, kept to the gram. */
const tonnes = (kg: number) => Math.round(kg * 1000) / 1e6;
const t = (kg: number) => ({ value: tonnes(kg), unit: 'tCO2e' as const });

interface MonthRow {
  scope: string;
  month: string;
  kg: number;
}

export function carbonFigures(
  rows: MonthRow[],
  /** The datasets behind the figures (the card's sources). */
  datasetNames: ReadonlySet<string>,
  /** Scope 3 per GHG Protocol category over the year, category order. */
  scope3Categories: { category: number; kg: number }[],
  financials: { revenue: number | null; currency: string | null; employees: number | null } | null,
) {
  const kg = scopeKg();
  for (const row of rows) kg[row.scope as keyof ScopeKg] += row.kg;
  const total = grossKg(kg);
  const revenue = financials?.revenue ?? 0;
  const employees = financials?.employees ?? 0;
  return {
    kg,
    figures: {
      total: t(total),
      scope1: t(kg.scope_1),
      scope2Location: t(kg.scope_2_location),
      scope2Market: t(kg.scope_2_market),
      scope3: t(kg.scope_3),
      scope3ByCategory: scope3Categories.map(({ category, kg: value }) => ({
        category,
        tCO2e: tonnes(value),
      })),
      outsideScopes: t(kg.outside_scopes),
      // Revenue as reported, in its own currency: no FX (rollups.ts does the same).
      intensityPerRevenue:
        revenue > 0
          ? {
              value: Math.round((total / 1000 / (revenue / 1e6)) * 1e6) / 1e6,
              unit: `tCO2e per million ${financials?.currency ?? 'of revenue'}`,
            }
          : null,
      intensityPerEmployee:
        employees > 0
          ? { value: Math.round((total / 1000 / employees) * 1e6) / 1e6, unit: 'tCO2e per employee' as const }
          : null,
      datasets: [...datasetNames].sort(),
    },
  };
}

type Target = NonNullable<KpiMetrics['carbon']['target']>;

/**
 * The target's straight line: the base year's covered emissions falling evenly to
 * (100 − reductionPercent)% in the target year, flat after it, none before the base year.
 * `at` is a point in time in years (2025.5 = the middle of 2025); values are per year.
 */
function pathAt(target: Target, baseKg: number, at: number): number | null {
  if (at < target.baseYear) return null;
  const progress = Math.min(1, (at - target.baseYear) / (target.targetYear - target.baseYear));
  return baseKg * (1 - (target.reductionPercent / 100) * progress);
}

/**
 * The trend of the chosen grain (decision 053). Periods that have not begun by `today` are left
 * out (never plotted as zero); a period that has begun but holds no ledger data is `null`, "not
 * recorded", which the chart shows as a gap, never as 0.
 */
export function buildTrend(input: {
  year: number;
  grain: 'monthly' | 'quarterly' | 'yearly';
  byMonth: MonthRow[];
  yearly: Map<number, ScopeKg>;
  firstYear: number;
  target: Target | null;
  /** `YYYY-MM-DD` (UTC): periods starting after it are not shown. */
  today: string;
}): KpiMetrics['carbon']['trend'] {
  const { year, grain, target, today } = input;
  const coverage = target?.coverage;
  const base = target ? input.yearly.get(target.baseYear) : undefined;
  const baseKg = base ? coveredKg(base, coverage) : null;
  // The trend plots what the target covers, so the line and its target compare like with like.
  const targetAt = (at: number, perYear: number) => {
    if (!target || baseKg === null) return null;
    const value = pathAt(target, baseKg, at);
    return value === null ? null : tonnes(value / perYear);
  };
  const begun = (firstMonth: string) => monthHasBegun(firstMonth, today);
  if (grain === 'yearly') {
    const out: KpiMetrics['carbon']['trend'] = [];
    for (let y = input.firstYear; y <= year && begun(`${y}-01`); y++) {
      const kg = input.yearly.get(y);
      if (!kg && out.length === 0 && y !== target?.baseYear) continue;
      out.push({
        period: String(y),
        tCO2e: kg ? tonnes(coveredKg(kg, coverage)) : null,
        target: targetAt(y, 1),
      });
    }
    return out;
  }
  const months = new Map<number, ScopeKg>();
  for (const row of input.byMonth) {
    const m = Number(row.month.slice(5, 7));
    const kg = months.get(m) ?? scopeKg();
    kg[row.scope as keyof ScopeKg] += row.kg;
    months.set(m, kg);
  }
  /** Covered kg of the months that hold data, or null when none of them does. */
  const monthsKg = (...numbers: number[]) => {
    const recorded = numbers.map((m) => months.get(m)).filter((kg) => kg !== undefined);
    return recorded.length === 0
      ? null
      : tonnes(recorded.reduce((sum, kg) => sum + coveredKg(kg, coverage), 0));
  };
  const monthKey = (m: number) => `${year}-${String(m).padStart(2, '0')}`;
  if (grain === 'quarterly') {
    return [1, 2, 3, 4]
      .filter((q) => begun(monthKey(q * 3 - 2)))
      .map((q) => ({
        period: `${year}-Q${q}`,
        tCO2e: monthsKg(q * 3 - 2, q * 3 - 1, q * 3),
        target: targetAt(year + (q - 0.5) / 4, 4),
      }));
  }
  return Array.from({ length: 12 }, (_, i) => i + 1)
    .filter((m) => begun(monthKey(m)))
    .map((m) => ({
      period: monthKey(m),
      tCO2e: monthsKg(m),
      target: targetAt(year + (m - 0.5) / 12, 12),
    }));
}

export function workforceFigures(
  row: {
    year: number;
    headcountFemale: number | null;
    headcountMale: number | null;
    headcountOther: number | null;
    leadershipFemale: number | null;
    leadershipTotal: number | null;
    ageUnder30: number | null;
    age30To50: number | null;
    ageOver50: number | null;
    trainingHours: number | null;
  } | null,
): KpiMetrics['workforce'] {
  if (!row) return null;
  const headcount = (row.headcountFemale ?? 0) + (row.headcountMale ?? 0) + (row.headcountOther ?? 0);
  const share = (part: number | null, whole: number | null) =>
    part !== null && whole ? Math.round((part / whole) * 1e4) / 1e4 : null;
  return {
    year: row.year,
    headcount,
    femaleShare: share(row.headcountFemale, headcount),
    leadershipFemaleShare: share(row.leadershipFemale, row.leadershipTotal),
    ageBands: [
      { band: 'Under 30', count: row.ageUnder30 ?? 0 },
      { band: '30–50', count: row.age30To50 ?? 0 },
      { band: 'Over 50', count: row.ageOver50 ?? 0 },
    ],
    trainingHoursPerEmployee:
      row.trainingHours !== null && headcount > 0
        ? Math.round((row.trainingHours / headcount) * 100) / 100
        : null,
  };
}
