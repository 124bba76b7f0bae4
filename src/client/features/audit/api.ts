import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { AuditLogPage, AuditVerification } from '../../../domain/contracts/audit';
import { apiRequest } from '../../lib/api';

export interface AuditFilters {
  action: string;
  entityType: string;
  userId: string;
  from: string;
  to: string;
}

export const EMPTY_FILTERS: AuditFilters = { action: '', entityType: '', userId: '', from: '', to: '' };

export const auditKeys = {
  all: () => ['/api/audit-logs'] as const,
  page: (page: number, filters: AuditFilters) => ['/api/audit-logs', page, filters] as const,
};

/** `/api/audit-logs?page=2&action=…`: only the filters that are set. */
export function auditLogsPath(page: number, filters: AuditFilters): string {
  const params = new URLSearchParams();
  if (page > 1) params.set('page', String(page));
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  const query = params.toString();
  return query ? `/api/audit-logs?${query}` : '/api/audit-logs';
}

/** spec §7: fetched only while the Audit Log tab is open (the panel mounts with the tab). */
export function useAuditLogs(page: number, filters: AuditFilters) {
  return useQuery({
    queryKey: auditKeys.page(page, filters),
    queryFn: () => apiRequest<AuditLogPage>('GET', auditLogsPath(page, filters)),
    placeholderData: keepPreviousData,
  });
}

/** A read, but started by a button: a mutation holds its pending state and result. */
export function useVerifyAuditLog() {
  return useMutation({
    mutationFn: () => apiRequest<AuditVerification>('GET', '/api/audit-logs/verify'),
    meta: { ownErrorToast: true },
  });
}
