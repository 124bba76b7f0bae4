import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Jurisdiction } from '../../../domain/contracts/auth';
import type { EsgProgressResponse, Evidence } from '../../../domain/contracts/esg-wizard';
import { apiRequest, createApiError } from '../../lib/api';

export const esgKeys = {
  progress: (jurisdiction: Jurisdiction) => ['/api/esg/progress', { jurisdiction }] as const,
};

export interface UpdateProgressInput {
  jurisdiction: Jurisdiction;
  indicator: string;
  value?: string;
  useLedger?: true;
  note?: string | null;
}

export function getEsgProgress(jurisdiction: Jurisdiction): Promise<EsgProgressResponse> {
  return apiRequest<EsgProgressResponse>(
    'GET',
    `/api/esg/progress?jurisdiction=${encodeURIComponent(jurisdiction)}`,
  );
}

export function initializeChecklist(input: {
  jurisdiction: Jurisdiction;
  includeComprehensive?: boolean;
}): Promise<EsgProgressResponse> {
  return apiRequest<EsgProgressResponse>('POST', '/api/esg/initialize', input);
}

export function updateProgress(input: UpdateProgressInput): Promise<EsgProgressResponse> {
  return apiRequest<EsgProgressResponse>('PUT', '/api/esg/progress', input);
}

/** Multipart, so not through the JSON helper; errors take the same `status: body` shape. */
export async function uploadEvidence(input: {
  jurisdiction: Jurisdiction;
  indicator: string;
  file: File;
}): Promise<Evidence> {
  const form = new FormData();
  form.append('jurisdiction', input.jurisdiction);
  form.append('indicator', input.indicator);
  form.append('file', input.file);
  const response = await fetch('/api/esg/evidence', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    body: form,
  });
  const text = await response.text();
  if (!response.ok) throw createApiError(response.status, text, response.statusText);
  return JSON.parse(text) as Evidence;
}

export function deleteEvidence(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `/api/esg/evidence/${encodeURIComponent(id)}`);
}

/** Where the browser downloads a stored evidence file (a plain link, the cookie goes with it). */
export function evidenceFileUrl(id: string): string {
  return `/api/esg/evidence/${encodeURIComponent(id)}/file`;
}

export function useEsgProgress(jurisdiction: Jurisdiction, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: esgKeys.progress(jurisdiction),
    queryFn: () => getEsgProgress(jurisdiction),
    enabled,
  });
}

const PROGRESS_WRITE = ['esg-progress-write'] as const;
/** Writes overlapped since the cache was last replaced. */
let hasOverlap = false;

/**
 * Initialise and update answer with the whole checklist, which replaces the cached one. When
 * writes overlap (quick toggles on different rows) an earlier answer may arrive last and be stale,
 * so the last write to settle fetches the checklist again instead.
 */
function useProgressWrite<TInput extends { jurisdiction: Jurisdiction }>(
  mutationFn: (input: TInput) => Promise<EsgProgressResponse>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: PROGRESS_WRITE,
    mutationFn,
    // Each caller shows the spec §8 toast of its own action.
    meta: { ownErrorToast: true },
    onSettled: (data, error, input) => {
      const key = esgKeys.progress(input.jurisdiction);
      // This write still counts as in flight while its onSettled runs.
      if (queryClient.isMutating({ mutationKey: PROGRESS_WRITE }) > 1) {
        hasOverlap = true;
        return;
      }
      if (hasOverlap || error || !data) {
        hasOverlap = false;
        return queryClient.invalidateQueries({ queryKey: key });
      }
      queryClient.setQueryData(key, data);
    },
  });
}

export const useInitializeChecklist = () => useProgressWrite(initializeChecklist);
export const useUpdateProgress = () => useProgressWrite(updateProgress);

/** Evidence changes the file list and the indicator's evidence count: refetch the checklist. */
function useEvidenceWrite<TInput, TResult>(
  jurisdiction: Jurisdiction,
  mutationFn: (input: TInput) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { ownErrorToast: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: esgKeys.progress(jurisdiction) }),
  });
}

export const useUploadEvidence = (jurisdiction: Jurisdiction) =>
  useEvidenceWrite(jurisdiction, uploadEvidence);
export const useDeleteEvidence = (jurisdiction: Jurisdiction) =>
  useEvidenceWrite(jurisdiction, deleteEvidence);
