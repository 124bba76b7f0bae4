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
    expect(esgFiguresFrom(empty)).toEqual({});
  });

  test('gives a scope only when the ledger has results in it', () => {
    const figures = esgFiguresFrom({ ...empty, scopes: [{ scope: 'scope_2_location', kg: 1770 }] });
    expect(figures.scope_2_location_t).toEqual({ value: 1.77, unit: 'tCO2e' });
    expect(figures.scope_1_2_location_t).toEqual({ value: 1.77, unit: 'tCO2e' });
    expect(figures.scope_1_t).toBeUndefined();
    expect(figures.scope_3_t).toBeUndefined();
  });

  test('sums energy by carrier in kWh and ignores lines in units that are not energy', () => {
    const figures = esgFiguresFrom({
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
    expect(figures.energy_mwh).toEqual({ value: 20, unit: 'MWh' });
    expect(figures.energy_kwh_electricity).toEqual({ value: 8000, unit: 'kWh' });
    expect(figures.energy_kwh_gas).toEqual({ value: 12000, unit: 'kWh' });
    expect(figures.energy_kwh_transport).toBeUndefined();
    expect(figures.renewable_share_percent).toEqual({ value: 25, unit: '%' });
    expect(figures.water_m3).toEqual({ value: 12, unit: 'm³' });
  });

  test('splits waste into recovered and disposed by the variant’s route', () => {
    expect(isRecoveredWaste('paper_recycling')).toBe(true);
    expect(isRecoveredWaste('food_anaerobic_digestion')).toBe(true);
    expect(isRecoveredWaste('commercial_industrial_energy_recovery')).toBe(false);
    const figures = esgFiguresFrom({
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
    const figures = esgFiguresFrom({
      ...empty,
      waste: [{ variant: 'food_landfill', unit: 'kg', quantity: 100 }],
    });
    expect(figures.waste_recycled_t).toEqual({ value: 0, unit: 't' });
  });
});
