import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KpiMetrics } from '../../../domain/contracts/kpi';
import type { Financials, Recalculation, Target, Workforce } from '../../../domain/contracts/ledger';
import { apiRequest } from '../../lib/api';
import type { PeriodGrain } from './format';
import type { RecalculatePeriod } from './recalculate';
import type { SaveFinancials, SaveTarget, SaveWorkforce } from './records';

export const kpiKeys = {
  metricsAll: () => ['/api/metrics'] as const,
  /** `year` null: the server picks the year (its default), and the answer says which. */
  /** Under `/api/metrics`, so every invalidation of the metrics refreshes the summary too. */
  metrics: (year: number | null, grain: PeriodGrain) => ['/api/metrics', 'summary', { year, grain }] as const,
  target: () => ['/api/targets'] as const,
  financials: (year: number) => ['/api/financials', { year }] as const,
  workforce: (year: number) => ['/api/workforce', { year }] as const,
  /** The activity ledger's root key (the activities feature's `activityKeys.all()`): its lines show their results. */
  activitiesAll: () => ['/api/activities'] as const,
  /** Lines not counted (decision 051): a recalculation can give them figures. */
  notCountedAll: () => ['/api/emissions/not-counted'] as const,
};

/** The screen's first read; the page preloads it with the same path (decision 064). */
export function metricsSummaryPath(year: number | null, grain: PeriodGrain): string {
  const params = new URLSearchParams({ grain });
  if (year != null) params.set('year', String(year));
  // GET /api/metrics answers the spec's list of metric objects; the screen reads the summary (decision 054).
  return `/api/metrics/summary?${params.toString()}`;
}

export function getMetrics(year: number | null, grain: PeriodGrain): Promise<KpiMetrics> {
  return apiRequest<KpiMetrics>('GET', metricsSummaryPath(year, grain));
}

/** GET /api/targets: the one active target, or null. An empty body also means none. */
export async function getTarget(): Promise<Target | null> {
  return (await apiRequest<Target | null>('GET', '/api/targets')) ?? null;
}

/** GET /api/financials?year=: that year's record, or null. */
export async function getFinancials(year: number): Promise<Financials | null> {
  return (await apiRequest<Financials | null>('GET', `/api/financials?year=${year}`)) ?? null;
}

/** GET /api/workforce?year=: that year's record, or null. */
export async function getWorkforce(year: number): Promise<Workforce | null> {
  return (await apiRequest<Workforce | null>('GET', `/api/workforce?year=${year}`)) ?? null;
}

export function saveTarget(input: SaveTarget): Promise<unknown> {
  return apiRequest('PUT', '/api/targets', input);
}

export function saveFinancials(input: SaveFinancials): Promise<unknown> {
  return apiRequest('PUT', '/api/financials', input);
}

export function saveWorkforce(input: SaveWorkforce): Promise<unknown> {
  return apiRequest('PUT', '/api/workforce', input);
}

/** POST /api/emissions/recalculate: recomputes every line in the period with today's factor library. */
export function recalculateEmissions(period: RecalculatePeriod): Promise<Recalculation> {
  return apiRequest<Recalculation>('POST', '/api/emissions/recalculate', period);
}

export function useMetrics(year: number | null, grain: PeriodGrain) {
  return useQuery({
    queryKey: kpiKeys.metrics(year, grain),
    queryFn: () => getMetrics(year, grain),
    // Switching grain or year keeps the current figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useTarget() {
  return useQuery({ queryKey: kpiKeys.target(), queryFn: getTarget });
}

export function useFinancials(year: number | null) {
  return useQuery({
    queryKey: kpiKeys.financials(year ?? 0),
    queryFn: () => getFinancials(year!),
    enabled: year != null,
  });
}

export function useWorkforce(year: number | null) {
  return useQuery({
    queryKey: kpiKeys.workforce(year ?? 0),
    queryFn: () => getWorkforce(year!),
    enabled: year != null,
  });
}

/** Each save refreshes its own record and the metrics computed from it (intensity, trend target, D&I). */
function useKpiMutation<TInput>(mutationFn: (input: TInput) => Promise<unknown>, ownKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { ownErrorToast: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ownKey }),
        queryClient.invalidateQueries({ queryKey: kpiKeys.metricsAll() }),
      ]),
  });
}

export const useSaveTarget = () => useKpiMutation(saveTarget, kpiKeys.target());
export const useSaveFinancials = () => useKpiMutation(saveFinancials, ['/api/financials']);
export const useSaveWorkforce = () => useKpiMutation(saveWorkforce, ['/api/workforce']);

/**
 * A recalculation rewrites the stored results of the period's lines: the metrics computed from them
 * and the ledger lines showing them refresh. Never retried: it writes an audit entry each time.
 */
export function useRecalculateEmissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recalculateEmissions,
    meta: { ownErrorToast: true },
    retry: false,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: kpiKeys.metricsAll() }),
        queryClient.invalidateQueries({ queryKey: kpiKeys.activitiesAll() }),
        queryClient.invalidateQueries({ queryKey: kpiKeys.notCountedAll() }),
      ]),
  });
}
