// The fast paths of rows.ts (rowChecker, the text tidying without a regex, isBlankRecord without trim)
// against what the regex / trim forms give.
import { describe, expect, test } from 'bun:test';
import { type ColumnMapping, IMPORT_FIELDS } from './headers.ts';
import { type ImportedActivityRow, isBlankRecord, rowChecker, validateRow } from './rows.ts';

const MAPPING: ColumnMapping = Object.fromEntries(IMPORT_FIELDS.map((f, i) => [f, i]));
const fieldsOf = (values: Record<string, string>) => IMPORT_FIELDS.map((f) => values[f] ?? '');
const base = { date: '2025-01-31', site: 'London HQ', category: 'electricity', quantity: '100', unit: 'kWh' };

describe('rowChecker', () => {
  test('gives what validateRow gives, valid or not', () => {
    const check = rowChecker(MAPPING, { separator: ';' });
    const samples = [
      base,
      { ...base, quantity: '1.234,5', periodEnd: '2025-02' },
      { ...base, date: '31/01/2025', quantity: '12,5' },
      { ...base, quantity: '', spend: '£1.200,50', category: 'purchased_goods', unit: '' },
      { ...base, date: '2025-13-01', quantity: '-3', unit: 'parsecs' },
      { ...base, site: '', category: '' },
    ];
    for (const values of samples) {
      const fields = fieldsOf(values);
      const result = validateRow(fields, MAPPING, { line: 9, separator: ';' });
      const checked = check(fields, 9);
      if (result.ok) expect(checked).toEqual(result.row);
      else expect(checked).toEqual(result.errors);
    }
  });

  test('a valid row is a plain object with every field, in the documented order', () => {
    const row = rowChecker(MAPPING, {})(fieldsOf({ ...base, reference: 'INV 1' }), 2) as ImportedActivityRow;
    expect(Object.keys(row)).toEqual([
      'date',
      'periodEnd',
      'site',
      'category',
      'variant',
      'quantity',
      'unit',
      'spend',
      'currency',
      'dataQuality',
      'reference',
      'calorificBasis',
    ]);
    expect(row).toMatchObject({ date: '2025-01-31', quantity: 100, variant: null, reference: 'INV 1' });
  });

  test('text is trimmed, then tidied as /\\s\\s|[^\\S ]/ → /\\s+/g → " " tidies it, ASCII or not', () => {
    const check = rowChecker(MAPPING, {});
    const texts = [
      'London HQ',
      'London  HQ',
      'a\tb',
      'meter\r\nMPRN 75',
      'a \u00a0b',
      'a\u00a0b',
      'Zürich Büro',
      'tab\u000bend\u000c',
      'Caf\u00e9\u2003Bar',
      "O'Neil & Sons (No. 2)",
      ' padded\t',
      'ends in a no-break space\u00a0',
    ];
    for (const text of texts) {
      // Cells whose first and last characters are above U+0020 are not trimmed (see rows.ts).
      const cell = text.charCodeAt(0) > 32 && text.charCodeAt(text.length - 1) > 32 ? text : text.trim();
      const expected = /\s\s|[^\S ]/.test(cell) ? cell.replace(/\s+/g, ' ') : cell;
      const row = check(fieldsOf({ ...base, site: text, variant: text, reference: text }), 2);
      expect(row).toMatchObject({ site: expected, variant: expected, reference: expected });
    }
  });
});

describe('isBlankRecord', () => {
  test('whitespace of any kind is blank; any other character is not', () => {
    expect(isBlankRecord([])).toBe(true);
    expect(isBlankRecord(['', '', ''])).toBe(true);
    expect(isBlankRecord([' ', '\t', '\u00a0', '\u2003 ', '\ufeff'])).toBe(true);
    expect(isBlankRecord(['', 'x'])).toBe(false);
    expect(isBlankRecord(['\u00a0x'])).toBe(false);
    expect(isBlankRecord(['', 'é'])).toBe(false);
    expect(isBlankRecord(['\u001c'])).toBe(false);
  });
});

describe('hostile cells (decision 042)', () => {
  const check = rowChecker(MAPPING, { separator: ',' });

  test('refuses a NUL, an escape or a lone surrogate in site, variant and reference', () => {
    const errors = check(
      fieldsOf({ ...base, site: 'HQ\u0000', variant: 'a\u001b', reference: 'r\ud800' }),
      4,
    );
    expect(errors).toEqual([
      'site contains characters that are not allowed (control characters)',
      'variant contains characters that are not allowed (control characters)',
      'reference contains characters that are not allowed (control characters)',
    ]);
  });

  test('refuses a quantity or spend above the bounds that keep totals finite', () => {
    const errors = check(fieldsOf({ ...base, quantity: '1e308' }), 5);
    expect(Array.isArray(errors)).toBe(true);
    const huge = check(
      fieldsOf({ ...base, quantity: '2000000000000', spend: '20000000000000', currency: 'GBP' }),
      6,
    );
    expect(huge).toEqual([
      'quantity "2000000000000" is above the largest accepted, 1,000,000,000,000',
      'spend "20000000000000" is above the largest accepted, 10,000,000,000,000',
    ]);
    expect(Array.isArray(check(fieldsOf({ ...base, quantity: '1000000000000' }), 7))).toBe(false);
  });
});
