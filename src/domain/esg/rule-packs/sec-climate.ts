// US pack: the SEC climate disclosure rule (Regulation S-K subpart 1500, Regulation S-X Article 14)
// never took effect, so the items a US company can actually be asked for today come from California
// SB 253 (Scope 1 and 2 emissions) and, once its injunction ends, SB 261 (a TCFD / IFRS S2-style
// climate-risk report). The checklist keeps the TCFD / IFRS S2 shape (governance, strategy, risk
// management, metrics and targets) so it serves all three. Facts: shared/reference/regulation.md
// §3c and §3d (checked Aug 2026).
//
// `required`: true for Scope 1 and 2 (SB 253 from 2026) with their methodology and boundary, and
// for the core TCFD items (board oversight, management's role, material risks and time horizons,
// effect on the business, risk management, targets); false for items that are phased in later
// (Scope 3 and assurance from 2027), only apply if you have them (transition plan), or are voluntary.
import { SPEC_INDICATOR_DESCRIPTIONS as SPEC } from '../indicators.ts';
import type { IndicatorDefinition, RulePack } from '../types.ts';
import { SEC_CLIMATE_STATUS } from './sec-climate-status.ts';

const ENVIRONMENTAL: IndicatorDefinition[] = [
  {
    key: 'scope_1_emissions',
    section: 'environmental',
    title: 'Scope 1 emissions',
    description: SPEC.scope_1_emissions,
    required: true,
    unit: 'tCO2e',
    category: 'Emissions',
    mapping: { kind: 'sec', item: 'SEC Reg S-K Item 1505 / SB 253 · Scope 1 emissions' },
    autoFill: 'scope_1_t',
  },
  {
    key: 'scope_2_emissions',
    section: 'environmental',
    title: 'Scope 2 emissions (location-based)',
    description: SPEC.scope_2_emissions,
    required: true,
    unit: 'tCO2e',
    category: 'Emissions',
    mapping: { kind: 'sec', item: 'SEC Reg S-K Item 1505 / SB 253 · Scope 2 emissions (location-based)' },
    autoFill: 'scope_2_location_t',
  },
  {
    // GHG Protocol Scope 2 Guidance (2015): both figures where contractual instruments exist, as in the US.
    key: 'scope_2_market_emissions',
    section: 'environmental',
    title: 'Scope 2 emissions (market-based)',
    description:
      'Scope 2 emissions worked out from your own electricity contracts, green tariffs or RECs, rather than the grid average (tCO2e). The GHG Protocol asks for both Scope 2 figures.',
    required: true,
    unit: 'tCO2e',
    category: 'Emissions',
    mapping: { kind: 'sec', item: 'SEC Reg S-K Item 1505 / SB 253 · Scope 2 emissions (market-based)' },
    autoFill: 'scope_2_market_t',
  },
  {
    key: 'scope_3_emissions',
    section: 'environmental',
    title: 'Scope 3 emissions (SB 253 from 2027)',
    description: SPEC.scope_3_emissions,
    required: false,
    unit: 'tCO2e',
    category: 'Emissions',
    mapping: { kind: 'sec', item: 'SB 253 (from 2027) / TCFD Metrics and Targets b · Scope 3 emissions' },
    autoFill: 'scope_3_t',
  },
  {
    key: 'ghg_methodology',
    section: 'environmental',
    title: 'GHG methodology',
    description:
      'How the emissions were calculated: the standard (GHG Protocol), the emission factor sources and years, the global warming potentials used (AR5 or AR6), and any estimates.',
    required: true,
    unit: null,
    category: 'Methodology',
    mapping: { kind: 'sec', item: 'SEC Reg S-K Item 1505 / SB 253 · Methodology, inputs and assumptions' },
  },
  {
    key: 'ghg_organisational_boundary',
    section: 'environmental',
    title: 'Organisational boundary',
    description:
      'Which companies, sites and vehicles the emissions cover, and the approach used to draw the line (operational control, financial control or equity share).',
    required: true,
    unit: null,
    category: 'Methodology',
    mapping: { kind: 'sec', item: 'SEC Reg S-K Item 1505 / SB 253 · Organisational boundary' },
  },
  {
    key: 'ghg_intensity',
    section: 'environmental',
    title: 'GHG intensity per revenue (voluntary)',
    description: 'Scope 1 and 2 emissions per million of revenue, so years and peers can be compared.',
    required: false,
    unit: 'tCO2e per million revenue',
    category: 'Emissions',
    mapping: { kind: 'sec', item: 'TCFD Metrics and Targets a · GHG intensity (voluntary)' },
    autoFill: 'intensity_per_revenue',
  },
  {
    key: 'material_climate_risks',
    section: 'environmental',
    title: 'Material climate risks',
    description:
      'The climate-related risks that have affected or could reasonably affect your business: physical ones (floods, heat, storms) and transition ones (new rules, carbon prices, changing demand).',
    required: true,
    unit: null,
    category: 'Strategy',
    mapping: {
      kind: 'sec',
      item: 'SEC Reg S-K Item 1502(a) / IFRS S2 ¶10 · Climate-related risks (TCFD Strategy a)',
    },
  },
  {
    key: 'climate_risk_time_horizons',
    section: 'environmental',
    title: 'Time horizons of the risks',
    description:
      'Whether each risk is likely to show in the short term (the next 12 months) or over the longer term, and how you define those periods.',
    required: true,
    unit: null,
    category: 'Strategy',
    mapping: {
      kind: 'sec',
      item: 'SEC Reg S-K Item 1502(a) / IFRS S2 ¶10 · Time horizons (TCFD Strategy a)',
    },
  },
  {
    key: 'business_model_impact',
    section: 'environmental',
    title: 'Effect on strategy and business model',
    description:
      'How those risks affect, or are likely to affect, your strategy, business model, suppliers, products and financial planning.',
    required: true,
    unit: null,
    category: 'Strategy',
    mapping: {
      kind: 'sec',
      item: 'SEC Reg S-K Item 1502(b) / IFRS S2 ¶13–14 · Effects on strategy and business model (TCFD Strategy b)',
    },
  },
  {
    key: 'transition_plan',
    section: 'environmental',
    title: 'Transition plan',
    description:
      'Only if you have one: your plan to manage transition risks and cut emissions, with its main steps and progress.',
    required: false,
    unit: null,
    category: 'Strategy',
    mapping: { kind: 'sec', item: 'SEC Reg S-K Item 1502(e) / IFRS S2 ¶14 · Transition plan' },
  },
  {
    key: 'scenario_analysis',
    section: 'environmental',
    title: 'Scenario analysis',
    description:
      'If you used climate scenarios (for example a 1.5 °C and a 3 °C world) to test your strategy: the scenarios, assumptions and what they showed.',
    required: false,
    unit: null,
    category: 'Strategy',
    mapping: {
      kind: 'sec',
      item: 'SEC Reg S-K Item 1502(f) / IFRS S2 ¶22 · Scenario analysis (TCFD Strategy c)',
    },
  },
  {
    key: 'climate_targets',
    section: 'environmental',
    title: 'Climate targets and goals',
    description:
      'Any climate target or goal you have set (e.g. cut Scope 1 and 2 by 40% by 2030 from a 2022 base), how you plan to meet it and your progress. Say so if you have none.',
    required: true,
    unit: null,
    category: 'Targets',
    mapping: {
      kind: 'sec',
      item: 'SEC Reg S-K Item 1504 / IFRS S2 ¶33 · Targets and goals (TCFD Metrics and Targets c)',
    },
  },
];

const SOCIAL: IndicatorDefinition[] = [
  {
    key: 'workplace_accidents',
    section: 'social',
    title: 'Work-related accidents (voluntary)',
    description: SPEC.workplace_accidents,
    required: false,
    unit: 'accidents',
    category: 'Health & safety',
    mapping: { kind: 'sec', item: 'Voluntary (not asked by the SEC rule or SB 253/261) · Workplace safety' },
  },
];

const GOVERNANCE: IndicatorDefinition[] = [
  {
    key: 'board_climate_oversight',
    section: 'governance',
    title: 'Board oversight of climate risks',
    description:
      'How your board (or its committee) oversees climate-related risks: who is responsible, how and how often they are informed.',
    required: true,
    unit: null,
    category: 'Governance',
    mapping: {
      kind: 'sec',
      item: 'SEC Reg S-K Item 1501(a) / IFRS S2 ¶6(a) · Board oversight (TCFD Governance a)',
    },
  },
  {
    key: 'management_climate_role',
    section: 'governance',
    title: "Management's role",
    description:
      'Which managers or roles assess and manage climate-related risks, their relevant expertise, and how they report to the board.',
    required: true,
    unit: null,
    category: 'Governance',
    mapping: {
      kind: 'sec',
      item: "SEC Reg S-K Item 1501(b) / IFRS S2 ¶6(b) · Management's role (TCFD Governance b)",
    },
  },
  {
    key: 'risk_management_framework',
    section: 'governance',
    title: 'Climate risk management process',
    description: SPEC.risk_management_framework,
    required: true,
    unit: null,
    category: 'Risk',
    mapping: {
      kind: 'sec',
      item: 'SEC Reg S-K Item 1503 / IFRS S2 ¶25 · Risk management (TCFD Risk Management a–c)',
    },
  },
  {
    key: 'financial_statement_effects',
    section: 'governance',
    title: 'Financial statement effects',
    description:
      'Costs and losses from severe weather events and other natural conditions, and spending on carbon offsets or renewable energy certificates, as shown in your accounts.',
    required: false,
    unit: null,
    category: 'Financial effects',
    mapping: { kind: 'sec', item: 'SEC Reg S-X Article 14 · Financial statement effects' },
  },
  {
    key: 'ghg_attestation',
    section: 'governance',
    title: 'Assurance of emissions',
    description:
      'Whether an independent assurance provider has checked your Scope 1 and 2 figures, at what level (limited or reasonable) and under which standard. SB 253 requires limited assurance from 2027.',
    required: false,
    unit: null,
    category: 'Assurance',
    mapping: { kind: 'sec', item: 'SEC Reg S-K Item 1506 / SB 253 · Assurance (attestation) report' },
  },
];

export const SEC_CLIMATE_PACK: RulePack = {
  ...SEC_CLIMATE_STATUS,
  indicators: [...ENVIRONMENTAL, ...SOCIAL, ...GOVERNANCE],
};
