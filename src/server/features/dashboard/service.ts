import type { DashboardOverview } from '../../../domain/contracts/dashboard.ts';
import { recommendationsFrom } from '../../../domain/dashboard/recommendations.ts';
import type { AuthedContext } from '../../context.ts';
import { listRecentActivity } from '../audit/service.ts';
import { getCurrentUser, isFirstVisit } from '../auth/service.ts';
import { getComplianceStatus } from '../esg-wizard/service.ts';
import { listReports } from '../export/reports/service.ts';
import {
  getLedgerYearState,
  listFinancials,
  listWorkforce,
  reportingYear,
  yearEmissions,
} from '../kpi/service.ts';
import { getOffsetPosition } from '../marketplace/service.ts';
import { getNarrativeProgress } from '../narratives/service.ts';
import { dashboardDataSources } from './data-sources.ts';

/** spec §9: the dashboard lists the five latest actions. */
const RECENT_ACTIVITY_LIMIT = 5;

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
 * receipts, hand entries, connectors), the reporting year's gross emissions (decision 053:
 * `requestedYear`, else the company's saved year, else the latest year with data; never "this
 * month" of the calendar, which after year end is empty), recent activity, the compliance status
 * of the ESG checklist for the company's jurisdiction (null while it is not initialised), where
 * the narrative sections stand, and next steps computed from all of it (decision 054). Carbon
 * credits claimed against the year come apart from emissions: they are reported beside the gross
 * figure and never subtracted from it.
 */
export async function getDashboardOverview(
  ctx: AuthedContext,
  requestedYear?: number,
): Promise<DashboardOverview> {
  const period = await reportingYear(ctx, requestedYear);
  const [dataSources, emissions, recentActivity, complianceStatus, offsets, ledger, firstVisit] =
    await Promise.all([
      dashboardDataSources(ctx),
      yearEmissions(ctx, period.year),
      listRecentActivity(ctx, RECENT_ACTIVITY_LIMIT),
      getCurrentUser(ctx).then((user) => getComplianceStatus(ctx, user.jurisdiction, period.year)),
      getOffsetPosition(ctx, period.year),
      getLedgerYearState(ctx, period.year),
      isFirstVisit(ctx),
    ]);
  const [narratives, records, reports] = await Promise.all([
    getNarrativeProgress(ctx),
    missingRecords(ctx, period.year),
    listReports(ctx),
  ]);
  return {
    dataSources,
    complianceStatus,
    metrics: {
      carbonEmissions: emissions.value,
      carbonEmissionsDetail: { ...emissions, unit: 'tCO2e', year: period.year },
    },
    reportingYear: period,
    recentActivity,
    offsets,
    narratives,
    recommendations: recommendationsFrom({
      year: period.year,
      hasData: period.yearsWithData.length > 0,
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
