// The 15 worked examples of shared/reference/emission-factors.md §3, with the md's hand-computed
// figures (kg CO2e, 2 dp) as expected values, run on the product library: the factors now come
// from the publishers' files (ids `desnz25-<flat-file ID>`, `epa13-<NAICS>`); every value equals
// the curated row the md quoted (decision 047).
import { describe, expect, test } from 'bun:test';
import { factorLibrary } from '../../../db/reference/factors/seed.ts';
import { calculateActivity } from './calculate.ts';
import type { ActivityInput, EmissionEntry, LineResult } from './types.ts';
import { convert } from './units.ts';

const library = factorLibrary();

function run(input: Partial<ActivityInput> & Pick<ActivityInput, 'category'>): LineResult {
  return calculateActivity({ date: '2025-06-01', country: 'GB', ...input }, library);
}

function entry(result: LineResult, factorId: string): EmissionEntry {
  const found = result.entries.find((e) => e.factorId === factorId);
  if (found === undefined) throw new Error(`no entry for ${factorId}`);
  return found;
}

const sum = (entries: EmissionEntry[]) => entries.reduce((total, e) => total + e.kgCO2e, 0);

describe('emission-factors.md §3 worked examples', () => {
  test('1: 10,000 kWh UK grid electricity with 2025 factors, plus T&D and WTT', () => {
    const result = run({ category: 'electricity', quantity: 10_000, unit: 'kWh' });
    const location = entry(result, 'desnz25-7_400_4000_5_1');
    expect(location.scope).toBe('scope_2_location');
    expect(location.kgCO2e).toBeCloseTo(1770.0, 2);
    expect(entry(result, 'desnz25-13_402_4000_5_1').kgCO2e).toBeCloseTo(185.3, 2);
    expect(entry(result, 'desnz25-15_917_4000_5_1').kgCO2e).toBeCloseTo(459.0, 2);
    expect(entry(result, 'desnz25-15_918_4000_5_1').kgCO2e).toBeCloseTo(39.7, 2);
    const withScope3 = result.entries.filter((e) => e.scope === 'scope_2_location' || e.scope === 'scope_3');
    expect(sum(withScope3)).toBeCloseTo(2454.0, 2);
    expect(result.entries.filter((e) => e.scope === 'scope_3').every((e) => e.scope3Category === 3)).toBe(
      true,
    );
  });

  test('1b: the same with 2024 factors (DESNZ 2024 v1.1 flat file)', () => {
    const result = run({ date: '2024-06-01', category: 'electricity', quantity: 10_000, unit: 'kWh' });
    const location = entry(result, 'desnz24-7_400_4000_5_1');
    expect(location.dataset).toBe('DESNZ 2024');
    expect(location.kgCO2e).toBeCloseTo(2070.5, 2);
    expect(entry(result, 'desnz24-13_402_4000_5_1').kgCO2e).toBeCloseTo(183.0, 2);
  });

  test('1c: the same with 2026 factors (DESNZ 2026 full set, no longer a secondary source)', () => {
    const result = run({ date: '2026-06-01', category: 'electricity', quantity: 10_000, unit: 'kWh' });
    const location = entry(result, 'desnz26-7_400_4000_5_1');
    // 10,000 kWh × 0.13096 (full set 2026 v1, sheet "UK electricity", cell E25) = 1,309.6 kg.
    expect(location.kgCO2e).toBeCloseTo(1309.6, 2);
    expect(location.flags).not.toContain('secondary_source');
  });

  test('2: 20,000 kWh gross-CV gas: Scope 1 with gas split, WTT, and the net-CV mistake', () => {
    const result = run({ category: 'natural_gas', quantity: 20_000, unit: 'kWh', calorificBasis: 'gross' });
    const scope1 = entry(result, 'desnz25-1_100_1004_6_1');
    expect(scope1.kgCO2e).toBeCloseTo(3659.2, 2);
    expect(scope1.gases?.co2).toBeCloseTo(3651.8, 2);
    expect(scope1.gases?.ch4).toBeCloseTo(5.6, 2);
    expect(scope1.gases?.n2o).toBeCloseTo(1.8, 2);
    expect(entry(result, 'desnz25-11_100_1004_6_1').kgCO2e).toBeCloseTo(604.2, 2);
    const mistaken = run({ category: 'natural_gas', quantity: 20_000, unit: 'kWh', calorificBasis: 'net' });
    expect(entry(mistaken, 'desnz25-1_100_1004_7_1').kgCO2e).toBeCloseTo(4054.0, 2);
    expect(entry(mistaken, 'desnz25-1_100_1004_7_1').kgCO2e / scope1.kgCO2e - 1).toBeCloseTo(0.108, 3);
  });

  test('2b: 1,850 m³ natural gas', () => {
    const result = run({ category: 'natural_gas', quantity: 1850, unit: 'm3' });
    expect(entry(result, 'desnz25-1_100_1004_1_1').kgCO2e).toBeCloseTo(3823.43, 2);
  });

  test('3: 1,000 L forecourt diesel: Scope 1 by gas, WTT, biogenic memo kept out of scopes', () => {
    const result = run({ category: 'diesel', quantity: 1000, unit: 'litre' });
    const scope1 = entry(result, 'desnz25-1_101_1011_8_1');
    expect(scope1.kgCO2e).toBeCloseTo(2570.82, 2);
    expect(scope1.gases?.co2).toBeCloseTo(2537.63, 2);
    expect(scope1.gases?.ch4).toBeCloseTo(0.29, 2);
    expect(scope1.gases?.n2o).toBeCloseTo(32.9, 2);
    expect(entry(result, 'desnz25-11_101_1011_8_1').kgCO2e).toBeCloseTo(611.01, 2);
    const memo = entry(result, 'desnz25-99_604_1011_8_2');
    expect(memo.scope).toBe('outside_scopes');
    expect(memo.kgCO2e).toBeCloseTo(140.0, 2);
    expect(memo.flags).toContain('outside_scopes_memo');
  });

  test('4: 10,000 passenger-km long-haul economy with and without RF, WTT, and the 2024 factor', () => {
    const withRf = run({
      category: 'flight',
      variant: 'long_haul_economy',
      quantity: 10_000,
      unit: 'passenger_km',
    });
    expect(entry(withRf, 'desnz25-21_316_3170_11_1').kgCO2e).toBeCloseTo(1170.4, 2);
    expect(withRf.flags).toContain('radiative_forcing_included');
    expect(entry(withRf, 'desnz25-22_912_3170_11_1').kgCO2e).toBeCloseTo(246.1, 2);
    const noRf = run({
      category: 'flight',
      variant: 'long_haul_economy',
      quantity: 10_000,
      unit: 'passenger_km',
      radiativeForcing: false,
    });
    expect(entry(noRf, 'desnz25-21_316_3171_11_1').kgCO2e).toBeCloseTo(692.6, 2);
    expect(noRf.flags).toContain('radiative_forcing_excluded');
    const in2024 = run({
      date: '2024-06-01',
      category: 'flight',
      variant: 'long_haul_economy',
      quantity: 10_000,
      unit: 'passenger_km',
    });
    expect(entry(in2024, 'desnz24-21_316_3170_11_1').kgCO2e).toBeCloseTo(2001.1, 2);
  });

  test('5: 2,000 passenger-km short-haul, class unknown', () => {
    const withRf = run({ category: 'flight', variant: 'short_haul', quantity: 2000, unit: 'passenger_km' });
    expect(entry(withRf, 'desnz25-21_316_3162_11_1').kgCO2e).toBeCloseTo(255.72, 2);
    const noRf = run({
      category: 'flight',
      variant: 'short_haul_average',
      quantity: 2000,
      unit: 'km',
      radiativeForcing: false,
    });
    expect(entry(noRf, 'desnz25-21_316_3163_11_1').kgCO2e).toBeCloseTo(151.18, 2);
  });

  test('6: 50,000 kWh in California (eGRID CAMX), the CO2-only check, and the US average', () => {
    const result = run({
      country: 'US',
      subregion: 'US-CAMX',
      category: 'electricity',
      quantity: 50_000,
      unit: 'kWh',
    });
    const camx = entry(result, 'us25-egrid-camx');
    expect(camx.kgCO2e).toBeCloseTo(9937.05, 2);
    expect(camx.dataset).toBe('eGRID2023 (EPA Hub 2025)');
    // md: 50 MWh × 436.655 lb CO2/MWh × 0.45359237 kg/lb = 9,903.17 kg CO2 (raw eGRID mass).
    expect(50 * convert(436.655, 'lb', 'kg')).toBeCloseTo(9903.17, 2);
    // The CSV's co2 column is that mass rounded to 6 dp per kWh (0.198063).
    expect(camx.gases?.co2).toBeCloseTo(9903.15, 2);
    const average = run({ country: 'US', category: 'electricity', quantity: 50_000, unit: 'kWh' });
    expect(entry(average, 'us25-egrid-us-average').kgCO2e).toBeCloseTo(17582.1, 2);
    expect(average.flags).toContain('no_td_wtt_factor');
  });

  test('7: 1,000 therms US natural gas', () => {
    const result = run({
      country: 'US',
      category: 'natural_gas',
      quantity: 1000,
      unit: 'therm',
      calorificBasis: 'gross',
    });
    const scope1 = entry(result, 'us25-ng-therm');
    expect(scope1.kgCO2e).toBeCloseTo(5311.45, 2);
    expect(scope1.gases?.co2).toBeCloseTo(5306.0, 2);
  });

  test('8: 3 room-nights in Germany', () => {
    const result = run({ category: 'hotel', variant: 'DE', quantity: 3, unit: 'room_night' });
    expect(entry(result, 'desnz25-29_600_4017_13_1').kgCO2e).toBeCloseTo(39.6, 2);
    expect(result.flags).toEqual([]);
  });

  test('9: USD 10,000 (2022 $) of management consulting', () => {
    const result = run({
      date: '2022-05-01',
      country: 'US',
      category: 'purchased_goods',
      variant: '541611',
      spend: 10_000,
      currency: 'USD',
    });
    expect(entry(result, 'epa13-541611').kgCO2e).toBeCloseTo(780.0, 2);
    expect(result.flags).toEqual([]);
  });

  test('10: 500 m³ mains water, supplied and treated', () => {
    const result = run({ category: 'water', variant: 'supply_and_treatment', quantity: 500, unit: 'm3' });
    expect(entry(result, 'desnz25-17_404_4005_1_1').kgCO2e).toBeCloseTo(95.65, 2);
    expect(entry(result, 'desnz25-17_404_4005_1_1').scope3Category).toBe(1);
    expect(entry(result, 'desnz25-18_405_4006_1_1').kgCO2e).toBeCloseTo(85.44, 2);
    expect(entry(result, 'desnz25-18_405_4006_1_1').scope3Category).toBe(5);
    expect(sum(result.entries)).toBeCloseTo(181.09, 2);
  });

  test("11: DESNZ's own example, 0.5 t food waste to landfill (2025 and 2024)", () => {
    const result = run({ category: 'waste', variant: 'food_landfill', quantity: 0.5, unit: 'tonne' });
    expect(entry(result, 'desnz25-20_507_5292_15_1').kgCO2e).toBeCloseTo(350.15, 2);
    const in2024 = run({
      date: '2024-02-01',
      category: 'waste',
      variant: 'food_landfill',
      quantity: 500,
      unit: 'kg',
    });
    expect(entry(in2024, 'desnz24-20_507_5292_15_1').kgCO2e).toBeCloseTo(350.1, 2);
  });

  test('12: 10,000 kWh in Germany and France, Ember 2024 lifecycle (flagged)', () => {
    const germany = run({ country: 'DE', category: 'electricity', quantity: 10_000, unit: 'kWh' });
    expect(entry(germany, 'ember24-grid-deu').kgCO2e).toBeCloseTo(3420.6, 2);
    expect(germany.flags).toContain('lifecycle_basis');
    const france = run({ country: 'FR', category: 'electricity', quantity: 10_000, unit: 'kWh' });
    expect(entry(france, 'ember24-grid-fra').kgCO2e).toBeCloseTo(441.8, 2);
  });

  test('13: 5 kg R410A topped up', () => {
    const result = run({ category: 'refrigerant', variant: 'R410A', quantity: 5, unit: 'kg' });
    expect(entry(result, 'desnz25-3_201_2156_3_1').kgCO2e).toBeCloseTo(9620.0, 2);
    expect(entry(result, 'desnz25-3_201_2156_3_1').scope).toBe('scope_1');
  });

  test('14: 1,000 vehicle-miles in a US passenger car on business', () => {
    const result = run({
      country: 'US',
      category: 'business_travel_car',
      quantity: 1000,
      unit: 'vehicle_mile',
    });
    const car = entry(result, 'us25-bt-car-vmile');
    expect(car.kgCO2e).toBeCloseTo(298.57, 2);
    expect(car.scope3Category).toBe(6);
  });

  test('15: 100 US gallons of diesel in a stationary generator', () => {
    const result = run({
      country: 'US',
      category: 'diesel',
      variant: 'stationary',
      quantity: 100,
      unit: 'us_gallon',
    });
    expect(entry(result, 'us25-diesel-stat-gal').kgCO2e).toBeCloseTo(1024.27, 2);
  });
});
