import { describe, expect, test } from 'bun:test';
import {
  ApiError,
  createApiError,
  getErrorMessage,
  getErrorStatus,
  getFieldErrors,
  isRetryable,
  isUnauthorizedError,
} from './api';

describe('api error text (spec §8)', () => {
  test('is the status, a colon, then the response body', () => {
    const error = createApiError(404, '{"message":"Not found"}', 'Not Found');
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('404: {"message":"Not found"}');
    expect(error.status).toBe(404);
  });

  test('falls back to the status text when the body is empty', () => {
    expect(createApiError(502, '', 'Bad Gateway').message).toBe('502: Bad Gateway');
  });

  test('reads the human message from the JSON body', () => {
    expect(getErrorMessage(createApiError(409, '{"message":"Email already in use"}', 'Conflict'))).toBe(
      'Email already in use',
    );
    expect(getErrorMessage(new Error('400: {"message":"Bad: input: here"}'))).toBe('Bad: input: here');
  });

  test("falls back to 'Something went wrong' when no message can be read", () => {
    expect(getErrorMessage(createApiError(500, 'plain text', 'Internal Server Error'))).toBe(
      'Something went wrong',
    );
    expect(getErrorMessage(createApiError(500, '{"code":"x"}', ''))).toBe('Something went wrong');
    expect(getErrorMessage(new TypeError('Failed to fetch'))).toBe('Something went wrong');
    expect(getErrorMessage(undefined)).toBe('Something went wrong');
  });

  test('reads the status from an ApiError or from the message', () => {
    expect(getErrorStatus(createApiError(429, '', 'Too Many Requests'))).toBe(429);
    expect(getErrorStatus(new Error('503: down'))).toBe(503);
    expect(getErrorStatus(new Error('network'))).toBeNull();
  });

  test('collects the first message of each field error', () => {
    const error = createApiError(
      400,
      JSON.stringify({
        message: 'Invalid input',
        details: { fieldErrors: { email: ['Enter a valid email address', 'x'], firstName: [] } },
      }),
      'Bad Request',
    );
    expect(getFieldErrors(error)).toEqual({ email: 'Enter a valid email address' });
    expect(getFieldErrors(new Error('boom'))).toEqual({});
  });
});

describe('isUnauthorizedError', () => {
  test('matches a 401 whose text mentions Unauthorized', () => {
    expect(isUnauthorizedError(createApiError(401, '{"message":"Unauthorized"}', ''))).toBe(true);
  });

  test('ignores other statuses and 401s without the word', () => {
    expect(isUnauthorizedError(createApiError(403, '{"message":"Unauthorized"}', ''))).toBe(false);
    expect(isUnauthorizedError(createApiError(401, '{"message":"Bad password"}', ''))).toBe(false);
    expect(isUnauthorizedError(new Error('Unauthorized'))).toBe(false);
  });
});

describe('isRetryable (spec §8)', () => {
  test.each([500, 502, 503, 504, 408, 429])('retries %i', (status) => {
    expect(isRetryable(createApiError(status, '', 'x'))).toBe(true);
  });

  test.each([400, 401, 403, 404, 409, 422])('does not retry %i', (status) => {
    expect(isRetryable(createApiError(status, '', 'x'))).toBe(false);
  });

  test('does not retry errors without a status', () => {
    expect(isRetryable(new TypeError('Failed to fetch'))).toBe(false);
  });
});
