// The sub-national regions a site may name: the ones the factor library has factors for
// (regions.ts reads them; docs/decisions/049-import-mapping-step.md). A site's country already
// chooses its national factors, so `region` is only ever one of these, or empty:
// - United States: the 27 eGRID2023 subregions (EPA eGRID2023, subregion names as published,
//   https://www.epa.gov/egrid), stored `US-XXXX` as the factor CSV carries them;
// - United Kingdom: `GB-LONDON`, the DESNZ "UK (London)" hotel row.
// Anything else (a UK nation, a county, a state name) has no factor of its own: typed loosely it is
// read as "the country's own factors" when that is what it means (England → no region), else
// refused with the choices listed.

import { LONDON_REGION } from './regions.ts';

export interface SiteRegion {
  /** Stored value, e.g. 'US-CAMX'. */
  code: string;
  /** ISO 3166-1 alpha-2 country the region lies in. */
  country: string;
  /** What the person sees: "CAMX — California". */
  label: string;
}

/** EPA eGRID2023 subregion acronym → plain name (the published name in brackets where it helps). */
const EGRID_SUBREGIONS: readonly [string, string][] = [
  ['AKGD', 'Alaska grid (ASCC Alaska Grid)'],
  ['AKMS', 'Alaska, other (ASCC Miscellaneous)'],
  ['AZNM', 'Arizona and New Mexico (WECC Southwest)'],
  ['CAMX', 'California (WECC California)'],
  ['ERCT', 'Texas (ERCOT All)'],
  ['FRCC', 'Florida (FRCC All)'],
  ['HIMS', 'Hawaii, other islands (HICC Miscellaneous)'],
  ['HIOA', 'Hawaii, Oahu (HICC Oahu)'],
  ['MROE', 'Wisconsin, east (MRO East)'],
  ['MROW', 'Upper Midwest (MRO West)'],
  ['NEWE', 'New England (NPCC New England)'],
  ['NWPP', 'Northwest (WECC Northwest)'],
  ['NYCW', 'New York City and Westchester (NPCC NYC/Westchester)'],
  ['NYLI', 'Long Island (NPCC Long Island)'],
  ['NYUP', 'Upstate New York (NPCC Upstate NY)'],
  ['PRMS', 'Puerto Rico (Puerto Rico Miscellaneous)'],
  ['RFCE', 'Mid-Atlantic (RFC East)'],
  ['RFCM', 'Michigan (RFC Michigan)'],
  ['RFCW', 'Ohio Valley (RFC West)'],
  ['RMPA', 'Rockies (WECC Rockies)'],
  ['SPNO', 'Kansas and Missouri (SPP North)'],
  ['SPSO', 'Oklahoma and north Texas (SPP South)'],
  ['SRMV', 'Mississippi Valley (SERC Mississippi Valley)'],
  ['SRMW', 'Illinois and Missouri (SERC Midwest)'],
  ['SRSO', 'Southeast (SERC South)'],
  ['SRTV', 'Tennessee Valley (SERC Tennessee Valley)'],
  ['SRVC', 'Virginia and the Carolinas (SERC Virginia/Carolina)'],
];

export const SITE_REGIONS: readonly SiteRegion[] = [
  { code: LONDON_REGION, country: 'GB', label: 'London' },
  ...EGRID_SUBREGIONS.map(([acronym, name]) => ({
    code: `US-${acronym}`,
    country: 'US',
    label: `${acronym} — ${name}`,
  })),
];

/** The regions a site in `country` may name (none: the country's own factors only). */
export function siteRegionsOf(country: string): readonly SiteRegion[] {
  const upper = country.trim().toUpperCase();
  return SITE_REGIONS.filter((region) => region.country === upper);
}

/** Words that mean "the whole country" for a country: its own factors, no region. */
const WHOLE_COUNTRY: Readonly<Record<string, readonly string[]>> = {
  GB: [
    'gb',
    'uk',
    'united kingdom',
    'great britain',
    'britain',
    'england',
    'eng',
    'scotland',
    'sct',
    'wales',
    'wls',
    'cymru',
    'northern ireland',
    'nir',
    'gb eng',
    'gb sct',
    'gb wls',
    'gb nir',
    'uk eng',
  ],
  US: ['us', 'usa', 'united states', 'united states of america', 'america'],
};

/** "US-Camx", "camx", "CAMX — California" → "us camx" / "camx" / "camx california". */
const regionKey = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

export type SiteRegionReading =
  /** `region` null: the country's own factors. */
  { ok: true; region: string | null } | { ok: false; message: string; choices: readonly SiteRegion[] };

/**
 * What a typed region means for a site in `country`: a stored region code, none (empty, the
 * country itself, or a part of it with no factors of its own such as England), or a refusal that
 * lists the choices. Read loosely only where the meaning is unambiguous: "CAMX", "us-camx",
 * "California" and "CAMX — California" are US-CAMX for a US site; "London" is GB-LONDON for a UK one.
 */
export function readSiteRegion(country: string, text: string | null | undefined): SiteRegionReading {
  const upperCountry = country.trim().toUpperCase();
  const key = regionKey(text ?? '');
  if (key === '') return { ok: true, region: null };
  if (key === upperCountry.toLowerCase() || WHOLE_COUNTRY[upperCountry]?.includes(key)) {
    return { ok: true, region: null };
  }
  const choices = siteRegionsOf(upperCountry);
  const matches = choices.filter((region) => {
    const code = regionKey(region.code);
    const acronym = code.replace(/^[a-z]{2} /, '');
    const label = regionKey(region.label);
    const plain = regionKey(region.label.replace(/^[A-Z]{4} — /, '').replace(/\s*\(.*\)$/, ''));
    return key === code || key === acronym || key === label || key === plain;
  });
  if (matches.length === 1) return { ok: true, region: matches[0]!.code };
  const typed = (text ?? '').trim();
  const message =
    choices.length === 0
      ? `Region "${typed}" has no factors of its own for this country; leave the region empty and the country's factors apply`
      : `Region "${typed}" is not one we have factors for in ${upperCountry}; choose one of: ${choices.map((region) => region.label).join('; ')}, or leave it empty for the country's own factors`;
  return { ok: false, message, choices };
}
