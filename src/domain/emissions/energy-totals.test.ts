// Energy totals of a period from grouped ledger rows: kinds, renewable shares of total energy and
// of electricity, energy not counted, and how market-based scope 2 was made (decision 048).
import { describe, expect, test } from 'bun:test';
import { fuelProperties } from '../../../db/reference/factors/fuel-properties.ts';
import { type EnergyGroupRow, energyTotalsFrom } from './energy-totals.ts';

const row = (patch: Partial<EnergyGroupRow> & Pick<EnergyGroupRow, 'category'>): EnergyGroupRow => ({
  date: '2025-03-01',
  datasets: '[]',
  unit: 'kWh',
  instrument: null,
  quantity: 0,
  lines: 1,
  kgScope2Market: null,
  ...patch,
});

// DESNZ 2025 gross: 1,000 L diesel = 1 m³ × 832.361 kg/m³ / 1000 × 45.545 GJ/t × 277.78 kWh/GJ.
const DIESEL_1000_L = (832.361 * 45.545) / 3.6; // 10,530.5227 kWh

describe('energyTotalsFrom', () => {
  const ledger = [
    row({ category: 'electricity', quantity: 30_000, kgScope2Market: 30_000 * 0.177 }),
    row({
      category: 'electricity',
      quantity: 10_000,
      instrument: 'renewable_tariff',
      kgScope2Market: 0,
      date: '2025-04-01',
    }),
    row({ category: 'natural_gas', quantity: 20_000 }),
    row({ category: 'diesel', unit: 'litre', quantity: 1000, date: '2025-04-02' }),
    row({ category: 'owned_vehicle', unit: 'km', quantity: 800, lines: 2 }),
    row({ category: 'electricity', unit: undefined, quantity: null, lines: 3 }),
  ];
  const totals = energyTotalsFrom(ledger, fuelProperties());

  test('adds electricity, gas and diesel litres into one total, by kind and month', () => {
    // 40,000 + 20,000 + 10,530.5227 = 70,530.5227 kWh
    expect(totals.totalKWh).toBeCloseTo(60_000 + DIESEL_1000_L, 6);
    expect(totals.totalKWh).toBeCloseTo(70_530.5227, 3);
    expect(totals.byKind).toEqual({
      electricity: 40_000,
      heat_steam: null,
      stationary_fuel: 20_000,
      transport_fuel: expect.closeTo(DIESEL_1000_L, 6),
    });
    expect(totals.monthly.map((entry) => entry.period)).toEqual(['2025-03', '2025-04']);
    expect(totals.monthly[1]?.kWh).toBeCloseTo(10_000 + DIESEL_1000_L, 6);
    expect(totals.basis).toBe('gross');
    expect(totals.fuelPropertyYears).toEqual([2025]);
    // Only the diesel litres were converted with fuel properties; the gas was bought in kWh
    // (decision 058: the energy figures that cite the fuel properties).
    expect(totals.fuelPropertyCategories).toEqual(['diesel']);
  });

  test('renewable share is of total energy, and of electricity separately', () => {
    // 10,000 / 70,530.5227 = 14.178 % of total energy; 10,000 / 40,000 = 25 % of electricity.
    expect(totals.renewableKWh).toBe(10_000);
    expect(totals.renewableShareOfTotal).toBeCloseTo(0.14178, 5);
    expect(totals.renewableShareOfElectricity).toBe(0.25);
  });

  test('lines whose energy is not counted are listed with their reason and distance', () => {
    expect(totals.notCounted).toEqual([
      { category: 'electricity', reason: 'no_quantity', lines: 3, quantity: null, unit: null },
      { category: 'owned_vehicle', reason: 'distance_only', lines: 2, quantity: 800, unit: 'km' },
    ]);
    expect(totals.vehicleDistanceKm).toBe(800);
  });

  test('market-based scope 2 is split into contract, supplier factor and location-based proxy', () => {
    const supplier = row({
      category: 'electricity',
      quantity: 5000,
      datasets: '["Supplier-specific emission factor","UK DESNZ 2025"]',
      kgScope2Market: 5000 * 0.1,
    });
    const basis = energyTotalsFrom([...ledger, supplier], fuelProperties()).scope2MarketBasis;
    expect(basis.contractual).toEqual({ kWh: 10_000, tCO2e: 0 });
    expect(basis.supplierFactor).toEqual({ kWh: 5000, tCO2e: 0.5 });
    // 30,000 kWh × 0.177 kg/kWh (DESNZ 2025 UK grid) = 5,310 kg = 5.31 t stood in for a market factor.
    expect(basis.locationProxy.kWh).toBe(30_000);
    expect(basis.locationProxy.tCO2e).toBeCloseTo(5.31, 9);
  });

  test('nothing recorded is null, never 0', () => {
    const none = energyTotalsFrom([], fuelProperties());
    expect(none.totalKWh).toBeNull();
    expect(none.renewableShareOfTotal).toBeNull();
    expect(none.renewableShareOfElectricity).toBeNull();
    expect(none.byKind.electricity).toBeNull();
  });
});
