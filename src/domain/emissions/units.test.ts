import { describe, expect, test } from 'bun:test';
import {
  activityConversionFactor,
  conversionFactor,
  convert,
  dimensionOf,
  parseCsvUnit,
  parseUnit,
  UNIT_KEYS,
  UnitConversionError,
} from './units.ts';

describe('convert', () => {
  test('energy: therm, mmBtu, GJ, MJ and MWh against kWh (NIST Btu_IT, SI kWh = 3.6 MJ)', () => {
    expect(convert(1, 'therm', 'kWh')).toBeCloseTo(29.3071, 4);
    expect(convert(1, 'mmBtu', 'kWh')).toBeCloseTo(293.071, 3);
    expect(convert(10, 'therm', 'mmBtu')).toBeCloseTo(1, 12);
    expect(convert(1, 'GJ', 'kWh')).toBeCloseTo(277.778, 3);
    expect(convert(3.6, 'MJ', 'kWh')).toBeCloseTo(1, 12);
    expect(convert(2.5, 'MWh', 'kWh')).toBe(2500);
  });

  test('volume: US and UK gallons, cubic feet, scf and ccf', () => {
    expect(convert(1, 'us_gallon', 'litre')).toBe(3.785411784);
    expect(convert(1, 'uk_gallon', 'litre')).toBe(4.54609);
    expect(convert(1, 'ft3', 'm3')).toBeCloseTo(0.0283168, 7);
    expect(convert(1, 'scf', 'ft3')).toBe(1);
    expect(convert(1, 'ccf', 'ft3')).toBeCloseTo(100, 10);
    expect(convert(1, 'm3', 'litre')).toBe(1000);
  });

  test('distance, mass and composite units', () => {
    expect(convert(1, 'mile', 'km')).toBe(1.609344);
    expect(convert(1, 'short_ton', 'kg')).toBeCloseTo(907.18474, 9);
    expect(convert(1, 'lb', 'kg')).toBe(0.45359237);
    expect(convert(2, 'tonne', 'kg')).toBe(2000);
    expect(convert(1, 'short_ton_mile', 'tonne_km')).toBeCloseTo(1.45997, 5);
    expect(convert(1, 'passenger_mile', 'passenger_km')).toBe(1.609344);
    expect(convert(1, 'vehicle_mile', 'vehicle_km')).toBe(1.609344);
    expect(convert(3, 'room_night', 'room_night')).toBe(3);
  });

  test('round trips are exact to 12 digits for every pair of a dimension', () => {
    for (const a of UNIT_KEYS) {
      for (const b of UNIT_KEYS) {
        if (dimensionOf(a) !== dimensionOf(b)) continue;
        expect(convert(convert(123.456, a, b), b, a)).toBeCloseTo(123.456, 9);
      }
    }
  });

  test('throws a typed error across dimensions', () => {
    expect(() => convert(1, 'kWh', 'litre')).toThrow(UnitConversionError);
    expect(() => convert(1, 'km', 'passenger_km')).toThrow(UnitConversionError);
    expect(() => convert(1, 'tonne_km', 'km')).toThrow(UnitConversionError);
    try {
      convert(1, 'kg', 'usd');
    } catch (error) {
      expect((error as UnitConversionError).code).toBe('incompatible_units');
      expect((error as UnitConversionError).from).toBe('kg');
    }
  });

  test('unknown unit strings never convert (no prototype keys)', () => {
    expect(conversionFactor('constructor' as never, 'kWh')).toBeNull();
    expect(conversionFactor('kWh', 'toString' as never)).toBeNull();
  });
});

describe('activityConversionFactor', () => {
  test('a plain distance stands for one passenger or one vehicle, never for tonne-km', () => {
    expect(activityConversionFactor('km', 'passenger_km')).toBe(1);
    expect(activityConversionFactor('mile', 'vehicle_km')).toBe(1.609344);
    expect(activityConversionFactor('km', 'vehicle_mile')).toBeCloseTo(1 / 1.609344, 12);
    expect(activityConversionFactor('km', 'tonne_km')).toBeNull();
    expect(activityConversionFactor('passenger_km', 'km')).toBeNull();
  });
});

describe('parseUnit and parseCsvUnit', () => {
  test('maps every CSV unit label, with its calorific basis', () => {
    expect(parseCsvUnit('kWh (Gross CV)')).toEqual({ unit: 'kWh', calorificBasis: 'gross' });
    expect(parseCsvUnit('kWh (Net CV)')).toEqual({ unit: 'kWh', calorificBasis: 'net' });
    expect(parseCsvUnit('mmBtu (HHV)')).toEqual({ unit: 'mmBtu', calorificBasis: 'gross' });
    expect(parseCsvUnit('therm (HHV)')).toEqual({ unit: 'therm', calorificBasis: 'gross' });
    expect(parseCsvUnit('kWh consumed')).toEqual({ unit: 'kWh' });
    expect(parseCsvUnit('USD (2022, purchaser price)')).toEqual({ unit: 'usd' });
    expect(parseCsvUnit('gallon')).toEqual({ unit: 'us_gallon' });
    expect(parseCsvUnit('short ton-mile')).toEqual({ unit: 'short_ton_mile' });
    expect(parseCsvUnit('FTE working hour')).toEqual({ unit: 'fte_hour' });
    expect(parseCsvUnit('litres')).toBeUndefined();
  });

  test('accepts unit keys and common spellings, rejects the rest', () => {
    expect(parseUnit('MWh')).toEqual({ unit: 'MWh' });
    expect(parseUnit(' Litres ')).toEqual({ unit: 'litre' });
    expect(parseUnit('therms')).toEqual({ unit: 'therm' });
    expect(parseUnit('miles')).toEqual({ unit: 'mile' });
    expect(parseUnit('constructor')).toBeUndefined();
    expect(parseUnit('furlong')).toBeUndefined();
  });
});
