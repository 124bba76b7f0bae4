// The indicator keys of spec §3 and their fixed explanatory descriptions. Rule packs reuse these
// keys (and descriptions) where they ask the same question, so the dashboard, the narrative facts
// pack and the reports speak of one indicator by one name.

export const UNKNOWN_INDICATOR_DESCRIPTION = 'Please provide relevant information for this indicator';

/** spec §3 "Known indicator keys", each with its fixed description. */
export const SPEC_INDICATOR_DESCRIPTIONS = {
  scope_1_emissions:
    'Direct greenhouse gas emissions from sources you own or control, such as gas boilers and company vehicles (tCO2e).',
  scope_2_emissions:
    'Indirect emissions from the electricity, heat, steam and cooling you buy, reported location-based and market-based (tCO2e).',
  scope_3_emissions:
    'Other indirect emissions in your value chain: purchased goods, business travel, waste, freight and the rest of the 15 GHG Protocol categories (tCO2e).',
  energy_consumption: 'Total energy used in the year from electricity, gas and other fuels (MWh).',
  renewable_energy_percentage:
    'Share of all the energy you used (electricity, heat and fuels) that came from renewable sources (%).',
  water_consumption: 'Water withdrawn from mains supply, wells or surface water across all sites (m³).',
  waste_generated: 'Total waste produced by your operations, hazardous and non-hazardous (tonnes).',
  waste_recycled: 'Waste sent for recycling, reuse or composting rather than disposal (tonnes).',
  gender_balance:
    'Breakdown of your employees by gender, for example the share of women in the workforce (%).',
  age_diversity: 'Breakdown of your employees by age band (under 30, 30–50, over 50).',
  training_hours: 'Average hours of training per employee in the year.',
  employee_satisfaction:
    'Result of your latest employee satisfaction or engagement survey, and how it was measured.',
  community_investment:
    'Money, time or goods given to local communities and charities in the year, and how it was spent.',
  workplace_accidents:
    'Number of recordable work-related accidents (and fatalities, if any) in the year, and the rate.',
  board_diversity: 'Gender and background mix of your board or senior governance body (%).',
  ethics_training: 'Share of employees who completed ethics or anti-corruption training in the year (%).',
  risk_management_framework:
    'How you identify, assess and manage sustainability and climate-related risks, and who is responsible.',
  compliance_violations:
    'Convictions, fines or sanctions for breaches of environmental, social, anti-corruption or bribery laws in the year.',
} as const satisfies Record<string, string>;

export type SpecIndicatorKey = keyof typeof SPEC_INDICATOR_DESCRIPTIONS;

export const SPEC_INDICATOR_KEYS = Object.keys(SPEC_INDICATOR_DESCRIPTIONS) as SpecIndicatorKey[];

/** The fixed description of a spec key, else the generic prompt of spec §3. */
export function describeIndicator(key: string): string {
  return (SPEC_INDICATOR_DESCRIPTIONS as Record<string, string>)[key] ?? UNKNOWN_INDICATOR_DESCRIPTION;
}

/** Words with a fixed spelling when a key is humanised. */
const SPELLINGS: Record<string, string> = {
  ghg: 'GHG',
  co2e: 'CO2e',
  kwh: 'kWh',
  mwh: 'MWh',
  uk: 'UK',
  eu: 'EU',
  esg: 'ESG',
  nace: 'NACE',
  tcfd: 'TCFD',
  ifrs: 'IFRS',
  secr: 'SECR',
  sec: 'SEC',
};

/** `scope_1_emissions` → `Scope 1 Emissions` (spec §2: humanised title). */
export function humaniseIndicator(key: string): string {
  return key
    .split('_')
    .filter((word) => word !== '')
    .map((word) => SPELLINGS[word] ?? word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
