// ESG Pilot's own concepts (prefix esgp) for SECR and SEC reports, which have no mandated SME
// taxonomy. One table feeds the facts (facts-esgp.ts refuses a concept or type not listed here)
// and the extension taxonomy published inside the package (esgp-taxonomy.ts), so the two cannot
// drift. Data types are XBRL 2.1 (xbrli) and Data Type Registry 2024-01-31 (dtr-types) types, the
// DTR version the VSME taxonomy 2026-05-01 uses, so the Units Registry checks units as for VSME.
import type { ConceptRow, ConceptTable } from './taxonomy-types.ts';

// [local name, data type, period type, disclosure ('SECR' for the UK statutory items, else
// 'General'), English label]
export const ESGP_CONCEPTS: ConceptTable = [
  ['Scope1Emissions', 'dtr-types:ghgEmissionsItemType', 'duration', 'General', 'Gross Scope 1 GHG emissions'],
  [
    'Scope2LocationBasedEmissions',
    'dtr-types:ghgEmissionsItemType',
    'duration',
    'General',
    'Gross location-based Scope 2 GHG emissions',
  ],
  [
    'Scope2MarketBasedEmissions',
    'dtr-types:ghgEmissionsItemType',
    'duration',
    'General',
    'Gross market-based Scope 2 GHG emissions',
  ],
  [
    'Scope1And2LocationBasedEmissions',
    'dtr-types:ghgEmissionsItemType',
    'duration',
    'General',
    'Scope 1 and 2 location-based GHG emissions',
  ],
  [
    'Scope1And2MarketBasedEmissions',
    'dtr-types:ghgEmissionsItemType',
    'duration',
    'General',
    'Scope 1 and 2 market-based GHG emissions',
  ],
  ['Scope3Emissions', 'dtr-types:ghgEmissionsItemType', 'duration', 'General', 'Gross Scope 3 GHG emissions'],
  [
    'Scope3CategoryEmissions',
    'dtr-types:ghgEmissionsItemType',
    'duration',
    'General',
    'Scope 3 GHG emissions of one GHG Protocol category',
  ],
  [
    'TotalLocationBasedEmissions',
    'dtr-types:ghgEmissionsItemType',
    'duration',
    'General',
    'Total location-based GHG emissions (Scopes 1, 2, 3)',
  ],
  [
    'TotalMarketBasedEmissions',
    'dtr-types:ghgEmissionsItemType',
    'duration',
    'General',
    'Total market-based GHG emissions (Scopes 1, 2, 3)',
  ],
  [
    'EmissionsOutsideOfScopes',
    'dtr-types:ghgEmissionsItemType',
    'duration',
    'General',
    'Biogenic CO2 and other emissions outside the scopes (memo, not in totals)',
  ],
  ['Revenue', 'xbrli:monetaryItemType', 'duration', 'General', 'Revenue'],
  [
    'Scope1And2LocationBasedIntensityPerRevenue',
    'dtr-types:ghgEmissionsPerMonetaryItemType',
    'duration',
    'General',
    'Scope 1 and 2 location-based GHG emissions per unit of revenue',
  ],
  ['NumberOfEmployees', 'xbrli:decimalItemType', 'instant', 'General', 'Number of employees (headcount)'],
  ['TotalEnergyConsumption', 'dtr-types:energyItemType', 'duration', 'General', 'Total energy consumption'],
  [
    'EnergyConsumptionByCarrier',
    'dtr-types:energyItemType',
    'duration',
    'General',
    'Energy consumption of one energy carrier',
  ],
  [
    'RenewableEnergyShare',
    'xbrli:pureItemType',
    'duration',
    'General',
    'Renewable share of energy consumption (ratio)',
  ],
  ['WaterWithdrawal', 'dtr-types:volumeItemType', 'duration', 'General', 'Water withdrawn (metered supply)'],
  ['WasteGenerated', 'dtr-types:massItemType', 'duration', 'General', 'Waste generated'],
  ['WasteRecycledOrReused', 'dtr-types:massItemType', 'duration', 'General', 'Waste recycled or reused'],
  [
    'CarbonCreditsRetired',
    'dtr-types:ghgEmissionsItemType',
    'duration',
    'General',
    'Carbon credits retired (reported apart from gross emissions)',
  ],
  ['UkEnergyConsumptionGas', 'dtr-types:energyItemType', 'duration', 'SECR', 'UK energy use: gas'],
  [
    'UkEnergyConsumptionElectricity',
    'dtr-types:energyItemType',
    'duration',
    'SECR',
    'UK energy use: electricity',
  ],
  [
    'UkEnergyConsumptionTransport',
    'dtr-types:energyItemType',
    'duration',
    'SECR',
    'UK energy use: transport fuel',
  ],
  ['UkEnergyConsumptionTotal', 'dtr-types:energyItemType', 'duration', 'SECR', 'UK energy use: total'],
  ['UkScope1Emissions', 'dtr-types:ghgEmissionsItemType', 'duration', 'SECR', 'UK Scope 1 GHG emissions'],
  [
    'UkScope2LocationBasedEmissions',
    'dtr-types:ghgEmissionsItemType',
    'duration',
    'SECR',
    'UK location-based Scope 2 GHG emissions',
  ],
  [
    'UkIntensityRatio',
    'dtr-types:ghgEmissionsPerMonetaryItemType',
    'duration',
    'SECR',
    'UK intensity ratio (tCO2e per unit of currency)',
  ],
  ['UkIntensityRatioDescription', 'xbrli:stringItemType', 'duration', 'SECR', 'UK intensity ratio'],
  [
    'UkEnergyEfficiencyActions',
    'dtr-types:textBlockItemType',
    'duration',
    'SECR',
    'Energy efficiency actions taken in the year',
  ],
  ['UkMethodology', 'dtr-types:textBlockItemType', 'duration', 'SECR', 'Methodology'],
];

/**
 * Typed dimensions of the esgp facts: their members are values, not concepts. The domain's XML
 * Schema type says which values are allowed.
 */
export const ESGP_TYPED_DIMENSIONS = [
  {
    axis: 'Scope3CategoryAxis',
    domain: 'Scope3CategoryDomain',
    label: 'GHG Protocol Scope 3 category (1 to 15)',
    // GHG Protocol Corporate Value Chain (Scope 3) Standard: 15 categories, numbered 1–15.
    type: '<xs:simpleType><xs:restriction base="xs:integer"><xs:minInclusive value="1"/><xs:maxInclusive value="15"/></xs:restriction></xs:simpleType>',
    primaryItems: ['Scope3CategoryEmissions'],
  },
  {
    axis: 'EnergyCarrierAxis',
    domain: 'EnergyCarrierDomain',
    label: 'Energy carrier (electricity, natural_gas, diesel …)',
    type: '<xs:simpleType><xs:restriction base="xs:token"><xs:minLength value="1"/></xs:restriction></xs:simpleType>',
    primaryItems: ['EnergyConsumptionByCarrier'],
  },
] as const;

const ROWS = new Map(ESGP_CONCEPTS.map((row) => [row[0], row]));

/**
 * The table row of an esgp fact's concept; throws when the concept is missing or its data type
 * (local name, e.g. 'ghgEmissionsItemType') or period type differs, so no fact can leave the
 * product with a concept the published schema does not declare that way.
 */
export function esgpConceptRow(name: string, dataType: string, periodType: string): ConceptRow {
  const row = ROWS.get(name);
  if (!row || row[1].slice(row[1].indexOf(':') + 1) !== dataType || row[2] !== periodType)
    throw new Error(`esgp:${name} (${dataType}, ${periodType}) is not declared so in concepts-esgp.ts`);
  return row;
}
