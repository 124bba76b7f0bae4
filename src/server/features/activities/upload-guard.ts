import { createMiddleware } from 'hono/factory';
import { MAX_IMPORT_BYTES } from '../../../domain/activity-import/limits.ts';
import type { AppEnv } from '../../context.ts';
import { HttpError } from '../../lib/errors.ts';
import { guardMutations } from '../../middleware/guard-mutations.ts';
import { fileTooLarge } from './import-store.ts';

export const IMPORT_PATH = '/api/activities/import';

/** Room for the multipart envelope (boundaries, part headers, the mapping field) around the file. */
const MULTIPART_ALLOWANCE = 256 * 1024;

/**
 * The API's mutation guard (CSRF check + body limit) with one exception: the CSV upload may be
 * up to 10 MB (spec §9) instead of the JSON limit, and its refusal says so in the import's words.
 */
export function guardRequests(maxJsonBytes: number) {
  const json = guardMutations(maxJsonBytes);
  const upload = guardMutations(MAX_IMPORT_BYTES + MULTIPART_ALLOWANCE);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.method !== 'POST' || c.req.path !== IMPORT_PATH) return json(c, next);
    try {
      return await upload(c, next);
    } catch (error) {
      if (error instanceof HttpError && error.status === 413) throw fileTooLarge();
      throw error;
    }
  });
}
