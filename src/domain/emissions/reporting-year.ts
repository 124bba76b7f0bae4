// The reporting year every screen shows (decision 053): pure rules, shared by the server (which
// chooses and validates) and the screens (which offer the same choices).

/** The earliest year a reporting year or a claim year may name (as `YearQuerySchema`). */
export const FIRST_REPORTING_YEAR = 2000;

/** How the year was chosen; the screens say it in words ("latest with data"). */
export type ReportingYearSource =
  /** Asked for in this request (`?year=`). */
  | 'requested'
  /** The company's saved choice (`companies.reporting_year`). */
  | 'company'
  /** Automatic: the latest calendar year, up to this one, with ledger data. */
  | 'latest_with_data'
  /** Automatic, and nothing recorded up to this year: the current calendar year. */
  | 'current';

export interface ReportingYearChoice {
  year: number;
  source: ReportingYearSource;
}

/**
 * The year to report: the one asked for, else the company's saved choice, else the latest year
 * with data that has begun (you report after year end, so a bakery that imported 2025 in
 * November 2026 sees 2025, not an empty 2026), else the current year. A line dated in a future
 * year does not move the automatic choice into a year that has not started.
 */
export function chooseReportingYear(input: {
  requested?: number | null;
  saved: number | null;
  yearsWithData: readonly number[];
  currentYear: number;
}): ReportingYearChoice {
  if (input.requested != null) return { year: input.requested, source: 'requested' };
  if (input.saved != null) return { year: input.saved, source: 'company' };
  const started = input.yearsWithData.filter((year) => year <= input.currentYear);
  if (started.length > 0) return { year: Math.max(...started), source: 'latest_with_data' };
  return { year: input.currentYear, source: 'current' };
}

/**
 * Years a member may save as the reporting year: any year from 2000 to this one, and any later
 * year that already holds ledger data. Null when `year` is allowed, else the plain reason.
 */
export function reportingYearProblem(
  year: number,
  yearsWithData: readonly number[],
  currentYear: number,
): string | null {
  if (year >= FIRST_REPORTING_YEAR && year <= currentYear) return null;
  if (yearsWithData.includes(year)) return null;
  return `Choose a reporting year from ${FIRST_REPORTING_YEAR} to ${currentYear}, or a later year that has data.`;
}

/**
 * Years a credit purchase may be claimed against: the years with ledger data, the current one and
 * the company's saved reporting year, newest first. Credits are matched with the emissions of
 * their claim year, so a year with neither data nor a chance of data yet is not offered.
 */
export function claimYearOptions(
  yearsWithData: readonly number[],
  currentYear: number,
  savedYear: number | null = null,
): number[] {
  const years = new Set([...yearsWithData, currentYear]);
  if (savedYear !== null) years.add(savedYear);
  return [...years].sort((a, b) => b - a);
}

/**
 * Whether `period` (`YYYY-MM`) has begun by `today` (`YYYY-MM-DD`, UTC): a month that has not
 * begun is left out of a chart, never plotted as zero.
 */
export function monthHasBegun(period: string, today: string): boolean {
  return period <= today.slice(0, 7);
}
