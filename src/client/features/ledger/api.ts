import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ActivityCategory,
  ActivityLine,
  ActivityPage,
  ImportResult,
  SaveActivity,
  SaveSite,
  Site,
} from '../../../domain/contracts/ledger';
import type {
  AccountingImportOptions,
  AccountingImportResult,
  AccountingPreview,
} from '../../../domain/contracts/ledger-accounting-import';
import type { ImportAnswers, ImportMapping, ImportPreview } from '../../../domain/contracts/ledger-import';
import type { NotCounted } from '../../../domain/contracts/ledger-not-counted';
import type { ImportDuplicateChoice } from '../../../domain/contracts/ledger-probable-duplicates';
import { apiRequest } from '../../lib/api';
import { uploadForm } from '../../lib/upload';

export interface ActivityFilters {
  from?: string;
  to?: string;
  siteId?: string;
  category?: ActivityCategory;
  /** Only lines without figures (decision 051). */
  status?: 'not_counted';
  page: number;
  pageSize: number;
}

export const siteKeys = {
  all: () => ['/api/sites'] as const,
};

export const importMappingKeys = {
  all: () => ['/api/activities/import/mappings'] as const,
};

export const activityKeys = {
  all: () => ['/api/activities'] as const,
  list: (filters: ActivityFilters) => ['/api/activities', filters] as const,
};

/** GET /api/emissions/not-counted: any change to lines or sites can change it. */
export const notCountedKeys = {
  all: () => ['/api/emissions/not-counted'] as const,
  summary: (query: NotCountedFilter) => ['/api/emissions/not-counted', query] as const,
};

export interface NotCountedFilter {
  from?: string;
  to?: string;
  page?: number;
  pageSize?: number;
}

const withId = (path: string, id: string) => `${path}/${encodeURIComponent(id)}`;

export function listSites(): Promise<Site[]> {
  return apiRequest<Site[]>('GET', '/api/sites');
}

export function createSite(input: SaveSite): Promise<Site> {
  return apiRequest<Site>('POST', '/api/sites', input);
}

export function updateSite({ id, ...input }: SaveSite & { id: string }): Promise<Site> {
  return apiRequest<Site>('PUT', withId('/api/sites', id), input);
}

export function deleteSite(id: string): Promise<void> {
  return apiRequest<void>('DELETE', withId('/api/sites', id));
}

export function activitiesPath(filters: ActivityFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params.append(key, String(value));
  }
  return `/api/activities?${params.toString()}`;
}

export function listActivities(filters: ActivityFilters): Promise<ActivityPage> {
  return apiRequest<ActivityPage>('GET', activitiesPath(filters));
}

export function createActivity(input: SaveActivity): Promise<ActivityLine> {
  return apiRequest<ActivityLine>('POST', '/api/activities', input);
}

export function updateActivity({
  id,
  input,
}: {
  id: string;
  input: Partial<SaveActivity>;
}): Promise<ActivityLine> {
  return apiRequest<ActivityLine>('PUT', withId('/api/activities', id), input);
}

export function deleteActivity(id: string): Promise<void> {
  return apiRequest<void>('DELETE', withId('/api/activities', id));
}

export const IMPORT_TEMPLATE_PATH = '/api/activities/import/template';

export interface ImportRequest {
  file: File;
  /** Unknown column name → field name or 'ignore' (answer to a `mapping_required` 400). */
  mapping?: Record<string, string>;
  /** Answers to the preview's questions (sites, categories, variants, spend categories). */
  answers?: ImportAnswers;
  dataSourceId?: string;
  /** The file's answer to a `probable_duplicates` 409 (decision 052). */
  onDuplicate?: ImportDuplicateChoice;
  /** 0–1 as the file is sent. */
  onProgress?: (fraction: number) => void;
}

/**
 * POST /api/activities/import as multipart. XMLHttpRequest rather than fetch because only it
 * reports upload progress; failures become the same `status: body` ApiError as every other call.
 */
function importForm({ file, mapping, answers, dataSourceId, onDuplicate }: ImportRequest): FormData {
  const form = new FormData();
  form.append('file', file);
  if (mapping) form.append('mapping', JSON.stringify(mapping));
  if (answers) form.append('answers', JSON.stringify(answers));
  if (dataSourceId) form.append('dataSourceId', dataSourceId);
  if (onDuplicate) form.append('onDuplicate', onDuplicate);
  return form;
}

export function importActivities(request: ImportRequest): Promise<ImportResult> {
  return uploadForm<ImportResult>('/api/activities/import', importForm(request), request.onProgress);
}

/** The dry run: what the file needs answered, and its other problems; writes nothing. */
export function previewImport(request: ImportRequest): Promise<ImportPreview> {
  return uploadForm<ImportPreview>('/api/activities/import/preview', importForm(request), request.onProgress);
}

export function listImportMappings(): Promise<ImportMapping[]> {
  return apiRequest<ImportMapping[]>('GET', '/api/activities/import/mappings');
}

export function forgetImportMapping(id: string): Promise<void> {
  return apiRequest<void>('DELETE', withId('/api/activities/import/mappings', id));
}

export function useImportMappings(enabled: boolean) {
  return useQuery({ queryKey: importMappingKeys.all(), queryFn: listImportMappings, enabled });
}

export function useForgetImportMapping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: forgetImportMapping,
    meta: { ownErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importMappingKeys.all() }),
  });
}

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport, meta: { ownErrorToast: true }, retry: false });
}

export function getNotCounted(query: NotCountedFilter): Promise<NotCounted> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.append(key, String(value));
  }
  return apiRequest<NotCounted>('GET', `/api/emissions/not-counted?${params.toString()}`);
}

/** The summary of lines not counted in a period (none: the whole ledger), with no lines. */
export function useNotCounted(query: Omit<NotCountedFilter, 'page' | 'pageSize'>, enabled = true) {
  const filter = { ...query, pageSize: 0 };
  return useQuery({
    queryKey: notCountedKeys.summary(filter),
    queryFn: () => getNotCounted(filter),
    enabled,
  });
}

export function useSites() {
  return useQuery({ queryKey: siteKeys.all(), queryFn: listSites });
}

export function useActivities(filters: ActivityFilters) {
  return useQuery({
    queryKey: activityKeys.list(filters),
    queryFn: () => listActivities(filters),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** Site changes rename lines in the ledger too, so both lists refresh. */
function useSiteMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { ownErrorToast: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: siteKeys.all() }),
        queryClient.invalidateQueries({ queryKey: activityKeys.all() }),
        queryClient.invalidateQueries({ queryKey: notCountedKeys.all() }),
      ]),
  });
}

export const useCreateSite = () => useSiteMutation(createSite);
export const useUpdateSite = () => useSiteMutation(updateSite);
export const useDeleteSite = () => useSiteMutation(deleteSite);

function useActivityMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { ownErrorToast: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: activityKeys.all() }),
        queryClient.invalidateQueries({ queryKey: notCountedKeys.all() }),
      ]),
  });
}

export const useCreateActivity = () => useActivityMutation(createActivity);
export const useUpdateActivity = () => useActivityMutation(updateActivity);
export const useDeleteActivity = () => useActivityMutation(deleteActivity);

/** An import can add lines and (from site names in the file) sites. */
export function useImportActivities() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importActivities,
    meta: { ownErrorToast: true },
    // A 400/413/422 answer is a result to show, not a transient failure: never resend the file.
    retry: false,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: activityKeys.all() }),
        queryClient.invalidateQueries({ queryKey: siteKeys.all() }),
        queryClient.invalidateQueries({ queryKey: notCountedKeys.all() }),
        queryClient.invalidateQueries({ queryKey: importMappingKeys.all() }),
      ]),
  });
}

/** POST /api/activities/import/accounting/preview: what an accounting export holds (decision 050). */
export function previewAccountingExport(file: File): Promise<AccountingPreview> {
  const form = new FormData();
  form.append('file', file);
  return uploadForm<AccountingPreview>('/api/activities/import/accounting/preview', form);
}

/** The options as sent (zod's defaults filled in by the server). */
export type AccountingImportOptionsInput = Omit<AccountingImportOptions, 'mappings'> & {
  mappings: Record<string, { category: string; variant: string | null }>;
};

export interface AccountingImportRequest {
  file: File;
  options: AccountingImportOptionsInput;
  onProgress?: (fraction: number) => void;
}

/** POST /api/activities/import/accounting: the export with its site and account mappings. */
export function importAccountingExport({
  file,
  options,
  onProgress,
}: AccountingImportRequest): Promise<AccountingImportResult> {
  const form = new FormData();
  form.append('file', file);
  form.append('options', JSON.stringify(options));
  return uploadForm<AccountingImportResult>('/api/activities/import/accounting', form, onProgress);
}

export function useAccountingPreview() {
  return useMutation({ mutationFn: previewAccountingExport, meta: { ownErrorToast: true }, retry: false });
}

export function useImportAccountingExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importAccountingExport,
    meta: { ownErrorToast: true },
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityKeys.all() }),
  });
}
