import type { ZodType } from 'zod';
import { type SaveSite, SaveSiteSchema, type Site } from '../../../domain/contracts/ledger';
import { type SiteRegion, siteRegionsOf } from '../../../domain/emissions/site-regions';
import { checkedFormSchema, type FieldErrors, issuesToErrors } from '../../forms/checked-form-schema';
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

export interface SiteFormValues {
  name: string;
  /** A common code, or OTHER_COUNTRY when `otherCountry` holds the code. */
  countryChoice: string;
  otherCountry: string;
  region: string;
  postcode: string;
}

export type SiteField = 'name' | 'country' | 'region' | 'postcode';
export type SiteErrors = FieldErrors<SiteField>;

export function siteFormFrom(site?: Site | null): SiteFormValues {
  if (!site) return { name: '', countryChoice: 'GB', otherCountry: '', region: '', postcode: '' };
  const common = COMMON_COUNTRIES.some((country) => country.code === site.country);
  return {
    name: site.name,
    countryChoice: common ? site.country : OTHER_COUNTRY,
    otherCountry: common ? '' : site.country,
    region: site.region ?? '',
    postcode: site.postcode ?? '',
  };
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

/** Checked with the shared contract (SaveSiteSchema): the dialog refuses what the server would. */
export function validateSiteForm(
  values: SiteFormValues,
): { ok: true; payload: SaveSite } | { ok: false; errors: SiteErrors } {
  const country = values.countryChoice === OTHER_COUNTRY ? values.otherCountry : values.countryChoice;
  const result = SaveSiteSchema.safeParse({
    name: values.name,
    country,
    region: values.region.trim() || null,
    postcode: values.postcode.trim() || null,
  });
  if (result.success) return { ok: true, payload: result.data };
  return { ok: false, errors: issuesToErrors<SiteField>(result.error.issues) };
}

/** The control that holds the country: the common-country select, or the typed code. */
export function countryControl(
  values: Pick<SiteFormValues, 'countryChoice'>,
): 'countryChoice' | 'otherCountry' {
  return values.countryChoice === OTHER_COUNTRY ? 'otherCountry' : 'countryChoice';
}

/** The dialog's schema for the zod resolver (decision 071): the form's values in, SaveSite out. */
export const siteFormSchema: ZodType<SaveSite, SiteFormValues> = checkedFormSchema(
  validateSiteForm,
  (field, values) => (field === 'country' ? countryControl(values) : field),
);

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
