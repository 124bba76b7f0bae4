/**
 * The one HTTP client of the browser code (spec §7, §8). Every call carries the session cookie;
 * a JSON body (and its content type) is sent only when there is one. A non-OK response becomes an
 * `ApiError` whose message is `${status}: ${body text or status text}`, so the rest of the client
 * can read the status and the server's `{ message, code?, details? }` back out of it.
 */

export const FALLBACK_ERROR_MESSAGE = 'Something went wrong';

export class ApiError extends Error {
  readonly status: number;
  /** Raw response text (the server sends `{ message, code?, details? }`). */
  readonly body: string;

  constructor(status: number, text: string) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = text;
  }
}

/** Builds the error for a non-OK response, per spec §8: `status: body`, or the status text if empty. */
export function createApiError(status: number, bodyText: string, statusText: string): ApiError {
  return new ApiError(status, bodyText || statusText);
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export async function apiRequest<T = unknown>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
  return (await apiRequestWithHeaders<T>(method, path, body)).data;
}

/**
 * `apiRequest` with the response headers, for the lists that page by headers (the total in
 * `X-Total-Count`, the next page in `Link`, decision 054).
 */
export async function apiRequestWithHeaders<T = unknown>(
  method: HttpMethod,
  path: string,
  body?: unknown,
): Promise<{ data: T; headers: Headers }> {
  const hasBody = body !== undefined;
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: hasBody
      ? { 'Content-Type': 'application/json', Accept: 'application/json' }
      : { Accept: 'application/json' },
    body: hasBody ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw createApiError(response.status, text, response.statusText);
  return { data: (text ? JSON.parse(text) : undefined) as T, headers: response.headers };
}

const STATUS_PREFIX = /^(\d{3}): ?([\s\S]*)$/;

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : '';
}

/** The HTTP status carried by an API error (from the error itself or its `NNN: ` message), else null. */
export function getErrorStatus(error: unknown): number | null {
  if (error instanceof ApiError) return error.status;
  const match = STATUS_PREFIX.exec(errorText(error));
  return match ? Number(match[1]) : null;
}

export interface ErrorBody {
  message?: string;
  code?: string;
  details?: { fieldErrors?: Record<string, string[] | undefined>; [key: string]: unknown };
}

/** The parsed JSON body after `NNN: `, or null when the error has none. */
export function getErrorBody(error: unknown): ErrorBody | null {
  const match = STATUS_PREFIX.exec(errorText(error));
  if (!match) return null;
  try {
    const parsed: unknown = JSON.parse(match[2] ?? '');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as ErrorBody) : null;
  } catch {
    return null;
  }
}

/** A message fit to show a person: the server's `message`, else 'Something went wrong'. */
export function getErrorMessage(error: unknown): string {
  const message = getErrorBody(error)?.message;
  return typeof message === 'string' && message.trim() ? message : FALLBACK_ERROR_MESSAGE;
}

/** Field messages from a 400's `details.fieldErrors`, first message per field. */
export function getFieldErrors(error: unknown): Record<string, string> {
  const fieldErrors = getErrorBody(error)?.details?.fieldErrors;
  const result: Record<string, string> = {};
  if (!fieldErrors || typeof fieldErrors !== 'object') return result;
  for (const [field, messages] of Object.entries(fieldErrors)) {
    const first = Array.isArray(messages) ? messages.find((m) => typeof m === 'string' && m) : undefined;
    if (first) result[field] = first;
  }
  return result;
}

/** spec §8: a session loss is a message starting '401:' that mentions 'Unauthorized'. */
export function isUnauthorizedError(error: unknown): boolean {
  const text = errorText(error);
  return text.startsWith('401:') && text.includes('Unauthorized');
}

/** spec §8: server errors (500 and above), request timeout (408) and rate limiting (429) are retryable. */
export function isRetryable(error: unknown): boolean {
  const status = getErrorStatus(error);
  if (status === null) return false;
  return status >= 500 || status === 408 || status === 429;
}
