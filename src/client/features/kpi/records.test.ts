import { describe, expect, test } from 'bun:test';
import {
  financialsFormFrom,
  parseOptionalNumber,
  targetFormFrom,
  validateFinancialsForm,
  validateTargetForm,
  validateWorkforceForm,
  workforceFormFrom,
} from './records';

describe('target form', () => {
  test('defaults to last year as base and 2030 as target', () => {
    expect(targetFormFrom(null, 2026)).toEqual({
      baseYear: '2025',
      targetYear: '2030',
      reductionPercent: '',
      coverage: 'scope_1_2',
    });
  });

  test('builds the PUT body', () => {
    expect(
      validateTargetForm({
        baseYear: '2022',
        targetYear: '2030',
        reductionPercent: '42',
        coverage: 'scope_1_2_3',
      }),
    ).toEqual({
      ok: true,
      payload: { baseYear: 2022, targetYear: 2030, reductionPercent: 42, coverage: 'scope_1_2_3' },
    });
  });

  test('refuses a target year before the base year and a missing percentage', () => {
    expect(
      validateTargetForm({
        baseYear: '2030',
        targetYear: '2025',
        reductionPercent: '10',
        coverage: 'scope_1_2',
      }),
    ).toEqual({
      ok: false,
      errors: { targetYear: 'The target year must come after the base year' },
    });
    const missing = validateTargetForm({
      baseYear: '2022',
      targetYear: '2030',
      reductionPercent: '',
      coverage: 'scope_1_2',
    });
    expect(missing).toEqual({ ok: false, errors: { reductionPercent: 'Enter a number' } });
  });
});

describe('revenue and headcount form', () => {
  test('blank figures are sent as null', () => {
    expect(validateFinancialsForm(2025, financialsFormFrom(null))).toEqual({
      ok: true,
      payload: { year: 2025, revenue: null, currency: null, employees: null, employeesBasis: null },
    });
  });

  test('an employees figure needs its basis, which is sent with it (never assumed)', () => {
    const values = { revenue: '', currency: '', employees: '12.5', employeesBasis: '' as const };
    expect(validateFinancialsForm(2025, values)).toEqual({
      ok: false,
      errors: { employeesBasis: 'Say whether this is a headcount or full-time equivalents' },
    });
    expect(validateFinancialsForm(2025, { ...values, employeesBasis: 'fte' })).toEqual({
      ok: true,
      payload: { year: 2025, revenue: null, currency: null, employees: 12.5, employeesBasis: 'fte' },
    });
    expect(
      financialsFormFrom({ year: 2025, revenue: null, currency: null, employees: 9, employeesBasis: null }),
    ).toMatchObject({
      employees: '9',
      employeesBasis: '',
    });
  });

  test('revenue needs its currency; numbers may carry thousands separators', () => {
    expect(
      validateFinancialsForm(2025, {
        revenue: '1,200,000',
        currency: '',
        employees: '12',
        employeesBasis: 'headcount',
      }),
    ).toEqual({
      ok: false,
      errors: { currency: 'Give the currency of the revenue, e.g. GBP' },
    });
    expect(
      validateFinancialsForm(2025, {
        revenue: '1,200,000',
        currency: 'gbp',
        employees: '12.5',
        employeesBasis: 'fte',
      }),
    ).toEqual({
      ok: true,
      payload: { year: 2025, revenue: 1_200_000, currency: 'GBP', employees: 12.5, employeesBasis: 'fte' },
    });
  });

  test('refuses words where numbers belong', () => {
    expect(
      validateFinancialsForm(2025, { revenue: '', currency: '', employees: 'twelve', employeesBasis: 'fte' }),
    ).toEqual({
      ok: false,
      errors: { employees: 'Enter a number' },
    });
  });

  test('parses optional numbers', () => {
    expect(parseOptionalNumber(' ')).toBeNull();
    expect(parseOptionalNumber('1,234.5')).toBe(1234.5);
    expect(Number.isNaN(parseOptionalNumber('abc'))).toBe(true);
  });
});

describe('workforce form', () => {
  test('round-trips a record', () => {
    const values = workforceFormFrom({
      year: 2025,
      headcountFemale: 6,
      headcountMale: 5,
      trainingHours: 120.5,
    });
    expect(values.headcountFemale).toBe('6');
    expect(values.ageOver50).toBe('');
    const result = validateWorkforceForm(2025, values);
    expect(result).toEqual({
      ok: true,
      payload: {
        year: 2025,
        headcountFemale: 6,
        headcountMale: 5,
        headcountOther: null,
        leadershipFemale: null,
        leadershipTotal: null,
        ageUnder30: null,
        age30To50: null,
        ageOver50: null,
        trainingHours: 120.5,
      },
    });
  });

  test('headcounts are whole, non-negative numbers', () => {
    const values = workforceFormFrom(null);
    expect(validateWorkforceForm(2025, { ...values, headcountFemale: '2.5' })).toEqual({
      ok: false,
      errors: { headcountFemale: 'Enter a whole number' },
    });
    expect(validateWorkforceForm(2025, { ...values, headcountMale: '-1' })).toEqual({
      ok: false,
      errors: { headcountMale: 'Cannot be negative' },
    });
    expect(validateWorkforceForm(2025, { ...values, trainingHours: 'many' })).toEqual({
      ok: false,
      errors: { trainingHours: 'Enter a number' },
    });
  });

  test('women in leadership cannot exceed the leadership total', () => {
    expect(
      validateWorkforceForm(2025, {
        ...workforceFormFrom(null),
        leadershipFemale: '4',
        leadershipTotal: '3',
      }),
    ).toEqual({ ok: false, errors: { leadershipFemale: 'Cannot be more than the leadership total' } });
  });
});
