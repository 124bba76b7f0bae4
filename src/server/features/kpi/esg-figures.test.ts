import { describe, expect, test } from 'bun:test';
import { fuelProperties } from '../../../../db/reference/factors/fuel-properties.ts';
import { type EnergyGroupRow, energyTotalsFrom } from '../../../domain/emissions/energy-totals.ts';
import { esgFiguresFrom, isRecoveredWaste } from './esg-figures.ts';

/** Energy totals of a few grouped rows dated in 2025 (DESNZ 2025 fuel properties). */
const totals = (
  rows: Pick<EnergyGroupRow, 'category' | 'unit' | 'quantity'>[],
  instrument: (string | null)[] = [],
) =>
  energyTotalsFrom(
    rows.map((row, index) => ({
      date: '2025-06-01',
      datasets: '[]',
      instrument: instrument[index] ?? null,
      lines: 1,
      kgScope2Market: null,
      ...row,
    })),
    fuelProperties(),
  );

const empty = {
  scopes: [],
  priorScopes: [],
  energy: totals([]),
  priorEnergy: totals([]),
  water: [],
  waste: [],
  financials: null,
  workforce: null,
};

describe('esgFiguresFrom', () => {
  test('gives no figure at all for an empty ledger', () => {
    expect(esgFiguresFrom(empty)).toEqual({ values: {}, notes: {} });
  });

  test('gives a scope only when the ledger has results in it', () => {
    const { values: figures } = esgFiguresFrom({
      ...empty,
      scopes: [{ scope: 'scope_2_location', kg: 1770 }],
    });
    expect(figures.scope_2_location_t).toEqual({ value: 1.77, unit: 'tCO2e' });
    expect(figures.scope_1_2_location_t).toEqual({ value: 1.77, unit: 'tCO2e' });
    expect(figures.scope_1_t).toBeUndefined();
    expect(figures.scope_3_t).toBeUndefined();
  });

  test('sums energy with diesel litres converted by DESNZ fuel properties; renewable share is of total energy', () => {
    const { values: figures, notes } = esgFiguresFrom({
      ...empty,
      energy: totals(
        [
          { category: 'electricity', unit: 'MWh', quantity: 2 },
          { category: 'electricity', unit: 'kWh', quantity: 6000 },
          { category: 'natural_gas', unit: 'kWh', quantity: 12000 },
          { category: 'diesel', unit: 'litre', quantity: 500 },
        ],
        ['renewable_tariff'],
      ),
      water: [{ unit: 'm3', quantity: 12 }],
    });
    // 500 L diesel = 0.5 m³ × 832.361 kg/m³ / 1000 × 45.545 GJ/t × 277.78 = 5,265.2614 kWh (DESNZ 2025).
    const diesel = (0.5 * 832.361 * 45.545) / 3.6;
    expect(figures.energy_kwh?.value).toBeCloseTo(20000 + diesel, 6);
    expect(figures.energy_kwh?.value).toBeCloseTo(25265.2614, 3);
    expect(notes.energy_kwh).toBeUndefined();
    expect(figures.energy_mwh?.value).toBeCloseTo(25.2652614, 6);
    expect(figures.energy_kwh_electricity).toEqual({ value: 8000, unit: 'kWh' });
    expect(figures.energy_kwh_gas).toEqual({ value: 12000, unit: 'kWh' });
    expect(figures.energy_kwh_transport?.value).toBeCloseTo(5265.2614, 3);
    expect(figures.energy_mwh_electricity).toEqual({ value: 8, unit: 'MWh' });
    expect(figures.energy_mwh_fuels?.value).toBeCloseTo(17.2652614, 6);
    // 2,000 renewable kWh of 25,265.26 kWh in all = 7.916 % (of electricity it would be 25 %).
    expect(figures.renewable_share_percent?.value).toBeCloseTo(7.916, 3);
    expect(figures.water_m3).toEqual({ value: 12, unit: 'm³' });
  });

  test('says which lines the energy total leaves out: owned vehicles by distance', () => {
    const { values, notes } = esgFiguresFrom({
      ...empty,
      energy: totals([
        { category: 'electricity', unit: 'kWh', quantity: 1000 },
        { category: 'owned_vehicle', unit: 'km', quantity: 1234 },
      ]),
    });
    expect(values.energy_kwh).toEqual({ value: 1000, unit: 'kWh' });
    expect(notes.energy_kwh).toBe(
      'Energy not counted: 1 owned-vehicle line recorded by distance (1,234 km): no published energy-per-km figure exists, so record the fuel bought, in litres, to count their energy.',
    );
  });

  test('splits waste into recovered and disposed by the variant’s route', () => {
    expect(isRecoveredWaste('paper_recycling')).toBe(true);
    expect(isRecoveredWaste('food_anaerobic_digestion')).toBe(true);
    expect(isRecoveredWaste('commercial_industrial_energy_recovery')).toBe(false);
    const { values: figures } = esgFiguresFrom({
      ...empty,
      waste: [
        { variant: 'food_landfill', unit: 'kg', quantity: 1500 },
        { variant: 'food_composting', unit: 'tonne', quantity: 0.5 },
      ],
    });
    expect(figures.waste_t).toEqual({ value: 2, unit: 't' });
    expect(figures.waste_recycled_t).toEqual({ value: 0.5, unit: 't' });
  });

  test('recycled waste is 0 t, not missing, when all recorded waste went to disposal', () => {
    const { values: figures } = esgFiguresFrom({
      ...empty,
      waste: [{ variant: 'food_landfill', unit: 'kg', quantity: 100 }],
    });
    expect(figures.waste_recycled_t).toEqual({ value: 0, unit: 't' });
  });

  test('transport fuel counts litres and imperial gallons as well as kWh', () => {
    const { values, notes } = esgFiguresFrom({
      ...empty,
      energy: totals([
        { category: 'petrol', unit: 'kWh', quantity: 900 },
        { category: 'diesel', unit: 'litre', quantity: 1000 },
        { category: 'petrol', unit: 'uk_gallon', quantity: 10 },
      ]),
    });
    // 900 + 1,000 L diesel (10,530.5227 kWh) + 10 × 4.54609 L petrol = 0.0454609 m³ × 746.204 /
    // 1000 × 45.46 GJ/t × 277.78 = 428.3752 kWh.
    const petrol = (0.0454609 * 746.204 * 45.46) / 3.6;
    expect(values.energy_kwh_transport?.value).toBeCloseTo(900 + 10530.5227 + petrol, 3);
    expect(notes).toEqual({});
  });

  test('SECR ratios divide Scope 1 and 2 only, the gross ratios add Scope 3', () => {
    const { values } = esgFiguresFrom({
      ...empty,
      scopes: [
        { scope: 'scope_1', kg: 3000 },
        { scope: 'scope_2_location', kg: 1000 },
        { scope: 'scope_3', kg: 4000 },
      ],
      financials: { revenue: 2_000_000, currency: 'GBP', employees: 8 },
    });
    // 4 t over £2m = 2 t per million; 8 t gross over £2m = 4; per employee 4/8 and 8/8.
    expect(values.intensity_scope_1_2_per_revenue).toEqual({ value: 2, unit: 'tCO2e per million GBP' });
    expect(values.intensity_per_revenue).toEqual({ value: 4, unit: 'tCO2e per million GBP' });
    expect(values.intensity_scope_1_2_per_employee).toEqual({ value: 0.5, unit: 'tCO2e per employee' });
    expect(values.intensity_per_employee).toEqual({ value: 1, unit: 'tCO2e per employee' });
  });

  test('a regional ratio is left empty, with the reason, when the company has activity elsewhere', () => {
    const { values, notes } = esgFiguresFrom({
      ...empty,
      scopes: [{ scope: 'scope_1', kg: 3000 }],
      financials: { revenue: 2_000_000, currency: 'GBP', employees: 8 },
      hasActivityOutsideRegion: true,
    });
    expect(values.scope_1_t).toEqual({ value: 3, unit: 'tCO2e' });
    expect(values.intensity_scope_1_2_per_revenue).toBeUndefined();
    expect(values.intensity_scope_1_2_per_employee).toBeUndefined();
    expect(notes.intensity_scope_1_2_per_revenue).toContain('sites outside this region');
  });
});
