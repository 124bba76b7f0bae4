import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { z } from 'zod';
import type {
  Filing,
  GenerateReport,
  Regulator,
  Report,
  SubmitFiling,
  SubmitFilingResponseSchema,
} from '../../../domain/contracts/export';
import { apiRequest, createApiError } from '../../lib/api';
import { isAnyFilingUndecided, isAnyReportGenerating, xbrlFileName } from './export';

export type SubmitFilingResponse = z.infer<typeof SubmitFilingResponseSchema>;

const REPORTS = '/api/reports';
const REGULATORY = '/api/regulatory';

/** Generation and filing decisions run as jobs: the lists are re-read this often while one runs. */
export const POLL_INTERVAL_MS = 1000;

export const exportKeys = {
  reports: () => [REPORTS] as const,
  filings: () => [`${REGULATORY}/filings`] as const,
  regulators: (jurisdiction: string) => [`${REGULATORY}/regulators`, jurisdiction] as const,
};

/** Newest first. */
export function listReports(): Promise<Report[]> {
  return apiRequest<Report[]>('GET', REPORTS);
}

/** 202: the report is queued; a job renders it (watch `generation` in the list). */
export function generateReport(input: GenerateReport): Promise<Report> {
  return apiRequest<Report>('POST', `${REPORTS}/generate`, input);
}

export function markReportFinal(id: string): Promise<Report> {
  return apiRequest<Report>('PUT', `${REPORTS}/${encodeURIComponent(id)}/status`, { status: 'final' });
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/**
 * spec §7: POST /api/reports/{id}/xbrl with no body but a JSON content type; the answer is the file.
 * A non-OK answer keeps the `status: body` shape, so its JSON message (and a lost session) can be
 * read back out of the error.
 */
export async function exportXbrl(id: string): Promise<DownloadedFile> {
  const response = await fetch(`${REPORTS}/${encodeURIComponent(id)}/xbrl`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
  });
  if (!response.ok) throw createApiError(response.status, await response.text(), response.statusText);
  const blob = await response.blob();
  return { blob, fileName: xbrlFileName(id, response.headers.get('Content-Disposition')) };
}

export function listRegulators(jurisdiction: string): Promise<Regulator[]> {
  return apiRequest<Regulator[]>('GET', `${REGULATORY}/regulators/${encodeURIComponent(jurisdiction)}`);
}

export function listFilings(): Promise<Filing[]> {
  return apiRequest<Filing[]>('GET', `${REGULATORY}/filings`);
}

export function submitFiling(input: SubmitFiling): Promise<SubmitFilingResponse> {
  return apiRequest<SubmitFilingResponse>('POST', `${REGULATORY}/submit`, input);
}

/**
 * The reports, re-read every second while one is being generated, or while a filing awaits its
 * decision (an accepted filing moves its report to Filed).
 */
export function useReports(isFilingUndecided: boolean) {
  return useQuery({
    queryKey: exportKeys.reports(),
    queryFn: listReports,
    refetchInterval: (query) =>
      isFilingUndecided || isAnyReportGenerating(query.state.data) ? POLL_INTERVAL_MS : false,
  });
}

/** The filings, re-read every second while one awaits a decision. */
export function useFilings() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: exportKeys.filings(),
    queryFn: listFilings,
    refetchInterval: (current) => (isAnyFilingUndecided(current.state.data) ? POLL_INTERVAL_MS : false),
  });
  // The last decision also changed its report's status: read the reports once more after it.
  const undecided = isAnyFilingUndecided(query.data);
  const wasUndecided = useRef(undecided);
  useEffect(() => {
    if (wasUndecided.current && !undecided) {
      void queryClient.invalidateQueries({ queryKey: exportKeys.reports() });
    }
    wasUndecided.current = undecided;
  }, [undecided, queryClient]);
  return query;
}

/** spec §7: only asked for when the user has a jurisdiction. */
export function useRegulators(jurisdiction: string | null) {
  return useQuery({
    queryKey: exportKeys.regulators(jurisdiction ?? ''),
    queryFn: () => listRegulators(jurisdiction ?? ''),
    enabled: jurisdiction !== null,
  });
}

/** Never retried: a second attempt would queue a second report. */
export function useGenerateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateReport,
    meta: { ownErrorToast: true },
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exportKeys.reports() }),
  });
}

export function useMarkReportFinal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markReportFinal,
    meta: { ownErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exportKeys.reports() }),
  });
}

/** Reads nothing back: the export changes no list. */
export function useExportXbrl() {
  return useMutation({ mutationFn: exportXbrl, meta: { ownErrorToast: true } });
}

/** A filing adds to the filings and moves its report on. Never retried: it could file twice. */
export function useSubmitFiling() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitFiling,
    meta: { ownErrorToast: true },
    retry: false,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: exportKeys.filings() }),
        queryClient.invalidateQueries({ queryKey: exportKeys.reports() }),
      ]),
  });
}
