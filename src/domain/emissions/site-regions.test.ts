import { describe, expect, test } from 'bun:test';
import { readSiteRegion, SITE_REGIONS, siteRegionsOf } from './site-regions.ts';

describe('site regions', () => {
  test('lists the 27 eGRID2023 subregions for the US and London for the UK, with plain names', () => {
    expect(siteRegionsOf('us')).toHaveLength(27);
    expect(siteRegionsOf('US')).toContainEqual({
      code: 'US-CAMX',
      country: 'US',
      label: 'CAMX — California (WECC California)',
    });
    expect(siteRegionsOf('GB')).toEqual([{ code: 'GB-LONDON', country: 'GB', label: 'London' }]);
    expect(siteRegionsOf('FR')).toEqual([]);
    expect(new Set(SITE_REGIONS.map((region) => region.code)).size).toBe(SITE_REGIONS.length);
  });

  test('reads a region typed loosely when it is unambiguous', () => {
    expect(readSiteRegion('US', 'CAMX')).toEqual({ ok: true, region: 'US-CAMX' });
    expect(readSiteRegion('US', 'us-camx')).toEqual({ ok: true, region: 'US-CAMX' });
    expect(readSiteRegion('US', 'California')).toEqual({ ok: true, region: 'US-CAMX' });
    expect(readSiteRegion('US', 'CAMX — California (WECC California)')).toEqual({
      ok: true,
      region: 'US-CAMX',
    });
    expect(readSiteRegion('GB', 'london')).toEqual({ ok: true, region: 'GB-LONDON' });
  });

  test('a part of the country without factors of its own, the country itself or nothing means no region', () => {
    for (const text of ['England', 'Scotland', 'UK', 'GB', '', null, undefined])
      expect(readSiteRegion('GB', text)).toEqual({ ok: true, region: null });
    expect(readSiteRegion('FR', 'fr')).toEqual({ ok: true, region: null });
  });

  test('anything else is refused with the choices for the country', () => {
    const camxInUk = readSiteRegion('GB', 'CAMX');
    expect(camxInUk).toMatchObject({ ok: false, choices: [{ code: 'GB-LONDON' }] });
    const unknown = readSiteRegion('US', 'Cali');
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) {
      expect(unknown.choices).toHaveLength(27);
      expect(unknown.message).toContain('CAMX — California (WECC California)');
    }
    const france = readSiteRegion('FR', 'Provence');
    expect(france).toMatchObject({ ok: false, choices: [] });
    if (!france.ok) expect(france.message).toContain('leave the region empty');
  });
});
