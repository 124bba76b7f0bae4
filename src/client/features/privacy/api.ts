import { useMutation, useQuery } from '@tanstack/react-query';
import type { DataSummary, DeleteAccount, DeleteAccountResult } from '../../../domain/contracts/privacy';
import { apiRequest, createApiError } from '../../lib/api';

export const privacyKeys = {
  summary: () => ['/api/privacy/data-summary'] as const,
};

export function useDataSummary() {
  return useQuery({
    queryKey: privacyKeys.summary(),
    queryFn: () => apiRequest<DataSummary>('GET', '/api/privacy/data-summary'),
  });
}

/** The file name from `Content-Disposition: attachment; filename="…"`, else a dated default. */
export function attachmentFileName(header: string | null, now = new Date()): string {
  const match = header ? /filename="([^"]+)"/.exec(header) : null;
  return match?.[1] ?? `esg-pilot-data-export-${now.toISOString().slice(0, 10)}.json`;
}

/** GET /api/gdpr/export-data as a blob, saved under the server's timestamped name (spec §7). */
export async function downloadPersonalData(): Promise<string> {
  const response = await fetch('/api/gdpr/export-data', {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw createApiError(response.status, await response.text(), response.statusText);
  const fileName = attachmentFileName(response.headers.get('Content-Disposition'));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the click has been handled, so the download can start.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return fileName;
}

/** The caller shows the spec §8 toasts, so the generic failure toast stays quiet. */
export function useExportData() {
  return useMutation({ mutationFn: downloadPersonalData, meta: { ownErrorToast: true } });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (input: DeleteAccount) =>
      apiRequest<DeleteAccountResult>('DELETE', '/api/gdpr/delete-account', input),
    meta: { ownErrorToast: true },
  });
}
