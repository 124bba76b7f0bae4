import { useQuery } from '@tanstack/react-query';
import type { DashboardOverview } from '../../../domain/contracts/dashboard';
import { apiRequest } from '../../lib/api';

export const dashboardKeys = {
  overview: () => ['/api/dashboard/overview'] as const,
};

/** The screen's first read; the page preloads it with the same path (decision 064). */
export const DASHBOARD_OVERVIEW_PATH = '/api/dashboard/overview';

export function getDashboardOverview(): Promise<DashboardOverview> {
  return apiRequest<DashboardOverview>('GET', DASHBOARD_OVERVIEW_PATH);
}

/** spec §7: fetched only once the user is known to be signed in. */
export function useDashboardOverview({ enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: dashboardKeys.overview(), queryFn: getDashboardOverview, enabled });
}
