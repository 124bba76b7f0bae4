import { describe, expect, test } from 'bun:test';
import { IMPORT_FIELDS, normaliseHeader, recogniseHeaders } from './headers.ts';

const fieldOf = (header: string) => {
  const { mapping } = recogniseHeaders([header]);
  return Object.entries(mapping).find(([, index]) => index === 0)?.[0];
};

describe('normaliseHeader', () => {
  test('folds case, spaces, underscores, punctuation, accents and camelCase', () => {
    expect(normaliseHeader('  Period_End *')).toBe('period end');
    expect(normaliseHeader('periodEnd')).toBe('period end');
    expect(normaliseHeader('DATA-QUALITY')).toBe('data quality');
    expect(normaliseHeader('Quantité')).toBe('quantite');
    expect(normaliseHeader('Invoice No.')).toBe('invoice no');
  });
});

describe('recogniseHeaders', () => {
  test('the canonical field names map to themselves, nothing unknown or missing', () => {
    const result = recogniseHeaders([...IMPORT_FIELDS]);
    expect(result.missingRequired).toEqual([]);
    expect(result.unknownColumns).toEqual([]);
    IMPORT_FIELDS.forEach((field, index) => {
      expect(result.mapping[field]).toBe(index);
    });
  });

  test.each([
    ['Date', 'date'],
    ['Activity date', 'date'],
    ['Period start', 'date'],
    ['ACTIVITY_DATE', 'date'],
    ['Date (DD/MM/YYYY)', 'date'],
    ['Period end', 'periodEnd'],
    ['End date', 'periodEnd'],
    ['Site', 'site'],
    ['Location', 'site'],
    ['Facility', 'site'],
    ['Type', 'category'],
    ['Activity', 'category'],
    ['Category *', 'category'],
    ['Catégorie', 'category'],
    ['Sub-type', 'variant'],
    ['NAICS code', 'variant'],
    ['Qty', 'quantity'],
    ['Usage', 'quantity'],
    ['Consumption', 'quantity'],
    ['Quantité', 'quantity'],
    ['UOM', 'unit'],
    ['Units', 'unit'],
    ['Unit of measure', 'unit'],
    ['Cost', 'spend'],
    ['Spend', 'spend'],
    ['Net amount', 'spend'],
    ['Currency', 'currency'],
    ['CCY', 'currency'],
    ['Data quality', 'dataQuality'],
    ['Invoice number', 'reference'],
    ['MPAN', 'reference'],
    ['Ref', 'reference'],
    ['CV basis', 'calorificBasis'],
  ])('%s → %s', (header, field) => {
    expect(fieldOf(header)).toBe(field);
  });

  test('a unit or currency in the header is a hint for rows that have none', () => {
    const r = recogniseHeaders(['Date', 'Site', 'Type', 'Usage (kWh)', 'Cost (£)']);
    expect(r.mapping).toEqual({ date: 0, site: 1, category: 2, quantity: 3, spend: 4 });
    expect(r.defaults).toEqual({ unit: 'kWh', currency: 'GBP' });
    expect(r.missingRequired).toEqual([]);

    const t = recogniseHeaders(['Date', 'Site', 'Type', 'Litres', 'Net amount EUR']);
    expect(t.mapping.quantity).toBe(3);
    expect(t.mapping.spend).toBe(4);
    expect(t.defaults).toEqual({ unit: 'litre', currency: 'EUR' });
  });

  describe('"Amount" (quantity or money?)', () => {
    test('beside a unit column it is the quantity', () => {
      const r = recogniseHeaders(['Date', 'Site', 'Type', 'Amount', 'Unit']);
      expect(r.mapping.quantity).toBe(3);
      expect(r.mapping.spend).toBeUndefined();
    });
    test('beside a currency column and no unit column it is the spend', () => {
      const r = recogniseHeaders(['Date', 'Site', 'Type', 'Amount', 'Currency']);
      expect(r.mapping.spend).toBe(3);
      expect(r.mapping.quantity).toBeUndefined();
      expect(r.missingRequired).toEqual([]);
    });
    test('with a currency hint it is the spend; with a unit hint the quantity', () => {
      expect(fieldOf('Amount (GBP)')).toBe('spend');
      expect(fieldOf('Amount £')).toBe('spend');
      expect(fieldOf('Amount (kWh)')).toBe('quantity');
    });
    test('when another column is already the quantity it is the spend', () => {
      const r = recogniseHeaders(['Date', 'Site', 'Type', 'Amount', 'Usage', 'UOM', 'Currency']);
      expect(r.mapping.quantity).toBe(4);
      expect(r.mapping.spend).toBe(3);
    });
    test('alone it is the quantity (and then a unit is missing)', () => {
      const r = recogniseHeaders(['Date', 'Site', 'Type', 'Amount']);
      expect(r.mapping.quantity).toBe(3);
      expect(r.missingRequired).toEqual(['unit']);
    });
  });

  test('reports unknown columns and missing required fields', () => {
    const r = recogniseHeaders(['When', 'Site', 'Thing', 'Qty', 'UOM', 'Remarks', '']);
    expect(r.unknownColumns).toEqual(['When', 'Thing', 'Remarks']);
    expect(r.missingRequired).toEqual(['date', 'category']);
  });

  test('neither quantity nor spend; spend without currency; quantity without unit', () => {
    expect(recogniseHeaders(['Date', 'Site', 'Type']).missingRequired).toEqual(['quantity or spend']);
    expect(recogniseHeaders(['Date', 'Site', 'Type', 'Spend']).missingRequired).toEqual(['currency']);
    expect(
      recogniseHeaders(['Date', 'Site', 'Type', 'Spend'], {}, { defaultCurrency: 'gbp' }).missingRequired,
    ).toEqual([]);
    expect(recogniseHeaders(['Date', 'Site', 'Type', 'Qty']).missingRequired).toEqual(['unit']);
  });

  test('a second column for a field already taken is reported as unknown (first one wins)', () => {
    const r = recogniseHeaders(['Date', 'Site', 'Location', 'Type', 'Qty', 'Unit']);
    expect(r.mapping.site).toBe(1);
    expect(r.unknownColumns).toEqual(['Location']);
  });

  test('the better-named column wins a field whatever the column order', () => {
    const r = recogniseHeaders(['Invoice date', 'kWh', 'Site', 'Date', 'Category', 'Qty', 'UOM']);
    expect(r.mapping).toMatchObject({ date: 3, quantity: 5, unit: 6 });
    expect(r.unknownColumns).toEqual(['Invoice date', 'kWh']);
    expect(r.defaults).toEqual({});
  });

  test('"From" and "To" (places in travel exports) are not dates', () => {
    const r = recogniseHeaders(['Date', 'From', 'To', 'Site', 'Category', 'Distance (km)']);
    expect(r.mapping).toEqual({ date: 0, site: 3, category: 4, quantity: 5 });
    expect(r.defaults.unit).toBe('km');
    expect(r.unknownColumns).toEqual(['From', 'To']);
  });

  test('a BOM left on the first header cell is ignored', () => {
    expect(recogniseHeaders(['\uFEFFDate', 'Site']).mapping.date).toBe(0);
  });

  describe('the mapping step (user mapping)', () => {
    const headers = ['When', 'Building', 'Thing', 'How much', 'Unit', 'Remarks'];

    test('without it the required fields are missing', () => {
      const r = recogniseHeaders(headers);
      expect(r.missingRequired).toEqual(['date', 'category', 'quantity or spend']);
      expect(r.unknownColumns).toEqual(['When', 'Thing', 'How much', 'Remarks']);
    });

    test('the user mapping fills the gaps, and "ignore" silences a column', () => {
      const r = recogniseHeaders(headers, {
        When: 'date',
        Thing: 'category',
        'How much': 'quantity',
        Remarks: 'ignore',
      });
      expect(r.missingRequired).toEqual([]);
      expect(r.unknownColumns).toEqual([]);
      expect(r.ignoredColumns).toEqual(['Remarks']);
      expect(r.mapping).toEqual({ date: 0, site: 1, category: 2, quantity: 3, unit: 4 });
    });

    test('the user mapping overrides recognition; the displaced column becomes unknown', () => {
      const r = recogniseHeaders(['Date', 'Site', 'Type', 'Usage', 'Corrected usage', 'Unit'], {
        'corrected usage': 'quantity',
        Type: 'variant',
        Date: 'ignore',
      });
      expect(r.mapping.quantity).toBe(4);
      expect(r.mapping.variant).toBe(2);
      expect(r.mapping.category).toBeUndefined();
      expect(r.mapping.date).toBeUndefined();
      expect(r.unknownColumns).toEqual(['Usage']);
      expect(r.missingRequired).toEqual(['date', 'category']);
    });

    test('a mapping to a field that does not exist is refused', () => {
      expect(() => recogniseHeaders(headers, { When: 'when' as 'date' })).toThrow(RangeError);
    });
  });
});
