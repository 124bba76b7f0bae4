import { describe, expect, test } from 'bun:test';
import { ActivityCategorySchema } from '../../../domain/contracts/ledger';
import { variantField, variantLabel, variantOptions } from './variants';

describe('activity variants', () => {
  test('flights list every haul and cabin, plus the US distance bands', () => {
    const field = variantField('flight');
    expect(field.kind).toBe('select');
    if (field.kind !== 'select') return;
    expect(field.required).toBe(true);
    expect(field.options).toHaveLength(19);
    expect(variantLabel('flight', 'long_haul_business')).toBe('Long-haul, business');
  });

  test('every option value is unique within its category', () => {
    for (const category of ActivityCategorySchema.options) {
      const field = variantField(category);
      if (field.kind !== 'select') continue;
      const values = field.options.map((option) => option.value);
      expect(new Set(values).size).toBe(values.length);
    }
  });

  test('categories with a single factor have no kind', () => {
    for (const category of ['electricity', 'natural_gas', 'petrol', 'taxi', 'homeworking'] as const) {
      expect(variantField(category)).toEqual({ kind: 'none' });
    }
    expect(variantField('hotel').kind).toBe('text');
  });

  test("a line's unknown variant stays selectable when editing", () => {
    const field = variantField('waste');
    expect(variantOptions(field, 'textiles_recycling')[0]).toEqual({
      value: 'textiles_recycling',
      label: 'textiles_recycling',
    });
    expect(variantOptions(field, 'food_composting')).toBe(field.kind === 'select' ? field.options : []);
    expect(variantLabel('waste', 'textiles_recycling')).toBe('textiles_recycling');
  });
});
