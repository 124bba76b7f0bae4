import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportingYear } from '../../../domain/contracts/reporting-year';
import { apiRequest } from '../../lib/api';

export const reportingYearKeys = {
  current: () => ['/api/reporting-year'] as const,
  /**
   * Root keys of the screens whose figures follow the reporting year (decisions 053, 086): the
   * dashboard's `dashboardKeys.overview()`, the KPI page's `kpiKeys.metricsAll()`, the
   * marketplace's `marketplaceKeys.calculation()`, the ESG checklist's `esgKeys.progress()` and
   * the narrative number check's `narrativeKeys.check()`.
   */
  followers: () =>
    [
      ['/api/dashboard/overview'],
      ['/api/metrics'],
      ['/api/carbon-offsets/calculate'],
      ['/api/esg/progress'],
      ['/api/narratives/check'],
    ] as const,
};

export function getReportingYear(): Promise<ReportingYear> {
  return apiRequest<ReportingYear>('GET', '/api/reporting-year');
}

/** PUT /api/reporting-year: a year, or null for automatic. */
export function setReportingYear(year: number | null): Promise<ReportingYear> {
  return apiRequest<ReportingYear>('PUT', '/api/reporting-year', { year });
}

export function useReportingYear() {
  return useQuery({ queryKey: reportingYearKeys.current(), queryFn: getReportingYear });
}

/** Saving the year refreshes it and every figure that follows it. Never retried: it is audited. */
export function useSetReportingYear() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setReportingYear,
    // The picker says what went wrong beside itself.
    meta: { ownErrorToast: true },
    retry: false,
    onSuccess: (saved) => {
      queryClient.setQueryData(reportingYearKeys.current(), saved);
      return Promise.all(
        reportingYearKeys.followers().map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
