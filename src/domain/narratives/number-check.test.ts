import { describe, expect, test } from 'bun:test';
import { buildFactsPack } from './facts.ts';
import { findNumberTokens, findUnsupportedNumbers } from './number-check.ts';
import { richFactsInput } from './test-fixtures.ts';
import type { FactsPack } from './types.ts';

const rich = buildFactsPack(richFactsInput());

/** A pack whose only figures are the reporting years and the given values. */
function packWith(...values: number[]): FactsPack {
  return {
    ...rich,
    numbers: [
      { id: 'year', label: 'Reporting year', value: 2025, unit: 'year' },
      ...values.map((value, index) => ({ id: `fact${index}`, label: 'A fact', value, unit: 'tCO2e' })),
    ],
  };
}

const flagged = (text: string, facts: FactsPack = rich, confirmed?: string[]) =>
  findUnsupportedNumbers(text, facts, confirmed).map((entry) => entry.text);

describe('findNumberTokens', () => {
  test('reads integers, decimals, thousands separators and signs with their offsets', () => {
    const text = 'From 1,234.5 to -3 and 12 then 0.25.';
    expect(findNumberTokens(text)).toEqual([
      { text: '1,234.5', value: 1234.5, decimals: 1, start: 5, end: 12 },
      { text: '-3', value: -3, decimals: 0, start: 16, end: 18 },
      { text: '12', value: 12, decimals: 0, start: 23, end: 25 },
      { text: '0.25', value: 0.25, decimals: 2, start: 31, end: 35 },
    ]);
  });

  test('skips digits glued to a word or unit before them', () => {
    expect(findNumberTokens('tCO2e, m3, H2O, VSME B3 and IFRS S2')).toEqual([]);
  });

  test('does not join a comma list into one number', () => {
    expect(findNumberTokens('1,2345').map((token) => token.text)).toEqual(['1', '2345']);
  });
});

describe('findUnsupportedNumbers', () => {
  test('accepts a fact at every precision a writer rounds it to', () => {
    const facts = packWith(12.3456);
    expect(flagged('It was 12.3456, or 12.346, 12.35, 12.3 or 12 tCO2e.', facts)).toEqual([]);
  });

  test('flags a value that differs at the precision written', () => {
    const facts = packWith(12.3456);
    expect(flagged('It was 12.4 tCO2e, not 12.34 or 13.', facts)).toEqual(['12.4', '12.34', '13']);
  });

  test('flags a planted figure with its exact offsets', () => {
    const text = 'Gross emissions were 214.6 tCO2e, and a further 999 tCO2e came from nowhere.';
    const result = findUnsupportedNumbers(text, rich);
    expect(result).toEqual([{ text: '999', start: text.indexOf('999'), end: text.indexOf('999') + 3 }]);
    expect(text.slice(result[0]!.start, result[0]!.end)).toBe('999');
  });

  test('accepts a number a person confirmed, by its exact text', () => {
    const text = 'A further 999 tCO2e and 1,500 MWh.';
    expect(flagged(text, rich, ['999'])).toEqual(['1,500']);
    expect(flagged(text, rich, ['999', '1,500'])).toEqual([]);
  });

  test('reads thousands separators: 1,234.56 and 1,235 are the water fact', () => {
    expect(flagged('Water use was 1,234.56 m³ (about 1,235 m³, or 1,200 m³).')).toEqual(['1,200']);
  });

  test('matches percentages written with %, a space or "per cent", and changes without their sign', () => {
    expect(flagged('Renewables were 38.1%, 38 % or 38 per cent; emissions fell 10.2% (-10.2%).')).toEqual([]);
  });

  test('accepts the years of the facts and flags any other year', () => {
    expect(flagged('In 2025, against 2024, with a 2022 base and a 2030 goal; since 2019.')).toEqual(['2019']);
  });

  test('treats scopes, categories and framework clauses as labels', () => {
    const text =
      'Scope 1, Scope 2 and Scope 3; Scopes 1, 2 and 3; categories 1, 6 and 15; GRI 305-1, GRI 2-9 to 2-27, SDG 13, ISO 14064-1 and TCFD.';
    expect(flagged(text, packWith())).toEqual([]);
  });

  test('does not let a label hide a figure: Scope 4, category 16, Scope 2.5', () => {
    expect(flagged('Scope 4 and category 16 and Scope 2.5 were reported.', packWith())).toEqual([
      '4',
      '16',
      '2.5',
    ]);
  });

  test('still checks a figure that follows a scope label', () => {
    expect(flagged('Scope 1 emissions were 999 tCO2e.', packWith())).toEqual(['999']);
    expect(flagged('Scope 1 emissions were 48.12 tCO2e.')).toEqual([]);
  });

  test('treats ordinals, list markers and hyphenated names as structural', () => {
    const text = '1. First point\n2) Second, the 2nd time since COVID-19.';
    expect(flagged(text, packWith())).toEqual([]);
  });

  test('flags small counts that are not facts, and accepts those that are', () => {
    expect(flagged('We run 7 sites.', rich)).toEqual(['7']);
    expect(flagged('We run 3 sites.', rich)).toEqual([]);
  });

  test('accepts a text with no numbers', () => {
    expect(findUnsupportedNumbers('No figures here.', rich)).toEqual([]);
  });
});
