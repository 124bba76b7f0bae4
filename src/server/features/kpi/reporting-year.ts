// The reporting year (decision 053): which calendar year the dashboard, the KPI page and the
// marketplace show, and which years hold ledger data. Every screen that shows a figure of "the
// year" asks `reportingYear`; none picks its own default.
import { eq, sql } from 'drizzle-orm';
import { companies } from '../../../../db/schema/auth.ts';
import { activityLines } from '../../../../db/schema/ledger.ts';
import type { ReportingYear } from '../../../domain/contracts/reporting-year.ts';
import {
  chooseReportingYear,
  claimYearOptions,
  reportingYearProblem,
} from '../../../domain/emissions/reporting-year.ts';
import type { AuthedContext } from '../../context.ts';
import { HttpError } from '../../lib/errors.ts';
import { auditInsert } from '../audit/service.ts';
import { lineIsVisible, readLedger } from '../ledger/figures/service.ts';
import { companyKeyOf } from '../ledger/lines/service.ts';

/**
 * The calendar years with visible ledger lines, oldest first, as one statement that skips from
 * year to year: each step is one seek on the (company_id, date, …) index for the first date of
 * the next year, so a ledger of 100,000 lines costs a handful of seeks, not a scan.
 */
function yearsWithDataQuery(ctx: AuthedContext, filtered: boolean) {
  const visible = filtered ? sql`AND ${lineIsVisible(ctx.companyId)}` : sql``;
  const firstDateFrom = (from: ReturnType<typeof sql>) =>
    // ORDER BY … LIMIT 1 rather than min(): it stops at the first index entry (measured: min()
    // read the rest of the company's lines).
    sql`(SELECT ${activityLines.date} FROM ${activityLines} WHERE ${activityLines.companyKey} = ${companyKeyOf(ctx.companyId)} AND ${activityLines.date} >= ${from} ${visible} ORDER BY ${activityLines.date} LIMIT 1)`;
  return ctx.db.all<{ year: string }>(sql`
    WITH RECURSIVE found(first_date) AS (
      SELECT ${firstDateFrom(sql`''`)}
      UNION ALL
      SELECT ${firstDateFrom(sql`printf('%04d-01-01', CAST(substr(found.first_date, 1, 4) AS INTEGER) + 1)`)}
      FROM found WHERE found.first_date IS NOT NULL
    )
    SELECT substr(first_date, 1, 4) AS year FROM found WHERE first_date IS NOT NULL`);
}

const savedYearQuery = (ctx: AuthedContext) =>
  ctx.db
    .select({ reportingYear: companies.reportingYear })
    .from(companies)
    .where(eq(companies.id, ctx.companyId));

/**
 * The years with ledger data (oldest first) and the company's saved choice, in one batch. Lines of
 * an import still being written are not data yet (decision 008): `readLedger` filters them out.
 */
async function readYears(ctx: AuthedContext) {
  // A handful of seeks: on the app's connection, where a trip to the read thread (decision 065)
  // would cost more than the query and wait behind any long read queued there.
  const [years, saved] = await readLedger({ ...ctx, readThread: null }, (filtered) => [
    yearsWithDataQuery(ctx, filtered),
    savedYearQuery(ctx),
  ]);
  return {
    yearsWithData: years.map((row) => Number(row.year)).filter(Number.isInteger),
    saved: saved[0]?.reportingYear ?? null,
  };
}

/**
 * The reporting year to show: `requested` (a `?year=` of this request) when given, else the
 * company's saved choice, else the latest year with data up to this one, else this year. Also
 * answers the years with data and the claim years a purchase may name, so a screen offers the
 * same choices the server accepts.
 */
export async function reportingYear(ctx: AuthedContext, requested?: number | null): Promise<ReportingYear> {
  const { yearsWithData, saved } = await readYears(ctx);
  const currentYear = ctx.now().getUTCFullYear();
  const choice = chooseReportingYear({ requested, saved, yearsWithData, currentYear });
  return {
    year: choice.year,
    source: choice.source,
    savedYear: saved,
    yearsWithData,
    currentYear,
    claimYears: claimYearOptions(yearsWithData, currentYear, saved),
  };
}

/**
 * PUT /api/reporting-year: saves the company's reporting year (null: automatic again), with its
 * audit row in the same batch. A year that has not begun and holds no data is a 400 in words.
 */
export async function setReportingYear(ctx: AuthedContext, year: number | null): Promise<ReportingYear> {
  if (year !== null) {
    const { yearsWithData } = await readYears(ctx);
    const problem = reportingYearProblem(year, yearsWithData, ctx.now().getUTCFullYear());
    if (problem) throw new HttpError(400, problem, 'invalid_reporting_year', { yearsWithData });
  }
  await ctx.db.batch([
    ctx.db
      .update(companies)
      .set({ reportingYear: year, updatedAt: ctx.now() })
      .where(eq(companies.id, ctx.companyId)),
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: year === null ? 'reporting_year_automatic' : 'reporting_year_set',
      // The year chosen, so the log reads "reporting year set: 2025".
      entityType: 'reporting_year',
      entityId: year === null ? null : String(year),
    }),
  ]);
  return reportingYear(ctx);
}
