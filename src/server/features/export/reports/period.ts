// Reporting periods (`YYYY` or `YYYY-qN`, ReportPeriodSchema): their inclusive dates, the prior
// period of equal length (the year before; the quarter before) and a label for titles.

export interface ReportingPeriod {
  period: string;
  year: number;
  /** 1–4 for a quarter, null for a calendar year. */
  quarter: number | null;
  /** Inclusive ISO dates. */
  start: string;
  end: string;
}

const QUARTER_ENDS = ['03-31', '06-30', '09-30', '12-31'];

/** The dates of a period; null when the text is not `YYYY` or `YYYY-qN`. */
export function parsePeriod(period: string): ReportingPeriod | null {
  const match = /^(\d{4})(?:-q([1-4]))?$/i.exec(period);
  if (!match) return null;
  const year = Number(match[1]);
  if (!match[2])
    return { period: String(year), year, quarter: null, start: `${year}-01-01`, end: `${year}-12-31` };
  const quarter = Number(match[2]);
  const startMonth = String(quarter * 3 - 2).padStart(2, '0');
  return {
    period: `${year}-q${quarter}`,
    year,
    quarter,
    start: `${year}-${startMonth}-01`,
    end: `${year}-${QUARTER_ENDS[quarter - 1]}`,
  };
}

/** The period of equal length just before: 2025 → 2024, 2025-q1 → 2024-q4. */
export function previousPeriod(period: ReportingPeriod): ReportingPeriod {
  const text =
    period.quarter === null
      ? String(period.year - 1)
      : period.quarter === 1
        ? `${period.year - 1}-q4`
        : `${period.year}-q${period.quarter - 1}`;
  return parsePeriod(text)!;
}

/** '2025' or 'Q1 2025'. */
export const periodLabel = (period: ReportingPeriod) =>
  period.quarter === null ? String(period.year) : `Q${period.quarter} ${period.year}`;
