import type { DashboardOverview } from '../../../domain/contracts/dashboard.ts';
import type { AuthedContext } from '../../context.ts';
import { listRecentActivity } from '../audit/service.ts';
import { dashboardDataSources } from '../data-sources/service.ts';
import { monthEmissions } from '../metrics/service.ts';

/** spec §9: the dashboard lists the five latest actions. */
const RECENT_ACTIVITY_LIMIT = 5;

/**
 * The dashboard from what the product records: data sources, this month's and last month's gross
 * emissions from the ledger, recent activity. The ESG checklist arrives with its own feature;
 * until then complianceStatus is null.
 */
export async function getDashboardOverview(ctx: AuthedContext): Promise<DashboardOverview> {
  const now = ctx.now();
  const month = now.toISOString().slice(0, 7);
  const previous = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
    .toISOString()
    .slice(0, 7);
  const [dataSources, thisMonth, lastMonth, recentActivity] = await Promise.all([
    dashboardDataSources(ctx),
    monthEmissions(ctx, month),
    monthEmissions(ctx, previous),
    listRecentActivity(ctx, RECENT_ACTIVITY_LIMIT),
  ]);
  return {
    dataSources,
    complianceStatus: null,
    metrics: {
      carbonEmissions: {
        value: thisMonth ?? 0,
        unit: 'tCO2e',
        month,
        previousMonthValue: lastMonth,
      },
    },
    recentActivity,
  };
}
