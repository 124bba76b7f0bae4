import { describe, expect, test } from 'bun:test';
import {
  choiceValue,
  describeAccountingResult,
  describeLeftOut,
  initialChoices,
  mappingAnswers,
  NOT_CHOSEN,
  type PreviewAccount,
  targetOfValue,
} from './accounting';

const account = (key: string, extra: Partial<PreviewAccount> = {}): PreviewAccount => ({
  key,
  code: null,
  name: key,
  type: null,
  lines: 1,
  amount: 10,
  excludedAs: null,
  excludedLabel: null,
  suggested: null,
  remembered: null,
  ...extra,
});

describe('accounting import helpers', () => {
  test('a choice survives the round trip through the select value', () => {
    expect(targetOfValue(choiceValue({ category: 'purchased_goods', variant: 'packaging' }))).toEqual({
      category: 'purchased_goods',
      variant: 'packaging',
    });
    expect(targetOfValue(choiceValue({ category: 'electricity', variant: null }))).toEqual({
      category: 'electricity',
      variant: null,
    });
  });

  test('the remembered choice comes before the suggestion; excluded accounts are not asked', () => {
    const accounts = [
      account('packaging', {
        suggested: { category: 'purchased_goods', variant: 'packaging' },
        remembered: { category: 'ignore', variant: null },
      }),
      account('electricity', { suggested: { category: 'electricity', variant: null } }),
      account('travel'),
      account('vat control', { excludedAs: 'vat', excludedLabel: 'VAT and sales tax' }),
    ];
    const choices = initialChoices(accounts);
    expect(choices).toEqual({ packaging: 'ignore|', electricity: 'electricity|', travel: NOT_CHOSEN });
    expect(mappingAnswers(accounts, choices)).toEqual({
      mappings: {
        packaging: { category: 'ignore', variant: null },
        electricity: { category: 'electricity', variant: null },
      },
      missing: ['travel'],
    });
  });

  test('the left-out summary reads as lines and money, totals rows as rows', () => {
    const vat = { reason: 'vat', label: 'VAT', why: '', lines: 2, amount: 330.46 };
    expect(describeLeftOut(vat, 'GBP')).toBe('2 lines, £330.46');
    expect(describeLeftOut({ ...vat, reason: 'totals', lines: 13, amount: null }, 'GBP')).toBe('13 rows');
    expect(describeLeftOut({ ...vat, lines: 1, amount: 5000 }, null)).toBe('1 line, 5,000.00');
    expect(describeAccountingResult({ imported: 7, duplicates: 0 })).toBe('Imported 7 lines.');
    expect(describeAccountingResult({ imported: 0, duplicates: 6 })).toBe(
      'Imported 0 lines; 6 already in the ledger were skipped.',
    );
  });
});
