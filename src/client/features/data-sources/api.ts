import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountMapping,
  ConnectionTestResult,
  ConnectorAvailability,
  ConnectorSync,
  CreateDataSource,
  DataSource,
  DataSourceDeleted,
  OdooConnect,
  SiteMapping,
  SyncQueued,
  UpdateAccountMappings,
  UpdateSiteMappings,
} from '../../../domain/contracts/data-sources';
import { apiRequest, getErrorStatus } from '../../lib/api';
import { shouldRetryMutation } from '../../lib/query-client';

export const dataSourceKeys = {
  all: () => ['/api/data-sources'] as const,
  mappings: (id: string) => ['/api/data-sources', id, 'mappings'] as const,
  siteMappings: (id: string) => ['/api/data-sources', id, 'site-mappings'] as const,
  availability: () => ['/api/integrations'] as const,
};

/** GET /api/integrations: which connections this server can make (decision 054). */
export function listConnectorAvailability(): Promise<ConnectorAvailability[]> {
  return apiRequest<ConnectorAvailability[]>('GET', '/api/integrations');
}

/** Read when the Connect dialog opens, so it says what is not set up before Connect is clicked. */
export function useConnectorAvailability(enabled: boolean) {
  return useQuery({
    queryKey: dataSourceKeys.availability(),
    queryFn: listConnectorAvailability,
    enabled,
    // The server's settings change only with a restart.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The ledger screens read these; a sync or a delete that removes lines changes them. */
const LEDGER_KEYS = [['/api/activities'], ['/api/metrics'], ['/api/dashboard/overview']] as const;

/** The screen's first read; the page preloads it with the same path (decision 064). */
export const DATA_SOURCES_PATH = '/api/data-sources';

export function listDataSources(): Promise<DataSource[]> {
  return apiRequest<DataSource[]>('GET', DATA_SOURCES_PATH);
}

export function createDataSource(input: CreateDataSource): Promise<DataSource> {
  return apiRequest<DataSource>('POST', '/api/data-sources', input);
}

export function connectOdoo(input: OdooConnect): Promise<DataSource> {
  return apiRequest<DataSource>('POST', '/api/integrations/odoo/connect', input);
}

/** POST /api/integrations/{quickbooks|xero}/connect answers where to send the browser to authorise. */
export interface OAuthConnectStart {
  authorizationUrl: string;
}

export function startOAuthConnect(input: {
  type: 'quickbooks' | 'xero';
  name: string;
}): Promise<OAuthConnectStart> {
  return apiRequest<OAuthConnectStart>('POST', `/api/integrations/${input.type}/connect`, {
    name: input.name,
  });
}

/** Answers whether the provider's access was revoked too (decision 029). */
export function deleteDataSource(input: { id: string; keepLines: boolean }): Promise<DataSourceDeleted> {
  return apiRequest<DataSourceDeleted>(
    'DELETE',
    `/api/data-sources/${encodeURIComponent(input.id)}?keepLines=${input.keepLines ? 'true' : 'false'}`,
  );
}

export function listSyncs(id: string): Promise<ConnectorSync[]> {
  return apiRequest<ConnectorSync[]>('GET', `/api/data-sources/${encodeURIComponent(id)}/syncs`);
}

export function listAccountMappings(id: string): Promise<AccountMapping[]> {
  return apiRequest<AccountMapping[]>('GET', `/api/data-sources/${encodeURIComponent(id)}/mappings`);
}

export function updateAccountMappings(
  input: { id: string } & UpdateAccountMappings,
): Promise<AccountMapping[]> {
  return apiRequest<AccountMapping[]>('PUT', `/api/data-sources/${encodeURIComponent(input.id)}/mappings`, {
    mappings: input.mappings,
  });
}

const SYNC_POLL_MS = 1000;
const SYNC_WAIT_MS = 120_000;

/**
 * Queues a sync (202) and waits for its record to finish: the spec's sync toast reports the
 * outcome, not the queueing. A sync the job runner will retry counts as failed for the toast.
 */
export async function syncAndWait(id: string): Promise<ConnectorSync> {
  const queued = await apiRequest<SyncQueued>('POST', `/api/data-sources/${encodeURIComponent(id)}/sync`);
  const deadline = Date.now() + SYNC_WAIT_MS;
  while (Date.now() < deadline) {
    await new Promise((done) => setTimeout(done, SYNC_POLL_MS));
    const sync = (await listSyncs(id)).find((candidate) => candidate.id === queued.syncId);
    if (sync && sync.status !== 'queued' && sync.status !== 'running') return sync;
  }
  throw new Error('The sync is taking longer than expected; the list updates when it finishes');
}

export function testDataSource(id: string): Promise<ConnectionTestResult> {
  return apiRequest<ConnectionTestResult>('POST', `/api/data-sources/${encodeURIComponent(id)}/test`);
}

export function useDataSources() {
  return useQuery({ queryKey: dataSourceKeys.all(), queryFn: listDataSources });
}

/** Each mutation shows its own spec §8 toasts, so the generic 'Operation failed' one stays quiet. */
function useSourceMutation<TInput, TResult>(
  mutationFn: (input: TInput) => Promise<TResult>,
  affectsLedger = false,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { ownErrorToast: true },
    // 501 (connector not available yet) will not change on a second try: answer at once.
    retry: (failureCount, error) => getErrorStatus(error) !== 501 && shouldRetryMutation(failureCount, error),
    // spec §4: a test (and any other change) refreshes the list, success or not.
    onSettled: () => {
      queryClient.invalidateQueries({ queryKey: dataSourceKeys.all() });
      if (affectsLedger) for (const queryKey of LEDGER_KEYS) queryClient.invalidateQueries({ queryKey });
    },
  });
}

export const useCreateDataSource = () => useSourceMutation(createDataSource);
export const useConnectOdoo = () => useSourceMutation(connectOdoo);
export const useStartOAuthConnect = () => useSourceMutation(startOAuthConnect);
export const useDeleteDataSource = () => useSourceMutation(deleteDataSource, true);
export const useTestDataSource = () => useSourceMutation(testDataSource);
export const useSyncDataSource = () => useSourceMutation(syncAndWait, true);

export function useAccountMappings(id: string, enabled: boolean) {
  return useQuery({ queryKey: dataSourceKeys.mappings(id), queryFn: () => listAccountMappings(id), enabled });
}

export function useUpdateAccountMappings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccountMappings,
    meta: { ownErrorToast: true },
    onSuccess: (rows, input) => queryClient.setQueryData(dataSourceKeys.mappings(input.id), rows),
  });
}

export function listSiteMappings(id: string): Promise<SiteMapping[]> {
  return apiRequest<SiteMapping[]>('GET', `/api/data-sources/${encodeURIComponent(id)}/site-mappings`);
}

export function updateSiteMappings(input: { id: string } & UpdateSiteMappings): Promise<SiteMapping[]> {
  return apiRequest<SiteMapping[]>('PUT', `/api/data-sources/${encodeURIComponent(input.id)}/site-mappings`, {
    mappings: input.mappings,
  });
}

/** The tracking options a connector source has seen (empty until a sync meets one). */
export function useSiteMappings(id: string, enabled: boolean) {
  return useQuery({
    queryKey: dataSourceKeys.siteMappings(id),
    queryFn: () => listSiteMappings(id),
    enabled,
  });
}

export function useUpdateSiteMappings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSiteMappings,
    meta: { ownErrorToast: true },
    onSuccess: (rows, input) => queryClient.setQueryData(dataSourceKeys.siteMappings(input.id), rows),
  });
}
