import { describe, expect, test } from 'bun:test';
import {
  ActivityInputError,
  calculateActivity,
  MARKET_INSTRUMENT_FACTOR_ID,
  MARKET_SUPPLIER_FACTOR_ID,
} from './calculate.ts';
import { loadFactorLibrary } from './factor-library.ts';
import type { FxTable } from './fx.ts';
import type { ActivityInput, LineResult, Scope } from './types.ts';

const csv = await Bun.file(
  new URL('../../../db/reference/factors/emission-factors.csv', import.meta.url),
).text();
const library = loadFactorLibrary(csv);

function run(
  input: Partial<ActivityInput> & Pick<ActivityInput, 'category'>,
  reportingYear?: number,
): LineResult {
  return calculateActivity({ date: '2025-06-01', country: 'GB', ...input }, library, { reportingYear });
}
const byScope = (result: LineResult, scope: Scope) => result.entries.filter((e) => e.scope === scope);

describe('market-based Scope 2', () => {
  const kWh = { category: 'electricity', quantity: 10_000, unit: 'kWh' } as const;

  test('uses the supplier factor when given, on the same kWh', () => {
    const result = run({ ...kWh, quantity: 10, unit: 'MWh', market: { supplierKgCO2ePerKWh: 0.1 } });
    const [market] = byScope(result, 'scope_2_market');
    expect(market).toMatchObject({
      factorId: MARKET_SUPPLIER_FACTOR_ID,
      activityQuantity: 10_000,
      activityUnit: 'kWh',
    });
    expect(market!.kgCO2e).toBeCloseTo(1000, 9);
    expect(byScope(result, 'scope_2_location')[0]!.kgCO2e).toBeCloseTo(1770, 9);
    expect(result.flags).toContain('market_based_supplier_factor');
  });

  test('a renewable tariff or certificate gives 0, and outranks a supplier factor', () => {
    for (const instrument of ['renewable_tariff', 'certificate'] as const) {
      const result = run({ ...kWh, market: { instrument, supplierKgCO2ePerKWh: 0.2 } });
      const [market] = byScope(result, 'scope_2_market');
      expect(market).toMatchObject({
        kgCO2e: 0,
        factorId: MARKET_INSTRUMENT_FACTOR_ID,
        activityQuantity: 10_000,
      });
      expect(market!.dataset).toContain(instrument);
      expect(result.flags).toContain('market_based_contractual_instrument');
    }
  });

  test('without evidence it repeats the location figure, flagged (no residual mix loaded)', () => {
    const result = run(kWh);
    const [market] = byScope(result, 'scope_2_market');
    expect(market).toMatchObject({ factorId: 'uk25-elec-grid', kgCO2e: 1770 });
    expect(market!.flags).toContain('market_based_uses_location_factor');
    expect(byScope(result, 'scope_2_location')[0]!.flags).toEqual([]);
  });

  test('lines of the same shape do not share market evidence', () => {
    const green = run({ ...kWh, market: { instrument: 'certificate' } });
    const plain = run(kWh);
    expect(byScope(green, 'scope_2_market')[0]!.kgCO2e).toBe(0);
    expect(byScope(plain, 'scope_2_market')[0]!.kgCO2e).toBeCloseTo(1770, 9);
    expect(plain.flags).not.toContain('market_based_contractual_instrument');
  });

  test('district heat gets both methods; a negative supplier factor is refused', () => {
    const heat = run({ category: 'district_heat', quantity: 1000, unit: 'kWh' });
    expect(byScope(heat, 'scope_2_location')[0]!.kgCO2e).toBeCloseTo(175.29, 9);
    expect(byScope(heat, 'scope_2_market')).toHaveLength(1);
    expect(heat.flags).toContain('no_td_wtt_factor');
    const steam = run({ country: 'US', category: 'steam', quantity: 10, unit: 'mmBtu' });
    expect(byScope(steam, 'scope_2_location')[0]!.kgCO2e).toBeCloseTo(663.981, 9);
    expect(() => run({ ...kWh, market: { supplierKgCO2ePerKWh: -1 } })).toThrow(ActivityInputError);
  });
});

describe('fuels', () => {
  test('a fuel kWh without a CV basis is treated as gross and flagged', () => {
    const result = run({ category: 'natural_gas', quantity: 1000, unit: 'kWh' });
    expect(result.entries[0]!.factorId).toBe('uk25-ng-kwh-gross');
    expect(result.flags).toContain('calorific_basis_assumed_gross');
    expect(run({ category: 'natural_gas', quantity: 10, unit: 'm3' }).flags).toEqual([]);
  });

  test('net-CV kWh get no WTT (the WTT factor is gross-CV only) and say so', () => {
    const result = run({ category: 'natural_gas', quantity: 1000, unit: 'kWh', calorificBasis: 'net' });
    expect(result.entries.map((e) => e.factorId)).toEqual(['uk25-ng-kwh-net']);
    expect(result.flags).toEqual(['no_wtt_factor']);
  });

  test('a fuel burnt outside GB and the US uses DESNZ with its WTT, flagged', () => {
    const result = run({ country: 'DE', category: 'petrol', quantity: 100, unit: 'litre' });
    expect(result.entries.map((e) => [e.factorId, e.scope])).toEqual([
      ['uk25-petrol-l', 'scope_1'],
      ['uk25-petrol-l-wtt', 'scope_3'],
      ['uk25-oos-petrol-l', 'outside_scopes'],
    ]);
    expect(result.entries.every((e) => e.flags.includes('region_fallback'))).toBe(true);
  });

  test('US fuels carry no UK WTT or biogenic memo; EPA mobile fuel is CO2 only', () => {
    const result = run({ country: 'US', category: 'diesel', quantity: 10, unit: 'us_gallon' });
    expect(result.entries.map((e) => e.factorId)).toEqual(['us25-diesel-mobile-gal']);
    expect(result.entries[0]!.kgCO2e).toBeCloseTo(102.1, 9);
    expect(result.flags).toEqual(['no_wtt_factor', 'co2_only']);
  });

  test('gas oil in the US uses the EPA No. 2 distillate row; imperial gallons convert', () => {
    expect(
      run({ country: 'US', category: 'gas_oil', quantity: 1, unit: 'us_gallon' }).entries[0]!.factorId,
    ).toBe('us25-diesel-stat-gal');
    const litres = run({ category: 'gas_oil', quantity: 1, unit: 'uk_gallon' });
    expect(litres.entries[0]!.kgCO2e).toBeCloseTo(4.54609 * 2.75541, 9);
  });
});

describe('travel, vehicles and other categories', () => {
  test('business travel in a sized ICE car reuses the DESNZ car row as Scope 3 cat 6', () => {
    const [entry] = run({
      category: 'business_travel_car',
      variant: 'medium_petrol',
      quantity: 100,
      unit: 'km',
    }).entries;
    expect(entry).toMatchObject({
      factorId: 'uk25-car-medium-petrol-km',
      scope: 'scope_3',
      scope3Category: 6,
    });
    expect(entry!.kgCO2e).toBeCloseTo(17.474, 9);
  });

  test('owned vehicles: diesel car is Scope 1; BEV is Scope 2 both methods; PHEV says what is missing', () => {
    const car = run({
      category: 'owned_vehicle',
      variant: 'car_average_diesel',
      quantity: 100,
      unit: 'mile',
    });
    expect(car.entries[0]).toMatchObject({ scope: 'scope_1', activityUnit: 'vehicle_km' });
    expect(car.entries[0]!.activityQuantity).toBeCloseTo(160.9344, 9);
    expect(car.flags).toEqual(['no_wtt_factor']);
    const bev = run({ category: 'owned_vehicle', variant: 'car_average_bev', quantity: 100, unit: 'km' });
    expect(bev.entries.map((e) => e.scope)).toEqual(['scope_2_location', 'scope_2_market']);
    const phev = run({ category: 'owned_vehicle', variant: 'car_average_phev', quantity: 100, unit: 'km' });
    expect(phev.flags).toEqual(['phev_electricity_excluded']);
  });

  test('flight classes DESNZ does not publish for a haul fall back to its average, flagged', () => {
    const result = run({
      category: 'flight',
      variant: 'domestic_business',
      quantity: 100,
      unit: 'passenger_km',
    });
    expect(result.entries.map((e) => e.factorId)).toEqual(['uk25-air-dom-avg-rf', 'uk25-air-dom-avg-wtt']);
    expect(result.flags).toContain('activity_proxy');
    const epa = run({
      country: 'US',
      category: 'flight',
      variant: 'us_long_haul',
      quantity: 1000,
      unit: 'passenger_mile',
    });
    expect(epa.entries[0]!.kgCO2e).toBeCloseTo(164.395, 9);
    expect(epa.flags).toEqual(['no_wtt_factor', 'radiative_forcing_excluded']);
  });

  test('rail: national has WTT; a US underground uses EPA transit rail as a proxy', () => {
    expect(
      run({ category: 'rail', quantity: 100, unit: 'passenger_km' }).entries.map((e) => e.factorId),
    ).toEqual(['uk25-bt-rail-national-pkm', 'uk25-bt-rail-national-pkm-wtt']);
    const tube = run({
      country: 'US',
      category: 'rail',
      variant: 'underground',
      quantity: 10,
      unit: 'passenger_mile',
    });
    expect(tube.entries[0]!.factorId).toBe('us25-bt-rail-transit-pmile');
    expect(tube.flags).toEqual(['activity_proxy']);
  });

  test('hotels: the variant or the site country picks the row; a blank country falls back to UK', () => {
    expect(
      run({ country: 'FR', category: 'hotel', quantity: 2, unit: 'room_night' }).entries[0]!.kgCO2e,
    ).toBeCloseTo(13.4, 9);
    expect(
      run({ category: 'hotel', variant: 'GB-LONDON', quantity: 1, unit: 'room_night' }).entries[0]!.factorId,
    ).toBe('uk25-hotel-uk-london');
    const ireland = run({ category: 'hotel', variant: 'IE', quantity: 1, unit: 'room_night' });
    expect(ireland.entries[0]!.factorId).toBe('uk25-hotel-uk');
    expect(ireland.flags).toEqual(['region_fallback']);
  });

  test('waste by route in the US is per short ton and AR4; freight converts ton-miles', () => {
    const waste = run({
      country: 'US',
      category: 'waste',
      variant: 'food_landfill',
      quantity: 1,
      unit: 'tonne',
    });
    expect(waste.entries[0]!.kgCO2e).toBeCloseTo(680 / 0.90718474, 9);
    expect(waste.flags).toEqual(['gwp_basis_ar4']);
    const freight = run({ category: 'freight', variant: 'road_hgv', quantity: 1000, unit: 'tonne_km' });
    expect(freight.entries[0]!.kgCO2e).toBeCloseTo(101.63, 9);
  });

  test('refrigerants are region-independent GWPs; homeworking and water work abroad, flagged', () => {
    const r32 = run({ country: 'US', category: 'refrigerant', variant: 'r-32', quantity: 2, unit: 'kg' });
    expect(r32.entries[0]!.kgCO2e).toBe(1354);
    expect(r32.flags).toEqual([]);
    expect(run({ country: 'ES', category: 'homeworking', quantity: 100, unit: 'fte_hour' }).flags).toEqual([
      'region_fallback',
    ]);
  });
});

describe('spend-based', () => {
  const consulting = { category: 'purchased_goods', variant: '541611' } as const;

  test('converts GBP and EUR to USD at the ECB annual average, deflates with CPI-U, flags both', () => {
    // 2022 is EPA's price year: £1,000 / 0.852761 × 1.053049 (ECB 2022 means), no deflation.
    const gbp = run({ ...consulting, date: '2022-03-01', spend: 1000, currency: 'GBP' });
    expect(gbp.entries[0]!.activityQuantity).toBeCloseTo((1000 / 0.852761) * 1.053049, 9);
    expect(gbp.entries[0]!.kgCO2e).toBeCloseTo((1000 / 0.852761) * 1.053049 * 0.078, 9);
    expect(gbp.flags).toEqual(['region_fallback', 'spend_converted_currency', 'spend_proxy_region']);
    // €1,000 in 2024 = $1,082.38, × 292.655 / 313.689 (CPI-U 2022 / 2024) = 1,009.81 2022 USD.
    const eur = run({ ...consulting, country: 'US', date: '2024-03-01', spend: 1000, currency: 'EUR' });
    expect(eur.entries[0]!.activityQuantity).toBeCloseTo((1082.38 * 292.655) / 313.689, 9);
    expect(eur.flags).toEqual(['spend_converted_currency', 'spend_deflated_cpi_u']);
  });

  test('a year without rates uses the nearest; a currency without rates gives no entry', () => {
    // 2026: ECB 2025 means (€100 = $112.9983), and no CPI-U for 2026: applied undeflated.
    const late = run({ ...consulting, country: 'US', date: '2026-03-01', spend: 100, currency: 'EUR' });
    expect(late.entries[0]!.activityQuantity).toBeCloseTo(112.9983, 9);
    expect(late.flags).toEqual(expect.arrayContaining(['fx_rate_year_fallback', 'spend_not_deflated']));
    const naira = run({ ...consulting, country: 'US', spend: 100, currency: 'NGN' });
    expect(naira.entries).toEqual([]);
    expect(naira.flags).toEqual(['fx_rate_missing', 'no_factor']);
  });

  test('a caller-supplied FX table is used instead of the default', () => {
    const fx: FxTable = { source: 'test', perEur: new Map([[2022, { EUR: 1, USD: 2 }]]) };
    const result = calculateActivity(
      { date: '2022-01-01', country: 'US', ...consulting, spend: 10, currency: 'EUR' },
      library,
      { fx },
    );
    expect(result.entries[0]!.activityQuantity).toBe(20);
  });
});

describe('no factor, input errors and options', () => {
  test('a grid with no factor gives no entry and no_factor (blank is not zero)', () => {
    const result = run({ country: 'JP', category: 'electricity', quantity: 100, unit: 'kWh' });
    expect(result).toEqual({ entries: [], flags: ['no_factor'] });
  });

  test('negative quantities (billing credits) give negative entries', () => {
    expect(run({ category: 'electricity', quantity: -100, unit: 'kWh' }).entries[0]!.kgCO2e).toBeCloseTo(
      -17.7,
      9,
    );
  });

  test('the reporting year option overrides the date (fiscal years)', () => {
    expect(run({ category: 'electricity', quantity: 1, unit: 'kWh' }, 2024).entries[0]!.factorId).toBe(
      'uk24-elec-grid',
    );
  });

  test('rejects malformed lines with typed errors', () => {
    const base = { category: 'electricity', quantity: 1, unit: 'kWh' } as const;
    const code = (input: Partial<ActivityInput> & Pick<ActivityInput, 'category'>) => {
      try {
        run(input);
      } catch (error) {
        expect(error).toBeInstanceOf(ActivityInputError);
        return (error as ActivityInputError).code;
      }
      return 'no error';
    };
    expect(code({ ...base, date: '2025/01/01' })).toBe('invalid_date');
    expect(code({ ...base, country: '' })).toBe('invalid_country');
    expect(code({ ...base, quantity: Number.NaN })).toBe('invalid_quantity');
    expect(code({ ...base, quantity: undefined })).toBe('invalid_quantity');
    expect(code({ ...base, unit: 'parsec' as never })).toBe('invalid_unit');
    expect(code({ category: 'flight', variant: 'orbital', quantity: 1, unit: 'km' })).toBe('unknown_variant');
    expect(code({ category: 'waste', quantity: 1, unit: 'kg' })).toBe('unknown_variant');
    expect(code({ category: 'teleport' as never, quantity: 1, unit: 'km' })).toBe('unknown_category');
    expect(code({ category: 'purchased_goods', variant: '541611', spend: 1 })).toBe('invalid_spend');
    expect(code({ category: 'purchased_goods', variant: '541611', currency: 'USD' })).toBe('invalid_spend');
    expect(code({ category: 'natural_gas', quantity: 1, unit: 'kg' })).toBe('no error');
  });
});
