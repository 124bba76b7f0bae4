import { describe, expect, test } from 'bun:test';
import { fuelProperties } from '../../../../db/reference/factors/fuel-properties.ts';
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

const desnz = {
  dataset: 'DESNZ 2025',
  source: 'UK DESNZ, Greenhouse gas reporting: conversion factors 2025',
  sourceUrl: 'https://www.gov.uk',
  gwpBasis: 'AR5',
};
const epa = {
  dataset: 'EPA Supply Chain v1.3',
  source: 'U.S. EPA (2024). Supply Chain Greenhouse Gas Emission Factors v1.3 by NAICS-6',
  sourceUrl: 'https://doi.org/10.23719/1531143',
  gwpBasis: 'AR5',
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
        { ...desnz, scope: 'scope_1', scope3Category: null, results: 3 },
        { ...desnz, scope: 'outside_scopes', scope3Category: null, results: 1 },
        { ...epa, scope: 'scope_3', scope3Category: 1, results: 1 },
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
    // The report-wide list: one row per dataset, its entries in every scope added up.
    expect(inventory.datasets).toEqual([
      { ...desnz, results: 4 },
      { ...epa, results: 1 },
    ]);
  });

  test('each scope and scope 3 category cites only the datasets whose entries it sums', () => {
    const inventory = periodInventoryFrom({
      ...empty,
      datasets: [
        { ...desnz, scope: 'scope_2_location', scope3Category: null, results: 2 },
        { ...desnz, scope: 'scope_2_market', scope3Category: null, results: 1 },
        {
          ...desnz,
          dataset: 'Contractual instrument (renewable_tariff)',
          scope: 'scope_2_market',
          scope3Category: null,
          results: 1,
        },
        { ...epa, scope: 'scope_3', scope3Category: 1, results: 2 },
        { ...desnz, dataset: 'DESNZ 2024', scope: 'scope_3', scope3Category: 6, results: 1 },
      ],
    });
    expect(inventory.datasetsByFigure).toEqual({
      byScope: {
        scope_1: [],
        scope_2_location: ['DESNZ 2025'],
        // A renewable contract makes its part of the figure (0 kg) and is cited with it.
        scope_2_market: ['Contractual instrument (renewable_tariff)', 'DESNZ 2025'],
        scope_3: ['DESNZ 2024', 'EPA Supply Chain v1.3'],
        outside_scopes: [],
      },
      byScope3Category: [
        { category: 1, datasets: ['EPA Supply Chain v1.3'] },
        { category: 6, datasets: ['DESNZ 2024'] },
      ],
    });
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
