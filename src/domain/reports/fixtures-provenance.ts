// A snapshot made since decision 058, with the datasets of each figure: a UK company whose only
// figures are grid electricity on UK DESNZ 2025 factors (scope 2) and one purchase on a US EPA
// supply-chain factor (scope 3 category 1). Renderer tests check that each fact, row and line
// cites only its own dataset. Hand-written, like fixtures.ts.

import type { ReportFramework } from '../contracts/export.ts';
import { DATASET_SOURCES } from '../emissions/dataset-sources.ts';
import { demoSnapshot } from './fixtures.ts';
import type { EnergyBasis, ReportSnapshot } from './snapshot.ts';

const energyBasis: EnergyBasis = {
  calorificValue: 'gross',
  fuelPropertyYears: [],
  fuelPropertyCategories: [],
  renewableMWh: 0,
  renewableElectricityMWh: 0,
  renewableShareOfTotalPercent: 0,
  renewableShareOfElectricityPercent: 0,
  notCounted: [],
  vehicleDistanceKm: 0,
};

export function twoDatasetSnapshot(framework: ReportFramework = 'csrd'): ReportSnapshot {
  const base = demoSnapshot({
    framework,
    jurisdiction: framework === 'csrd' ? 'CSRD' : 'SECR',
    title: 'Provenance Ltd — report 2025',
  });
  return {
    ...base,
    company: {
      ...base.company,
      name: 'Provenance Ltd',
      sites: [{ name: 'Leeds office', country: 'GB', region: null, postcode: 'LS1 4AP' }],
    },
    inventory: {
      scope1: 0,
      scope2Location: 17.7,
      scope2Market: 17.7,
      scope3: 3.8,
      scope3ByCategory: [{ category: 1, name: 'Purchased goods and services', tCO2e: 3.8 }],
      totalLocation: 21.5,
      totalMarket: 21.5,
      outsideScopes: 0,
      intensityPerRevenue: null,
      intensityPerEmployee: null,
      byDataQuality: [
        { tier: 'measured', tCO2e: 17.7 },
        { tier: 'spend_based', tCO2e: 3.8 },
      ],
      lineCount: 2,
      previous: null,
      scope2MarketBasis: {
        contractual: { kWh: 0, tCO2e: 0 },
        supplierFactor: { kWh: 0, tCO2e: 0 },
        locationProxy: { kWh: 100_000, tCO2e: 17.7 },
      },
      datasets: {
        scope1: [],
        scope2Location: ['DESNZ 2025'],
        scope2Market: ['DESNZ 2025'],
        scope3: ['EPA Supply Chain v1.3'],
        scope3ByCategory: [{ category: 1, datasets: ['EPA Supply Chain v1.3'] }],
        outsideScopes: [],
      },
    },
    energy: {
      totalMWh: 100,
      renewableSharePercent: 0,
      mix: [{ carrier: 'electricity', mwh: 100 }],
      energyBasis,
    },
    water: null,
    waste: null,
    uk: {
      energyKwh: {
        gas: null,
        electricity: 100_000,
        transport: null,
        total: 100_000,
        otherFuels: null,
        heatSteam: null,
      },
      energyBasis,
      scope1: null,
      scope2Location: 17.7,
      datasets: { scope1: [], scope2Location: ['DESNZ 2025'] },
      intensity: null,
      efficiencyActions: null,
      methodology: null,
    },
    factors: [
      {
        dataset: 'DESNZ 2025',
        source: DATASET_SOURCES.desnz2025.citation,
        sourceUrl: DATASET_SOURCES.desnz2025.url,
        gwpBasis: 'AR5',
        results: 2,
      },
      {
        dataset: 'EPA Supply Chain v1.3',
        source: DATASET_SOURCES.epaSupplyChain.citation,
        sourceUrl: DATASET_SOURCES.epaSupplyChain.url,
        gwpBasis: 'AR5',
        results: 1,
      },
    ],
    checklist: null,
    narratives: [],
    offsets: null,
    evidence: [],
    coverage: {
      lineCount: 2,
      notCounted: { lineCount: 0, spend: [], quantities: [], reasons: [] },
    },
  };
}

/**
 * A company whose only figure is one EPA spend purchase (scope 3 category 1): nothing is recorded
 * for scope 1 or scope 2, so those figures, their scope 1 and 2 totals and the intensities made
 * of them are "Not recorded" in every format (decision 086). Turnover in euros, so VSME tags the
 * intensities.
 */
export function scope3OnlySnapshot(framework: ReportFramework = 'csrd'): ReportSnapshot {
  const base = twoDatasetSnapshot(framework);
  const inventory = base.inventory!;
  return {
    ...base,
    company: { ...base.company, name: 'Spend Only Ltd', revenue: { amount: 2_000_000, currency: 'EUR' } },
    inventory: {
      ...inventory,
      scope2Location: 0,
      scope2Market: 0,
      totalLocation: 3.8,
      totalMarket: 3.8,
      byDataQuality: [{ tier: 'spend_based', tCO2e: 3.8 }],
      lineCount: 1,
      scope2MarketBasis: {
        contractual: { kWh: 0, tCO2e: 0 },
        supplierFactor: { kWh: 0, tCO2e: 0 },
        locationProxy: { kWh: 0, tCO2e: 0 },
      },
      datasets: { ...inventory.datasets!, scope2Location: [], scope2Market: [] },
    },
    energy: null,
    uk: null,
    factors: base.factors.filter((factor) => factor.dataset !== 'DESNZ 2025'),
    coverage: { lineCount: 1, notCounted: { lineCount: 0, spend: [], quantities: [], reasons: [] } },
  };
}
