import { describe, expect, test } from 'bun:test';
import { chooseFactor, type FactorQuery } from './factor-choice.ts';
import { createFactorLibrary, loadFactorLibrary } from './factor-library.ts';
import { regionChain } from './regions.ts';
import type { EmissionFactor } from './types.ts';

const csv = await Bun.file(
  new URL('../../../db/reference/factors/emission-factors.csv', import.meta.url),
).text();
const library = loadFactorLibrary(csv);

function choose(query: Partial<FactorQuery> & Pick<FactorQuery, 'activityKey' | 'unit'>) {
  return chooseFactor(library, { region: 'GB', reportingYear: 2025, ...query });
}

describe('dataset year', () => {
  test('takes the latest version not after the reporting year', () => {
    expect(choose({ activityKey: 'electricity_grid', unit: 'kWh', reportingYear: 2024 })?.factor.id).toBe(
      'uk24-elec-grid',
    );
    expect(choose({ activityKey: 'electricity_grid', unit: 'kWh', reportingYear: 2025 })?.factor.id).toBe(
      'uk25-elec-grid',
    );
    expect(choose({ activityKey: 'electricity_grid', unit: 'kWh', reportingYear: 2030 })?.factor.id).toBe(
      'uk26-elec-grid',
    );
  });

  test('falls back to the earliest later version, flagged, when none is not after the year', () => {
    const choice = choose({ activityKey: 'electricity_grid', unit: 'kWh', reportingYear: 2021 });
    expect(choice?.factor.id).toBe('uk24-elec-grid');
    expect(choice?.flags).toContain('dataset_year_after_reporting_year');
    const hub = choose({ activityKey: 'electricity_grid', unit: 'kWh', region: 'US', reportingYear: 2024 });
    expect(hub?.factor.id).toBe('us25-egrid-us-average');
    expect(hub?.flags).toEqual(['dataset_year_after_reporting_year']);
  });

  test('a unit without a version for the year takes its own latest version (m³ gas in 2026)', () => {
    expect(choose({ activityKey: 'natural_gas', unit: 'm3', reportingYear: 2026 })?.factor.id).toBe(
      'uk25-ng-m3',
    );
    expect(choose({ activityKey: 'natural_gas', unit: 'kWh', reportingYear: 2026 })?.factor.id).toBe(
      'uk26-ng-kwh-gross',
    );
  });
});

describe('region', () => {
  test('uses the exact region without a flag', () => {
    const camx = choose({ activityKey: 'electricity_grid', unit: 'kWh', region: 'US-CAMX' });
    expect(camx?.factor.id).toBe('us25-egrid-camx');
    expect(camx?.flags).toEqual([]);
  });

  test('an unknown eGRID subregion falls back to the US average, flagged', () => {
    const choice = choose({ activityKey: 'electricity_grid', unit: 'kWh', region: 'US-XXXX' });
    expect(choice?.factor.id).toBe('us25-egrid-us-average');
    expect(choice?.flags).toEqual(['region_fallback']);
  });

  test('any UK region falls back to GB ("UK" is read as GB)', () => {
    expect(choose({ activityKey: 'electricity_grid', unit: 'kWh', region: 'GB-SCT' })?.flags).toEqual([
      'region_fallback',
    ]);
    expect(choose({ activityKey: 'electricity_grid', unit: 'kWh', region: 'uk' })?.factor.id).toBe(
      'uk25-elec-grid',
    );
    expect(choose({ activityKey: 'hotel_stay', unit: 'room_night', region: 'GB-LONDON' })?.factor.id).toBe(
      'uk25-hotel-uk-london',
    );
  });

  test('an EU member state uses its own Ember row, then the EU-27 row', () => {
    expect(choose({ activityKey: 'electricity_grid', unit: 'kWh', region: 'PL' })?.factor.id).toBe(
      'ember24-grid-pol',
    );
    const withoutPoland = createFactorLibrary(
      library.factors.filter((f) => f.id !== 'ember24-grid-pol'),
      {
        deriveDesnz2024: false,
      },
    );
    const choice = chooseFactor(withoutPoland, {
      activityKey: 'electricity_grid',
      unit: 'kWh',
      region: 'PL',
      reportingYear: 2025,
    });
    expect(choice?.factor.id).toBe('ember24-grid-eu');
    expect(choice?.flags).toEqual(['region_fallback', 'lifecycle_basis']);
    expect(regionChain('PL')).toEqual(['PL', 'EU', 'INTL']);
  });

  test('prefers a combustion-only national factor to Ember for GB and the US', () => {
    expect(
      choose({ activityKey: 'electricity_grid', unit: 'kWh', region: 'GB', reportingYear: 2024 })?.factor.id,
    ).toBe('uk24-elec-grid');
    expect(choose({ activityKey: 'electricity_grid', unit: 'kWh', region: 'US' })?.factor.id).toBe(
      'us25-egrid-us-average',
    );
    expect(choose({ activityKey: 'electricity_grid', unit: 'kWh', region: 'NO' })?.factor.id).toBe(
      'ember24-grid-nor',
    );
  });

  test('no factor in any region tried gives null; proxy regions are flagged', () => {
    expect(choose({ activityKey: 'electricity_grid', unit: 'kWh', region: 'JP' })).toBeNull();
    expect(choose({ activityKey: 'no_such_activity', unit: 'kWh' })).toBeNull();
    const hotel = choose({
      activityKey: 'hotel_stay',
      unit: 'room_night',
      region: 'IE',
      proxyRegions: ['GB'],
    });
    expect(hotel?.factor.id).toBe('uk25-hotel-uk');
    expect(hotel?.flags).toEqual(['region_fallback']);
  });

  test('international flight factors serve any country without a region flag', () => {
    const choice = choose({
      activityKey: 'flight_international_economy',
      unit: 'passenger_km',
      region: 'US',
    });
    expect(choice?.factor.id).toBe('uk25-air-intl-eco-rf');
    expect(choice?.flags).toEqual(['radiative_forcing_included']);
  });

  test('region-independent factors (refrigerant GWPs) are not flagged', () => {
    const choice = choose({
      activityKey: 'refrigerant_r32',
      unit: 'kg',
      region: 'US',
      proxyRegions: ['GB'],
      regionIndependent: true,
    });
    expect(choice?.factor.kgCO2ePerUnit).toBe(677);
    expect(choice?.flags).toEqual([]);
  });
});

describe('unit, calorific basis and RF', () => {
  test('only factors the unit converts to are candidates; the conversion is returned', () => {
    const therms = choose({ activityKey: 'natural_gas', unit: 'therm' });
    expect(therms?.factor.id).toBe('uk25-ng-kwh-gross');
    expect(therms?.conversion).toBeCloseTo(29.3071, 4);
    expect(choose({ activityKey: 'natural_gas', unit: 'ft3' })?.factor.id).toBe('uk25-ng-m3');
    expect(choose({ activityKey: 'natural_gas', unit: 'kg' })).toBeNull();
  });

  test("the query's own unit wins among same-year factors (EPA therm vs mmBtu vs scf)", () => {
    expect(choose({ activityKey: 'natural_gas', unit: 'therm', region: 'US' })?.factor.id).toBe(
      'us25-ng-therm',
    );
    expect(choose({ activityKey: 'natural_gas', unit: 'mmBtu', region: 'US' })?.factor.id).toBe(
      'us25-ng-mmbtu',
    );
    expect(choose({ activityKey: 'natural_gas', unit: 'ccf', region: 'US' })?.factor.id).toBe('us25-ng-scf');
  });

  test('gross and net CV factors are never mixed (md §4.1)', () => {
    expect(choose({ activityKey: 'natural_gas', unit: 'kWh', calorificBasis: 'net' })?.factor.id).toBe(
      'uk25-ng-kwh-net',
    );
    expect(choose({ activityKey: 'natural_gas', unit: 'kWh' })?.factor.id).toBe('uk25-ng-kwh-gross');
    expect(choose({ activityKey: 'natural_gas_wtt', unit: 'kWh', calorificBasis: 'net' })).toBeNull();
    expect(
      choose({ activityKey: 'natural_gas', unit: 'kWh', region: 'US', calorificBasis: 'net' }),
    ).toBeNull();
  });

  test('prefers the requested RF basis and uses the other only when it is all there is', () => {
    const query = { activityKey: 'flight_long_haul_business', unit: 'passenger_km' } as const;
    expect(choose({ ...query, radiativeForcing: true })?.factor.id).toBe('uk25-air-lh-bus-rf');
    expect(choose({ ...query, radiativeForcing: false })?.factor.id).toBe('uk25-air-lh-bus-norf');
    const freight = choose({ activityKey: 'freight_air', unit: 'tonne_km', radiativeForcing: false });
    expect(freight?.factor.id).toBe('uk25-freight-air-lh-rf-tkm');
    expect(freight?.flags).toContain('radiative_forcing_included');
  });

  test('candidates keep their library order for equal choices', () => {
    const twin: EmissionFactor = { ...library.byId.get('us25-propane-gal')!, id: 'twin', unit: 'litre' };
    const small = createFactorLibrary([library.byId.get('us25-propane-gal')!, twin], {
      deriveDesnz2024: false,
    });
    expect(
      chooseFactor(small, { activityKey: 'propane', unit: 'uk_gallon', region: 'US', reportingYear: 2025 })
        ?.factor.id,
    ).toBe('us25-propane-gal');
  });
});
