import { describe, expect, test } from 'bun:test';
import { demoSnapshot } from './fixtures.ts';
import { twoDatasetSnapshot } from './fixtures-provenance.ts';
import {
  energySources,
  hasFigureSources,
  inventoryDatasets,
  reportAttributions,
  reportSources,
  sourceNumbers,
  sourceText,
  ukDatasets,
} from './provenance.ts';
import type { ReportSnapshot } from './snapshot.ts';

/** The two-dataset company with 2,000 litres of diesel converted with the 2025 fuel properties. */
function withDiesel(): ReportSnapshot {
  const snapshot = twoDatasetSnapshot('secr');
  const basis = {
    ...snapshot.energy!.energyBasis!,
    fuelPropertyYears: [2025],
    fuelPropertyCategories: ['diesel'],
  };
  return {
    ...snapshot,
    energy: {
      ...snapshot.energy!,
      mix: [...snapshot.energy!.mix, { carrier: 'diesel', mwh: 21 }],
      energyBasis: basis,
    },
  };
}

describe('each figure’s own sources', () => {
  test('a total cites the union of its parts; a scope with no entries cites nothing', () => {
    const snapshot = twoDatasetSnapshot();
    expect(inventoryDatasets(snapshot, ['scope2Location'])).toEqual(['DESNZ 2025']);
    expect(inventoryDatasets(snapshot, [{ category: 1 }])).toEqual(['EPA Supply Chain v1.3']);
    expect(inventoryDatasets(snapshot, ['scope1', 'scope2Location', 'scope3'])).toEqual([
      'DESNZ 2025',
      'EPA Supply Chain v1.3',
    ]);
    expect(inventoryDatasets(snapshot, ['scope1'])).toEqual([]);
    expect(ukDatasets(snapshot, ['scope1', 'scope2Location'])).toEqual(['DESNZ 2025']);
  });

  test('sources are numbered in dataset order, fuel properties after, by publisher and publication', () => {
    const sources = reportSources(withDiesel());
    expect(sources.map((source) => [source.number, source.key])).toEqual([
      [1, 'DESNZ 2025'],
      [2, 'EPA Supply Chain v1.3'],
      [3, 'DESNZ 2025 fuel properties'],
    ]);
    expect(sources[0]!.citation).toBe(
      'UK DESNZ, Greenhouse gas reporting: conversion factors 2025 (v1.0, flat file, 10 June 2025), AR5',
    );
    for (const source of sources) expect(source.citation).not.toMatch(/github|Ariaryy|carrier/i);
    expect(sourceNumbers(withDiesel(), ['EPA Supply Chain v1.3', 'DESNZ 2025'])).toBe('1, 2');
    expect(sourceText(withDiesel(), [])).toBeUndefined();
  });

  test('energy cites the fuel properties only on figures with a converted fuel', () => {
    const basis = withDiesel().energy!.energyBasis;
    expect(energySources(basis)).toEqual(['DESNZ 2025 fuel properties']);
    expect(energySources(basis, ['diesel', 'petrol'])).toEqual(['DESNZ 2025 fuel properties']);
    expect(energySources(basis, ['electricity'])).toEqual([]);
    // Metered only: nothing converted, nothing cited.
    expect(energySources(twoDatasetSnapshot().energy!.energyBasis)).toEqual([]);
  });

  test('the OGL statement is given once for DESNZ factors and their fuel properties, none for EPA', () => {
    expect(reportAttributions(withDiesel())).toEqual([
      'Contains public sector information licensed under the Open Government Licence v3.0. Source: Department for Energy Security and Net Zero, Greenhouse gas reporting: conversion factors 2025.',
      'U.S. EPA (2024). Supply Chain Greenhouse Gas Emission Factors v1.3 by NAICS-6. https://doi.org/10.23719/1531143. No EPA endorsement is implied.',
    ]);
    // Fuel properties alone (a US company converting litres) still carry the OGL statement.
    const fuelOnly: ReportSnapshot = { ...withDiesel(), factors: [] };
    expect(reportAttributions(fuelOnly)).toHaveLength(1);
    expect(reportAttributions(fuelOnly)[0]).toContain('Open Government Licence v3.0');
  });

  test('a snapshot made before per-figure sources cites every dataset, and nothing for energy', () => {
    const old = demoSnapshot();
    expect(hasFigureSources(old)).toBe(false);
    expect(inventoryDatasets(old, ['scope1'])).toEqual(['DESNZ 2025']);
    expect(energySources(old.energy?.energyBasis)).toEqual([]);
  });
});
