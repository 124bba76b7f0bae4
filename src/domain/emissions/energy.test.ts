// Every fuel conversion against the DESNZ fuel properties (PROVENANCE.md §5), arithmetic shown.
// kWh = m³ × kg/m³ / 1000 × GJ/t (gross) × 277.777… kWh/GJ; 1 L = 0.001 m³.
import { describe, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import {
  energyOfLine,
  FUEL_OF_CATEGORY,
  fuelPropertyYear,
  KWH_PER_GJ,
  parseFuelProperties,
} from './energy.ts';
import type { UnitKey } from './units.ts';

const seedUrl = new URL(
  '../../../db/reference/factors/datasets/desnz-fuel-properties-2024-2026.csv',
  import.meta.url,
);
const csv = await Bun.file(seedUrl).text();
const table = parseFuelProperties(csv);

const kWh = (category: string, quantity: number, unit: UnitKey, year = 2025) => {
  const result = energyOfLine({ category, quantity, unit, year }, table);
  if (!result?.counted) throw new Error(`not counted: ${JSON.stringify(result)}`);
  return result.kWh;
};

describe('DESNZ fuel properties copy', () => {
  const shared = new URL(
    '../../../../shared/reference/datasets/desnz-fuel-properties-2024-2026.csv',
    import.meta.url,
  );
  test.skipIf(!existsSync(shared))(
    'is a byte-for-byte copy of shared/reference/datasets/desnz-fuel-properties-2024-2026.csv',
    async () => {
      expect(csv).toBe(await Bun.file(shared).text());
    },
  );

  test('holds 39 fuels for each of 2024, 2025 and 2026 (117 rows)', () => {
    expect(table.size).toBe(117);
  });

  test('names every mapped fuel exactly as DESNZ does, in every publication year', () => {
    for (const fuel of Object.values(FUEL_OF_CATEGORY)) {
      for (const year of [2024, 2025, 2026]) expect(table.has(`${year}|${fuel}`)).toBe(true);
    }
  });
});

describe('fuel conversions (gross CV, DESNZ 2025 unless stated)', () => {
  test('1 GJ is 277.777… kWh (1e9 J / 3.6e6 J)', () => {
    expect(KWH_PER_GJ).toBeCloseTo(277.7778, 4);
  });

  test('1,000 L diesel = 1 m³ × 832.361 kg/m³ / 1000 × 45.545 GJ/t × 277.78 = 10,530.52 kWh', () => {
    expect(kWh('diesel', 1000, 'litre')).toBeCloseTo(10530.5227, 3);
    // DESNZ's own gross kWh/litre (10.531, rounded to 3 dp) agrees within its rounding.
    expect(Math.abs(kWh('diesel', 1000, 'litre') - 1000 * 10.531)).toBeLessThan(0.5);
  });

  test('diesel takes the publication nearest the activity year: 2024 (45.399, 833.519), 2026 (45.581, 832.107)', () => {
    // 2024: 0.833519 t × 45.399 × 277.78 = 10,511.37 kWh; 2023 uses 2024 too.
    expect(kWh('diesel', 1000, 'litre', 2024)).toBeCloseTo(10511.3692, 3);
    expect(kWh('diesel', 1000, 'litre', 2023)).toBeCloseTo(10511.3692, 3);
    // 2026: 0.832107 t × 45.581 × 277.78 = 10,535.63 kWh; 2027 uses 2026.
    expect(kWh('diesel', 1000, 'litre', 2026)).toBeCloseTo(10535.6303, 3);
    expect(kWh('diesel', 1000, 'litre', 2027)).toBeCloseTo(10535.6303, 3);
    expect(fuelPropertyYear(2019)).toBe(2024);
  });

  test('100 m³ natural gas = 100 × 50.678 GJ/t × 0.802 kg/m³ / 1000 × 277.78 = 1,128.99 kWh (11.29 kWh/m³)', () => {
    expect(kWh('natural_gas', 100, 'm3')).toBeCloseTo(1128.9932, 3);
    // 2026 (PROVENANCE.md example): 49.521 × 0.808 / 1000 × 277.78 = 11.1147 kWh/m³.
    expect(kWh('natural_gas', 1, 'm3', 2026)).toBeCloseTo(11.11471, 4);
  });

  test('1,000 scf natural gas = 1,000 × 0.3048³ m³ = 28.3168 m³ → 319.70 kWh', () => {
    expect(kWh('natural_gas', 1000, 'scf')).toBeCloseTo(319.6953, 3);
  });

  test('1 US gal diesel = 3.785411784 L → 0.003785 m³ × 832.361 / 1000 × 45.545 × 277.78 = 39.862 kWh', () => {
    expect(kWh('diesel', 1, 'us_gallon')).toBeCloseTo(39.86236, 4);
  });

  test('100 L petrol = 0.1 × 746.204 / 1000 × 45.46 × 277.78 = 942.29 kWh (DESNZ 9.423 kWh/L)', () => {
    expect(kWh('petrol', 100, 'litre')).toBeCloseTo(942.2898, 3);
  });

  test('100 L gas oil = 0.1 × 853.971 / 1000 × 45.286 × 277.78 = 1,074.25 kWh (DESNZ 10.742 kWh/L)', () => {
    expect(kWh('gas_oil', 100, 'litre')).toBeCloseTo(1074.2481, 3);
  });

  test('100 L heating oil (burning oil) = 0.1 × 802.568 / 1000 × 46.174 × 277.78 = 1,029.38 kWh', () => {
    expect(kWh('heating_oil', 100, 'litre')).toBeCloseTo(1029.3826, 3);
  });

  test('100 L LPG = 0.1 × 529.749 / 1000 × 49.333 × 277.78 = 725.95 kWh (DESNZ 7.259 kWh/L)', () => {
    expect(kWh('lpg', 100, 'litre')).toBeCloseTo(725.9474, 3);
  });

  test('1 tonne propane = 50.4 GJ × 277.78 = 14,000 kWh; 10 kg = 140 kWh', () => {
    expect(kWh('propane', 1, 'tonne')).toBeCloseTo(14000, 6);
    expect(kWh('propane', 10, 'kg')).toBeCloseTo(140, 6);
  });

  test('1 tonne LPG = 49.333 GJ × 277.78 = 13,703.61 kWh', () => {
    expect(kWh('lpg', 1, 'tonne')).toBeCloseTo(13703.6111, 3);
  });

  test('energy units are taken as stated: 1 therm = 29.3071 kWh, 1 MWh = 1,000 kWh, 1 GJ = 277.78 kWh', () => {
    expect(kWh('natural_gas', 1, 'therm')).toBeCloseTo(29.30711, 5);
    expect(kWh('natural_gas', 1, 'MWh')).toBe(1000);
    expect(kWh('heating_oil', 1, 'GJ')).toBeCloseTo(277.7778, 4);
    expect(kWh('propane', 1, 'mmBtu')).toBeCloseTo(293.07107, 4);
  });

  test('electricity, district heat and steam count as metered', () => {
    expect(kWh('electricity', 1200, 'kWh')).toBe(1200);
    expect(kWh('district_heat', 2, 'MWh')).toBe(2000);
    expect(kWh('steam', 1, 'mmBtu')).toBeCloseTo(293.07107, 4);
  });
});

describe('energy not counted', () => {
  const result = (category: string, quantity: number | null, unit: UnitKey | undefined) =>
    energyOfLine({ category, quantity, unit, year: 2025 }, table);

  test('an owned vehicle by distance is visibly not counted (no published kWh per km)', () => {
    expect(result('owned_vehicle', 500, 'km')).toEqual({ counted: false, reason: 'distance_only' });
  });

  test('a spend-only fuel line is not counted', () => {
    expect(result('diesel', null, undefined)).toEqual({ counted: false, reason: 'no_quantity' });
  });

  test('a gas-meter volume of a liquid fuel and litres of electricity are not convertible', () => {
    expect(result('diesel', 10, 'scf')).toEqual({ counted: false, reason: 'unit_not_convertible' });
    expect(result('electricity', 10, 'litre')).toEqual({ counted: false, reason: 'unit_not_convertible' });
  });

  test('categories that are not energy give null', () => {
    expect(result('water', 10, 'm3')).toBeNull();
    expect(result('flight', 10, 'passenger_km')).toBeNull();
  });
});
