import { describe, expect, test } from 'bun:test';
import { createApiError } from './api';
import { describeMutationError } from './session-loss';

describe('mutation error toast (spec §8)', () => {
  test("shows 'Operation failed' with the server's message", () => {
    expect(describeMutationError(createApiError(500, '{"message":"Database unavailable"}', ''))).toEqual({
      title: 'Error',
      description: 'Operation failed: Database unavailable',
      variant: 'destructive',
    });
  });

  test("falls back to 'Something went wrong'", () => {
    expect(describeMutationError(new TypeError('Failed to fetch'))?.description).toBe(
      'Operation failed: Something went wrong',
    );
  });

  test('stays silent when the message contains 401', () => {
    expect(describeMutationError(createApiError(401, '{"message":"Unauthorized"}', ''))).toBeNull();
  });
});
