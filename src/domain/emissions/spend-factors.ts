// Spend-based factors built from the publishers' files (db/reference/factors/datasets/): every NAICS-6
// row of US EPA Supply Chain GHG Emission Factors v1.3 (with margins, kg CO2e per 2022 USD,
// purchaser price) and every row of Defra's GHG multipliers by SIC code 2022 (kg CO2e per £).
// Ids keep the publisher's code: `epa13-541611`, `defrasic22-69.2`.

import { DATASET_SOURCES } from './dataset-sources.ts';
import { parseCsvRecords } from './factor-csv.ts';
import type { EmissionFactor } from './types.ts';

/** GHG category of the NAICS codes the curated library carried (emission-factors.csv), kept so a
 * line keeps its Scope 3 category when the publisher row replaces the curated one. */
const CURATED_NAICS_CATEGORY: ReadonlyMap<string, string> = new Map([
  ['541511', 'Cat 1 Purchased goods & services'],
  ['541611', 'Cat 1 Purchased goods & services'],
  ['541110', 'Cat 1 Purchased goods & services'],
  ['541810', 'Cat 1 Purchased goods & services'],
  ['518210', 'Cat 1 Purchased goods & services'],
  ['517311', 'Cat 1 Purchased goods & services'],
  ['524126', 'Cat 1 Purchased goods & services'],
  ['522110', 'Cat 1 Purchased goods & services'],
  ['561720', 'Cat 1 Purchased goods & services'],
  ['323111', 'Cat 1 Purchased goods & services'],
  ['722511', 'Cat 6 Business travel (meals) / Cat 1'],
  ['721110', 'Cat 6 Business travel (hotels, spend-based)'],
  ['481111', 'Cat 6 Business travel (air, spend-based)'],
  ['485310', 'Cat 6 Business travel (taxi, spend-based)'],
  ['532111', 'Cat 6 Business travel (car rental, spend-based)'],
  ['484121', 'Cat 4 Upstream transportation (spend-based)'],
  ['492110', 'Cat 4 Upstream transportation (couriers, spend-based)'],
  ['562111', 'Cat 5 Waste (spend-based)'],
  ['334111', 'Cat 2 Capital goods'],
  ['236220', 'Cat 2 Capital goods (construction)'],
]);

const SPEND_CATEGORY = 'Cat 1 Purchased goods & services (spend-based)';

function categoryNumber(text: string): number {
  return Number(/\bCat (\d{1,2})\b/.exec(text)?.[1] ?? 1);
}

/** Every EPA v1.3 NAICS-6 factor: key `spend_naics_<code>`, region US, price year 2022. */
export function epaSpendFactors(text: string): EmissionFactor[] {
  const source = DATASET_SOURCES.epaSupplyChain;
  const records = parseCsvRecords(text);
  records.shift();
  return records.map(({ fields: [code, title, value, useeio] }) => {
    const ghgCategory = CURATED_NAICS_CATEGORY.get(code!) ?? SPEND_CATEGORY;
    return {
      id: `epa13-${code}`,
      publisherId: code!,
      dataset: source.key,
      datasetYear: 2022,
      region: 'US',
      activity: `${title} (NAICS ${code})`,
      activityKey: `spend_naics_${code}`,
      unit: 'usd',
      kgCO2ePerUnit: Number(value),
      gases: null,
      gwpBasis: 'AR5',
      scope: 'scope_3',
      scope3Category: categoryNumber(ghgCategory),
      ghgCategory,
      source: source.citation,
      sourceUrl: source.url,
      notes: `2017 NAICS ${code}, "Supply Chain Emission Factors with Margins" (cradle to point of sale), kg CO2e per 2022 USD, purchaser price; USEEIO code ${useeio}. Spend of another year is deflated with US CPI-U.`,
    };
  });
}

/** The key of a Defra SIC row: `spend_sic_` + the SIC code in lower case, dots and spaces as `_`. */
export function sicKeyOf(sic: string): string {
  return `spend_sic_${sic.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;
}

/** Every Defra SIC multiplier: key `spend_sic_<code>`, region GB, per £ of 2022. */
export function defraSicFactors(text: string): EmissionFactor[] {
  const source = DATASET_SOURCES.defraSic;
  const records = parseCsvRecords(text);
  records.shift();
  return records.map(({ fields: [sic, description, ghg] }) => ({
    id: `defrasic22-${sic!.replace(/\s+/g, '')}`,
    publisherId: sic!,
    dataset: source.key,
    datasetYear: 2022,
    region: 'GB',
    activity: `${description} (SIC ${sic})`,
    activityKey: sicKeyOf(sic!),
    unit: 'gbp',
    kgCO2ePerUnit: Number(ghg),
    gases: null,
    gwpBasis: 'AR5',
    scope: 'scope_3',
    scope3Category: 1,
    ghgCategory: SPEND_CATEGORY,
    source: source.citation,
    sourceUrl: source.url,
    notes: `SIC ${sic}, "GHG (kgCO2e per £)", 2022 prices. No UK price index is in the reference, so spend of another year is applied undeflated (flagged spend_not_deflated).`,
  }));
}
