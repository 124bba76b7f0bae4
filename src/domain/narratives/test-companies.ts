// Four companies for the narrative consistency test (issue 18 item 7), each shaped like what the
// server gathers: a UK SECR bakery with rich data whose workforce figures live only in its checklist
// answers (the case where the old writer said "not recorded" and then quoted them), an EU VSME
// manufacturer with partial data, a US company with little data and a target only in its own
// words, and a company with nothing at all.
import type { EsgProgressItem, EsgProgressResponse } from '../contracts/esg-wizard.ts';
import type { KpiMetrics } from '../contracts/kpi.ts';
import { checklistItem, kpiMetricsFixture } from './test-fixtures.ts';
import type { FactsInput } from './types.ts';

const tonnes = (value: number) => ({ value, unit: 'tCO2e' as const });

function checklist(
  jurisdiction: EsgProgressResponse['jurisdiction'],
  progress: EsgProgressItem[],
  overallProgress: number,
): EsgProgressResponse {
  return {
    jurisdiction,
    year: 2025,
    rulePack: {
      id: jurisdiction.toLowerCase(),
      version: '2025.1',
      asOf: '2025-06-10',
      framework: jurisdiction,
    },
    initializedVersion: '2025.1',
    includeComprehensive: false,
    progress,
    complianceStatus: {
      overallProgress,
      sectionProgress: {
        environmental: overallProgress,
        social: overallProgress,
        governance: overallProgress,
      },
      missingRequired: progress
        .filter((entry) => entry.isRequired && entry.value === '')
        .map((entry) => entry.indicator),
    },
    evidence: [],
  };
}

/** UK SECR bakery: a full year, first year of reporting, workforce figures only in the checklist. */
export function ukBakeryInput(): FactsInput {
  const metrics: KpiMetrics = {
    ...kpiMetricsFixture(),
    workforce: null,
    carbon: {
      ...kpiMetricsFixture().carbon,
      target: { baseYear: 2024, targetYear: 2030, reductionPercent: 50, coverage: 'scope_1_2' },
    },
  };
  return {
    companyName: 'Hobbs Lane Bakery Ltd',
    jurisdiction: 'SECR',
    year: 2025,
    sites: [
      { name: 'Hobbs Lane bakery', country: 'GB' },
      { name: 'Market Street shop', country: 'GB' },
    ],
    metrics,
    previousMetrics: null,
    checklist: checklist(
      'SECR',
      [
        checklistItem('environmental', 'energy_use_total', 'UK energy use: total', '412,346 kWh', {
          origin: 'ledger',
        }),
        checklistItem('environmental', 'scope_1_emissions', 'Scope 1 emissions', '48.12 tCO2e', {
          origin: 'ledger',
        }),
        checklistItem(
          'environmental',
          'prior_year_emissions',
          'Prior year: Scope 1 and 2 emissions',
          'first year of reporting',
        ),
        checklistItem(
          'environmental',
          'prior_year_energy_use',
          'Prior year: UK energy use',
          'first year of reporting',
        ),
        checklistItem(
          'environmental',
          'energy_efficiency_actions',
          'Energy efficiency actions',
          'Installed a new energy-efficient deck oven at the Hobbs Lane bakery in April. Replaced the shop lighting with LED lighting. Proving cabinets are now switched off overnight.',
        ),
        checklistItem('social', 'training_hours', 'Training hours per employee (voluntary)', '14 hours', {
          required: false,
        }),
        checklistItem('social', 'workplace_accidents', 'Work-related accidents (voluntary)', '2', {
          required: false,
        }),
        checklistItem('social', 'gender_balance', 'Gender balance (voluntary)', '61% women', {
          required: false,
        }),
        checklistItem(
          'governance',
          'reporting_methodology',
          'Methodology',
          'GHG Protocol Corporate Standard, operational control, with the DESNZ conversion factors for the reporting year.',
        ),
        checklistItem(
          'governance',
          'energy_reporting_responsibility',
          'Responsibility for energy reporting',
          'Priya Shah, Finance Manager, prepares the figures and Tom Hobbs, Managing Director, reviews them before the board approves the accounts.',
          { required: false },
        ),
        checklistItem(
          'governance',
          'low_energy_user_statement',
          'Low energy user statement',
          'not applicable',
          { required: false },
        ),
        checklistItem('governance', 'risk_management_framework', 'Climate risk management (voluntary)', '', {
          required: false,
        }),
      ],
      95,
    ),
    offsets: null,
  };
}

/** EU VSME manufacturer: emissions, energy and a headcount; no water, gender, training or target. */
export function euManufacturerInput(): FactsInput {
  const base = kpiMetricsFixture();
  const metrics: KpiMetrics = {
    ...base,
    carbon: {
      ...base.carbon,
      total: tonnes(512.4),
      scope1: tonnes(301.2),
      scope2Location: tonnes(150.9),
      scope2Market: tonnes(150.9),
      scope2MarketBasis: {
        contractual: { kWh: 0, tCO2e: 0 },
        supplierFactor: { kWh: 0, tCO2e: 0 },
        locationProxy: { kWh: 402_000, tCO2e: 150.9 },
      },
      scope3: tonnes(60.3),
      scope3ByCategory: [{ category: 4, tCO2e: 60.3 }],
      intensityPerRevenue: { value: 41.2, unit: 'tCO2e per million EUR' },
      intensityPerEmployee: null,
      target: null,
      datasets: ['UBA Emissionsfaktoren 2024'],
    },
    water: { value: 0, unit: 'm3' },
    workforce: {
      year: 2025,
      headcount: 85,
      femaleShare: null,
      leadershipFemaleShare: null,
      ageBands: [],
      trainingHoursPerEmployee: null,
    },
  };
  return {
    companyName: 'Kessler Feinmechanik GmbH',
    jurisdiction: 'CSRD',
    year: 2025,
    sites: [
      { name: 'Werk Ulm', country: 'DE' },
      { name: 'Werk Neu-Ulm', country: 'DE' },
    ],
    metrics,
    previousMetrics: { ...metrics, year: 2024, carbon: { ...metrics.carbon, total: tonnes(540) } },
    checklist: checklist(
      'CSRD',
      [
        checklistItem('environmental', 'energy_consumption', 'Total energy consumption', '412.3 MWh', {
          origin: 'ledger',
        }),
        checklistItem('environmental', 'water_consumption', 'Water withdrawal', ''),
        checklistItem('environmental', 'waste_generated', 'Waste generated', ''),
        checklistItem('social', 'employees_headcount', 'Number of employees', '85', { origin: 'ledger' }),
        checklistItem('social', 'gender_balance', 'Gender balance', ''),
        checklistItem('social', 'training_hours', 'Training hours per employee', ''),
        checklistItem('social', 'workplace_accidents', 'Work-related accidents and fatalities', '0'),
        checklistItem(
          'social',
          'minimum_wage_compliance',
          'Minimum wage',
          'All employees are paid above the statutory minimum wage.',
        ),
        checklistItem(
          'governance',
          'basis_for_preparation',
          'Basis for preparation',
          'Basic module only, on an individual basis.',
        ),
        checklistItem(
          'governance',
          'sustainability_practices_policies',
          'Practices, policies and future initiatives',
          'Replaced the compressed-air system with a variable-speed compressor and fixed its leaks; heat from the compressors now warms the assembly hall.',
        ),
        checklistItem('governance', 'corruption_fines', 'Fines for corruption or bribery', ''),
      ],
      55,
    ),
    offsets: null,
  };
}

/** US company: Scope 1 and 2 only, a target in its own words, nothing else. */
export function usCompanyInput(): FactsInput {
  const base = kpiMetricsFixture();
  const metrics: KpiMetrics = {
    ...base,
    carbon: {
      ...base.carbon,
      total: tonnes(88.4),
      scope1: tonnes(61.7),
      scope2Location: tonnes(26.7),
      scope2Market: tonnes(26.7),
      scope2MarketBasis: {
        contractual: { kWh: 0, tCO2e: 0 },
        supplierFactor: { kWh: 0, tCO2e: 0 },
        locationProxy: { kWh: 0, tCO2e: 0 },
      },
      scope3: tonnes(0),
      scope3ByCategory: [],
      intensityPerRevenue: null,
      intensityPerEmployee: null,
      target: null,
      datasets: ['US EPA GHG Emission Factors Hub 2025'],
    },
    energy: {
      ...base.energy,
      total: { value: 0, unit: 'MWh' },
      mix: [],
      renewableShare: null,
      renewableShareOfElectricity: null,
    },
    water: { value: 0, unit: 'm3' },
    workforce: null,
  };
  return {
    companyName: 'Pinecrest Logistics Inc',
    jurisdiction: 'SEC',
    year: 2025,
    sites: [{ name: 'Reno depot', country: 'US' }],
    metrics,
    previousMetrics: null,
    checklist: checklist(
      'SEC',
      [
        checklistItem('environmental', 'scope_1_emissions', 'Scope 1 emissions', '61.7 tCO2e', {
          origin: 'ledger',
        }),
        checklistItem('environmental', 'ghg_methodology', 'GHG methodology', ''),
        checklistItem(
          'environmental',
          'climate_targets',
          'Climate targets and goals',
          'Reduce Scope 1 and 2 emissions by 30% by 2030 from a 2024 baseline by moving the depot fleet to electric trucks.',
        ),
        checklistItem('governance', 'board_climate_oversight', 'Board oversight of climate risks', ''),
      ],
      20,
    ),
    offsets: null,
  };
}

/** A company that has recorded nothing, not even a site. */
export function emptyCompanyInput(): FactsInput {
  return {
    companyName: 'Blank Slate Ltd',
    jurisdiction: 'SECR',
    year: 2025,
    sites: [],
    metrics: null,
    previousMetrics: null,
    checklist: null,
    offsets: null,
  };
}
