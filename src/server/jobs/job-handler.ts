// What a job handler is and may use: its own file so the features that write handlers depend on
// it, and the registry (handlers.ts) depends on them, without a circle (issue 21 item 3).
import type { Db } from '../../../db/client.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../lib/logger.ts';
import type { JobKind } from './job-kinds.ts';

/** What a handler may use: the same database, config and clock as the app, no request. */
export interface JobDeps {
  db: Db;
  config: Config;
  /** Carries the job's id and kind. */
  log: Logger;
  now: () => Date;
}

export interface RunningJob {
  id: string;
  kind: JobKind;
  /** The JSON stored by `enqueueJob`, parsed; validate it (zod) before use. */
  payload: unknown;
  companyId: string | null;
  /** 1 on the first claim; a run cut short by a crash counts too. */
  attempt: number;
}

/**
 * Does the job's work; the value it returns is stored as the job's `result` (JSON). A throw is
 * retried with backoff until `max_attempts`; throw `PermanentJobError` when retrying cannot help.
 *
 * A handler can run more than once for the same job (a crash after its writes, a lease lost while
 * it ran), so its writes are one `db.batch` or idempotent (`ON CONFLICT DO NOTHING`, conditional
 * `UPDATE … WHERE status = …`).
 */
export type JobHandler = (job: RunningJob, deps: JobDeps) => Promise<unknown>;

/** Fails the job at once with this message (shown to people: write it for them). */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}
