// A realistic snapshot (a UK bakery with a French shop, reporting 2025) for renderer tests and
// golden files. Hand-written so a renderer's tests never depend on the server.
import type { ReportSnapshot } from './snapshot.ts';

export function demoSnapshot(overrides: Partial<ReportSnapshot['report']> = {}): ReportSnapshot {
  return {
    schemaVersion: 1,
    generatedAt: '2026-01-15T09:30:00.000Z',
    report: {
      id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
      title: 'Northwind Bakery Ltd — Sustainability report 2025',
      format: 'pdf',
      framework: 'csrd',
      period: '2025',
      periodStart: '2025-01-01',
      periodEnd: '2025-12-31',
      jurisdiction: 'CSRD',
      taxonomyVersion: '2026-05-01',
      ...overrides,
    },
    company: {
      name: 'Northwind Bakery Ltd',
      identifier: { scheme: 'http://standards.iso.org/iso/17442', value: '5493001KJTIIGC8Y1R12' },
      country: 'GB',
      sites: [
        { name: 'Bristol bakery', country: 'GB', region: null, postcode: 'BS1 4DJ' },
        { name: 'Lyon shop', country: 'FR', region: null, postcode: '69002' },
      ],
      employees: 28,
      revenue: { amount: 3_200_000, currency: 'GBP' },
    },
    inventory: {
      scope1: 41.27,
      scope2Location: 23.91,
      scope2Market: 18.64,
      scope3: 35.48,
      scope3ByCategory: [
        { category: 1, name: 'Purchased goods and services', tCO2e: 21.02 },
        { category: 3, name: 'Fuel- and energy-related activities', tCO2e: 9.86 },
        { category: 5, name: 'Waste generated in operations', tCO2e: 1.35 },
        { category: 6, name: 'Business travel', tCO2e: 3.25 },
      ],
      totalLocation: 100.66,
      totalMarket: 95.39,
      outsideScopes: 1.12,
      intensityPerRevenue: { value: 20.3, unit: 'tCO2e per million GBP' },
      intensityPerEmployee: { value: 2.32, unit: 'tCO2e per employee' },
      byDataQuality: [
        { tier: 'measured', tCO2e: 65.18 },
        { tier: 'activity_average', tCO2e: 14.46 },
        { tier: 'spend_based', tCO2e: 21.02 },
      ],
      lineCount: 103,
      previous: null,
    },
    energy: {
      totalMWh: 318.4,
      renewableSharePercent: 18,
      mix: [
        { carrier: 'electricity', mwh: 131.2 },
        { carrier: 'natural_gas', mwh: 187.2 },
      ],
    },
    water: { m3: 1240 },
    waste: { totalTonnes: 14.6, recycledTonnes: 9.1 },
    uk: {
      energyKwh: { gas: 187_200, electricity: 98_400, transport: null, total: 285_600 },
      scope1: 41.27,
      scope2Location: 17.42,
      intensity: { value: 18.05, unit: 'tCO2e (scope 1 and 2) per million GBP' },
      efficiencyActions: 'Replaced the two deck ovens at the Bristol bakery with heat-recovery models.',
      methodology: 'GHG Protocol Corporate Standard, operational control; DESNZ 2025 conversion factors.',
    },
    workforce: {
      headcount: 28,
      femaleSharePercent: 54,
      leadershipFemaleSharePercent: 50,
      trainingHoursPerEmployee: 12.5,
      ageBands: [
        { band: 'under_30', count: 9 },
        { band: '30_to_50', count: 14 },
        { band: 'over_50', count: 5 },
      ],
    },
    target: { baseYear: 2025, targetYear: 2030, reductionPercent: 42, coverage: 'scope_1_2' },
    factors: [
      {
        dataset: 'DESNZ 2025',
        source: 'UK Government GHG Conversion Factors for Company Reporting 2025',
        sourceUrl:
          'https://www.gov.uk/government/publications/greenhouse-gas-reporting-conversion-factors-2025',
        gwpBasis: 'AR5',
        results: 180,
      },
    ],
    checklist: {
      jurisdiction: 'CSRD',
      packId: 'csrd-vsme',
      packVersion: '1.0.0',
      overallProgress: 74,
      answers: [
        {
          indicator: 'scope_1_emissions',
          title: 'Gross Scope 1 emissions',
          section: 'environmental',
          value: '41.27 tCO2e',
          unit: 'tCO2e',
          origin: 'ledger',
          mappingLabel: 'VSME B3 · GrossScope1GreenhouseGasEmissions',
          vsmeConcepts: ['GrossScope1GreenhouseGasEmissions'],
        },
        {
          indicator: 'corruption_fines',
          title: 'Convictions and fines for corruption and bribery',
          section: 'governance',
          value: 'None in 2025.',
          unit: null,
          origin: 'manual',
          mappingLabel:
            'VSME B11 · TotalNumberOfConvictionsForTheViolationOfAntiCorruptionAndAntiBriberyLaws',
          vsmeConcepts: ['TotalNumberOfConvictionsForTheViolationOfAntiCorruptionAndAntiBriberyLaws'],
        },
      ],
      missingRequired: [
        { indicator: 'biodiversity_sensitive_sites', title: 'Sites in or near biodiversity-sensitive areas' },
      ],
    },
    narratives: [
      {
        section: 'environmental',
        framework: 'gri',
        content:
          'In 2025 Northwind Bakery Ltd emitted 100.66 tCO2e (location-based), of which 41.27 tCO2e were Scope 1.\n\nWe replaced two deck ovens with heat-recovery models.',
        version: 2,
        updatedAt: '2026-01-10T14:00:00.000Z',
      },
    ],
    offsets: {
      purchasedTonnes: 20,
      retiredTonnes: 10,
      orders: [
        {
          project: 'Illustrative Upland Peat Restoration',
          registry: 'Verra VCS',
          vintage: 2023,
          quantity: 20,
          serialStart: 'ILLUSTRATIVE-VCS-001-2023-000001',
          serialEnd: 'ILLUSTRATIVE-VCS-001-2023-000020',
          status: 'retired',
        },
      ],
    },
    evidence: [
      {
        indicator: 'scope_1_emissions',
        fileName: 'gas-bills-2025.pdf',
        contentType: 'application/pdf',
        size: 184_320,
        sha256: 'a3f1c2d4e5b6a7980112233445566778899aabbccddeeff00112233445566778',
        uploadedAt: '2026-01-08T10:12:00.000Z',
      },
    ],
  };
}
