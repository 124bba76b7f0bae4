import { describe, expect, test } from 'bun:test';
import type { KpiMetrics } from '../../../domain/contracts/kpi';
import {
  ageBandLabel,
  carrierLabel,
  describeEnergyNotCounted,
  describeMarketBased,
  describeTarget,
  energyPoints,
  formatShare,
  formatTonnes,
  hasLedgerData,
  kgToTonnes,
  largestAgeBand,
  periodLabels,
  recordedFigure,
  scope3CategoryLabel,
  trendPoints,
} from './format';

const t = (value: number) => ({ value, unit: 'tCO2e' as const });
const metrics = (patch: Partial<KpiMetrics['carbon']> = {}, energyMwh = 0, waterM3 = 0): KpiMetrics => ({
  year: 2025,
  carbon: {
    total: t(0),
    scope1: t(0),
    scope2Location: t(0),
    scope2Market: t(0),
    scope2MarketBasis: {
      contractual: { kWh: 0, tCO2e: 0 },
      supplierFactor: { kWh: 0, tCO2e: 0 },
      locationProxy: { kWh: 0, tCO2e: 0 },
    },
    scope3: t(0),
    scope3ByCategory: [],
    outsideScopes: t(0),
    intensityPerRevenue: null,
    intensityPerEmployee: null,
    trend: [],
    target: null,
    datasets: [],
    ...patch,
  },
  energy: {
    total: { value: energyMwh, unit: 'MWh' },
    basis: 'gross',
    renewableShare: null,
    renewableShareOfElectricity: null,
    byKind: { electricity: null, heatSteam: null, stationaryFuels: null, transportFuels: null },
    mix: [],
    monthly: [],
    notCounted: [],
    vehicleDistanceKm: 0,
  },
  water: { value: waterM3, unit: 'm3' },
  workforce: null,
  metrics: [],
});

describe('period labels', () => {
  test('months, quarters and years in full and on the axis', () => {
    expect(periodLabels('2025-03')).toEqual({ label: 'March 2025', shortLabel: 'Mar' });
    expect(periodLabels('2025-12')).toEqual({ label: 'December 2025', shortLabel: 'Dec' });
    expect(periodLabels('2025-Q1')).toEqual({ label: 'Q1 2025', shortLabel: 'Q1' });
    expect(periodLabels('2025Q4')).toEqual({ label: 'Q4 2025', shortLabel: 'Q4' });
    expect(periodLabels('2024')).toEqual({ label: '2024', shortLabel: '2024' });
  });

  test('anything unexpected is shown as sent', () => {
    expect(periodLabels('2025-13')).toEqual({ label: '2025-13', shortLabel: '2025-13' });
    expect(periodLabels('H1 2025')).toEqual({ label: 'H1 2025', shortLabel: 'H1 2025' });
  });

  test('the trend becomes chart points with their target', () => {
    expect(trendPoints([{ period: '2025-01', tCO2e: 1.5, target: 1.4 }])).toEqual([
      { label: 'January 2025', shortLabel: 'Jan', value: 1.5, target: 1.4 },
    ]);
  });
});

describe('tonnes and shares', () => {
  test('tonnes: two decimals under 10 t, one above', () => {
    expect(formatTonnes(1.77)).toBe('1.77');
    expect(formatTonnes(0)).toBe('0.00');
    expect(formatTonnes(12.345)).toBe('12.3');
    expect(formatTonnes(2454)).toBe('2,454.0');
  });

  test('kg to tonnes', () => {
    expect(kgToTonnes(1770)).toBe(1.77);
  });

  test('shares are fractions, shown as percentages', () => {
    expect(formatShare(0.42)).toBe('42%');
    expect(formatShare(1)).toBe('100%');
    expect(formatShare(0.054)).toBe('5.4%');
    expect(formatShare(0)).toBe('0%');
    expect(formatShare(null)).toBe('—');
    expect(formatShare(42)).toBe('42%');
  });

  test('market-based says how much of it is the location-based grid factor standing in', () => {
    expect(describeMarketBased(0, 0)).toBe('Market-based: 0.00 tCO2e');
    expect(describeMarketBased(1.77, 1.77)).toBe(
      'Market-based: 1.77 tCO2e, includes 1.77 tCO2e estimated from the location-based grid factor: no renewable contract or supplier factor recorded',
    );
  });

  test('energy not counted names the lines, the distance and why', () => {
    const energy = metrics().energy;
    energy.notCounted = [
      { category: 'owned_vehicle', reason: 'distance_only', lines: 2, quantity: 1234, unit: 'km' },
    ];
    energy.vehicleDistanceKm = 1234;
    expect(describeEnergyNotCounted(energy)).toEqual([
      '2 owned vehicle lines (1,234 km in all) recorded by distance: no published energy-per-km figure, so record the fuel bought to count it',
    ]);
  });
});

describe('labels', () => {
  test('scope 3 categories, energy carriers and age bands', () => {
    expect(scope3CategoryLabel(6)).toBe('6. Business travel');
    expect(scope3CategoryLabel(42)).toBe('Category 42');
    expect(carrierLabel('natural_gas')).toBe('Natural gas');
    expect(carrierLabel('wood_pellets')).toBe('Wood pellets');
    expect(ageBandLabel('under_30')).toBe('Under 30');
    expect(ageBandLabel('30-50')).toBe('30 to 50');
    expect(ageBandLabel('30–50')).toBe('30 to 50');
    expect(ageBandLabel('Over 50')).toBe('Over 50');
    expect(ageBandLabel('16-18')).toBe('16-18');
  });

  test('the largest age band and its share', () => {
    expect(
      largestAgeBand([
        { band: 'under_30', count: 2 },
        { band: '30_50', count: 6 },
        { band: 'over_50', count: 2 },
      ]),
    ).toEqual({
      label: '30 to 50',
      share: 0.6,
    });
    expect(largestAgeBand([{ band: 'under_30', count: 0 }])).toBeNull();
    expect(largestAgeBand([])).toBeNull();
  });

  test('describes a target', () => {
    expect(
      describeTarget({ baseYear: 2022, targetYear: 2030, reductionPercent: 42, coverage: 'scope_1_2' }),
    ).toBe('Cut scopes 1 and 2 by 42% from 2022 to 2030');
  });
});

describe('empty ledger', () => {
  test('all zero and no datasets means no data', () => {
    expect(hasLedgerData(metrics())).toBe(false);
  });

  test('any emissions, energy, water or dataset means data', () => {
    expect(hasLedgerData(metrics({ total: t(0.2) }))).toBe(true);
    expect(hasLedgerData(metrics({}, 3))).toBe(true);
    expect(hasLedgerData(metrics({}, 0, 12))).toBe(true);
    // Lines that all calculate to zero (e.g. certified renewable electricity) are still data.
    expect(hasLedgerData(metrics({ datasets: ['DESNZ 2025'] }))).toBe(true);
  });
});

describe('energy and water cards (decision 053)', () => {
  test('a quantity no line recorded reads "Not recorded", never 0', () => {
    expect(recordedFigure(0)).toBe('Not recorded');
    expect(recordedFigure(12.34)).toBe('12.3');
  });
});

describe('monthly energy chart (decision 053)', () => {
  test('leaves out months after today and shows past months without energy as not recorded (null), never 0', () => {
    const points = energyPoints(
      [
        { period: '2026-01', mwh: 4.2 },
        { period: '2026-03', mwh: 3.9 },
      ],
      2026,
      '2026-04-10',
    );
    expect(points).toEqual([
      { label: 'January 2026', shortLabel: 'Jan', value: 4.2 },
      { label: 'February 2026', shortLabel: 'Feb', value: null },
      { label: 'March 2026', shortLabel: 'Mar', value: 3.9 },
      { label: 'April 2026', shortLabel: 'Apr', value: null },
    ]);
  });

  test('a past year shows all twelve months', () => {
    expect(energyPoints([], 2025, '2026-11-25')).toHaveLength(12);
  });
});
