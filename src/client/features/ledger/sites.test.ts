import { describe, expect, test } from 'bun:test';
import { ApiError } from '../../lib/api';
import { siteFormFrom, validateSiteForm } from './site-form';
import {
  COMMON_COUNTRIES,
  countryName,
  describeSiteDeleteError,
  OTHER_COUNTRY,
  regionChoices,
} from './sites';

describe('site form', () => {
  test('offers the fifteen common countries', () => {
    expect(COMMON_COUNTRIES.map((country) => country.code)).toEqual([
      'GB',
      'IE',
      'FR',
      'DE',
      'ES',
      'IT',
      'NL',
      'BE',
      'PT',
      'AT',
      'SE',
      'DK',
      'FI',
      'PL',
      'US',
    ]);
    expect(countryName('de')).toBe('Germany');
    expect(countryName('NO')).toBe('NO');
  });

  test('a common country or a typed code, upper-cased; blank optional fields become null', () => {
    expect(validateSiteForm({ ...siteFormFrom(null), name: ' Leeds depot ' })).toEqual({
      ok: true,
      payload: { name: 'Leeds depot', country: 'GB', region: null, postcode: null },
    });
    expect(
      validateSiteForm({
        ...siteFormFrom(null),
        name: 'Oslo',
        countryChoice: OTHER_COUNTRY,
        otherCountry: 'no',
      }),
    ).toEqual({ ok: true, payload: { name: 'Oslo', country: 'NO', region: null, postcode: null } });
  });

  test('names the fields in error', () => {
    expect(
      validateSiteForm({
        ...siteFormFrom(null),
        name: '',
        countryChoice: OTHER_COUNTRY,
        otherCountry: 'Norway',
      }),
    ).toEqual({
      ok: false,
      errors: { name: 'Name is required', country: 'Use a two-letter country code such as GB, DE or US' },
    });
  });

  test('editing keeps an uncommon country as a typed code', () => {
    const values = siteFormFrom({ id: 's', name: 'Oslo', country: 'NO', region: null, postcode: '0150' });
    expect(values).toEqual({
      name: 'Oslo',
      countryChoice: OTHER_COUNTRY,
      otherCountry: 'NO',
      region: '',
      postcode: '0150',
    });
  });

  test('a site in use cannot be deleted (409)', () => {
    expect(describeSiteDeleteError(new ApiError(409, JSON.stringify({ message: 'Site has 4 lines' })))).toBe(
      'Site has 4 lines',
    );
    expect(describeSiteDeleteError(new ApiError(409, ''))).toBe(
      'This site has activity lines. Move or delete those lines first, then delete the site.',
    );
  });
});

describe('regionChoices', () => {
  test('offers the regions the factor library has for the country', () => {
    expect(regionChoices('US', '').map((region) => region.code)).toContain('US-CAMX');
    expect(regionChoices('GB', '')).toEqual([{ code: 'GB-LONDON', country: 'GB', label: 'London' }]);
    expect(regionChoices('FR', '')).toEqual([]);
  });

  test('keeps a stored region the list does not know, marked so, so editing shows what is there', () => {
    expect(regionChoices('GB', 'ENG')[0]).toEqual({
      code: 'ENG',
      country: 'GB',
      label: 'ENG (not recognised: choose another)',
    });
  });
});
