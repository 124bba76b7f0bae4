import type { DashboardOverview } from '../../../domain/contracts/dashboard.ts';
import type { AuthedContext } from '../../context.ts';
import { listRecentActivity } from '../audit/service.ts';
import { getCurrentUser } from '../auth/service.ts';
import { dashboardDataSources } from '../data-sources/service.ts';
import { getComplianceStatus } from '../esg/service.ts';
import { reportingYear } from '../metrics/reporting-year.ts';
import { yearEmissions } from '../metrics/service.ts';
import { getOffsetPosition } from '../offsets/service.ts';

/** spec §9: the dashboard lists the five latest actions. */
const RECENT_ACTIVITY_LIMIT = 5;

/**
 * The dashboard from what the product records: data sources, the reporting year's gross emissions
 * from the ledger (decision 053: `requestedYear`, else the company's saved year, else the latest
 * year with data; never "this month" of the calendar, which after year end is empty), recent
 * activity, and the compliance status of the ESG checklist for the company's jurisdiction (its
 * profile setting) in the default reporting year, or null while that checklist is not
 * initialised. Carbon credits claimed against the year come apart from emissions: they are
 * reported beside the gross figure and never subtracted from it.
 */
export async function getDashboardOverview(
  ctx: AuthedContext,
  requestedYear?: number,
): Promise<DashboardOverview> {
  const period = await reportingYear(ctx, requestedYear);
  const [dataSources, emissions, recentActivity, complianceStatus, offsets] = await Promise.all([
    dashboardDataSources(ctx),
    yearEmissions(ctx, period.year),
    listRecentActivity(ctx, RECENT_ACTIVITY_LIMIT),
    getCurrentUser(ctx).then((user) => getComplianceStatus(ctx, user.jurisdiction)),
    getOffsetPosition(ctx, period.year),
  ]);
  return {
    dataSources,
    complianceStatus,
    metrics: {
      carbonEmissions: { ...emissions, unit: 'tCO2e', year: period.year },
    },
    reportingYear: period,
    recentActivity,
    offsets,
  };
}
