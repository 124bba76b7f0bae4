import { describe, expect, test } from 'bun:test';
import { calculateActivity } from './calculate.ts';
import { loadFactorLibrary } from './factor-library.ts';
import { type SummaryLine, summarise } from './rollups.ts';
import type { ActivityInput, EmissionEntry, LineResult } from './types.ts';

const csv = await Bun.file(
  new URL('../../../db/reference/factors/emission-factors.csv', import.meta.url),
).text();
const library = loadFactorLibrary(csv);

function line(
  siteId: string,
  input: Partial<ActivityInput> & Pick<ActivityInput, 'category' | 'date'>,
): SummaryLine {
  return { siteId, date: input.date, result: calculateActivity({ country: 'GB', ...input }, library) };
}

const entry = (
  scope: EmissionEntry['scope'],
  kgCO2e: number,
  scope3Category: number | null = null,
): EmissionEntry => ({
  scope,
  scope3Category,
  kgCO2e,
  factorId: 'test',
  dataset: 'test',
  activityQuantity: 1,
  activityUnit: 'kWh',
  kgCO2ePerUnit: kgCO2e,
  flags: [],
});
const result = (...entries: EmissionEntry[]): LineResult => ({ entries, flags: [] });

describe('summarise', () => {
  const lines = [
    // Electricity 2025 Q1: location 1770, market 0 (certificate), T&D + WTT 684 (cat 3).
    line('london', {
      date: '2025-02-10',
      category: 'electricity',
      quantity: 10_000,
      unit: 'kWh',
      market: { instrument: 'certificate' },
    }),
    // Diesel 2025 Q2: Scope 1 2570.82, WTT 611.01 (cat 3), biogenic memo 140.
    line('leeds', { date: '2025-05-20', category: 'diesel', quantity: 1000, unit: 'litre' }),
    // Hotel 2024 Q4: 39.6 (cat 6).
    line('leeds', { date: '2024-12-31', category: 'hotel', variant: 'DE', quantity: 3, unit: 'room_night' }),
    // No factor: counted, contributes nothing.
    line('leeds', { date: '2025-05-21', country: 'JP', category: 'electricity', quantity: 5, unit: 'kWh' }),
  ];

  test('totals by scope: location-based by default, market-based alongside, memo kept out', () => {
    const { totals } = summarise(lines);
    expect(totals.scope1).toBeCloseTo(2570.82, 9);
    expect(totals.scope2Location).toBeCloseTo(1770, 9);
    expect(totals.scope2Market).toBe(0);
    expect(totals.scope3).toBeCloseTo(684 + 611.01 + 39.6, 9);
    expect(totals.outsideScopes).toBeCloseTo(140, 9);
    expect(totals.totalLocationBased).toBeCloseTo(2570.82 + 1770 + 1334.61, 9);
    expect(totals.totalMarketBased).toBeCloseTo(2570.82 + 1334.61, 9);
  });

  test('by Scope 3 category, site, month, quarter and year', () => {
    const summary = summarise(lines);
    expect(summary.byScope3Category['3']).toBeCloseTo(684 + 611.01, 9);
    expect(summary.byScope3Category['6']).toBeCloseTo(39.6, 9);
    expect(Object.keys(summary.bySite).sort()).toEqual(['leeds', 'london']);
    expect(summary.bySite.london!.totalLocationBased).toBeCloseTo(2454, 9);
    expect(Object.keys(summary.byMonth).sort()).toEqual(['2024-12', '2025-02', '2025-05']);
    expect(summary.byQuarter['2025-Q1']!.scope2Location).toBeCloseTo(1770, 9);
    expect(summary.byQuarter['2025-Q2']!.scope1).toBeCloseTo(2570.82, 9);
    expect(summary.byQuarter['2024-Q4']!.scope3).toBeCloseTo(39.6, 9);
    expect(summary.byYear['2024']!.totalLocationBased).toBeCloseTo(39.6, 9);
    expect(summary.byYear['2025']!.outsideScopes).toBeCloseTo(140, 9);
  });

  test('counts lines, unresolved lines and flags', () => {
    const summary = summarise(lines);
    expect(summary.lineCount).toBe(4);
    expect(summary.unresolvedLineCount).toBe(1);
    expect(summary.flagCounts.no_factor).toBe(1);
    expect(summary.flagCounts.market_based_contractual_instrument).toBe(1);
    expect(summary.flagCounts.outside_scopes_memo).toBe(1);
  });

  test('intensity per million of revenue and per employee, for both Scope 2 methods', () => {
    const lines = [
      {
        siteId: 's',
        date: '2025-01-01',
        result: result(
          entry('scope_1', 500),
          entry('scope_2_location', 300),
          entry('scope_2_market', 100),
          entry('scope_3', 200, 1),
        ),
      },
    ];
    const summary = summarise(lines, { revenue: { amount: 2_000_000, currency: 'GBP' }, employees: 4 });
    expect(summary.intensity.perMillionRevenue).toEqual({
      currency: 'GBP',
      locationBased: 500,
      marketBased: 400,
    });
    expect(summary.intensity.perEmployee).toEqual({ locationBased: 250, marketBased: 200 });
    expect(summarise(lines, { employees: 0 }).intensity).toEqual({
      perMillionRevenue: null,
      perEmployee: null,
    });
  });

  test('quarters follow calendar months; an empty ledger sums to zero', () => {
    const months = ['2025-03-31', '2025-04-01', '2025-09-30', '2025-10-01'].map((date) => ({
      siteId: 's',
      date,
      result: result(entry('scope_1', 1)),
    }));
    expect(Object.keys(summarise(months).byQuarter)).toEqual(['2025-Q1', '2025-Q2', '2025-Q3', '2025-Q4']);
    const empty = summarise([]);
    expect(empty.totals.totalLocationBased).toBe(0);
    expect(empty.lineCount).toBe(0);
  });

  test('site ids that look like object keys are plain buckets', () => {
    const summary = summarise([
      { siteId: '__proto__', date: '2025-01-01', result: result(entry('scope_1', 7)) },
    ]);
    expect(Object.entries(summary.bySite).map(([site, totals]) => [site, totals.scope1])).toEqual([
      ['__proto__', 7],
    ]);
  });
});
