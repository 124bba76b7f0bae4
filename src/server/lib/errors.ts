/**
 * Errors a service throws on purpose. The error handler turns them into `{ message, code }` with
 * their status; anything else becomes a 500 with a generic message.
 */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 503 | 504,
    message: string,
    readonly code?: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/** Exactly `{"message":"Unauthorized"}`: the client's session-loss rule matches on it (spec §8). */
export const unauthorized = () => new HttpError(401, 'Unauthorized');
export const forbidden = (message = 'You do not have permission to do that') =>
  new HttpError(403, message, 'forbidden');
export const notFound = (what = 'Resource') => new HttpError(404, `${what} not found`, 'not_found');
export const conflict = (message: string) => new HttpError(409, message, 'conflict');
