/**
 * The job runner's statements on the `jobs` table (decision 013): claim the oldest due job, keep its
 * lease, record its outcome. Every write after the claim is conditional on the claim still being this
 * runner's, so a runner whose lease expired cannot overwrite the new holder's outcome.
 */
import { and, asc, eq, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobs } from '../db/schema/jobs.ts';
import type { RunningJob } from '../src/server/jobs/job-handler.ts';
import type { JobKind } from '../src/server/jobs/job-kinds.ts';

/** One runner's identity and clock, as its statements need them. */
export interface ClaimHolder {
  db: Db;
  now: () => Date;
  leaseMs: number;
  workerId: string;
}

export interface ClaimedJob extends RunningJob {
  maxAttempts: number;
}

/** Due: queued and past `run_after`, or running under a lease that has expired (a dead runner). */
function claimable(at: Date) {
  return or(
    and(eq(jobs.status, 'queued'), lte(jobs.runAfter, at)),
    and(eq(jobs.status, 'running'), lt(jobs.leaseUntil, at)),
  );
}

/** Only the holder of the claim may renew it or record the outcome. */
function heldBy(holder: ClaimHolder, jobId: string) {
  return and(eq(jobs.id, jobId), eq(jobs.status, 'running'), eq(jobs.lockedBy, holder.workerId));
}

/**
 * One statement picks the oldest due job and takes it. The condition is repeated on the outer
 * row so two runners racing for the same id cannot both win: the loser's UPDATE matches nothing
 * (SQLite, Turso and D1 each run the statement atomically).
 */
export async function claimNextJob(holder: ClaimHolder): Promise<ClaimedJob | null> {
  const { db } = holder;
  const at = holder.now();
  const next = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(claimable(at))
    .orderBy(asc(jobs.runAfter))
    .limit(1);
  const [row] = await db
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      leaseUntil: new Date(at.getTime() + holder.leaseMs),
      lockedBy: holder.workerId,
      updatedAt: at,
    })
    .where(and(sql`${jobs.id} = (${next})`, claimable(at)))
    .returning({
      id: jobs.id,
      kind: jobs.kind,
      payload: jobs.payload,
      companyId: jobs.companyId,
      attempt: jobs.attempts,
      maxAttempts: jobs.maxAttempts,
    });
  return row ? { ...row, kind: row.kind as JobKind } : null;
}

/** Pushes the lease forward; false when the job is no longer ours (it was re-claimed). */
export async function renewLease(holder: ClaimHolder, jobId: string): Promise<boolean> {
  const at = holder.now();
  const rows = await holder.db
    .update(jobs)
    .set({ leaseUntil: new Date(at.getTime() + holder.leaseMs), updatedAt: at })
    .where(heldBy(holder, jobId))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export type JobOutcome =
  | { status: 'succeeded'; result: unknown }
  | { status: 'queued'; runAfter: Date; error: string }
  | { status: 'failed'; error: string };

/** Records the outcome of a job this runner holds; false when the claim was lost and nothing was written. */
export async function recordOutcome(
  holder: ClaimHolder,
  jobId: string,
  outcome: JobOutcome,
  at: Date,
): Promise<boolean> {
  const stored = await holder.db
    .update(jobs)
    .set({ ...outcome, leaseUntil: null, lockedBy: null, updatedAt: at })
    .where(heldBy(holder, jobId))
    .returning({ id: jobs.id });
  return stored.length > 0;
}
