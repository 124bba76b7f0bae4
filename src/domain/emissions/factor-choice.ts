// Picks the one factor a calculation uses: region, then unit and CV basis, then dataset year.

import type { FactorLibrary } from './factor-library.ts';
import { INTERNATIONAL_REGION, normaliseRegion, regionChain } from './regions.ts';
import type { CalorificBasis, EmissionFactor, Flag } from './types.ts';
import { activityConversionFactor, type UnitKey } from './units.ts';

export interface FactorQuery {
  activityKey: string;
  /** Unit of the activity quantity; only factors whose unit it converts to are candidates. */
  unit: UnitKey;
  /** Site region: ISO alpha-2, eGRID subregion 'US-CAMX', 'GB-LONDON'… ('UK' reads as 'GB'). */
  region: string;
  /** Calendar (or majority, DESNZ Introduction) year the activity is reported in. */
  reportingYear: number;
  /** For fuel kWh: factors stating another CV basis are skipped. Missing means gross (md §4.1). */
  calorificBasis?: CalorificBasis;
  /** Air: prefer factors with this RF basis; others are used (and flagged) only if none match. */
  radiativeForcing?: boolean;
  /** Regions to try after the chain of `region`, e.g. ['GB', 'US'] (always region_fallback). */
  proxyRegions?: readonly string[];
  /** The factor does not depend on where it is used (refrigerant GWP): no region_fallback. */
  regionIndependent?: boolean;
}

export interface FactorChoice {
  factor: EmissionFactor;
  /** Choice flags (fallbacks, year) plus the factor's intrinsic flags. Frozen. */
  flags: readonly Flag[];
  /** Multiplier from the query unit to the factor unit. */
  conversion: number;
}

/** Ember (lifecycle) only where no combustion-only national factor exists (md §2.4, §4.14). */
function rank(factor: EmissionFactor): number {
  return factor.gwpBasis === 'lifecycle' ? 1 : 0;
}

/**
 * Dataset year rule (DESNZ 2024 workbook, Introduction: use the set whose year matches the
 * reporting period): the latest year not after the reporting year; when every version is later,
 * the earliest one, flagged `dataset_year_after_reporting_year`.
 */
function pickYear(
  candidates: readonly EmissionFactor[],
  reportingYear: number,
): { year: number; late: boolean } {
  let best = -1;
  let earliest = Number.POSITIVE_INFINITY;
  for (const f of candidates) {
    if (f.datasetYear <= reportingYear && f.datasetYear > best) best = f.datasetYear;
    if (f.datasetYear < earliest) earliest = f.datasetYear;
  }
  return best >= 0 ? { year: best, late: false } : { year: earliest, late: true };
}

function chooseInRegion(
  factors: readonly EmissionFactor[],
  query: FactorQuery,
): { factor: EmissionFactor; conversion: number; late: boolean } | undefined {
  const basis = query.calorificBasis ?? 'gross';
  let candidates = factors.filter(
    (f) =>
      activityConversionFactor(query.unit, f.unit) !== null &&
      (f.calorificBasis === undefined || f.calorificBasis === basis),
  );
  if (candidates.length === 0) return undefined;
  const bestRank = Math.min(...candidates.map(rank));
  candidates = candidates.filter((f) => rank(f) === bestRank);
  if (query.radiativeForcing !== undefined) {
    const matching = candidates.filter((f) => f.radiativeForcing === query.radiativeForcing);
    if (matching.length > 0) candidates = matching;
  }
  const { year, late } = pickYear(candidates, query.reportingYear);
  const ofYear = candidates.filter((f) => f.datasetYear === year);
  // Same year, several units (EPA gas per therm and per mmBtu): the query's own unit first.
  const factor = ofYear.find((f) => f.unit === query.unit) ?? ofYear[0]!;
  return { factor, conversion: activityConversionFactor(query.unit, factor.unit)!, late };
}

/** Where findFactor looks: keys × regions, region first (a neighbouring activity in the site's
 * own region beats the exact activity abroad). */
export interface FactorSearch {
  /** Exact activity keys, tried in order within each region. */
  keys: readonly string[];
  /** Neighbouring activities, tried after `keys` in each region: flagged activity_proxy. */
  proxyKeys: readonly string[];
  /** Regions in the order tried. */
  regions: readonly string[];
  /** Region flags are judged against (the site's region). */
  siteRegion: string;
}

/** The first factor found by `search`, or null. `query.activityKey` and `query.region` are not used. */
export function findFactor(
  library: FactorLibrary,
  query: FactorQuery,
  search: FactorSearch,
): FactorChoice | null {
  for (const region of search.regions) {
    for (let k = 0; k < search.keys.length + search.proxyKeys.length; k++) {
      const proxy = k >= search.keys.length;
      const key = proxy ? search.proxyKeys[k - search.keys.length]! : search.keys[k]!;
      const factors = library.byActivity.get(key)?.get(region);
      if (factors === undefined) continue;
      const chosen = chooseInRegion(factors, query);
      if (chosen === undefined) continue;
      const flags: Flag[] = [];
      if (
        region !== search.siteRegion &&
        region !== INTERNATIONAL_REGION &&
        query.regionIndependent !== true
      ) {
        flags.push('region_fallback');
      }
      if (proxy) flags.push('activity_proxy');
      if (chosen.late) flags.push('dataset_year_after_reporting_year');
      for (const flag of library.intrinsicFlags(chosen.factor)) flags.push(flag);
      return { factor: chosen.factor, flags: Object.freeze(flags), conversion: chosen.conversion };
    }
  }
  return null;
}

/** Regions for a site: its chain (regions.ts) then the proxy regions, each once. */
export function searchRegions(siteRegion: string, proxyRegions: readonly string[] = []): readonly string[] {
  const regions = [...regionChain(siteRegion)];
  for (const region of proxyRegions) if (!regions.includes(region)) regions.push(region);
  return regions;
}

/**
 * The factor for an activity, or null when the library has none for any region tried.
 * Regions tried, in order (regions.ts): the site region, its parent ('US-CAMX' → 'US', 'GB-…' →
 * 'GB', EU member → 'EU'), 'INTL', then `proxyRegions`. Using any region but the requested one
 * (or 'INTL') is flagged `region_fallback`, unless the query is region-independent. Within the
 * region: unit convertible, CV basis matching, combustion-only before Ember, RF basis preferred,
 * then the dataset year (pickYear), then the query's own unit.
 */
export function chooseFactor(library: FactorLibrary, query: FactorQuery): FactorChoice | null {
  const siteRegion = normaliseRegion(query.region);
  return findFactor(library, query, {
    keys: [query.activityKey],
    proxyKeys: [],
    regions: searchRegions(siteRegion, query.proxyRegions),
    siteRegion,
  });
}
