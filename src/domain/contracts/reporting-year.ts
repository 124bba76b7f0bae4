import { z } from 'zod';
import { FIRST_REPORTING_YEAR } from '../emissions/reporting-year.ts';

const year = z.number().int();

/**
 * GET /api/reporting-year (decision 053): the year the dashboard, KPI page and marketplace show,
 * how it was chosen, and the years a person may pick.
 */
export const ReportingYearSchema = z.object({
  year,
  /**
   * requested: asked for with `?year=`; company: the company's saved choice; latest_with_data:
   * automatic, the latest year up to this one with ledger data; current: automatic, no data yet.
   */
  source: z.enum(['requested', 'company', 'latest_with_data', 'current']),
  /** The company's saved reporting year; null = automatic. */
  savedYear: year.nullable(),
  /** Calendar years with ledger lines, oldest first. */
  yearsWithData: z.array(year),
  /** This calendar year (UTC), by the server's clock. */
  currentYear: year,
  /** Years a credit purchase may be claimed against: years with data, this one and the saved one, newest first. */
  claimYears: z.array(year),
});
export type ReportingYear = z.infer<typeof ReportingYearSchema>;

/** PUT /api/reporting-year: a year, or null for automatic (the latest year with data). */
export const SetReportingYearSchema = z.object({
  year: z
    .number({ error: 'Choose a year, or automatic' })
    .int('Choose a whole year')
    .min(FIRST_REPORTING_YEAR, `Choose a year from ${FIRST_REPORTING_YEAR}`)
    .max(2100, 'Choose a year up to 2100')
    .nullable(),
});
export type SetReportingYear = z.infer<typeof SetReportingYearSchema>;
