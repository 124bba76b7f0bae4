import type { ReportingYear } from '../../../domain/contracts/reporting-year';

/** The select's value for "automatic" (the latest year with data). */
export const AUTOMATIC = 'automatic';

/** Why this year is shown, in words: '2025 (latest with data)'. */
export function describeReportingYear(reporting: Pick<ReportingYear, 'year' | 'source'>): string {
  switch (reporting.source) {
    case 'latest_with_data':
      return `${reporting.year} (latest with data)`;
    case 'current':
      return `${reporting.year} (no data recorded yet)`;
    case 'company':
      return `${reporting.year} (chosen for your company)`;
    default:
      return String(reporting.year);
  }
}

/**
 * The years the picker offers, newest first: those with data, this year and last year (the year
 * most firms report after its end), and the saved year.
 */
export function pickerYears(reporting: ReportingYear): number[] {
  const years = new Set([...reporting.yearsWithData, reporting.currentYear, reporting.currentYear - 1]);
  if (reporting.savedYear !== null) years.add(reporting.savedYear);
  return [...years].sort((a, b) => b - a);
}

/** The automatic choice, said with the year it resolves to today. */
export function automaticLabel(reporting: ReportingYear): string {
  const latest = reporting.yearsWithData.filter((year) => year <= reporting.currentYear).at(-1);
  return latest === undefined
    ? `Automatic: latest with data (none yet, so ${reporting.currentYear})`
    : `Automatic: latest with data (${latest})`;
}

/** 'No data recorded' beside a year of the list that has none, so nobody picks an empty year unawares. */
export function yearOptionLabel(year: number, reporting: ReportingYear): string {
  return reporting.yearsWithData.includes(year) ? String(year) : `${year} (no data recorded)`;
}
