// Fuel lines whose kWh depends on their CV basis or variant (decision 048), with the arithmetic.
import { describe, expect, test } from 'bun:test';
import { fuelProperties } from '../../../db/reference/factors/fuel-properties.ts';
import { type EnergyAdjustmentRow, energyAdjustmentKWh } from './energy-adjustments.ts';
import { energyTotalsFrom } from './energy-totals.ts';

const row = (patch: Partial<EnergyAdjustmentRow>): EnergyAdjustmentRow => ({
  date: '2025-02-01',
  category: 'natural_gas',
  unit: 'kWh',
  variant: null,
  calorificBasis: null,
  quantity: 0,
  ...patch,
});

describe('energyAdjustmentKWh', () => {
  test('re-bases net-CV kWh to gross: 10,000 kWh net gas × 50.678 / 45.745 = 11,078.37 kWh (+1,078.37)', () => {
    const kWh = energyAdjustmentKWh(row({ quantity: 10_000, calorificBasis: 'net' }), fuelProperties());
    expect(kWh).toBeCloseTo(1078.3692, 3);
  });

  test('takes Gas Oil for distillate heating oil: 100 L = 1,074.25 kWh instead of Burning Oil 1,029.38 (+44.87)', () => {
    // Gas Oil: 0.1 × 853.971 / 1000 × 45.286 × 277.78; Burning Oil: 0.1 × 802.568 / 1000 × 46.174 × 277.78.
    const kWh = energyAdjustmentKWh(
      row({ category: 'heating_oil', unit: 'litre', variant: 'distillate_no2', quantity: 100 }),
      fuelProperties(),
    );
    expect(kWh).toBeCloseTo(44.8654, 3);
  });

  test('leaves gross kWh and plain heating oil alone', () => {
    expect(energyAdjustmentKWh(row({ quantity: 10_000, calorificBasis: 'gross' }), fuelProperties())).toBe(0);
    expect(
      energyAdjustmentKWh(row({ category: 'heating_oil', unit: 'litre', quantity: 100 }), fuelProperties()),
    ).toBe(0);
  });

  test('the totals add the correction to the total, its kind, category and month', () => {
    const totals = energyTotalsFrom(
      [
        {
          date: '2025-02-01',
          datasets: '[]',
          category: 'natural_gas',
          unit: 'kWh',
          instrument: null,
          quantity: 10_000,
          lines: 1,
          kgScope2Market: null,
        },
      ],
      fuelProperties(),
      [row({ quantity: 10_000, calorificBasis: 'net' })],
    );
    expect(totals.totalKWh).toBeCloseTo(11_078.3692, 3);
    expect(totals.byKind.stationary_fuel).toBeCloseTo(11_078.3692, 3);
    expect(totals.byCategory[0]?.kWh).toBeCloseTo(11_078.3692, 3);
    expect(totals.monthly[0]?.kWh).toBeCloseTo(11_078.3692, 3);
  });
});
