import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AnalyticsDashboard,
  AnalyticsRange,
  FeatureAdoption,
} from '../../../domain/contracts/analytics';
import { ApiError, apiRequest } from '../../lib/api';

export const analyticsKeys = {
  dashboard: (days: AnalyticsRange) => ['/api/analytics/dashboard', { days }] as const,
  featureAdoption: (days: AnalyticsRange) => ['/api/analytics/feature-adoption', { days }] as const,
};

/**
 * A 401 on this screen is not a lost session: spec §2 gives Analytics no sign-in redirect, so a
 * visitor sees the 'Analytics Unavailable' state. The 401 is turned into this error, whose message
 * does not start with '401:', so the query client's session-loss flow (toast and redirect to
 * /api/login) leaves it alone and it is not retried.
 */
export class AnalyticsSignedOutError extends Error {
  constructor() {
    super('Sign in to see your company’s usage analytics');
    this.name = 'AnalyticsSignedOutError';
  }
}

async function getSignedIn<T>(path: string): Promise<T> {
  try {
    return await apiRequest<T>('GET', path);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw new AnalyticsSignedOutError();
    throw error;
  }
}

export const getAnalyticsDashboard = (days: AnalyticsRange) =>
  getSignedIn<AnalyticsDashboard>(`/api/analytics/dashboard?days=${days}`);

export const getFeatureAdoption = (days: AnalyticsRange) =>
  getSignedIn<FeatureAdoption>(`/api/analytics/feature-adoption?days=${days}`);

/** Switching the range keeps the current figures on screen until the new ones arrive. */
export function useAnalyticsDashboard(days: AnalyticsRange) {
  return useQuery({
    queryKey: analyticsKeys.dashboard(days),
    queryFn: () => getAnalyticsDashboard(days),
    placeholderData: keepPreviousData,
  });
}

export function useFeatureAdoption(days: AnalyticsRange) {
  return useQuery({
    queryKey: analyticsKeys.featureAdoption(days),
    queryFn: () => getFeatureAdoption(days),
    placeholderData: keepPreviousData,
  });
}
