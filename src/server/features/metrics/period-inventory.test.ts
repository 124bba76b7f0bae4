import { describe, expect, test } from 'bun:test';
import { fuelProperties } from '../../../../db/seed/factors/fuel-properties.ts';
import { energyTotalsFrom } from '../../../domain/emissions/energy-totals.ts';
import { periodInventoryFrom } from './period-inventory.ts';

const empty = {
  scopes: [],
  quality: [],
  lineCount: 0,
  datasets: [],
  energy: energyTotalsFrom([], fuelProperties()),
  water: [],
  waste: [],
  hasActivityOutsideRegion: false,
};

describe('periodInventoryFrom', () => {
  test('sums scopes, scope 3 categories and data-quality tiers', () => {
    const inventory = periodInventoryFrom({
      ...empty,
      scopes: [
        { scope: 'scope_1', scope3Category: null, kg: 1000 },
        { scope: 'scope_3', scope3Category: 6, kg: 300 },
        { scope: 'scope_3', scope3Category: 1, kg: 200 },
        { scope: 'outside_scopes', scope3Category: null, kg: 50 },
      ],
      quality: [
        { tier: 'spend_based', kg: 200 },
        { tier: 'measured', kg: 1300 },
        { tier: 'activity_average', kg: 0 },
      ],
      datasets: [
        {
          dataset: 'DESNZ 2025',
          source: 'UK DESNZ',
          sourceUrl: 'https://www.gov.uk',
          gwpBasis: 'AR5',
          results: 4,
        },
        {
          dataset: 'EPA USEEIO v1.3',
          source: 'US EPA',
          sourceUrl: 'https://www.epa.gov',
          gwpBasis: 'AR5',
          results: 1,
        },
      ],
      lineCount: 4,
    });
    expect(inventory.kgByScope).toEqual({ scope_1: 1000, scope_3: 500, outside_scopes: 50 });
    expect(inventory.scope3ByCategoryKg).toEqual([
      { category: 1, kg: 200 },
      { category: 6, kg: 300 },
    ]);
    expect(inventory.byDataQualityKg).toEqual([
      { tier: 'measured', kg: 1300 },
      { tier: 'spend_based', kg: 200 },
    ]);
    // Every stored entry counts once, whichever dataset made it.
    expect(inventory.resultCount).toBe(5);
    expect(inventory.lineCount).toBe(4);
  });

  test('water in m³ and recycled waste', () => {
    const inventory = periodInventoryFrom({
      ...empty,
      water: [{ unit: 'm3', quantity: 12 }],
      waste: [
        { variant: 'mixed_landfill', unit: 'tonne', quantity: 2 },
        { variant: 'paper_recycling', unit: 'kg', quantity: 500 },
      ],
    });
    expect(inventory.waterM3).toBe(12);
    expect(inventory.waste).toEqual({ totalTonnes: 2.5, recycledTonnes: 0.5 });
  });

  test('nothing recorded is null, never 0', () => {
    const inventory = periodInventoryFrom(empty);
    expect(inventory.energy.totalKWh).toBeNull();
    expect(inventory.energy.renewableShareOfTotal).toBeNull();
    expect(inventory.waterM3).toBeNull();
    expect(inventory.waste).toBeNull();
  });
});
