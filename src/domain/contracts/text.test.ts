import { describe, expect, test } from 'bun:test';
import { CreateDataSourceSchema, MAX_DATA_SOURCE_CONFIG_BYTES } from './data-sources.ts';
import { SaveActivitySchema, SaveWorkforceSchema } from './ledger.ts';
import { MAX_AMOUNT, MAX_QUANTITY } from './numbers.ts';
import { hasRefusedCharacters, removeRefusedCharacters, replaceRefusedCharacters, text } from './text.ts';

describe('free text fields', () => {
  const name = text('Name', { max: 20 }).min(1, 'Name is required');
  const note = text('Note', { max: 200, multiline: true });

  test.each([
    ['NUL', 'a\u0000b'],
    ['escape', 'a\u001b[31mb'],
    ['DEL', 'a\u007fb'],
    ['C1 control', 'a\u0085b'],
    ['lone high surrogate', 'a\ud83db'],
    ['lone low surrogate', 'a\ude00b'],
    ['line feed in a one-line field', 'a\nb'],
    ['tab in a one-line field', 'a\tb'],
  ])('a one-line field refuses a %s in plain words', (_, value) => {
    const result = name.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Name contains characters that are not allowed');
  });

  test('a one-line field keeps accents, emoji and other scripts, trimmed', () => {
    expect(name.parse('  Zoë 🌍 東京 ')).toBe('Zoë 🌍 東京');
  });

  test('a multi-line field takes tab, line feed and CR LF but no lone CR, NUL or vertical tab', () => {
    expect(note.parse('one\ttwo\r\nthree\nfour')).toBe('one\ttwo\r\nthree\nfour');
    for (const value of ['a\rb', 'a\u0000b', 'a\u000bb', 'a\u000cb'])
      expect(note.safeParse(value).success).toBe(false);
  });

  test('length is checked after trimming and names the field', () => {
    expect(name.safeParse(' '.repeat(5)).error?.issues[0]?.message).toBe('Name is required');
    expect(name.safeParse('x'.repeat(21)).error?.issues[0]?.message).toBe(
      'Name must be at most 20 characters',
    );
  });

  test('text from providers has refused characters replaced by spaces, the rest kept', () => {
    expect(replaceRefusedCharacters('Fuel\u0000card\u0085 🌍')).toBe('Fuel card  🌍');
    expect(hasRefusedCharacters(replaceRefusedCharacters('a\ud83d\u0007'))).toBe(false);
  });

  test('replacing drops a lone surrogate half instead of spacing it, and multi-line text keeps its lines', () => {
    expect(replaceRefusedCharacters('a\ud83db\udc00c')).toBe('abc');
    expect(replaceRefusedCharacters('TOTAL\t12.50\r\nVAT\u0000\u001b2.08\rx', true)).toBe(
      'TOTAL\t12.50\r\nVAT  2.08 x',
    );
    expect(replaceRefusedCharacters('one\ntwo')).toBe('one two');
  });

  test('removing drops every refused character: C0, DEL, C1 and lone surrogate halves', () => {
    expect(removeRefusedCharacters('a\u0085b\u009f\u007f\u0000\ud800.png')).toBe('ab.png');
    expect(removeRefusedCharacters('bill 🌍.pdf')).toBe('bill 🌍.pdf');
  });
});

describe('number bounds', () => {
  const line = { siteId: 's', date: '2025-01-01', category: 'electricity', unit: 'kWh' };

  test('refuses a quantity of 1e308 (it made every total Infinity, written as null)', () => {
    const result = SaveActivitySchema.safeParse({ ...line, quantity: 1e308 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Quantity must be at most 1,000,000,000,000');
    expect(SaveActivitySchema.safeParse({ ...line, quantity: MAX_QUANTITY }).success).toBe(true);
  });

  test('refuses a spend above ten trillion and a fractional or huge headcount', () => {
    const spend = { ...line, unit: undefined, currency: 'GBP' };
    expect(SaveActivitySchema.safeParse({ ...spend, spend: MAX_AMOUNT * 10 }).success).toBe(false);
    expect(SaveWorkforceSchema.safeParse({ year: 2025, headcountMale: 1.5 }).success).toBe(false);
    expect(SaveWorkforceSchema.safeParse({ year: 2025, headcountMale: 1e10 }).success).toBe(false);
    expect(SaveWorkforceSchema.safeParse({ year: 2025, headcountMale: 12 }).success).toBe(true);
  });
});

describe('data source config', () => {
  test('refuses keys a type does not use', () => {
    const result = CreateDataSourceSchema.safeParse({ type: 'csv', name: 'Bills', config: { anything: 1 } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['config']);
  });

  test('refuses a config larger than 16 KB before looking at its keys', () => {
    const note = 'x'.repeat(MAX_DATA_SOURCE_CONFIG_BYTES);
    const result = CreateDataSourceSchema.safeParse({ type: 'csv', name: 'Bills', config: { note } });
    expect(result.error?.issues[0]?.message).toBe('config must be at most 16 KB');
  });

  test('keeps the Odoo connection details and a CSV note', () => {
    const odoo = { baseUrl: 'https://x.odoo.com', database: 'd', username: 'u', apiKey: 'k' };
    expect(CreateDataSourceSchema.parse({ type: 'odoo', name: 'ERP', config: odoo }).config).toEqual(odoo);
    expect(
      CreateDataSourceSchema.parse({ type: 'csv', name: 'B', config: { note: 'monthly' } }).config,
    ).toEqual({
      note: 'monthly',
    });
  });
});

describe('divisors', () => {
  test('revenue and employees are 0 or at least a thousandth, so no intensity can become Infinity', async () => {
    const { SaveFinancialsSchema } = await import('./ledger.ts');
    expect(SaveFinancialsSchema.safeParse({ year: 2025, revenue: 1e-300, currency: 'GBP' }).success).toBe(
      false,
    );
    expect(SaveFinancialsSchema.safeParse({ year: 2025, employees: 1e-300 }).success).toBe(false);
    expect(SaveFinancialsSchema.safeParse({ year: 2025, revenue: 0, employees: 0.5 }).success).toBe(true);
  });
});
