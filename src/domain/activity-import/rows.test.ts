import { describe, expect, test } from 'bun:test';
import { type ColumnMapping, IMPORT_FIELDS, type ImportField } from './headers.ts';
import { parseDate, parseDecimal, type RowResult, type ValidateRowOptions, validateRow } from './rows.ts';

const MAPPING: ColumnMapping = Object.fromEntries(IMPORT_FIELDS.map((f, i) => [f, i]));

/** Validate a row given as a partial record of fields (canonical column order). */
function check(
  values: Partial<Record<ImportField, string>>,
  options: Partial<ValidateRowOptions> = {},
): RowResult {
  const fields = IMPORT_FIELDS.map((f) => values[f] ?? '');
  return validateRow(fields, MAPPING, { line: 7, ...options });
}
const base = { date: '2025-01-31', site: 'London HQ', category: 'electricity', quantity: '100', unit: 'kWh' };
const ok = (result: RowResult) => {
  if (!result.ok) throw new Error(result.errors.join('\n'));
  return result.row;
};
const errorsOf = (result: RowResult) => (result.ok ? [] : result.errors);

describe('parseDecimal', () => {
  test('decimal comma (";" files): "." and spaces are thousands separators', () => {
    expect(parseDecimal('1.234,5', ',')).toEqual({ ok: true, value: 1234.5 });
    expect(parseDecimal('1234,5', ',')).toEqual({ ok: true, value: 1234.5 });
    expect(parseDecimal('1 234 567,25', ',')).toEqual({ ok: true, value: 1234567.25 });
    expect(parseDecimal('1\u00a0234,5', ',')).toEqual({ ok: true, value: 1234.5 });
    expect(parseDecimal('1.234', ',')).toEqual({ ok: true, value: 1234 });
    expect(parseDecimal('0,5', ',')).toEqual({ ok: true, value: 0.5 });
    expect(parseDecimal(',5', ',')).toEqual({ ok: true, value: 0.5 });
    expect(parseDecimal('42', ',')).toEqual({ ok: true, value: 42 });
  });

  test('decimal dot ("," and tab files): "," is a thousands separator (in a quoted field)', () => {
    expect(parseDecimal('1234.5', '.')).toEqual({ ok: true, value: 1234.5 });
    expect(parseDecimal('1,234.5', '.')).toEqual({ ok: true, value: 1234.5 });
    expect(parseDecimal('1,234,567', '.')).toEqual({ ok: true, value: 1234567 });
    expect(parseDecimal(' 12 ', '.')).toEqual({ ok: true, value: 12 });
    expect(parseDecimal('+3', '.')).toEqual({ ok: true, value: 3 });
  });

  test('numbers in the other convention, or with malformed groups, are refused rather than misread', () => {
    for (const text of ['1234.5', '1.23,4.5', '12.34', 'abc', '', '1,2,3']) {
      expect(parseDecimal(text, ',')).toEqual({ ok: false, reason: 'format' });
    }
    for (const text of ['1234,5', '1,23', '1.2.3', '12a', '1e3', 'NaN', 'Infinity']) {
      expect(parseDecimal(text, '.')).toEqual({ ok: false, reason: 'format' });
    }
  });

  test('negative values are flagged; zero is fine', () => {
    expect(parseDecimal('-5', '.')).toEqual({ ok: false, reason: 'negative' });
    expect(parseDecimal('−5', '.')).toEqual({ ok: false, reason: 'negative' });
    expect(parseDecimal('(1,200.00)', '.')).toEqual({ ok: false, reason: 'negative' });
    expect(parseDecimal('0', '.')).toEqual({ ok: true, value: 0 });
    expect(parseDecimal('-0', '.')).toEqual({ ok: true, value: 0 });
  });
});

describe('parseDate', () => {
  test('YYYY-MM-DD, DD/MM/YYYY (and . or -), YYYY/MM/DD, ISO date-times', () => {
    expect(parseDate('2025-01-31')).toEqual({
      ok: true,
      first: '2025-01-31',
      last: '2025-01-31',
      wholeMonth: false,
    });
    expect(parseDate('31/01/2025')).toMatchObject({ ok: true, first: '2025-01-31' });
    expect(parseDate('1/2/2025')).toMatchObject({ ok: true, first: '2025-02-01' });
    expect(parseDate('31.01.2025')).toMatchObject({ ok: true, first: '2025-01-31' });
    expect(parseDate('31-01-2025')).toMatchObject({ ok: true, first: '2025-01-31' });
    expect(parseDate('2025/01/31')).toMatchObject({ ok: true, first: '2025-01-31' });
    expect(parseDate('2025-01-31T00:00:00Z')).toMatchObject({ ok: true, first: '2025-01-31' });
    expect(parseDate('31/01/2025 00:00')).toMatchObject({ ok: true, first: '2025-01-31' });
    expect(parseDate('29/02/2024')).toMatchObject({ ok: true, first: '2024-02-29' });
  });

  test('YYYY-MM is the whole month', () => {
    expect(parseDate('2025-02')).toEqual({
      ok: true,
      first: '2025-02-01',
      last: '2025-02-28',
      wholeMonth: true,
    });
    expect(parseDate('2024-02')).toMatchObject({ last: '2024-02-29' });
  });

  test('impossible or unreadable dates', () => {
    expect(parseDate('31/02/2025')).toEqual({ ok: false, message: '"31/02/2025" is not a real date' });
    expect(parseDate('29/02/2025')).toMatchObject({ ok: false });
    expect(parseDate('2025-13-01')).toMatchObject({ ok: false });
    expect(parseDate('2025-13')).toMatchObject({ ok: false });
    expect(parseDate('Jan 2025')).toEqual({
      ok: false,
      message: '"Jan 2025" is not in a format we read; use YYYY-MM-DD, DD/MM/YYYY or YYYY-MM',
    });
    expect(parseDate('45678')).toMatchObject({ ok: false });
    expect(parseDate('01/01/1850')).toMatchObject({ ok: false });
  });

  test('a US month-first date gets a hint', () => {
    const result = parseDate('01/31/2025');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain('write 2025-01-31');
  });
});

describe('validateRow', () => {
  test('a full valid row', () => {
    expect(
      ok(
        check({
          ...base,
          periodEnd: '2025-02-27',
          variant: ' grid ',
          site: '  London   HQ ',
          dataQuality: 'Supplier specific',
          reference: 'MPAN 1200012345678',
        }),
      ),
    ).toEqual({
      date: '2025-01-31',
      periodEnd: '2025-02-27',
      site: 'London HQ',
      category: 'electricity',
      variant: 'grid',
      quantity: 100,
      unit: 'kWh',
      spend: null,
      currency: null,
      dataQuality: 'supplier_specific',
      reference: 'MPAN 1200012345678',
      calorificBasis: null,
    });
  });

  test('error messages carry the line number and the value', () => {
    expect(errorsOf(check({ ...base, date: '31/02/2025' }, { line: 9 }))).toEqual([
      'date "31/02/2025" is not a real date',
    ]);
    expect(errorsOf(check({ ...base, category: 'waste', unit: 'bags' }))).toEqual([
      'unit "bags" is not a unit we know; use kg, tonne or short_ton',
    ]);
  });

  test('every problem of a row is reported, not just the first', () => {
    const errors = errorsOf(
      check({ date: '2025-02-30', site: '', category: 'fuel', quantity: '-3', unit: 'parsecs' }),
    );
    expect(errors).toHaveLength(5);
    expect(errors[0]).toBe('date "2025-02-30" is not a real date');
    expect(errors[1]).toBe('site is empty');
    expect(errors[2]).toStartWith(
      'category "fuel" is not one we know; choose what it is in the mapping step, or use one of: Electricity, Natural gas,',
    );
    expect(errors[3]).toStartWith('quantity "-3" is negative');
    expect(errors[4]).toBe(
      'unit "parsecs" is not a unit we know; use one of: kWh, MWh, GJ, therm, mmBtu, litre, m3, gal_us, gal_uk, ft3, scf, km, mile, passenger_km, passenger_mile, vehicle_km, vehicle_mile, tonne_km, short_ton_mile, kg, tonne, short_ton, room_night, fte_hour',
    );
  });

  test('YYYY-MM date covers the month; periodEnd YYYY-MM is the month end; periodEnd before date is refused', () => {
    expect(ok(check({ ...base, date: '2025-02' }))).toMatchObject({
      date: '2025-02-01',
      periodEnd: '2025-02-28',
    });
    expect(ok(check({ ...base, date: '2025-01', periodEnd: '2025-03' }))).toMatchObject({
      date: '2025-01-01',
      periodEnd: '2025-03-31',
    });
    expect(errorsOf(check({ ...base, date: '2025-03-01', periodEnd: '28/02/2025' }))).toEqual([
      'period end 2025-02-28 is before the date 2025-03-01',
    ]);
  });

  test('decimal handling follows the separator', () => {
    expect(ok(check({ ...base, quantity: '1.234,5' }, { separator: ';' })).quantity).toBe(1234.5);
    expect(ok(check({ ...base, quantity: '1234,5' }, { separator: ';' })).quantity).toBe(1234.5);
    expect(ok(check({ ...base, quantity: '1234.5' }, { separator: ',' })).quantity).toBe(1234.5);
    expect(ok(check({ ...base, quantity: '1,234.5' }, { separator: ',' })).quantity).toBe(1234.5);
    expect(ok(check({ ...base, quantity: '1234,5' }, { separator: ',', decimalMark: ',' })).quantity).toBe(
      1234.5,
    );
    expect(errorsOf(check({ ...base, quantity: '1234.5' }, { separator: ';' }))).toEqual([
      `quantity "1234.5" is not a number in this file's format; this file is separated by ";", so write decimals with a comma (1234,5 or 1.234,5)`,
    ]);
    expect(errorsOf(check({ ...base, quantity: '12,5' }, { separator: ',' }))).toEqual([
      'quantity "12,5" is not a number; write decimals with a dot (1234.5 or "1,234.5")',
    ]);
  });

  test('negative quantities are refused, zero is allowed', () => {
    expect(errorsOf(check({ ...base, quantity: '-12' }))).toEqual([
      'quantity "-12" is negative; negative values are not accepted (enter credits and corrections separately)',
    ]);
    expect(ok(check({ ...base, quantity: '0' })).quantity).toBe(0);
  });

  test.each([
    ['kwh', 'electricity', 'kWh'],
    ['KWh', 'electricity', 'kWh'],
    ['kW h', 'electricity', 'kWh'],
    ['MWh', 'electricity', 'MWh'],
    ['litres', 'diesel', 'litre'],
    ['L', 'diesel', 'litre'],
    ['Liters', 'petrol', 'litre'],
    ['gallons', 'diesel', 'gal_us'],
    ['UK gallons', 'diesel', 'gal_uk'],
    ['miles', 'owned_vehicle', 'mile'],
    ['m³', 'water', 'm3'],
    ['cubic metres', 'natural_gas', 'm3'],
    ['therms', 'natural_gas', 'therm'],
    ['t', 'waste', 'tonne'],
    ['kgs', 'refrigerant', 'kg'],
    ['nights', 'hotel', 'room_night'],
    ['pkm', 'rail', 'passenger_km'],
    ['tkm', 'freight', 'tonne_km'],
    ['FTE hours', 'homeworking', 'fte_hour'],
  ])('unit "%s" for %s → %s', (unit, category, expected) => {
    expect(ok(check({ ...base, category, unit })).unit).toBe(expected as never);
  });

  test('plain "gallons" can be read as UK gallons', () => {
    expect(ok(check({ ...base, category: 'diesel', unit: 'gallons' }, { plainGallon: 'gal_uk' })).unit).toBe(
      'gal_uk',
    );
  });

  test('a unit that does not fit the category names the unit and what is expected', () => {
    expect(errorsOf(check({ ...base, category: 'water', unit: 'kWh' }))).toEqual([
      'unit "kWh" does not fit Water, which is measured in volume (litre, m3, gal_us, gal_uk, ft3 or scf)',
    ]);
    expect(errorsOf(check({ ...base, category: 'electricity', unit: 'litres' }))).toEqual([
      'unit "litres" does not fit Electricity, which is measured in energy (kWh, MWh, GJ, therm or mmBtu)',
    ]);
    expect(errorsOf(check({ ...base, category: 'hotel', unit: 'km' }))[0]).toContain(
      'room nights (room_night)',
    );
    expect(errorsOf(check({ ...base, category: 'flight', unit: 'kg' }))[0]).toContain(
      'passenger distance or distance (passenger_km, passenger_mile, km or mile)',
    );
    expect(errorsOf(check({ ...base, category: 'waste', unit: 'litre' }))[0]).toContain(
      'mass (kg, tonne or short_ton)',
    );
  });

  test('fuels take volume, energy or mass', () => {
    for (const unit of ['litre', 'kWh', 'kg']) ok(check({ ...base, category: 'diesel', unit }));
    for (const unit of ['kWh', 'm3', 'scf', 'therm']) ok(check({ ...base, category: 'natural_gas', unit }));
  });

  test('"tons" is ambiguous', () => {
    expect(errorsOf(check({ ...base, category: 'waste', unit: 'tons' }))).toEqual([
      'unit "tons" is ambiguous; use tonne (1,000 kg) or short_ton (2,000 lb)',
    ]);
  });

  test('a quantity without a unit', () => {
    expect(errorsOf(check({ ...base, unit: '' }))).toEqual([
      'quantity has no unit; use energy (kWh, MWh, GJ, therm or mmBtu)',
    ]);
    expect(ok(check({ ...base, unit: '' }, { defaults: { unit: 'MWh' } })).unit).toBe('MWh');
  });

  test('spend + currency; purchased_goods needs spend', () => {
    const spendOnly = { date: '2025-02-28', site: 'HQ', category: 'purchased_goods', variant: '541611' };
    expect(ok(check({ ...spendOnly, spend: '4800.00', currency: 'gbp' }))).toMatchObject({
      spend: 4800,
      currency: 'GBP',
      quantity: null,
      unit: null,
      dataQuality: 'spend_based',
    });
    expect(ok(check({ ...spendOnly, spend: '£1,200.50' }))).toMatchObject({ spend: 1200.5, currency: 'GBP' });
    expect(ok(check({ ...spendOnly, spend: '1.200,50 €' }, { separator: ';' }))).toMatchObject({
      spend: 1200.5,
      currency: 'EUR',
    });
    expect(ok(check({ ...spendOnly, spend: '10' }, { defaults: { currency: 'USD' } })).currency).toBe('USD');
    expect(errorsOf(check({ ...spendOnly, spend: '10' }))).toEqual([
      'spend "10" has no currency; add a three-letter ISO 4217 code such as GBP',
    ]);
    expect(errorsOf(check({ ...spendOnly, spend: '10', currency: 'UKP' }))).toEqual([
      'currency "UKP" is not an ISO 4217 code; use three letters such as GBP, EUR or USD',
    ]);
    expect(errorsOf(check({ ...spendOnly, spend: '£10', currency: 'EUR' }))).toEqual([
      'spend "£10" is in GBP but the currency column says EUR',
    ]);
    expect(errorsOf(check({ ...spendOnly, quantity: '5', unit: 'kg' }))).toEqual([
      'purchased goods and services are recorded by spend; leave quantity and unit empty and give spend and currency',
      'purchased goods and services need a spend and a currency',
    ]);
    expect(errorsOf(check({ ...spendOnly, spend: '-10', currency: 'GBP' }))[0]).toStartWith(
      'spend "-10" is negative',
    );
  });

  test('a row needs a quantity or a spend; other categories may be spend-based too', () => {
    expect(errorsOf(check({ ...base, quantity: '', unit: '' }))).toEqual([
      'needs a quantity with a unit, or a spend with a currency; both are empty',
    ]);
    expect(
      ok(check({ ...base, category: 'flight', quantity: '', unit: '', spend: '350', currency: 'GBP' })),
    ).toMatchObject({ category: 'flight', spend: 350, dataQuality: 'spend_based' });
    // Both: kept, and the quantity decides the default quality.
    expect(ok(check({ ...base, spend: '30', currency: 'GBP' }))).toMatchObject({
      quantity: 100,
      spend: 30,
      dataQuality: 'measured',
    });
  });

  test('dataQuality values and defaults', () => {
    expect(ok(check(base)).dataQuality).toBe('measured');
    expect(ok(check({ ...base, dataQuality: 'Activity-average' })).dataQuality).toBe('activity_average');
    expect(errorsOf(check({ ...base, dataQuality: 'guess' }))).toEqual([
      'data quality "guess" is not one we know; use measured, supplier_specific, activity_average or spend_based',
    ]);
    expect(errorsOf(check({ ...base, dataQuality: 'spend_based' }))).toEqual([
      'data quality "spend_based" needs a spend and a currency',
    ]);
  });

  test('calorific basis: gross by default for fuels in energy units, net when asked, refused elsewhere', () => {
    expect(ok(check({ ...base, category: 'natural_gas' })).calorificBasis).toBe('gross');
    expect(ok(check({ ...base, category: 'natural_gas', calorificBasis: 'NCV' })).calorificBasis).toBe('net');
    expect(ok(check({ ...base, category: 'natural_gas', unit: 'm3' })).calorificBasis).toBeNull();
    expect(ok(check(base)).calorificBasis).toBeNull();
    expect(errorsOf(check({ ...base, calorificBasis: 'net' }))[0]).toStartWith(
      'calorific basis "net" only applies to fuels measured in energy units',
    );
    expect(errorsOf(check({ ...base, category: 'natural_gas', calorificBasis: 'medium' }))).toEqual([
      'calorific basis "medium" is not gross or net',
    ]);
  });

  test('category spellings', () => {
    expect(ok(check({ ...base, category: 'Natural Gas', unit: 'kWh' })).category).toBe('natural_gas');
    expect(ok(check({ ...base, category: 'Flights', unit: 'passenger_km' })).category).toBe('flight');
    expect(ok(check({ ...base, category: 'train', unit: 'km' })).category).toBe('rail');
    expect(ok(check({ ...base, category: 'District-Heat' })).category).toBe('district_heat');
    expect(ok(check({ ...base, category: 'gass' })).category).toBe('natural_gas'); // plural "s" dropped
  });

  test('fields missing at the end of a short row count as empty', () => {
    expect(errorsOf(validateRow(['2025-01-01', '', 'HQ'], MAPPING, { line: 3 }))).toEqual([
      expect.stringMatching(/^category is empty/),
      'needs a quantity with a unit, or a spend with a currency; both are empty',
    ]);
  });

  test('overlong text is refused', () => {
    expect(errorsOf(check({ ...base, reference: 'x'.repeat(501) }))).toEqual([
      'reference is 501 characters long; keep it to 500',
    ]);
  });
});
