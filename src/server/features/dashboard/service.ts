import type { DashboardOverview } from '../../../domain/contracts/dashboard.ts';
import type { AuthedContext } from '../../context.ts';
import { listRecentActivity } from '../audit/service.ts';
import { getCurrentUser } from '../auth/service.ts';
import { dashboardDataSources } from '../data-sources/service.ts';
import { getComplianceStatus } from '../esg/service.ts';
import { monthEmissions } from '../metrics/service.ts';
import { getOffsetPosition } from '../offsets/service.ts';

/** spec §9: the dashboard lists the five latest actions. */
const RECENT_ACTIVITY_LIMIT = 5;

/**
 * The dashboard from what the product records: data sources, this month's and last month's gross
 * emissions from the ledger, recent activity, and the compliance status of the ESG checklist for
 * the company's jurisdiction (its profile setting) in the default reporting year, or null while
 * that checklist is not initialised. Carbon credits of the year come apart from emissions: they are
 * reported beside the gross figure and never subtracted from it.
 */
export async function getDashboardOverview(ctx: AuthedContext): Promise<DashboardOverview> {
  const now = ctx.now();
  const month = now.toISOString().slice(0, 7);
  const previous = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
    .toISOString()
    .slice(0, 7);
  const [dataSources, thisMonth, lastMonth, recentActivity, complianceStatus, offsets] = await Promise.all([
    dashboardDataSources(ctx),
    monthEmissions(ctx, month),
    monthEmissions(ctx, previous),
    listRecentActivity(ctx, RECENT_ACTIVITY_LIMIT),
    getCurrentUser(ctx).then((user) => getComplianceStatus(ctx, user.jurisdiction)),
    getOffsetPosition(ctx),
  ]);
  return {
    dataSources,
    complianceStatus,
    metrics: {
      carbonEmissions: {
        value: thisMonth ?? 0,
        unit: 'tCO2e',
        month,
        previousMonthValue: lastMonth,
      },
    },
    recentActivity,
    offsets,
  };
}
