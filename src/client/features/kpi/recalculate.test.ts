import { describe, expect, test } from 'bun:test';
import {
  defaultPeriod,
  describeChange,
  formatTonnes2,
  kgToTonnes,
  linesRecalculatedMessage,
  PERIOD_ORDER_MESSAGE,
  recalculatePeriodFormSchema,
  recalculationRows,
  validatePeriod,
} from './recalculate';

describe('default period', () => {
  test('is the whole calendar year', () => {
    expect(defaultPeriod(2025)).toEqual({ from: '2025-01-01', to: '2025-12-31' });
  });
});

describe('period validation', () => {
  test('accepts a period, including a single day', () => {
    expect(validatePeriod({ from: '2025-01-01', to: '2025-12-31' })).toEqual({
      ok: true,
      payload: { from: '2025-01-01', to: '2025-12-31' },
    });
    expect(validatePeriod({ from: '2025-03-04', to: '2025-03-04' }).ok).toBe(true);
  });

  test('requires both dates', () => {
    expect(validatePeriod({ from: '', to: ' ' })).toEqual({
      ok: false,
      errors: { from: 'Choose a start date', to: 'Choose an end date' },
    });
  });

  test('refuses a start after the end', () => {
    expect(validatePeriod({ from: '2025-06-01', to: '2025-05-31' })).toEqual({
      ok: false,
      errors: { to: PERIOD_ORDER_MESSAGE },
    });
    expect(PERIOD_ORDER_MESSAGE).toBe('Choose a period whose start is not after its end');
  });

  test('refuses dates that do not exist', () => {
    const result = validatePeriod({ from: '2025-02-30', to: '2025-13-01' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors).sort()).toEqual(['from', 'to']);
  });
});

describe("the range form's schema (decision 071)", () => {
  test('puts each message on its own field for the form', () => {
    const result = recalculatePeriodFormSchema.safeParse({ from: '2025-13-01', to: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['from', 'Enter the start date as YYYY-MM-DD'],
      ['to', 'Choose an end date'],
    ]);
  });

  test('gives the request the contract accepts, trimmed', () => {
    expect(recalculatePeriodFormSchema.parse({ from: ' 2025-01-01', to: '2025-12-31 ' })).toEqual({
      from: '2025-01-01',
      to: '2025-12-31',
    });
  });
});

describe('before and after rows', () => {
  const answer = {
    before: { scope_1: 1500, scope_2_location: 2000, scope_2_market: 2500, scope_3: 0, outside_scopes: 120 },
    after: {
      scope_1: 1250,
      scope_2_location: 2000,
      scope_2_market: 2600.4,
      scope_3: 10,
      outside_scopes: 120,
    },
  };

  test('one row per scope in reporting order, in tonnes', () => {
    const rows = recalculationRows(answer);
    expect(rows.map((row) => row.label)).toEqual([
      'Scope 1',
      'Scope 2 location-based',
      'Scope 2 market-based',
      'Scope 3',
      'Outside scopes (memo)',
    ]);
    expect(rows[0]).toEqual({ key: 'scope_1', label: 'Scope 1', before: 1.5, after: 1.25, change: -0.25 });
    expect(rows[2]?.change).toBeCloseTo(0.1004);
    expect(rows[3]).toMatchObject({ before: 0, after: 0.01, change: 0.01 });
  });

  test('kg to tonnes', () => {
    expect(kgToTonnes(2500)).toBe(2.5);
  });
});

describe('formatting', () => {
  test('tonnes with two decimals', () => {
    expect(formatTonnes2(1234.5)).toBe('1,234.50');
    expect(formatTonnes2(-0.001)).toBe('0.00');
  });

  test('signed change with its direction in words', () => {
    expect(describeChange(1.254)).toBe('+1.25 (up)');
    expect(describeChange(-0.25)).toBe('-0.25 (down)');
    expect(describeChange(0)).toBe('0.00 (no change)');
    expect(describeChange(-0.004)).toBe('0.00 (no change)');
    expect(describeChange(1500)).toBe('+1,500.00 (up)');
  });

  test('lines message', () => {
    expect(linesRecalculatedMessage(12)).toBe('Recalculated 12 lines');
    expect(linesRecalculatedMessage(1)).toBe('Recalculated 1 line');
  });
});
