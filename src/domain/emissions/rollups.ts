// Roll-ups of calculated lines: by scope, Scope 3 category, site and period, plus intensities.
// Scope 2 is kept twice (GHG Protocol Scope 2 Guidance: dual reporting). Totals use location-based
// Scope 2 by default (DESNZ: location-based required, market-based optional and additional, md
// §4.3) and give the market-based total alongside. Outside-of-scopes memo items are summed on
// their own and never enter a total.

import type { Flag, LineResult } from './types.ts';

/** kg CO2e. */
export interface ScopeTotals {
  scope1: number;
  scope2Location: number;
  scope2Market: number;
  scope3: number;
  /** Biogenic CO2 memo (outside of scopes); not in any total. */
  outsideScopes: number;
  /** scope1 + scope2Location + scope3: the headline figure. */
  totalLocationBased: number;
  /** scope1 + scope2Market + scope3. */
  totalMarketBased: number;
}

export interface SummaryLine {
  siteId: string;
  /** The line's date, 'YYYY-MM-DD'. */
  date: string;
  result: LineResult;
}

export interface IntensityBasis {
  /** Revenue of the period, in `currency` (as reported; no FX applied). */
  revenue?: { amount: number; currency: string };
  /** Headcount of the period (FTE or persons, as the company reports it). */
  employees?: number;
}

export interface Intensity {
  locationBased: number;
  marketBased: number;
}

export interface EmissionsSummary {
  totals: ScopeTotals;
  /** Scope 3 kg CO2e by GHG Protocol category '1'..'15'. */
  byScope3Category: Record<string, number>;
  bySite: Record<string, ScopeTotals>;
  /** Keys 'YYYY-MM'. */
  byMonth: Record<string, ScopeTotals>;
  /** Keys 'YYYY-Qn'. */
  byQuarter: Record<string, ScopeTotals>;
  /** Keys 'YYYY'. */
  byYear: Record<string, ScopeTotals>;
  intensity: {
    /** kg CO2e per million of revenue, in the revenue's currency; null without revenue. */
    perMillionRevenue: (Intensity & { currency: string }) | null;
    /** kg CO2e per employee; null without a headcount. */
    perEmployee: Intensity | null;
  };
  lineCount: number;
  /** Lines with no entry at all (no factor or no FX rate): listed so nothing vanishes silently. */
  unresolvedLineCount: number;
  /** How many lines carry each flag. */
  flagCounts: Partial<Record<Flag, number>>;
}

function emptyTotals(): ScopeTotals {
  return {
    scope1: 0,
    scope2Location: 0,
    scope2Market: 0,
    scope3: 0,
    outsideScopes: 0,
    totalLocationBased: 0,
    totalMarketBased: 0,
  };
}

function bucket(map: Record<string, ScopeTotals>, key: string): ScopeTotals {
  let totals = map[key];
  if (totals === undefined) {
    totals = emptyTotals();
    map[key] = totals;
  }
  return totals;
}

function quarterOf(date: string): string {
  const month = Number(date.slice(5, 7));
  return `${date.slice(0, 4)}-Q${Math.floor((month - 1) / 3) + 1}`;
}

/** Adds a line's entries to every totals object given. */
function addLine(
  result: LineResult,
  targets: readonly ScopeTotals[],
  byCategory: Record<string, number>,
): void {
  for (const entry of result.entries) {
    const kg = entry.kgCO2e;
    for (const t of targets) {
      switch (entry.scope) {
        case 'scope_1':
          t.scope1 += kg;
          t.totalLocationBased += kg;
          t.totalMarketBased += kg;
          break;
        case 'scope_2_location':
          t.scope2Location += kg;
          t.totalLocationBased += kg;
          break;
        case 'scope_2_market':
          t.scope2Market += kg;
          t.totalMarketBased += kg;
          break;
        case 'scope_3':
          t.scope3 += kg;
          t.totalLocationBased += kg;
          t.totalMarketBased += kg;
          break;
        case 'outside_scopes':
          t.outsideScopes += kg;
          break;
      }
    }
    if (entry.scope === 'scope_3' && entry.scope3Category !== null) {
      const category = String(entry.scope3Category);
      byCategory[category] = (byCategory[category] ?? 0) + kg;
    }
  }
}

function ratio(totals: ScopeTotals, divisor: number): Intensity {
  return {
    locationBased: totals.totalLocationBased / divisor,
    marketBased: totals.totalMarketBased / divisor,
  };
}

/** Sums calculated lines. Pure; full precision (round only for display). */
export function summarise(lines: readonly SummaryLine[], basis: IntensityBasis = {}): EmissionsSummary {
  const totals = emptyTotals();
  const byScope3Category: Record<string, number> = Object.create(null);
  const bySite: Record<string, ScopeTotals> = Object.create(null);
  const byMonth: Record<string, ScopeTotals> = Object.create(null);
  const byQuarter: Record<string, ScopeTotals> = Object.create(null);
  const byYear: Record<string, ScopeTotals> = Object.create(null);
  const flagCounts: Partial<Record<Flag, number>> = {};
  let unresolvedLineCount = 0;
  for (const line of lines) {
    const targets = [
      totals,
      bucket(bySite, line.siteId),
      bucket(byMonth, line.date.slice(0, 7)),
      bucket(byQuarter, quarterOf(line.date)),
      bucket(byYear, line.date.slice(0, 4)),
    ];
    addLine(line.result, targets, byScope3Category);
    if (line.result.entries.length === 0) unresolvedLineCount++;
    for (const flag of line.result.flags) flagCounts[flag] = (flagCounts[flag] ?? 0) + 1;
  }
  const revenue = basis.revenue;
  const employees = basis.employees;
  return {
    totals,
    byScope3Category,
    bySite,
    byMonth,
    byQuarter,
    byYear,
    intensity: {
      perMillionRevenue:
        revenue !== undefined && revenue.amount > 0
          ? { currency: revenue.currency, ...ratio(totals, revenue.amount / 1_000_000) }
          : null,
      perEmployee: employees !== undefined && employees > 0 ? ratio(totals, employees) : null,
    },
    lineCount: lines.length,
    unresolvedLineCount,
    flagCounts,
  };
}
