import { createMiddleware } from 'hono/factory';
import { MAX_IMPORT_BYTES } from '../../../../domain/activity-import/limits.ts';
import type { AppEnv } from '../../../context.ts';
import { HttpError } from '../../../lib/errors.ts';
import { guardMutations } from '../../../middleware/guard-mutations.ts';
import { fileTooLarge } from './import-refusals.ts';

export const IMPORT_PATH = '/api/activities/import';

/** Room for the multipart envelope (boundaries, part headers, the mapping field) around the file. */
const MULTIPART_ALLOWANCE = 256 * 1024;

/** A POST path that receives a file: its own size limit and its own words when refusing one. */
export interface UploadRoute {
  path: string;
  maxFileBytes: number;
  tooLarge: () => HttpError;
}

/** The CSV import (spec §9: 10 MB), refused in the import's words. */
const IMPORT_UPLOAD: UploadRoute = {
  path: IMPORT_PATH,
  maxFileBytes: MAX_IMPORT_BYTES,
  tooLarge: fileTooLarge,
};

/** The import's dry run (decision 049) takes the same file, so the same limit. */
const PREVIEW_UPLOAD: UploadRoute = { ...IMPORT_UPLOAD, path: `${IMPORT_PATH}/preview` };
/** An accounting system's export (decision 050): the same file limit as the CSV import. */
const ACCOUNTING_UPLOADS: UploadRoute[] = [
  `${IMPORT_PATH}/accounting`,
  `${IMPORT_PATH}/accounting/preview`,
].map((path) => ({ path, maxFileBytes: MAX_IMPORT_BYTES, tooLarge: fileTooLarge }));

/**
 * The API's mutation guard (CSRF check + body limit) with exceptions for uploads: the CSV import
 * and any route in `uploads` (the app passes the ESG evidence upload) may be as large as their
 * file limit instead of the JSON limit, and a refusal says so in that route's words.
 */
export function guardRequests(maxJsonBytes: number, uploads: readonly UploadRoute[] = []) {
  const json = guardMutations(maxJsonBytes);
  const guarded = new Map(
    [IMPORT_UPLOAD, PREVIEW_UPLOAD, ...ACCOUNTING_UPLOADS, ...uploads].map((route) => [
      route.path,
      { guard: guardMutations(route.maxFileBytes + MULTIPART_ALLOWANCE), tooLarge: route.tooLarge },
    ]),
  );
  return createMiddleware<AppEnv>(async (c, next) => {
    const upload = c.req.method === 'POST' ? guarded.get(c.req.path) : undefined;
    if (!upload) return json(c, next);
    try {
      return await upload.guard(c, next);
    } catch (error) {
      if (error instanceof HttpError && error.status === 413) throw upload.tooLarge();
      throw error;
    }
  });
}
