import { describe, expect, test } from 'bun:test';
import {
  assertFiniteFigures,
  type CategorySums,
  NonFiniteTotalError,
  type ScopeSums,
  scopeRows,
  scopeTotalRows,
  scopeTotals,
} from './line-sums.ts';

const noScopes: ScopeSums = {
  scope_1: null,
  scope_2_location: null,
  scope_2_market: null,
  scope_3: null,
  outside_scopes: null,
};
const noCategories = Object.fromEntries(
  Array.from({ length: 15 }, (_, i) => [`scope3Cat${i + 1}`, null]),
) as unknown as CategorySums;

describe('roll-ups never yield a total that is not finite (decision 042)', () => {
  test.each([
    ['Infinity', Number.POSITIVE_INFINITY],
    ['NaN', Number.NaN],
    ["SQLite's overflow marker", 'not finite' as unknown as number],
  ])('a scope sum of %s stops every roll-up with NonFiniteTotalError', (_, bad) => {
    const sums = { ...noScopes, scope_1: bad };
    expect(() => scopeTotals(sums)).toThrow(NonFiniteTotalError);
    expect(() => scopeTotalRows(sums)).toThrow(NonFiniteTotalError);
    expect(() => scopeRows({ ...sums, ...noCategories })).toThrow(NonFiniteTotalError);
    expect(() => scopeRows({ ...noScopes, ...noCategories, scope3Cat4: bad })).toThrow(NonFiniteTotalError);
  });

  test('finite sums pass through unchanged and no figures are zeros', () => {
    expect(scopeTotals({ ...noScopes, scope_3: 1.5 })).toEqual({
      scope_1: 0,
      scope_2_location: 0,
      scope_2_market: 0,
      scope_3: 1.5,
      outside_scopes: 0,
    });
  });

  test('an answer holding a non-finite number anywhere is refused with a 422 in plain words', () => {
    const answer = { carbon: { total: { value: 1, unit: 'tCO2e' }, trend: [{ tCO2e: 1e308 * 10 }] } };
    try {
      assertFiniteFigures(answer);
      throw new Error('not refused');
    } catch (error) {
      expect(error).toBeInstanceOf(NonFiniteTotalError);
      expect((error as NonFiniteTotalError).status).toBe(422);
      expect((error as Error).message).toContain('too large to count');
    }
    expect(assertFiniteFigures({ a: [1, null, { b: 2 }] })).toEqual({ a: [1, null, { b: 2 }] });
  });
});
