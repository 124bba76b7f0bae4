import { describe, expect, test } from 'bun:test';
import { assessApplicability } from '../../../domain/esg/applicability';
import {
  APPLICABILITY_MESSAGES,
  applicabilityFormSchema,
  defaultCurrency,
  EMPTY_APPLICABILITY_FORM,
  emptyApplicabilityForm,
  parseAmount,
  readApplicabilityForm,
} from './applicability-form';

describe('amounts', () => {
  test('reads separators, symbols and k / m / bn suffixes', () => {
    expect(parseAmount('40,000,000')).toBe(40_000_000);
    expect(parseAmount(' 40 000 000 ')).toBe(40_000_000);
    expect(parseAmount('£40m')).toBe(40_000_000);
    expect(parseAmount('1.2bn')).toBe(1_200_000_000);
    expect(parseAmount('750k')).toBe(750_000);
    expect(parseAmount('0')).toBe(0);
  });

  test('refuses empty, negative and unreadable amounts', () => {
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('-5')).toBeNull();
    expect(parseAmount('lots')).toBeNull();
    expect(parseAmount('4.5.6')).toBeNull();
  });
});

describe('the applicability form', () => {
  test('names every missing answer with its own message', () => {
    const result = readApplicabilityForm(EMPTY_APPLICABILITY_FORM);
    expect(result).toEqual({ ok: false, errors: APPLICABILITY_MESSAGES });
  });

  test('refuses part-employees and a country that is not a two-letter code', () => {
    const result = readApplicabilityForm({
      ...EMPTY_APPLICABILITY_FORM,
      employees: '12.5',
      turnover: '1m',
      balanceSheet: '1m',
      listed: 'no',
      country: 'Germany',
    });
    expect(result.ok ? {} : result.errors).toEqual({
      employees: APPLICABILITY_MESSAGES.employees,
      country: APPLICABILITY_MESSAGES.country,
    });
  });

  test('builds the input of the assessment, and a UK company meeting 2 of 3 SECR tests is in scope', () => {
    const result = readApplicabilityForm({
      employees: '300',
      turnover: '40m',
      turnoverCurrency: 'GBP',
      balanceSheet: '10,000,000',
      balanceSheetCurrency: 'GBP',
      listed: 'no',
      country: 'gb',
    });
    if (!result.ok) throw new Error('expected a valid form');
    expect(result.payload).toEqual({
      employees: 300,
      turnover: { amount: 40_000_000, currency: 'GBP' },
      balanceSheet: { amount: 10_000_000, currency: 'GBP' },
      listed: false,
      country: 'GB',
    });
    const secr = assessApplicability(result.payload).find((obligation) => obligation.id === 'uk-secr');
    expect(secr?.verdict).toBe('applies');
  });

  test("defaults the currency to the user's jurisdiction", () => {
    expect(defaultCurrency('CSRD')).toBe('EUR');
    expect(defaultCurrency('SECR')).toBe('GBP');
    expect(defaultCurrency('SEC')).toBe('USD');
    expect(emptyApplicabilityForm('SEC')).toMatchObject({
      turnoverCurrency: 'USD',
      balanceSheetCurrency: 'USD',
    });
  });

  test("as the form's schema, puts every message on its own field (decision 071)", () => {
    const result = applicabilityFormSchema.safeParse(emptyApplicabilityForm('CSRD'));
    const byField = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(byField).toEqual(APPLICABILITY_MESSAGES);
  });
});
