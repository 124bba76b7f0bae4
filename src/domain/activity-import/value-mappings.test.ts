import { describe, expect, test } from 'bun:test';
import { describeVariantChoices, isKnownVariant } from './choices.ts';
import { recogniseHeaders } from './headers.ts';
import { mappingKey, recordTranslator, variantMappingKey } from './value-mappings.ts';

const mappings = {
  category: new Map([
    [mappingKey('Packaging'), 'spend:packaging'],
    [mappingKey('Fuel card'), 'diesel'],
  ]),
  variant: new Map([[variantMappingKey('flight', ''), 'short_haul_economy']]),
  spend: new Map([[mappingKey('Oven'), 'machinery_equipment']]),
};

describe('the mapping step’s translation of raw cells', () => {
  test('source texts compare without case, accents, punctuation or spacing', () => {
    expect(mappingKey('  Fuel-Card ')).toBe('fuel card');
    expect(mappingKey('Café  Supplies')).toBe('cafe supplies');
    expect(variantMappingKey('flight', 'Long Haul')).toBe('flight|long haul');
  });

  test('a remembered category, spend category or variant replaces the raw cell before the row is checked', () => {
    const headers = recogniseHeaders(['date', 'site', 'category', 'variant', 'quantity', 'unit']);
    const { mapping, translate } = recordTranslator(headers.mapping, 6, mappings);
    expect(mapping.variant).toBe(3);
    expect(translate(['2025-01-01', 'Bakery', 'PACKAGING', '', '', ''])).toEqual([
      '2025-01-01',
      'Bakery',
      'purchased_goods',
      'packaging',
      '',
      '',
    ]);
    expect(translate(['2025-01-01', 'Bakery', 'fuel card', '', '10', 'L'])[2]).toBe('diesel');
    expect(translate(['2025-01-01', 'Bakery', 'Flight', '', '10', 'km'])[3]).toBe('short_haul_economy');
    expect(translate(['2025-01-01', 'Bakery', 'purchased_goods', 'oven', '', ''])[3]).toBe(
      'machinery_equipment',
    );
    // Loosely typed variants become the key they spell.
    expect(translate(['2025-01-01', 'Bakery', 'Flight', 'Long haul economy', '10', 'km'])[3]).toBe(
      'long_haul_economy',
    );
  });

  test('rows that need nothing are returned as they are (no copy)', () => {
    const headers = recogniseHeaders(['date', 'site', 'category', 'variant', 'quantity', 'unit']);
    const { translate } = recordTranslator(headers.mapping, 6, mappings);
    const row = ['2025-01-01', 'Bakery', 'electricity', '', '10', 'kWh'];
    expect(translate(row)).toBe(row);
    const unknown = ['2025-01-01', 'Bakery', 'Accountancy', '', '10', 'kWh'];
    expect(translate(unknown)).toBe(unknown);
  });

  test('a file without a variant column gets one past its own, filled only by answers', () => {
    const headers = recogniseHeaders(['date', 'site', 'category', 'spend', 'currency']);
    const { mapping, translate } = recordTranslator(headers.mapping, 5, mappings);
    expect(mapping.variant).toBe(5);
    expect(translate(['2025-01-01', 'Bakery', 'Packaging', '12', 'GBP'])).toEqual([
      '2025-01-01',
      'Bakery',
      'purchased_goods',
      '12',
      'GBP',
      'packaging',
    ]);
    // A stray trailing cell is not read as a variant.
    expect(translate(['2025-01-01', 'Bakery', 'electricity', '12', 'GBP', 'stray'])[5]).toBe('');
  });

  test('the variant choices are named in plain words', () => {
    expect(describeVariantChoices('flight')).toBe(
      'Domestic, Short haul, Long haul, International × Economy, Premium economy, Business, Average',
    );
    expect(isKnownVariant('flight', '')).toBe(false);
    expect(isKnownVariant('flight', 'long_haul_business')).toBe(true);
    expect(isKnownVariant('diesel', '')).toBe(true);
    expect(isKnownVariant('purchased_goods', 'packaging')).toBe(true);
    expect(isKnownVariant('purchased_goods', '541611')).toBe(true);
    expect(isKnownVariant('purchased_goods', 'oven')).toBe(false);
  });
});
