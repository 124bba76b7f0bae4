// The site dialog's form (decision 071), loaded with the dialog: it checks with the contract's
// zod schema, which the pages' first load does without (decision 082).
import type { ZodType } from 'zod';
import { type SaveSite, SaveSiteSchema, type Site } from '../../../domain/contracts/ledger';
import { checkedFormSchema, type FieldErrors, issuesToErrors } from '../../forms/checked-form-schema';
import { COMMON_COUNTRIES, OTHER_COUNTRY } from './sites';

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
