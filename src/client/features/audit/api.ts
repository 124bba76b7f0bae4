import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  AUDIT_PAGE_SIZE,
  AUDIT_TOTAL_HEADER,
  type AuditLogEntry,
  type AuditLogFilters,
  type AuditVerification,
} from '../../../domain/contracts/audit';
import { apiRequest, apiRequestWithHeaders } from '../../lib/api';

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
  filterOptions: () => ['/api/audit-logs', 'filters'] as const,
};

/** One page of entries and how many match the filters (from the X-Total-Count header). */
export interface AuditLogPage {
  entries: AuditLogEntry[];
  page: number;
  pageSize: number;
  total: number;
}

/** GET /api/audit-logs answers the page's entries as a list; the total comes as a header. */
export async function getAuditLogPage(page: number, filters: AuditFilters): Promise<AuditLogPage> {
  const { data, headers } = await apiRequestWithHeaders<AuditLogEntry[]>('GET', auditLogsPath(page, filters));
  const total = Number(headers.get(AUDIT_TOTAL_HEADER));
  return {
    entries: data,
    page,
    pageSize: AUDIT_PAGE_SIZE,
    total: Number.isFinite(total) && headers.has(AUDIT_TOTAL_HEADER) ? total : data.length,
  };
}

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
    queryFn: () => getAuditLogPage(page, filters),
    placeholderData: keepPreviousData,
  });
}

/** The values the filters offer; refreshed with the log (its key is under the log's). */
export function useAuditLogFilters() {
  return useQuery({
    queryKey: auditKeys.filterOptions(),
    queryFn: () => apiRequest<AuditLogFilters>('GET', '/api/audit-logs/filters'),
  });
}

/** A read, but started by a button: a mutation holds its pending state and result. */
export function useVerifyAuditLog() {
  return useMutation({
    mutationFn: () => apiRequest<AuditVerification>('GET', '/api/audit-logs/verify'),
    meta: { ownErrorToast: true },
  });
}
