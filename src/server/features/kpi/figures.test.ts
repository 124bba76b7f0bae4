import { describe, expect, test } from 'bun:test';
import { buildTrend, scopeKg } from './figures.ts';

// Covered kg per month: 1,000 kg scope 1 in January and 500 kg scope 2 (location) in March 2026.
const byMonth = [
  { scope: 'scope_1', month: '2026-01', kg: 1000 },
  { scope: 'scope_2_location', month: '2026-03', kg: 500 },
];
const trend = (grain: 'monthly' | 'quarterly' | 'yearly', today: string, year = 2026) =>
  buildTrend({ year, grain, byMonth, yearly: new Map(), firstYear: year, target: null, today });

describe('trend periods (decision 053)', () => {
  test('months after today are left out; a past month without data is null, not 0', () => {
    expect(trend('monthly', '2026-04-10')).toEqual([
      { period: '2026-01', tCO2e: 1, target: null },
      { period: '2026-02', tCO2e: null, target: null },
      { period: '2026-03', tCO2e: 0.5, target: null },
      { period: '2026-04', tCO2e: null, target: null },
    ]);
  });

  test('quarters that have begun only; a quarter sums the months that hold data', () => {
    // Q1: 1,000 + 500 kg = 1.5 t; Q2 has begun (April) with nothing recorded.
    expect(trend('quarterly', '2026-04-10')).toEqual([
      { period: '2026-Q1', tCO2e: 1.5, target: null },
      { period: '2026-Q2', tCO2e: null, target: null },
    ]);
  });

  test('a year without data between two with data is null; a year to come is left out', () => {
    const yearly = new Map([
      [2023, { ...scopeKg(), scope_1: 2000 }],
      [2025, { ...scopeKg(), scope_1: 1000 }],
    ]);
    const points = buildTrend({
      year: 2027,
      grain: 'yearly',
      byMonth: [],
      yearly,
      firstYear: 2023,
      target: null,
      today: '2026-11-25',
    });
    expect(points).toEqual([
      { period: '2023', tCO2e: 2, target: null },
      { period: '2024', tCO2e: null, target: null },
      { period: '2025', tCO2e: 1, target: null },
      { period: '2026', tCO2e: null, target: null },
    ]);
  });
});
