// Sites' words for the pages: the countries offered, a region list, why a delete failed. Apart
// from site-form.ts so the data sources page's first load carries no zod (issue 20, decision 082).
import { type SiteRegion, siteRegionsOf } from '../../../domain/emissions/site-regions';
import { getErrorBody, getErrorStatus } from '../../lib/api';
/** The countries offered first; any other ISO 3166-1 alpha-2 code can be typed in. */
export const COMMON_COUNTRIES: ReadonlyArray<{ code: string; name: string }> = [
  { code: 'GB', name: 'United Kingdom' },
  { code: 'IE', name: 'Ireland' },
  { code: 'FR', name: 'France' },
  { code: 'DE', name: 'Germany' },
  { code: 'ES', name: 'Spain' },
  { code: 'IT', name: 'Italy' },
  { code: 'NL', name: 'Netherlands' },
  { code: 'BE', name: 'Belgium' },
  { code: 'PT', name: 'Portugal' },
  { code: 'AT', name: 'Austria' },
  { code: 'SE', name: 'Sweden' },
  { code: 'DK', name: 'Denmark' },
  { code: 'FI', name: 'Finland' },
  { code: 'PL', name: 'Poland' },
  { code: 'US', name: 'United States' },
];

export const OTHER_COUNTRY = 'other';

export function countryName(code: string): string {
  return COMMON_COUNTRIES.find((country) => country.code === code.toUpperCase())?.name ?? code;
}

/**
 * The regions the site form offers for a country (site-regions.ts), plus a stored region the list
 * does not know (a site saved before regions were checked), so editing shows what is there.
 */
export function regionChoices(country: string, current: string): readonly SiteRegion[] {
  const choices = siteRegionsOf(country);
  if (!current || choices.some((region) => region.code === current)) return choices;
  return [{ code: current, country, label: `${current} (not recognised: choose another)` }, ...choices];
}

/** 409: lines still use the site (the ledger keeps every line's site). */
export function describeSiteDeleteError(error: unknown): string {
  if (getErrorStatus(error) === 409) {
    return (
      getErrorBody(error)?.message ||
      'This site has activity lines. Move or delete those lines first, then delete the site.'
    );
  }
  return `Failed to delete site: ${getErrorBody(error)?.message || 'Something went wrong'}`;
}
