import { describe, expect, test } from 'bun:test';
import type { ReportingYear } from '../../../domain/contracts/reporting-year';
import { automaticLabel, describeReportingYear, pickerYears, yearOptionLabel } from './reporting-year';

const reporting = (patch: Partial<ReportingYear> = {}): ReportingYear => ({
  year: 2025,
  source: 'latest_with_data',
  savedYear: null,
  yearsWithData: [2024, 2025],
  currentYear: 2026,
  claimYears: [2026, 2025, 2024],
  ...patch,
});

describe('the reporting year picker', () => {
  test('says why the year is shown', () => {
    expect(describeReportingYear(reporting())).toBe('2025 (latest with data)');
    expect(describeReportingYear(reporting({ year: 2026, source: 'current' }))).toBe(
      '2026 (no data recorded yet)',
    );
    expect(describeReportingYear(reporting({ year: 2024, source: 'company' }))).toBe(
      '2024 (chosen for your company)',
    );
  });

  test('offers the years with data, this year, last year and the saved year, newest first', () => {
    expect(pickerYears(reporting())).toEqual([2026, 2025, 2024]);
    expect(pickerYears(reporting({ savedYear: 2019, yearsWithData: [] }))).toEqual([2026, 2025, 2019]);
  });

  test('names the year automatic resolves to, and marks years without data', () => {
    expect(automaticLabel(reporting())).toBe('Automatic: latest with data (2025)');
    expect(automaticLabel(reporting({ yearsWithData: [] }))).toBe(
      'Automatic: latest with data (none yet, so 2026)',
    );
    expect(yearOptionLabel(2026, reporting())).toBe('2026 (no data recorded)');
    expect(yearOptionLabel(2025, reporting())).toBe('2025');
  });
});
