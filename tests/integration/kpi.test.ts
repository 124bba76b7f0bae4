import { describe, expect, test } from 'bun:test';
import { addLine, addSite } from '../helpers/ledger.ts';
import { createTestApp } from '../helpers/test-app.ts';

// Mid-January 2026: 2025 has ended and is the year reported (decision 053).
const t = await createTestApp({ now: () => new Date('2026-01-15T10:00:00Z') });

/**
 * A small ledger whose figures are worked out by hand from emission-factors.md §3:
 * - 10,000 kWh UK electricity (Mar): scope 2 location 1,770 kg (0.177); market the same (no
 *   instrument); scope 3 cat 3: T&D 185.30 + WTT generation 459.00 + WTT T&D 39.70 = 684.00.
 * - 1,000 L diesel (Jan): scope 1 2,570.82; scope 3 cat 3 WTT 611.01; biogenic memo 140.00.
 * - 10,000 kWh in France on a renewable tariff (Jun): location 441.80 (Ember 2024), market 0.
 * - 500 m3 water (Feb): scope 3 cat 1 supply 95.65, cat 5 treatment 85.44.
 */
async function knownLedger() {
  const owner = await t.signUpCompany({ jurisdiction: 'SECR' });
  const bristol = await addSite(t, owner.cookie, 'Bristol bakery');
  const lyon = await addSite(t, owner.cookie, 'Lyon shop', 'FR');
  await addLine(t, owner.cookie, {
    siteId: bristol,
    date: '2025-03-01',
    category: 'electricity',
    quantity: 10000,
    unit: 'kWh',
  });
  await addLine(t, owner.cookie, {
    siteId: bristol,
    date: '2025-01-14',
    category: 'diesel',
    quantity: 1000,
    unit: 'litre',
  });
  await addLine(t, owner.cookie, {
    siteId: lyon,
    date: '2025-06-01',
    category: 'electricity',
    quantity: 10000,
    unit: 'kWh',
    instrument: 'renewable_tariff',
  });
  await addLine(t, owner.cookie, {
    siteId: bristol,
    date: '2025-02-01',
    category: 'water',
    quantity: 500,
    unit: 'm3',
  });
  return owner;
}

describe('GET /api/metrics/summary', () => {
  test('totals, scopes, categories, energy and water equal the hand-worked figures', async () => {
    const { cookie } = await knownLedger();
    const response = await t.call('GET', '/api/metrics/summary?year=2025', { cookie });
    expect(response.status).toBe(200);
    const { carbon, energy, water } = response.json;
    expect(carbon.scope1).toEqual({ value: 2.57082, unit: 'tCO2e' });
    expect(carbon.scope2Location).toEqual({ value: 2.2118, unit: 'tCO2e' });
    expect(carbon.scope2Market).toEqual({ value: 1.77, unit: 'tCO2e' });
    expect(carbon.scope3).toEqual({ value: 1.4761, unit: 'tCO2e' });
    expect(carbon.total).toEqual({ value: 6.25872, unit: 'tCO2e' });
    expect(carbon.outsideScopes).toEqual({ value: 0.14, unit: 'tCO2e' });
    expect(carbon.scope3ByCategory).toEqual([
      { category: 1, tCO2e: 0.09565 },
      { category: 3, tCO2e: 1.29501 },
      { category: 5, tCO2e: 0.08544 },
    ]);
    expect(carbon.datasets).toEqual([
      'Contractual instrument (renewable_tariff)',
      'DESNZ 2025',
      'Ember 2024',
    ]);
    expect(carbon.intensityPerRevenue).toBeNull();
    expect(carbon.target).toBeNull();
    expect(
      carbon.trend.map((p: { period: string; tCO2e: number | null }) => [p.period, p.tCO2e]).slice(0, 6),
    ).toEqual([
      ['2025-01', 3.18183],
      ['2025-02', 0.18109],
      ['2025-03', 2.454],
      // Nothing recorded in April and May: not recorded (null), never 0.
      ['2025-04', null],
      ['2025-05', null],
      ['2025-06', 0.4418],
    ]);
    // Energy (decision 048): 1,000 L diesel = 1 m³ × 832.361 kg/m³ / 1000 × 45.545 GJ/t ×
    // 277.78 kWh/GJ = 10,530.5227 kWh (DESNZ 2025 fuel properties, gross CV); + 20,000 kWh
    // electricity = 30,530.5227 kWh. Renewable: 10,000 kWh = 32.7541 % of total, 50 % of electricity.
    expect(energy.total).toEqual({ value: 30.530523, unit: 'MWh' });
    expect(energy.basis).toBe('gross');
    expect(energy.renewableShare).toBe(0.327541);
    expect(energy.renewableShareOfElectricity).toBe(0.5);
    expect(energy.byKind).toEqual({
      electricity: 20,
      heatSteam: null,
      stationaryFuels: null,
      transportFuels: 10.530523,
    });
    expect(energy.mix).toEqual([
      { carrier: 'electricity', mwh: 20 },
      { carrier: 'diesel', mwh: 10.530523 },
    ]);
    expect(energy.monthly).toEqual([
      { period: '2025-01', mwh: 10.530523 },
      { period: '2025-03', mwh: 10 },
      { period: '2025-06', mwh: 10 },
    ]);
    expect(energy.notCounted).toEqual([]);
    // Market-based scope 2: the renewable tariff (10,000 kWh, 0 t) and the Bristol electricity
    // with no contract or supplier factor, where the grid factor stands in: 10,000 × 0.177 = 1.77 t.
    expect(carbon.scope2MarketBasis).toEqual({
      contractual: { kWh: 10000, tCO2e: 0 },
      supplierFactor: { kWh: 0, tCO2e: 0 },
      locationProxy: { kWh: 10000, tCO2e: 1.77 },
    });
    expect(water).toEqual({ value: 500, unit: 'm3' });
    expect(response.json.metrics).toContainEqual({
      metricType: 'carbon_emissions_total',
      value: 6.25872,
      unit: 'tCO2e',
    });
  });

  test('intensity, the target path and workforce come from the saved records', async () => {
    const { cookie } = await knownLedger();
    const financials = await t.call('PUT', '/api/financials', {
      cookie,
      body: { year: 2025, revenue: 2_000_000, currency: 'gbp', employees: 20 },
    });
    expect(financials.json).toEqual({
      year: 2025,
      revenue: 2_000_000,
      currency: 'GBP',
      employees: 20,
      employeesBasis: null,
    });
    await t.call('PUT', '/api/targets', {
      cookie,
      body: { baseYear: 2025, targetYear: 2030, reductionPercent: 50, coverage: 'scope_1_2_3' },
    });
    await t.call('PUT', '/api/workforce', {
      cookie,
      body: {
        year: 2025,
        headcountFemale: 12,
        headcountMale: 9,
        headcountOther: 1,
        leadershipFemale: 2,
        leadershipTotal: 5,
        ageUnder30: 6,
        age30To50: 11,
        ageOver50: 5,
        trainingHours: 440,
      },
    });
    const monthly = (await t.call('GET', '/api/metrics/summary?year=2025&grain=monthly', { cookie })).json;
    expect(monthly.carbon.intensityPerRevenue).toEqual({ value: 3.12936, unit: 'tCO2e per million GBP' });
    expect(monthly.carbon.intensityPerEmployee).toEqual({ value: 0.312936, unit: 'tCO2e per employee' });
    expect(monthly.carbon.target).toEqual({
      baseYear: 2025,
      targetYear: 2030,
      reductionPercent: 50,
      coverage: 'scope_1_2_3',
    });
    // Straight line from 6,258.72 kg in 2025 to half of it in 2030; January is 2025 + 0.5/12.
    const january = (6258.72 * (1 - 0.5 * (0.5 / 12 / 5))) / 12 / 1000;
    expect(monthly.carbon.trend[0].target).toBeCloseTo(january, 6);
    const quarterly = (await t.call('GET', '/api/metrics/summary?year=2025&grain=quarterly', { cookie }))
      .json;
    expect(quarterly.carbon.trend.map((p: { period: string; tCO2e: number }) => [p.period, p.tCO2e])).toEqual(
      [
        ['2025-Q1', 5.81692],
        ['2025-Q2', 0.4418],
        ['2025-Q3', null],
        ['2025-Q4', null],
      ],
    );
    const yearly = (await t.call('GET', '/api/metrics/summary?year=2025&grain=yearly', { cookie })).json;
    expect(yearly.carbon.trend).toEqual([{ period: '2025', tCO2e: 6.25872, target: 6.25872 }]);
    expect(monthly.workforce).toEqual({
      year: 2025,
      headcount: 22,
      femaleShare: 0.5455,
      leadershipFemaleShare: 0.4,
      ageBands: [
        { band: 'Under 30', count: 6 },
        { band: '30–50', count: 11 },
        { band: 'Over 50', count: 5 },
      ],
      trainingHoursPerEmployee: 20,
    });
  });

  test('a scope 1+2 target plots scopes 1 and 2 only, against a base year in the past', async () => {
    const { cookie } = await knownLedger();
    const bristol = (await t.call('GET', '/api/sites', { cookie })).json[0].id;
    await addLine(t, cookie, {
      siteId: bristol,
      date: '2024-05-01',
      category: 'diesel',
      quantity: 2000,
      unit: 'litre',
    });
    await t.call('PUT', '/api/targets', {
      cookie,
      body: { baseYear: 2024, targetYear: 2030, reductionPercent: 42 },
    });
    const yearly = (await t.call('GET', '/api/metrics/summary?grain=yearly', { cookie })).json;
    expect(yearly.year).toBe(2025);
    // 2024: 2,000 L diesel scope 1 with DESNZ 2024 (2.51279 kg/L) = 5,025.58 kg.
    expect(yearly.carbon.trend[0]).toEqual({ period: '2024', tCO2e: 5.02558, target: 5.02558 });
    const progress = 1 - 0.42 / 6;
    expect(yearly.carbon.trend[1].period).toBe('2025');
    expect(yearly.carbon.trend[1].tCO2e).toBeCloseTo(2.57082 + 2.2118, 6);
    expect(yearly.carbon.trend[1].target).toBeCloseTo(5.02558 * progress, 5);
  });

  test('the default year is the latest with data, else the current year; an empty ledger is zero', async () => {
    const { cookie } = await knownLedger();
    expect((await t.call('GET', '/api/metrics/summary', { cookie })).json.year).toBe(2025);
    const empty = await t.signUpCompany();
    const none = (await t.call('GET', '/api/metrics/summary', { cookie: empty.cookie })).json;
    expect(none.year).toBe(2026);
    expect(none.carbon.total.value).toBe(0);
    expect(none.energy.renewableShare).toBeNull();
    expect(none.workforce).toBeNull();
    expect((await t.call('GET', '/api/metrics/summary?year=1999', { cookie })).status).toBe(400);
  });

  test('figures follow the ledger: a new line shows at once', async () => {
    const { cookie } = await knownLedger();
    const before = (await t.call('GET', '/api/metrics/summary?year=2025', { cookie })).json.carbon.scope1
      .value;
    const bristol = (await t.call('GET', '/api/sites', { cookie })).json[0].id;
    await addLine(t, cookie, {
      siteId: bristol,
      date: '2025-07-01',
      category: 'diesel',
      quantity: 1000,
      unit: 'litre',
    });
    const after = (await t.call('GET', '/api/metrics/summary?year=2025', { cookie })).json.carbon.scope1
      .value;
    expect(after).toBeCloseTo(before + 2.57082, 6);
  });

  test("another company's ledger never counts", async () => {
    await knownLedger();
    const other = await t.signUpCompany();
    const response = await t.call('GET', '/api/metrics/summary?year=2025', { cookie: other.cookie });
    expect(response.json.carbon.total.value).toBe(0);
    expect(response.json.energy.total.value).toBe(0);
  });
});

describe('GET /api/metrics (spec §7: a list)', () => {
  test('answers a list of metric objects, each with its metricType, unit and year, equal to the summary figures', async () => {
    const { cookie } = await knownLedger();
    const response = await t.call('GET', '/api/metrics?year=2025', { cookie });
    expect(response.status).toBe(200);
    expect(Array.isArray(response.json)).toBe(true);
    const list = response.json as { metricType: string; value: number | null; unit: string }[];
    for (const metric of list) {
      expect(metric).toMatchObject({ year: 2025, periodStart: '2025-01-01', periodEnd: '2025-12-31' });
      expect(typeof metric.metricType).toBe('string');
    }
    const byType = new Map(list.map((metric) => [metric.metricType, metric]));
    // The hand-worked ledger above: 2.57082 + 2.2118 + 1.4761 = 6.25872 tCO2e gross.
    expect(byType.get('carbon_emissions_total')).toMatchObject({ value: 6.25872, unit: 'tCO2e' });
    expect(byType.get('carbon_emissions_scope_1')).toMatchObject({ value: 2.57082, unit: 'tCO2e' });
    expect(byType.get('carbon_emissions_scope_2_location')).toMatchObject({ value: 2.2118, unit: 'tCO2e' });
    expect(byType.get('carbon_emissions_scope_2_market')).toMatchObject({ value: 1.77, unit: 'tCO2e' });
    expect(byType.get('carbon_emissions_scope_3')).toMatchObject({ value: 1.4761, unit: 'tCO2e' });
    expect(byType.get('water_consumption')).toMatchObject({ value: 500, unit: 'm3' });
    expect(byType.has('energy_consumption')).toBe(true);
    // No workforce record for 2025: blank, not zero.
    expect(byType.get('gender_diversity_female_share')).toMatchObject({ value: null, unit: 'share' });
    // One figure, one function: the list and the KPI screen's summary agree.
    const summary = (await t.call('GET', '/api/metrics/summary?year=2025', { cookie })).json;
    expect(list.map(({ metricType, value, unit }) => ({ metricType, value, unit }))).toEqual(summary.metrics);
  });

  test('without a year the list covers the latest year with data; a bad year is a 400', async () => {
    const { cookie } = await knownLedger();
    const list = (await t.call('GET', '/api/metrics', { cookie })).json as { year: number }[];
    expect(list.length).toBeGreaterThan(0);
    expect(new Set(list.map((metric) => metric.year))).toEqual(new Set([2025]));
    expect((await t.call('GET', '/api/metrics?year=1999', { cookie })).status).toBe(400);
  });
});

describe('dashboard emissions', () => {
  test("shows the reporting year's gross emissions, the KPI page's total", async () => {
    const { cookie } = await knownLedger();
    const overview = (await t.call('GET', '/api/dashboard/overview', { cookie })).json;
    // spec §3: a number, the reporting year's gross tonnes; 2,570.82 + 2,211.80 + 1,476.10 kg = 6.25872 t.
    expect(overview.metrics.carbonEmissions).toBe(6.25872);
    expect(overview.metrics.carbonEmissionsDetail).toEqual({
      value: 6.25872,
      unit: 'tCO2e',
      year: 2025,
      recorded: true,
    });
  });

  test('an empty ledger shows the current year as not recorded', async () => {
    const { cookie } = await t.signUpCompany();
    const overview = (await t.call('GET', '/api/dashboard/overview', { cookie })).json;
    expect(overview.metrics.carbonEmissions).toBe(0);
    expect(overview.metrics.carbonEmissionsDetail).toEqual({
      value: 0,
      unit: 'tCO2e',
      year: 2026,
      recorded: false,
    });
  });
});
