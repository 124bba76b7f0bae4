import type { DashboardOverview } from '../../../domain/contracts/dashboard.ts';
import type { AuthedContext } from '../../context.ts';
import { listRecentActivity } from '../audit/service.ts';

/** spec §9: the dashboard lists the five latest actions. */
const RECENT_ACTIVITY_LIMIT = 5;

/**
 * The dashboard from what the product records today. Data sources, the ESG checklist and the
 * emissions ledger arrive with their own features, which extend this function; until then the
 * figures are the true ones: no sources, no checklist, nothing emitted.
 */
export async function getDashboardOverview(ctx: AuthedContext): Promise<DashboardOverview> {
  const now = ctx.now();
  return {
    dataSources: [],
    complianceStatus: null,
    metrics: {
      carbonEmissions: {
        value: 0,
        unit: 'tCO2e',
        month: now.toISOString().slice(0, 7),
        previousMonthValue: null,
      },
    },
    recentActivity: await listRecentActivity(ctx, RECENT_ACTIVITY_LIMIT),
  };
}
