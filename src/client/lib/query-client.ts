import {
  MutationCache,
  QueryCache,
  QueryClient,
  type QueryFunction,
  type QueryKey,
} from '@tanstack/react-query';
import { apiRequest, getErrorStatus, isRetryable } from './api';
import { handleMutationError, handleQueryError, type MutationErrorMeta } from './session-loss';

/** spec §9 query behaviour. */
export const MAX_QUERY_RETRIES = 2;
export const MAX_RETRY_DELAY_MS = 30_000;
export const MUTATION_RETRY_DELAY_MS = 2000;
export const GC_TIME_MS = 5 * 60 * 1000;

/** Retry a read only for 5xx, 408 and 429, at most twice. `failureCount` is 0 on the first failure. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_QUERY_RETRIES && isRetryable(error);
}

/** 1 s, 2 s, 4 s… capped at 30 s. */
export function queryRetryDelay(failureCount: number): number {
  return Math.min(1000 * 2 ** failureCount, MAX_RETRY_DELAY_MS);
}

/** Retry a write once, only for a server error (500 and above). */
export function shouldRetryMutation(failureCount: number, error: unknown): boolean {
  const status = getErrorStatus(error);
  return failureCount < 1 && status !== null && status >= 500;
}

/** The GET path of a query key: string segments joined with '/', an optional trailing object as query. */
export function pathFromQueryKey(queryKey: QueryKey): string {
  const segments: string[] = [];
  let params: URLSearchParams | null = null;
  for (const segment of queryKey) {
    if (typeof segment === 'string' || typeof segment === 'number') {
      segments.push(String(segment));
    } else if (segment && typeof segment === 'object') {
      params = new URLSearchParams();
      for (const [key, value] of Object.entries(segment)) {
        if (value !== undefined && value !== null) params.append(key, String(value));
      }
    }
  }
  const path = segments.join('/');
  const query = params?.toString();
  return query ? `${path}?${query}` : path;
}

const defaultQueryFn: QueryFunction = ({ queryKey }) => apiRequest('GET', pathFromQueryKey(queryKey));

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: handleQueryError }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) =>
        handleMutationError(error, mutation.options.meta as MutationErrorMeta | undefined),
    }),
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        staleTime: Number.POSITIVE_INFINITY,
        gcTime: GC_TIME_MS,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
      },
      mutations: {
        retry: shouldRetryMutation,
        retryDelay: MUTATION_RETRY_DELAY_MS,
        gcTime: GC_TIME_MS,
      },
    },
  });
}

/**
 * One client per page: every island imports this module from the same bundle chunk, so they all
 * share this cache (an invalidation in the feedback dialog refreshes the Support page's list).
 */
export const queryClient = createQueryClient();
