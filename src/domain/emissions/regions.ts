// Region codes of the factor library and the fallback chain a lookup walks.

/** EU-27 member states, ISO 3166-1 alpha-2 (Greece is GR in ISO, EL in EU usage). */
export const EU_MEMBER_STATES: ReadonlySet<string> = new Set([
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
]);

/** Region that DESNZ flight factors carry: usable whatever the departure country (md §4.5). */
export const INTERNATIONAL_REGION = 'INTL';
/** DESNZ "UK (London)" hotel row. Not an ISO 3166-2 code (GB-LND is the City of London only). */
export const LONDON_REGION = 'GB-LONDON';

/** CSV `region` values → library region. Ember uses alpha-3, DESNZ hotels use country names. */
const CSV_REGION_NAMES: ReadonlyMap<string, string> = new Map([
  ['UK', 'GB'],
  ['UK (London)', LONDON_REGION],
  ['UK/International', INTERNATIONAL_REGION],
  ['US', 'US'],
  ['EU', 'EU'],
  ['France', 'FR'],
  ['Germany', 'DE'],
  ['Spain', 'ES'],
  ['Italy', 'IT'],
  ['Netherlands', 'NL'],
  ['Belgium', 'BE'],
  ['Portugal', 'PT'],
  ['United States', 'US'],
  ['India', 'IN'],
  ['United Arab Emirates', 'AE'],
  ['AUT', 'AT'],
  ['BEL', 'BE'],
  ['BGR', 'BG'],
  ['HRV', 'HR'],
  ['CYP', 'CY'],
  ['CZE', 'CZ'],
  ['DNK', 'DK'],
  ['EST', 'EE'],
  ['FIN', 'FI'],
  ['FRA', 'FR'],
  ['DEU', 'DE'],
  ['GRC', 'GR'],
  ['HUN', 'HU'],
  ['IRL', 'IE'],
  ['ITA', 'IT'],
  ['LVA', 'LV'],
  ['LTU', 'LT'],
  ['LUX', 'LU'],
  ['MLT', 'MT'],
  ['NLD', 'NL'],
  ['POL', 'PL'],
  ['PRT', 'PT'],
  ['ROU', 'RO'],
  ['SVK', 'SK'],
  ['SVN', 'SI'],
  ['ESP', 'ES'],
  ['SWE', 'SE'],
  ['GBR', 'GB'],
  ['NOR', 'NO'],
  ['CHE', 'CH'],
  ['USA', 'US'],
]);

/** Library region of a CSV `region` cell, or undefined when the cell is not recognised. */
export function regionFromCsv(value: string): string | undefined {
  const named = CSV_REGION_NAMES.get(value);
  if (named !== undefined) return named;
  // eGRID2023 subregions as published in the CSV: 'US-CAMX'.
  return /^US-[A-Z]{4}$/.test(value) ? value : undefined;
}

/** Upper-cases an input region and reads the reserved 'UK' as 'GB' (ISO 3166-1 uses GB). */
export function normaliseRegion(value: string): string {
  const upper = value.trim().toUpperCase();
  if (upper === 'UK') return 'GB';
  if (upper.startsWith('UK-')) return `GB-${upper.slice(3)}`;
  return upper;
}

const chainCache = new Map<string, readonly string[]>();

/**
 * Regions a lookup tries, most specific first. Default rules (brief, md §2.4):
 * - an eGRID subregion 'US-XXXX' → 'US' (eGRID US average);
 * - any UK region 'GB-…' ('GB-LONDON', 'GB-SCT') → 'GB';
 * - an EU member state → that country → 'EU' (Ember EU-27 average);
 * - everything ends in 'INTL' (region-independent DESNZ flight factors).
 * Proxy regions beyond the chain are per activity (activity-plans.ts) and always flagged.
 */
export function regionChain(region: string): readonly string[] {
  const cached = chainCache.get(region);
  if (cached !== undefined) return cached;
  const chain: string[] = [region];
  if (region.startsWith('US-')) chain.push('US');
  else if (region.startsWith('GB-')) chain.push('GB');
  else if (EU_MEMBER_STATES.has(region)) chain.push('EU');
  if (region !== INTERNATIONAL_REGION) chain.push(INTERNATIONAL_REGION);
  const frozen = Object.freeze(chain);
  chainCache.set(region, frozen);
  return frozen;
}
