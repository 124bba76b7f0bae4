/**
 * Errors a service throws on purpose. The error handler turns them into `{ message, code }` with
 * their status; anything else becomes a 500 with a generic message.
 */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 502 | 503 | 504,
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
/**
 * The database lacks reference data the answer depends on (the factor library's rows, the offset
 * catalogue): a deploy that skipped its reference-data step. Refused rather than answered with an
 * empty list or an uncited figure (decision 083).
 */
export const referenceDataMissing = (what: string) =>
  new HttpError(
    503,
    `${what} not loaded in this database. Whoever runs this installation should apply reference-data.sql after the migrations (docs/deploy-cloudflare.md), or restart the server, which loads it.`,
    'reference_data_missing',
  );

/**
 * The body a request sent cannot be read: multipart framing that does not parse (Bun sets this
 * code on `formData()`'s TypeError; workerd says "form data" or "multipart" in the message) or a
 * percent-encoding that does not decode (URIError). Nothing else is treated as the caller's fault:
 * any other error stays a 500, so a bug is never passed off as bad input.
 */
export function unreadableRequest(error: unknown): HttpError | null {
  if (error instanceof URIError) {
    return new HttpError(400, 'The address contains a malformed percent-encoding', 'malformed_url');
  }
  if (!(error instanceof TypeError)) return null;
  const code = (error as TypeError & { code?: unknown }).code;
  if (code === 'ERR_FORMDATA_PARSE_ERROR' || /form ?data|multipart/i.test(error.message)) {
    return new HttpError(
      400,
      'The upload could not be read as multipart/form-data (a missing or broken boundary): choose the file and send the form again',
      'malformed_multipart',
    );
  }
  return null;
}

/** How long a person is asked to wait before sending again what a busy database refused. */
export const DATABASE_BUSY_RETRY_SECONDS = 5;

/**
 * The database file stayed locked by another writer for longer than busy_timeout (SQLITE_BUSY:
 * libSQL's `code`, D1's "database is locked", in the error or its cause). Nothing was written: the
 * statement never started. Not a bug and not the caller's fault, so a 503 that says to send again,
 * with Retry-After, instead of a 500 (decision 091).
 */
export function databaseBusy(error: unknown): HttpError | null {
  for (let link = error, depth = 0; link && depth < 5; link = (link as { cause?: unknown }).cause, depth++) {
    const { code, message } = link as { code?: unknown; message?: unknown };
    if (
      code === 'SQLITE_BUSY' ||
      (typeof message === 'string' && /database is locked|SQLITE_BUSY/.test(message))
    ) {
      return databaseBusyError();
    }
  }
  return null;
}

/** The 503 of a change that other writers kept refusing; nothing was written (decision 091). */
export function databaseBusyError(): HttpError {
  return new HttpError(
    503,
    'The database is busy with another change (a large import, for example). Nothing was saved: please try again in a few seconds.',
    'database_busy',
    { retryAfterSeconds: DATABASE_BUSY_RETRY_SECONDS },
  );
}

/**
 * SQLite's unique-index or primary-key refusal, as libSQL and D1 word it (in the message or its
 * cause; older SQLite says "PRIMARY KEY must be unique"). The one check every feature uses.
 */
export function isUniqueViolation(error: unknown): boolean {
  const text = `${String((error as { cause?: unknown })?.cause ?? '')} ${String((error as Error)?.message ?? '')}`;
  return /UNIQUE constraint failed|PRIMARY KEY must be unique/i.test(text);
}
