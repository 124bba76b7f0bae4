import type { DashboardOverview } from '../../../domain/contracts/dashboard.ts';
import { recommendationsFrom } from '../../../domain/dashboard/recommendations.ts';
import type { AuthedContext } from '../../context.ts';
import { listRecentActivity } from '../audit/service.ts';
import { isFirstVisit } from '../auth/first-visit.ts';
import { getCurrentUser } from '../auth/service.ts';
import { dashboardDataSources } from '../data-sources/dashboard-sources.ts';
import { getComplianceStatus } from '../esg/service.ts';
import { getLedgerYearState } from '../metrics/ledger-state.ts';
import { listFinancials, listWorkforce } from '../metrics/records.ts';
import { monthEmissions } from '../metrics/service.ts';
import { getNarrativeProgress } from '../narratives/progress.ts';
import { getOffsetPosition } from '../offsets/service.ts';
import { listReports } from '../reports/service.ts';

/** spec §9: the dashboard lists the five latest actions. */
const RECENT_ACTIVITY_LIMIT = 5;

/** The month the carbon card shows and the one before it, `YYYY-MM` (UTC). */
function monthsOf(now: Date) {
  return {
    month: now.toISOString().slice(0, 7),
    previous: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7),
  };
}

/** What the year's records lack for intensity and workforce figures. */
async function missingRecords(ctx: AuthedContext, year: number) {
  const [financials, workforce] = await Promise.all([listFinancials(ctx), listWorkforce(ctx)]);
  const money = financials.find((record) => record.year === year);
  const people = workforce.find((record) => record.year === year);
  const missing: ('turnover' | 'employees' | 'workforce')[] = [];
  if (money?.revenue == null) missing.push('turnover');
  if (money?.employees == null) missing.push('employees');
  if (!people) missing.push('workforce');
  return missing;
}

/**
 * The dashboard from what the product records: every data source of the ledger (imports,
 * receipts, hand entries, connectors), this month's and last month's gross emissions, recent
 * activity, the compliance status of the ESG checklist for the company's jurisdiction (null while
 * it is not initialised), where the narrative sections stand, and next steps computed from all of
 * it (decision 054). Carbon credits of the year come apart from emissions: they are reported
 * beside the gross figure and never subtracted from it.
 *
 * `options.year` is the reporting year the recommendations speak about; without it, the latest
 * year with data, as the KPI figures choose.
 */
export async function getDashboardOverview(
  ctx: AuthedContext,
  options: { year?: number } = {},
): Promise<DashboardOverview> {
  const { month, previous } = monthsOf(ctx.now());
  const [dataSources, thisMonth, lastMonth, recentActivity, complianceStatus, offsets, ledger, firstVisit] =
    await Promise.all([
      dashboardDataSources(ctx),
      monthEmissions(ctx, month),
      monthEmissions(ctx, previous),
      listRecentActivity(ctx, RECENT_ACTIVITY_LIMIT),
      getCurrentUser(ctx).then((user) => getComplianceStatus(ctx, user.jurisdiction)),
      getOffsetPosition(ctx),
      getLedgerYearState(ctx, options.year),
      isFirstVisit(ctx),
    ]);
  const [narratives, records, reports] = await Promise.all([
    getNarrativeProgress(ctx),
    missingRecords(ctx, ledger.year),
    listReports(ctx),
  ]);
  const carbonEmissions = thisMonth ?? 0;
  return {
    dataSources,
    complianceStatus,
    metrics: {
      carbonEmissions,
      carbonEmissionsDetail: { value: carbonEmissions, unit: 'tCO2e', month, previousMonthValue: lastMonth },
    },
    recentActivity,
    offsets,
    narratives,
    recommendations: recommendationsFrom({
      year: ledger.year,
      hasData: ledger.hasData,
      scopeLines: ledger.scopeLines,
      notCountedLines: ledger.notCountedLines,
      missingRecords: records,
      narratives,
      compliance: complianceStatus,
      reportCount: reports.length,
    }),
    isFirstVisit: firstVisit,
  };
}
