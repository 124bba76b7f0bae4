import { describe, expect, test } from 'bun:test';
import { esgFiguresFrom, isRecoveredWaste } from './esg-figures.ts';

const empty = {
  scopes: [],
  priorScopes: [],
  energy: [],
  priorEnergy: [],
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

  test('sums energy by carrier in kWh and ignores lines in units that are not energy', () => {
    const { values: figures, notes } = esgFiguresFrom({
      ...empty,
      energy: [
        { category: 'electricity', unit: 'MWh', instrument: 'renewable_tariff', quantity: 2 },
        { category: 'electricity', unit: 'kWh', instrument: null, quantity: 6000 },
        { category: 'natural_gas', unit: 'kWh', instrument: null, quantity: 12000 },
        { category: 'diesel', unit: 'litre', instrument: null, quantity: 500 },
        { category: 'water', unit: 'm3', instrument: null, quantity: 12 },
      ],
    });
    expect(figures.energy_kwh).toEqual({ value: 20000, unit: 'kWh' });
    expect(notes.energy_kwh).toBe(
      'Leaves out 500 litres of diesel: fuel recorded in litres cannot yet be converted to kWh. Add its kWh from your fuel-card or supplier statements.',
    );
    expect(figures.energy_mwh).toEqual({ value: 20, unit: 'MWh' });
    expect(figures.energy_kwh_electricity).toEqual({ value: 8000, unit: 'kWh' });
    expect(figures.energy_kwh_gas).toEqual({ value: 12000, unit: 'kWh' });
    expect(figures.energy_kwh_transport).toBeUndefined();
    expect(notes.energy_kwh_transport).toBe(
      'The ledger holds 500 litres of diesel for this year, but litres of transport fuel cannot yet be converted to kWh. Enter the kWh from your fuel-card or supplier statements.',
    );
    expect(figures.renewable_share_percent).toEqual({ value: 25, unit: '%' });
    expect(figures.water_m3).toEqual({ value: 12, unit: 'm³' });
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

  test('transport fuel has no kWh figure while any of it is in litres, and one when all is in kWh', () => {
    const inLitres = esgFiguresFrom({
      ...empty,
      energy: [
        { category: 'petrol', unit: 'kWh', instrument: null, quantity: 900 },
        { category: 'diesel', unit: 'litre', instrument: null, quantity: 1000 },
        { category: 'petrol', unit: 'uk_gallon', instrument: null, quantity: 10 },
      ],
    });
    expect(inLitres.values.energy_kwh_transport).toBeUndefined();
    // 10 imperial gallons × 4.54609 L = 45.4609 L → '45 litres'.
    expect(inLitres.notes.energy_kwh_transport).toContain('1,000 litres of diesel, 45 litres of petrol');
    const inKWh = esgFiguresFrom({
      ...empty,
      energy: [{ category: 'diesel', unit: 'kWh', instrument: null, quantity: 10500 }],
    });
    expect(inKWh.values.energy_kwh_transport).toEqual({ value: 10500, unit: 'kWh' });
    expect(inKWh.notes).toEqual({});
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
