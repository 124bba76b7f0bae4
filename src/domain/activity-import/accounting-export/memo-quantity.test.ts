import { describe, expect, test } from 'bun:test';
import { memoQuantity } from './memo-quantity.ts';

describe('memoQuantity', () => {
  test.each([
    ['Electricity Jan 1,820 kWh', 'electricity', 1820, 'kWh'],
    ['Electricity 01/12/2024-31/12/2024 1,820 kWh', 'electricity', 1820, 'kWh'],
    ['usage 1820kWh', 'electricity', 1820, 'kWh'],
    ['4,250 KWH', 'electricity', 4250, 'kWh'],
    ['1.2 MWh half-hourly', 'electricity', 1.2, 'MWh'],
    ['900 units', 'electricity', 900, 'kWh'],
    ['Day 1200 kWh Night 540 kWh', 'electricity', 1740, 'kWh'],
    ['Diesel 58.4 L van', 'diesel', 58.4, 'litre'],
    ['Diesel 58,4 L', 'diesel', 58.4, 'litre'],
    ['350 litres diesel bulk tank', 'diesel', 350, 'litre'],
    ['1,000 liters', 'diesel', 1000, 'litre'],
    ['red diesel 500ltrs', 'gas_oil', 500, 'litre'],
    ['20 gallons', 'petrol', 20, 'gal_uk'],
    ['LPG 47 kg cylinder', 'lpg', 47, 'kg'],
    ['Heating oil 1.2 tonnes', 'heating_oil', 1.2, 'tonne'],
    ['Water 12.5 m3', 'water', 12.5, 'm3'],
    ['Water 12.5 m³', 'water', 12.5, 'm3'],
    ['Water 12.5 cubic metres', 'water', 12.5, 'm3'],
    ['Gas Jan 3,400 kWh', 'natural_gas', 3400, 'kWh'],
    ['Gas meter 320 m3', 'natural_gas', 320, 'm3'],
  ] as const)('reads "%s" on a %s account as %d %s', (memo, category, quantity, unit) => {
    expect(memoQuantity(memo, category)).toEqual({ quantity, unit });
  });

  test.each([
    ['Standing charge adjustment', 'electricity'],
    ['Diesel 58.4 L', 'electricity'],
    ['900 units', 'natural_gas'],
    ['£58.40 fuel', 'diesel'],
    ['Order 12 kg flour', 'water'],
    ['100 kWh and 2 MWh', 'electricity'],
    ['0 kWh estimated', 'electricity'],
    ['Meter ref 1820kWhX', 'electricity'],
    // A bare "t" is too easily something else ("2 t" of what?): tonnes are spelled out.
    ['Van hire 2 t', 'diesel'],
  ] as const)('gives no quantity for "%s" on a %s account', (memo, category) => {
    expect(memoQuantity(memo, category)).toBeNull();
  });
});
