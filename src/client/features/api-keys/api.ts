import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyList, ApiKeySecret, CreateApiKey } from '../../../domain/contracts/api-keys';
import { apiRequest } from '../../lib/api';

export const apiKeyKeys = {
  list: () => ['/api/api-keys'] as const,
};

export function listApiKeys(): Promise<ApiKeyList> {
  return apiRequest<ApiKeyList>('GET', '/api/api-keys');
}

export function useApiKeys() {
  return useQuery({ queryKey: apiKeyKeys.list(), queryFn: listApiKeys });
}

/** Create, regenerate and revoke refresh the list; their callers show their own toasts. */
function useKeyMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { ownErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.list() }),
  });
}

export const useCreateApiKey = () =>
  useKeyMutation((input: CreateApiKey) => apiRequest<ApiKeySecret>('POST', '/api/api-keys', input));

export const useRegenerateApiKey = () =>
  useKeyMutation((id: string) =>
    apiRequest<ApiKeySecret>('POST', `/api/api-keys/${encodeURIComponent(id)}/regenerate`),
  );

export const useRevokeApiKey = () =>
  useKeyMutation((id: string) => apiRequest<void>('DELETE', `/api/api-keys/${encodeURIComponent(id)}`));
