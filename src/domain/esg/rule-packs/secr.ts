// UK pack: Streamlined Energy and Carbon Reporting (SECR), the Companies (Directors' Report) and
// Limited Liability Partnerships (Energy and Carbon Report) Regulations 2018 (SI 2018/1155), which
// amend Schedule 7 of the Large and Medium-sized Companies and Groups (Accounts and Reports)
// Regulations 2008. Facts: shared/reference/regulation.md §3b (checked Aug 2026).
//
// `required`: true for the content SECR asks of an unquoted company or LLP (UK energy in kWh for at
// least gas, electricity and transport fuel; the related Scope 1 and 2 emissions; at least one
// intensity ratio; prior-year figures; energy-efficiency actions; methodology). Everything else is
// voluntary context useful in the directors' report and is optional.
//
// `autoFillRegion: 'GB'`: the UK figures of an unquoted company (energy by carrier, total energy,
// Scope 1, Scope 2, their total, the intensity ratios and the prior year) count only the sites
// whose country is GB; a French site's electricity is not "UK energy use". The quoted-company
// item (global energy and emissions) covers every site, and the voluntary items stay company-wide.
import { SPEC_INDICATOR_DESCRIPTIONS as SPEC } from '../indicators.ts';
import type { IndicatorDefinition, RulePack } from '../types.ts';
import { SECR_STATUS } from './secr-status.ts';

const PRIOR_YEAR_NOTE =
  'Not needed in your first year of SECR reporting: then write "first year of reporting" so the item is complete.';

const ENVIRONMENTAL: IndicatorDefinition[] = [
  {
    key: 'energy_use_gas',
    section: 'environmental',
    title: 'UK energy use: gas',
    description: 'Gas burned in the UK during the financial year, for example in boilers and ovens (kWh).',
    required: true,
    unit: 'kWh',
    category: 'Energy',
    mapping: { kind: 'secr', item: 'UK energy use (kWh): gas' },
    autoFill: 'energy_kwh_gas',
    autoFillRegion: 'GB',
  },
  {
    key: 'energy_use_electricity',
    section: 'environmental',
    title: 'UK energy use: electricity',
    description: 'Electricity bought and used in the UK during the financial year (kWh).',
    required: true,
    unit: 'kWh',
    category: 'Energy',
    mapping: { kind: 'secr', item: 'UK energy use (kWh): purchased electricity' },
    autoFill: 'energy_kwh_electricity',
    autoFillRegion: 'GB',
  },
  {
    key: 'energy_use_transport',
    section: 'environmental',
    title: 'UK energy use: transport fuel',
    description:
      'Fuel for business travel in vehicles you own or lease, and in employee cars where you pay for the fuel, in kWh. Diesel and petrol recorded in litres are converted to kWh with the DESNZ fuel properties (gross calorific value).',
    required: true,
    unit: 'kWh',
    category: 'Energy',
    mapping: { kind: 'secr', item: 'UK energy use (kWh): transport fuel' },
    autoFill: 'energy_kwh_transport',
    autoFillRegion: 'GB',
  },
  {
    key: 'energy_use_total',
    section: 'environmental',
    title: 'UK energy use: total',
    description:
      'All UK energy used in the financial year: gas, electricity, transport fuel and any other fuels (kWh).',
    required: true,
    unit: 'kWh',
    category: 'Energy',
    mapping: { kind: 'secr', item: 'UK energy use (kWh): total' },
    autoFill: 'energy_kwh',
    autoFillRegion: 'GB',
  },
  {
    key: 'scope_1_emissions',
    section: 'environmental',
    title: 'Scope 1 emissions',
    description: SPEC.scope_1_emissions,
    required: true,
    unit: 'tCO2e',
    category: 'Emissions',
    mapping: { kind: 'secr', item: 'Emissions from gas and transport fuel (Scope 1)' },
    autoFill: 'scope_1_t',
    autoFillRegion: 'GB',
  },
  {
    key: 'scope_2_emissions',
    section: 'environmental',
    title: 'Scope 2 emissions (location-based)',
    description: SPEC.scope_2_emissions,
    required: true,
    unit: 'tCO2e',
    category: 'Emissions',
    mapping: { kind: 'secr', item: 'Emissions from purchased electricity (Scope 2, location-based)' },
    autoFill: 'scope_2_location_t',
    autoFillRegion: 'GB',
  },
  {
    key: 'total_scope_1_2_emissions',
    section: 'environmental',
    title: 'Total Scope 1 and 2 emissions',
    description:
      'Your Scope 1 and location-based Scope 2 emissions added together: the headline SECR figure (tCO2e).',
    required: true,
    unit: 'tCO2e',
    category: 'Emissions',
    mapping: { kind: 'secr', item: 'Total Scope 1 and 2 emissions' },
    autoFill: 'scope_1_2_location_t',
    autoFillRegion: 'GB',
  },
  {
    key: 'intensity_ratio_revenue',
    section: 'environmental',
    title: 'Intensity ratio: per million turnover',
    description:
      'Scope 1 and 2 emissions per million of turnover. SECR asks for at least one intensity ratio; this is the most common.',
    required: true,
    unit: 'tCO2e per million turnover',
    category: 'Emissions',
    mapping: { kind: 'secr', item: 'Intensity ratio' },
    autoFill: 'intensity_scope_1_2_per_revenue',
    autoFillRegion: 'GB',
  },
  {
    key: 'intensity_ratio_employee',
    section: 'environmental',
    title: 'Intensity ratio: per employee',
    description:
      'Scope 1 and 2 emissions per employee: an optional second ratio that helps compare years as you grow.',
    required: false,
    unit: 'tCO2e per employee',
    category: 'Emissions',
    mapping: { kind: 'secr', item: 'Intensity ratio (additional)' },
    autoFill: 'intensity_scope_1_2_per_employee',
    autoFillRegion: 'GB',
  },
  {
    key: 'prior_year_emissions',
    section: 'environmental',
    title: 'Prior year: Scope 1 and 2 emissions',
    description: `Last financial year's total Scope 1 and 2 emissions, shown next to this year's (tCO2e). ${PRIOR_YEAR_NOTE}`,
    required: true,
    unit: 'tCO2e',
    category: 'Emissions',
    mapping: { kind: 'secr', item: 'Prior-year figures: emissions' },
    autoFill: 'prior_year_scope_1_2_t',
    autoFillRegion: 'GB',
  },
  {
    key: 'prior_year_energy_use',
    section: 'environmental',
    title: 'Prior year: UK energy use',
    description: `Last financial year's total UK energy use, shown next to this year's (kWh). ${PRIOR_YEAR_NOTE}`,
    required: true,
    unit: 'kWh',
    category: 'Energy',
    mapping: { kind: 'secr', item: 'Prior-year figures: energy use' },
    autoFill: 'prior_year_energy_kwh',
    autoFillRegion: 'GB',
  },
  {
    key: 'energy_efficiency_actions',
    section: 'environmental',
    title: 'Energy efficiency actions',
    description:
      'What you did in the financial year to use energy more efficiently, for example LED lighting, new boiler controls or route planning. If you did nothing, say so.',
    required: true,
    unit: null,
    category: 'Energy',
    mapping: { kind: 'secr', item: 'Energy efficiency actions taken in the year' },
  },
  {
    key: 'scope_3_emissions',
    section: 'environmental',
    title: 'Scope 3 emissions (voluntary)',
    description: SPEC.scope_3_emissions,
    required: false,
    unit: 'tCO2e',
    category: 'Emissions',
    mapping: { kind: 'secr', item: 'Voluntary: Scope 3 emissions' },
    autoFill: 'scope_3_t',
  },
  {
    key: 'renewable_energy_percentage',
    section: 'environmental',
    title: 'Renewable energy share (voluntary)',
    description: SPEC.renewable_energy_percentage,
    required: false,
    unit: '%',
    category: 'Energy',
    mapping: { kind: 'secr', item: 'Voluntary: renewable energy share' },
    autoFill: 'renewable_share_percent',
  },
  {
    key: 'global_energy_and_emissions',
    section: 'environmental',
    title: 'Global energy use and emissions (quoted companies)',
    description:
      'Only for quoted companies: energy use and Scope 1 and 2 emissions worldwide, every site in every country, not just in the UK.',
    required: false,
    unit: null,
    category: 'Emissions',
    mapping: { kind: 'secr', item: 'Quoted companies: global energy use and Scope 1 and 2 emissions' },
  },
];

const SOCIAL: IndicatorDefinition[] = [
  {
    key: 'training_hours',
    section: 'social',
    title: 'Training hours per employee (voluntary)',
    description: SPEC.training_hours,
    required: false,
    unit: 'hours',
    category: 'Training',
    mapping: { kind: 'secr', item: 'Voluntary: workforce training' },
    autoFill: 'training_hours_per_employee',
  },
  {
    key: 'workplace_accidents',
    section: 'social',
    title: 'Work-related accidents (voluntary)',
    description: SPEC.workplace_accidents,
    required: false,
    unit: 'accidents',
    category: 'Health & safety',
    mapping: { kind: 'secr', item: 'Voluntary: health and safety' },
  },
  {
    key: 'gender_balance',
    section: 'social',
    title: 'Gender balance (voluntary)',
    description: SPEC.gender_balance,
    required: false,
    unit: '%',
    category: 'Workforce',
    mapping: { kind: 'secr', item: 'Voluntary: workforce gender balance' },
    autoFill: 'female_share_percent',
  },
];

const GOVERNANCE: IndicatorDefinition[] = [
  {
    key: 'reporting_methodology',
    section: 'governance',
    title: 'Methodology',
    description:
      'How the figures were worked out: the standard followed (e.g. GHG Protocol Corporate Standard), the DESNZ conversion factors for the matching year, the reporting period and which sites and vehicles are included.',
    required: true,
    unit: null,
    category: 'Methodology',
    mapping: { kind: 'secr', item: 'Methodology' },
  },
  {
    key: 'low_energy_user_statement',
    section: 'governance',
    title: 'Low energy user statement',
    description:
      'If you used 40 MWh (40,000 kWh) or less in the year you are exempt as a "low energy user": state that in the directors\' report instead of the figures. Otherwise write "not applicable".',
    required: false,
    unit: null,
    category: 'Exemption',
    mapping: { kind: 'secr', item: 'Exemption: low energy user (40 MWh or less)' },
  },
  {
    key: 'energy_reporting_responsibility',
    section: 'governance',
    title: 'Responsibility for energy reporting',
    description:
      'Who prepares the energy and carbon figures and which director reviews them before the directors approve the report.',
    required: false,
    unit: null,
    category: 'Governance',
    mapping: { kind: 'secr', item: "Directors' report: preparation and approval" },
  },
  {
    key: 'risk_management_framework',
    section: 'governance',
    title: 'Climate risk management (voluntary)',
    description: SPEC.risk_management_framework,
    required: false,
    unit: null,
    category: 'Risk',
    mapping: { kind: 'secr', item: 'Voluntary (UK SRS S2): climate-related risk management' },
  },
];

export const SECR_PACK: RulePack = {
  ...SECR_STATUS,
  indicators: [...ENVIRONMENTAL, ...SOCIAL, ...GOVERNANCE],
};
