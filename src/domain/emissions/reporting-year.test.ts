import { describe, expect, test } from 'bun:test';
import {
  chooseReportingYear,
  claimYearOptions,
  monthHasBegun,
  reportingYearProblem,
} from './reporting-year.ts';

describe('choosing the reporting year (decision 053)', () => {
  test('after year end, the latest year with data, not the calendar year', () => {
    expect(chooseReportingYear({ saved: null, yearsWithData: [2024, 2025], currentYear: 2026 })).toEqual({
      year: 2025,
      source: 'latest_with_data',
    });
  });

  test('the current year when nothing is recorded', () => {
    expect(chooseReportingYear({ saved: null, yearsWithData: [], currentYear: 2026 })).toEqual({
      year: 2026,
      source: 'current',
    });
  });

  test('a line dated in a year that has not begun does not move the automatic choice', () => {
    expect(chooseReportingYear({ saved: null, yearsWithData: [2025, 2027], currentYear: 2026 }).year).toBe(
      2025,
    );
    expect(chooseReportingYear({ saved: null, yearsWithData: [2027], currentYear: 2026 })).toEqual({
      year: 2026,
      source: 'current',
    });
  });

  test("the company's saved year wins over automatic, and a request's year over both", () => {
    const base = { yearsWithData: [2025], currentYear: 2026 };
    expect(chooseReportingYear({ ...base, saved: 2024 })).toEqual({ year: 2024, source: 'company' });
    expect(chooseReportingYear({ ...base, saved: 2024, requested: 2023 })).toEqual({
      year: 2023,
      source: 'requested',
    });
    expect(chooseReportingYear({ ...base, saved: null, requested: null }).source).toBe('latest_with_data');
  });
});

describe('which years may be saved', () => {
  test('any year from 2000 to this one, and a later year only when it holds data', () => {
    expect(reportingYearProblem(2000, [], 2026)).toBeNull();
    expect(reportingYearProblem(2026, [], 2026)).toBeNull();
    expect(reportingYearProblem(2027, [2027], 2026)).toBeNull();
    expect(reportingYearProblem(2027, [], 2026)).toBe(
      'Choose a reporting year from 2000 to 2026, or a later year that has data.',
    );
    expect(reportingYearProblem(1999, [], 2026)).not.toBeNull();
  });
});

describe('claim years offered at purchase', () => {
  test('years with data, this year and the saved year, once each, newest first', () => {
    expect(claimYearOptions([2024, 2025], 2026)).toEqual([2026, 2025, 2024]);
    expect(claimYearOptions([2026], 2026)).toEqual([2026]);
    expect(claimYearOptions([2025], 2026, 2022)).toEqual([2026, 2025, 2022]);
  });
});

describe('months that have begun', () => {
  test('this month has begun, next month has not', () => {
    expect(monthHasBegun('2026-11', '2026-11-25')).toBe(true);
    expect(monthHasBegun('2026-01', '2026-11-25')).toBe(true);
    expect(monthHasBegun('2026-12', '2026-11-25')).toBe(false);
    expect(monthHasBegun('2027-01', '2026-11-25')).toBe(false);
  });
});
