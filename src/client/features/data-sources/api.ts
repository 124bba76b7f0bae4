import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConnectionTestResult,
  CreateDataSource,
  DataSource,
} from '../../../domain/contracts/data-sources';
import { apiRequest, getErrorStatus } from '../../lib/api';
import { shouldRetryMutation } from '../../lib/query-client';

export const dataSourceKeys = {
  all: () => ['/api/data-sources'] as const,
};

export function listDataSources(): Promise<DataSource[]> {
  return apiRequest<DataSource[]>('GET', '/api/data-sources');
}

export function createDataSource(input: CreateDataSource): Promise<DataSource> {
  return apiRequest<DataSource>('POST', '/api/data-sources', input);
}

export function deleteDataSource(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `/api/data-sources/${encodeURIComponent(id)}`);
}

export function testDataSource(id: string): Promise<ConnectionTestResult> {
  return apiRequest<ConnectionTestResult>('POST', `/api/data-sources/${encodeURIComponent(id)}/test`);
}

export function syncDataSource(id: string): Promise<unknown> {
  return apiRequest('POST', `/api/data-sources/${encodeURIComponent(id)}/sync`);
}

export function useDataSources() {
  return useQuery({ queryKey: dataSourceKeys.all(), queryFn: listDataSources });
}

/** Each mutation shows its own spec §8 toasts, so the generic 'Operation failed' one stays quiet. */
function useSourceMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { ownErrorToast: true },
    // 501 (connector not available yet) will not change on a second try: answer at once.
    retry: (failureCount, error) => getErrorStatus(error) !== 501 && shouldRetryMutation(failureCount, error),
    // spec §4: a test (and any other change) refreshes the list, success or not.
    onSettled: () => queryClient.invalidateQueries({ queryKey: dataSourceKeys.all() }),
  });
}

export const useCreateDataSource = () => useSourceMutation(createDataSource);
export const useDeleteDataSource = () => useSourceMutation(deleteDataSource);
export const useTestDataSource = () => useSourceMutation(testDataSource);
export const useSyncDataSource = () => useSourceMutation(syncDataSource);
