import { describe, expect, test } from 'bun:test';
import { createApiError } from './api';
import {
  createQueryClient,
  pathFromQueryKey,
  queryRetryDelay,
  shouldRetryMutation,
  shouldRetryQuery,
} from './query-client';

const error = (status: number) => createApiError(status, '{"message":"x"}', '');

describe('query retry policy (spec §9)', () => {
  test('retries retryable errors at most twice', () => {
    expect(shouldRetryQuery(0, error(503))).toBe(true);
    expect(shouldRetryQuery(1, error(429))).toBe(true);
    expect(shouldRetryQuery(2, error(500))).toBe(false);
  });

  test('never retries client errors or network failures', () => {
    expect(shouldRetryQuery(0, error(400))).toBe(false);
    expect(shouldRetryQuery(0, error(401))).toBe(false);
    expect(shouldRetryQuery(0, error(404))).toBe(false);
    expect(shouldRetryQuery(0, new TypeError('Failed to fetch'))).toBe(false);
  });

  test('doubles the delay from one second up to thirty', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(queryRetryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });
});

describe('mutation retry policy (spec §9)', () => {
  test('retries once, only for server errors', () => {
    expect(shouldRetryMutation(0, error(500))).toBe(true);
    expect(shouldRetryMutation(1, error(500))).toBe(false);
    expect(shouldRetryMutation(0, error(429))).toBe(false);
    expect(shouldRetryMutation(0, error(408))).toBe(false);
    expect(shouldRetryMutation(0, error(409))).toBe(false);
  });
});

describe('query client defaults', () => {
  test('never goes stale, never refetches on focus, keeps unused data five minutes', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.staleTime).toBe(Number.POSITIVE_INFINITY);
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.queries?.refetchInterval).toBe(false);
    expect(defaults.queries?.gcTime).toBe(300_000);
    expect(defaults.mutations?.retryDelay).toBe(2000);
  });

  test('the default read is a GET on the path formed from the key segments', () => {
    expect(pathFromQueryKey(['/api/dashboard/overview'])).toBe('/api/dashboard/overview');
    expect(pathFromQueryKey(['/api/data-sources', 'abc'])).toBe('/api/data-sources/abc');
    expect(pathFromQueryKey(['/api/esg/progress', { jurisdiction: 'CSRD' }])).toBe(
      '/api/esg/progress?jurisdiction=CSRD',
    );
  });
});
