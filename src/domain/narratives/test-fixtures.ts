// Realistic inputs for the narrative tests: a small UK/French bakery with a full year of figures, a
// prior year, an initialised SECR checklist with written answers, a target and carbon credits, and
// a thin variant with almost nothing recorded.
import type { EsgProgressItem, EsgProgressResponse } from '../contracts/esg-wizard.ts';
import type { KpiMetrics } from '../contracts/kpi.ts';
import type { FactsInput } from './types.ts';

export function kpiMetricsFixture(overrides: Partial<KpiMetrics> = {}): KpiMetrics {
  const tonnes = (value: number) => ({ value, unit: 'tCO2e' as const });
  return {
    year: 2025,
    carbon: {
      total: tonnes(214.5678),
      scope1: tonnes(48.1234),
      scope2Location: tonnes(31.0071),
      scope2Market: tonnes(12.4),
      // 62,445.6 kWh without a contract or supplier factor: the grid factor stands in (decision 048).
      scope2MarketBasis: {
        contractual: { kWh: 100_000, tCO2e: 0 },
        supplierFactor: { kWh: 0, tCO2e: 0 },
        locationProxy: { kWh: 62_445.6, tCO2e: 12.4 },
      },
      scope3: tonnes(135.4373),
      scope3ByCategory: [
        { category: 6, tCO2e: 9.8123 },
        { category: 1, tCO2e: 96.25 },
        { category: 4, tCO2e: 29.375 },
        { category: 5, tCO2e: 0 },
      ],
      outsideScopes: tonnes(1.2),
      intensityPerRevenue: { value: 57.98, unit: 'tCO2e per million GBP' },
      intensityPerEmployee: { value: 5.1087, unit: 'tCO2e per employee' },
      trend: [],
      target: { baseYear: 2022, targetYear: 2030, reductionPercent: 42, coverage: 'scope_1_2' },
      datasets: ['UK DESNZ GHG Conversion Factors 2025', 'ADEME Base Empreinte 2024'],
    },
    energy: {
      total: { value: 412.3456, unit: 'MWh' },
      basis: 'gross',
      renewableShare: 0.3812,
      renewableShareOfElectricity: 0.6156,
      byKind: { electricity: 162.4456, heatSteam: null, stationaryFuels: 231.1, transportFuels: 18.8 },
      notCounted: [],
      vehicleDistanceKm: 0,
      mix: [
        { carrier: 'natural_gas', mwh: 231.1 },
        { carrier: 'electricity', mwh: 162.4456 },
        { carrier: 'diesel', mwh: 18.8 },
      ],
      monthly: [],
    },
    water: { value: 1234.56, unit: 'm3' },
    workforce: {
      year: 2025,
      headcount: 42,
      femaleShare: 0.476,
      leadershipFemaleShare: 0.3333,
      ageBands: [],
      trainingHoursPerEmployee: 12.46,
    },
    metrics: [],
    ...overrides,
  };
}

/** The previous year: a higher total, so the change is a fall. */
export function previousMetricsFixture(): KpiMetrics {
  const current = kpiMetricsFixture();
  return { ...current, year: 2024, carbon: { ...current.carbon, total: { value: 238.9, unit: 'tCO2e' } } };
}

export function checklistItem(
  section: EsgProgressItem['section'],
  indicator: string,
  title: string,
  value: string,
  options: { required?: boolean; origin?: EsgProgressItem['origin'] } = {},
): EsgProgressItem {
  const origin = options.origin ?? (value === '' ? 'empty' : 'manual');
  return {
    section,
    indicator,
    value,
    isCompleted: value !== '',
    isRequired: options.required ?? true,
    autoFilled: origin === 'ledger',
    category: section,
    title,
    description: '',
    unit: null,
    module: null,
    mappingLabel: `SECR · ${title}`,
    origin,
    ledgerBacked: origin === 'ledger',
    ledgerValue: origin === 'ledger' ? value : null,
    overridden: false,
    note: null,
    evidenceCount: 0,
    updatedAt: null,
    updatedBy: null,
  };
}

export function checklistFixture(): EsgProgressResponse {
  const progress = [
    checklistItem('environmental', 'scope_1_emissions', 'Scope 1 emissions', '48.12 tCO2e', {
      origin: 'ledger',
    }),
    checklistItem('environmental', 'energy_mwh', 'Energy use', '412.3 MWh', { origin: 'ledger' }),
    checklistItem(
      'environmental',
      'energy_efficiency_actions',
      'Energy efficiency actions',
      'Replaced the two deck ovens at the Bristol bakery with heat-recovery models in March; LED lighting in the Lyon shop; delivery routes re-planned to cut van mileage by 14 %.',
    ),
    checklistItem('environmental', 'waste_policy', 'Waste policy', ''),
    checklistItem(
      'social',
      'health_and_safety',
      'Health and safety',
      'Monthly toolbox talks in both bakeries, with oven and knife safety refreshed for every new starter during their first week.',
    ),
    checklistItem(
      'social',
      'fair_pay',
      'Fair pay',
      'Everyone is paid at least the Real Living Wage; apprentices included since 2023.',
      { required: false },
    ),
    checklistItem('social', 'grievance_procedure', 'Grievance procedure', ''),
    checklistItem(
      'governance',
      'reporting_methodology',
      'Methodology',
      'GHG Protocol Corporate Standard, operational control. UK figures use the DESNZ conversion factors of the reporting year; scope 2 reported location-based, with the market-based figure alongside.',
    ),
    checklistItem(
      'governance',
      'energy_reporting_responsibility',
      'Responsibility for energy reporting',
      'Dana Whitfield, Operations Director, reviews the figures before the board signs the accounts.',
    ),
    checklistItem('governance', 'board_approval', 'Board approval', ''),
    checklistItem('governance', 'completed_only', 'Anti-bribery policy', 'completed', { required: false }),
  ];
  return {
    jurisdiction: 'SECR',
    year: 2025,
    rulePack: { id: 'secr', version: '2025.1', asOf: '2025-06-10', framework: 'SECR' },
    initializedVersion: '2025.1',
    includeComprehensive: false,
    progress,
    complianceStatus: {
      overallProgress: 72.7,
      sectionProgress: { environmental: 75, social: 66.7, governance: 75 },
      missingRequired: ['waste_policy', 'grievance_procedure', 'board_approval'],
    },
    evidence: [],
  };
}

/** Everything recorded. */
export function richFactsInput(overrides: Partial<FactsInput> = {}): FactsInput {
  return {
    companyName: 'Crumb & Co Bakeries',
    jurisdiction: 'SECR',
    year: 2025,
    sites: [
      { name: 'Harbour Street bakery', country: 'GB' },
      { name: 'Lyon shop', country: 'FR' },
      { name: 'Clifton café', country: 'GB' },
    ],
    metrics: kpiMetricsFixture(),
    previousMetrics: previousMetricsFixture(),
    checklist: checklistFixture(),
    offsets: { purchasedTonnes: 50, retiredTonnes: 20 },
    ...overrides,
  };
}

/** A company that has set up its profile and one site, and nothing else. */
export function thinFactsInput(overrides: Partial<FactsInput> = {}): FactsInput {
  return {
    companyName: 'Northwind Joinery',
    jurisdiction: 'CSRD',
    year: 2025,
    sites: [{ name: 'Workshop', country: 'DE' }],
    metrics: null,
    previousMetrics: null,
    checklist: null,
    offsets: null,
    ...overrides,
  };
}
