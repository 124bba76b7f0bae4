import { describe, expect, test } from 'bun:test';
import { parsePeriod, periodLabel, previousPeriod } from './period.ts';

describe('reporting periods', () => {
  test('a year runs from 1 January to 31 December', () => {
    expect(parsePeriod('2025')).toEqual({
      period: '2025',
      year: 2025,
      quarter: null,
      start: '2025-01-01',
      end: '2025-12-31',
    });
  });

  test.each([
    ['2025-q1', '2025-01-01', '2025-03-31'],
    ['2025-q2', '2025-04-01', '2025-06-30'],
    ['2025-q3', '2025-07-01', '2025-09-30'],
    ['2024-Q4', '2024-10-01', '2024-12-31'],
  ])('%s covers %s to %s', (text, start, end) => {
    expect(parsePeriod(text)).toMatchObject({ start, end });
  });

  test('refuses anything else', () => {
    for (const text of ['2025-q5', '2025-q0', '25', '2025-01', '']) expect(parsePeriod(text)).toBeNull();
  });

  test('the prior period has the same length', () => {
    expect(previousPeriod(parsePeriod('2025')!).period).toBe('2024');
    expect(previousPeriod(parsePeriod('2025-q1')!).period).toBe('2024-q4');
    expect(previousPeriod(parsePeriod('2025-q3')!).period).toBe('2025-q2');
  });

  test('labels read as people write them', () => {
    expect(periodLabel(parsePeriod('2025')!)).toBe('2025');
    expect(periodLabel(parsePeriod('2025-q2')!)).toBe('Q2 2025');
  });
});
