import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { type JobStatus, jobs } from '../../../db/schema/jobs.ts';
import type { JobKind } from './job-kinds.ts';

export interface NewJob {
  kind: JobKind;
  /** Stored as JSON; read back by the handler as `job.payload`. Keep it small (ids, options). */
  payload: unknown;
  /** The tenant the work belongs to (deleting the company deletes its jobs); null for none. */
  companyId: string | null;
  /** Not before this instant (default: `now`). */
  runAfter?: Date;
  /** Claims allowed, the first one included (default 5). */
  maxAttempts?: number;
  /**
   * With `kind`, names the work so enqueueing it twice adds one job: the insert does nothing when
   * a job with the same kind and key exists, whatever its status.
   */
  dedupeKey?: string;
  now: Date;
}

export function newJobId(): string {
  return crypto.randomUUID();
}

/**
 * The insert of one queued job, NOT executed: put it in the same `db.batch([...])` as the business
 * write and its audit row, so the job exists exactly when the change it follows does
 * (decision 003). Set `id` via `newJobId()` first when the caller must answer it.
 *
 * ```ts
 * const jobId = newJobId();
 * await ctx.db.batch([insertReport, enqueueJob(ctx.db, { id: jobId, kind: 'report.generate', … }), audit]);
 * ctx.wakeJobs?.();
 * ```
 */
export function enqueueJob(db: Db, job: NewJob & { id?: string }) {
  const insert = db.insert(jobs).values({
    id: job.id ?? newJobId(),
    kind: job.kind,
    companyId: job.companyId,
    // Bound as JSON text here: Drizzle would store a bare `null` as SQL NULL, not as JSON `null`.
    payload: sql`${JSON.stringify(job.payload ?? null)}`,
    status: 'queued',
    attempts: 0,
    maxAttempts: job.maxAttempts ?? 5,
    runAfter: job.runAfter ?? job.now,
    dedupeKey: job.dedupeKey ?? null,
    createdAt: job.now,
    updatedAt: job.now,
  });
  return job.dedupeKey === undefined
    ? insert
    : insert.onConflictDoNothing({ target: [jobs.kind, jobs.dedupeKey] });
}

export interface JobView {
  id: string;
  kind: string;
  companyId: string | null;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  runAfter: Date;
  /** The last failure reason (also kept when a later attempt succeeded). */
  error: string | null;
  result: unknown;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * One job's state, or null. No tenant filter here: a feature that shows a job to a person checks
 * `companyId` against `ctx.companyId` (404 when it differs), or reads its own table instead.
 */
export async function getJob(db: Db, id: string): Promise<JobView | null> {
  const [row] = await db
    .select({
      id: jobs.id,
      kind: jobs.kind,
      companyId: jobs.companyId,
      status: jobs.status,
      attempts: jobs.attempts,
      maxAttempts: jobs.maxAttempts,
      runAfter: jobs.runAfter,
      error: jobs.error,
      result: jobs.result,
      createdAt: jobs.createdAt,
      updatedAt: jobs.updatedAt,
    })
    .from(jobs)
    .where(eq(jobs.id, id))
    .limit(1);
  return row ?? null;
}
