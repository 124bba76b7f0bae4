// The product library built from the publishers' files (decision 047): DESNZ rows by reporting
// year with their flat-file IDs, and spend lines through Defra SIC / EPA NAICS with ECB FX and
// CPI-U deflation. Every expected figure is computed by hand from the published values.
import { describe, expect, test } from 'bun:test';
import { factorLibrary } from '../../../db/reference/factors/seed.ts';
import { calculateActivity } from './calculate.ts';
import type { ActivityInput, LineResult } from './types.ts';

const library = factorLibrary();
const run = (input: Partial<ActivityInput> & Pick<ActivityInput, 'category'>): LineResult =>
  calculateActivity({ date: '2025-06-01', country: 'GB', ...input }, library);

describe('DESNZ factors by reporting year', () => {
  test('2023 activity uses DESNZ 2023 and 2025 activity DESNZ 2025, each with its flat-file ID', () => {
    const gas = (date: string) =>
      run({ date, category: 'natural_gas', quantity: 10_000, unit: 'kWh', calorificBasis: 'gross' })
        .entries[0]!;
    // DESNZ 2023 v1.1 stores 0.18292892617449666; the published (5 dp) factor is 0.18293:
    // 10,000 kWh × 0.18293 = 1,829.3 kg CO2e.
    const y2023 = gas('2023-03-01');
    expect(y2023.factorId).toBe('desnz23-1_100_1004_6_1');
    expect(y2023.dataset).toBe('DESNZ 2023');
    expect(y2023.kgCO2e).toBeCloseTo(1829.3, 6);
    // DESNZ 2025: 10,000 × 0.18296 = 1,829.6 kg.
    const y2025 = gas('2025-03-01');
    expect(y2025.factorId).toBe('desnz25-1_100_1004_6_1');
    expect(y2025.kgCO2e).toBeCloseTo(1829.6, 6);
    // DESNZ 2024 v1.1: 10,000 × 0.1829 = 1,829.0; DESNZ 2026 full set: 10,000 × 0.18231 = 1,823.1.
    expect(gas('2024-03-01')).toMatchObject({ factorId: 'desnz24-1_100_1004_6_1' });
    expect(gas('2024-03-01').kgCO2e).toBeCloseTo(1829.0, 6);
    expect(gas('2026-03-01')).toMatchObject({ factorId: 'desnz26-1_100_1004_6_1' });
    expect(gas('2026-03-01').kgCO2e).toBeCloseTo(1823.1, 6);
  });

  test('1,000 L diesel in 2023 against 2025: 2,512.06 kg against 2,570.82 kg', () => {
    const diesel = (date: string) =>
      run({ date, category: 'diesel', quantity: 1000, unit: 'litre' }).entries.find(
        (e) => e.scope === 'scope_1',
      )!;
    // 2023: 2.5120638845637586 → published 2.51206 × 1,000 = 2,512.06.
    expect(diesel('2023-05-01')).toMatchObject({
      factorId: 'desnz23-1_101_1011_8_1',
      kgCO2ePerUnit: 2.51206,
    });
    expect(diesel('2023-05-01').kgCO2e).toBeCloseTo(2512.06, 6);
    // 2025: 2.57082 × 1,000 = 2,570.82.
    expect(diesel('2025-05-01')).toMatchObject({
      factorId: 'desnz25-1_101_1011_8_1',
      kgCO2ePerUnit: 2.57082,
    });
  });

  test('the curated ids stay resolvable but are never chosen', () => {
    expect(library.byId.get('uk25-ng-kwh-gross')?.kgCO2ePerUnit).toBe(0.18296);
    expect(library.byId.get('useeio13-541611')?.kgCO2ePerUnit).toBe(0.078);
    expect(library.superseded.has('uk25-ng-kwh-gross')).toBe(true);
    expect(library.superseded.has('uk26-elec-grid')).toBe(true);
    const chosen = library.byActivity.get('natural_gas')?.get('GB') ?? [];
    expect(chosen.some((f) => f.id.startsWith('uk2'))).toBe(false);
  });

  test('every DESNZ refrigerant and waste route the publisher lists is calculable', () => {
    // R407C, Kyoto products only (ID 3_201_2135_3_1): 2 kg × 1,624 = 3,248 kg.
    const r407c = run({ category: 'refrigerant', variant: 'R-407C', quantity: 2, unit: 'kg' }).entries[0]!;
    expect(r407c).toMatchObject({ factorId: 'desnz25-3_201_2135_3_1', kgCO2e: 3248 });
    // Commercial and industrial waste to energy recovery: 2023 calls the route "Combustion",
    // 2025 "Incineration with Energy Recovery"; same ID 20_507_5311_15_1. 2 t × 4.68568 = 9.37136 kg.
    const efw = run({
      category: 'waste',
      variant: 'commercial_industrial_energy_recovery',
      quantity: 2,
      unit: 'tonne',
    }).entries[0]!;
    expect(efw.factorId).toBe('desnz25-20_507_5311_15_1');
    expect(efw.kgCO2e).toBeCloseTo(9.37136, 9);
    const wood = run({
      category: 'waste',
      variant: 'wood_recycling_closed_loop',
      quantity: 1,
      unit: 'tonne',
    });
    expect(wood.entries[0]?.factorId).toMatch(/^desnz25-20_/);
  });

  test('hotel stays use the DESNZ factor of every country it publishes, not the UK proxy', () => {
    // Japan, DESNZ 2025 Hotel stay (ID 29_600_4025_13_1): 2 room-nights × 39.0 = 78 kg.
    const japan = run({ category: 'hotel', variant: 'JP', quantity: 2, unit: 'room_night' });
    expect(japan.entries[0]).toMatchObject({ factorId: 'desnz25-29_600_4025_13_1', kgCO2e: 78 });
    expect(japan.flags).not.toContain('region_fallback');
  });

  test('every factor, curated ones included, cites the publisher, never a GitHub copy', () => {
    for (const f of library.factors) {
      expect(`${f.source} ${f.sourceUrl}`).not.toMatch(/read from repo|github\.com|values as quoted in/i);
    }
    expect(library.byId.get('desnz25-1_100_1004_6_1')!.source).toBe(
      'UK DESNZ, Greenhouse gas reporting: conversion factors 2025 (v1.0, flat file, 10 June 2025)',
    );
  });
});

describe('spend by category, country and currency', () => {
  test('£1,000 of packaging in 2025 at a UK site: Defra SIC 17, not deflated', () => {
    const result = run({ category: 'purchased_goods', variant: 'packaging', spend: 1000, currency: 'GBP' });
    const e = result.entries[0]!;
    // 1,000 × 0.80499733889321012 (Defra SIC 17 "Paper and paper products", kg CO2e per £ 2022).
    expect(e.factorId).toBe('defrasic22-17');
    expect(e.kgCO2e).toBeCloseTo(804.99733889321, 9);
    expect(e.scope3Category).toBe(1);
    expect(result.flags).toContain('spend_not_deflated');
    expect(result.flags).not.toContain('spend_converted_currency');
  });

  test('$1,000 of NAICS 322211 in 2025 at a US site: deflated to 2022 USD with CPI-U', () => {
    const result = run({
      country: 'US',
      category: 'purchased_goods',
      variant: 'packaging',
      spend: 1000,
      currency: 'USD',
    });
    const e = result.entries[0]!;
    // 1,000 × 292.655 / 321.943 = 909.0274 (2022 USD) × 0.479 (EPA v1.3 322211, with margins) = 435.4241 kg.
    expect(e.factorId).toBe('epa13-322211');
    expect(e.activityQuantity).toBeCloseTo((1000 * 292.655) / 321.943, 9);
    expect(e.kgCO2e).toBeCloseTo(435.42411234, 6);
    expect(result.flags).toContain('spend_deflated_cpi_u');
    expect(result.flags).not.toContain('spend_not_deflated');
  });

  test('€500 at a US site in 2025: ECB cross rate, then CPI-U', () => {
    const result = run({
      country: 'US',
      category: 'purchased_goods',
      variant: 'packaging',
      spend: 500,
      currency: 'EUR',
    });
    // 500 × 1.129983 (USD per EUR, 2025 mean) = $564.9915 × 292.655 / 321.943 × 0.479 = 246.0109 kg.
    expect(result.entries[0]!.kgCO2e).toBeCloseTo(246.01092237, 6);
    expect(result.flags).toEqual(
      expect.arrayContaining(['spend_converted_currency', 'spend_deflated_cpi_u']),
    );
  });

  test('¥100,000 of accountancy in 2024 at a UK site: JPY → GBP through EUR, Defra SIC 69.2', () => {
    const result = run({
      date: '2024-04-01',
      category: 'purchased_goods',
      variant: 'accountancy_legal',
      spend: 100_000,
      currency: 'JPY',
    });
    // 100,000 / 163.851914 × 0.846617 = £516.6985 × 0.068713434543 = 35.5040 kg.
    expect(result.entries[0]).toMatchObject({ factorId: 'defrasic22-69.2' });
    expect(result.entries[0]!.kgCO2e).toBeCloseTo(35.50398674, 6);
  });

  test('a German site uses the EPA row as a stated proxy', () => {
    const result = run({
      country: 'DE',
      category: 'purchased_goods',
      variant: 'machinery_equipment',
      spend: 1000,
      currency: 'EUR',
    });
    // 1,000 × 1.129983 × 292.655 / 321.943 × 0.205 (EPA 333318) = 210.5… kg, Scope 3 Cat 2.
    expect(result.entries[0]).toMatchObject({ factorId: 'epa13-333318', scope3Category: 2 });
    expect(result.entries[0]!.kgCO2e).toBeCloseTo(((1000 * 1.129983 * 292.655) / 321.943) * 0.205, 9);
    expect(result.flags).toContain('spend_proxy_region');
  });

  test('a six-digit NAICS code still works, and 2026 USD is flagged not deflated (no CPI-U yet)', () => {
    const result = run({
      date: '2026-02-01',
      country: 'US',
      category: 'purchased_goods',
      variant: '541611',
      spend: 10_000,
      currency: 'USD',
    });
    // 10,000 × 0.078 = 780 kg (no index for 2026, applied as 2022 USD).
    expect(result.entries[0]).toMatchObject({ factorId: 'epa13-541611', kgCO2e: 780 });
    expect(result.flags).toContain('spend_not_deflated');
  });

  test('a currency no ECB rate covers gives no entries and fx_rate_missing', () => {
    const result = run({ category: 'purchased_goods', variant: 'packaging', spend: 1000, currency: 'NGN' });
    expect(result.entries).toEqual([]);
    expect(result.flags).toEqual(expect.arrayContaining(['fx_rate_missing', 'no_factor']));
  });

  test('an unknown spend category is an unknown variant', () => {
    expect(() =>
      run({ category: 'purchased_goods', variant: 'unicorns', spend: 1, currency: 'GBP' }),
    ).toThrow('Unknown purchased_goods variant');
  });
});
