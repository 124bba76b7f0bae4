/**
 * The job runner (docs/decisions/013-job-runner.md): claims due jobs from the `jobs` table, one at a
 * time per slot, with one conditional UPDATE … RETURNING, keeps a lease on each while its handler
 * runs, and records success, a retry with backoff, or the final failure. A runner that dies
 * mid-job (SIGKILL, power loss, an evicted Worker) leaves the job `running` with a lease that
 * expires; any runner then claims it again, and that claim counts as an attempt.
 *
 * Runtime-neutral (no Bun or Node API): the Bun server, `bun workers/main.ts` and the Cloudflare
 * Worker (`drain()` from waitUntil and cron) all use it.
 */
import { and, asc, eq, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobs } from '../db/schema/jobs.ts';
import type { Config } from '../src/server/config.ts';
import { warmCpuThread } from '../src/server/jobs/cpu-thread.ts';
import { JOB_HANDLERS } from '../src/server/jobs/handlers.ts';
import { type JobHandler, PermanentJobError, type RunningJob } from '../src/server/jobs/job-handler.ts';
import type { JobKind } from '../src/server/jobs/job-kinds.ts';
import type { Logger } from '../src/server/lib/logger.ts';

export interface JobRunnerOptions {
  db: Db;
  config: Config;
  log: Logger;
  now?: () => Date;
  /** Kind → handler (default `JOB_HANDLERS`); tests pass their own. */
  handlers?: Partial<Record<string, JobHandler>>;
  /** Jobs run at the same time by this runner. */
  slots?: number;
  /** How long a claim holds without renewal; renewed every third of it while the handler runs. */
  leaseMs?: number;
  /** Pause between looks at the table when nothing was due (`wake()` cuts it short). */
  pollMs?: number;
  /** Stored in `locked_by`; unique per runner (default: a random id). */
  workerId?: string;
}

export interface JobRunner {
  /** Starts the polling loops (one per slot); calling it again does nothing. */
  start(): void;
  /** Stops claiming, lets the jobs in hand finish, then resolves. */
  stop(): Promise<void>;
  /** Runs every job that is due until none is; resolves with how many ran. For tests, scripts, Workers. */
  drain(): Promise<number>;
  /** Looks at the table now instead of at the end of the poll pause (after enqueueing). */
  wake(): void;
}

/** Longest wait before a retry (5 minutes). */
export const MAX_RETRY_DELAY_MS = 300_000;

/**
 * Wait before the retry that follows failed attempt number `attempt` (1-based): 2^attempt seconds
 * (2 s, 4 s, 8 s, …) plus up to 25 % jitter so jobs that failed together do not retry together,
 * never more than 5 minutes.
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = 1000 * 2 ** Math.min(attempt, 20);
  return Math.min(MAX_RETRY_DELAY_MS, Math.round(base * (1 + 0.25 * random())));
}

/** Longest failure reason stored (a stack trace or a provider's whole error page is not a reason). */
const MAX_ERROR_LENGTH = 2000;

interface ClaimedJob extends RunningJob {
  maxAttempts: number;
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, config } = options;
  const now = options.now ?? (() => new Date());
  const handlers = options.handlers ?? JOB_HANDLERS;
  const slots = Math.max(1, options.slots ?? 1);
  const leaseMs = options.leaseMs ?? 30_000;
  const pollMs = options.pollMs ?? 500;
  const workerId = options.workerId ?? `runner-${crypto.randomUUID().slice(0, 8)}`;
  const log = options.log.child({ workerId });

  let running = false;
  let loops: Promise<void>[] = [];
  /** Resolvers of the slots now pausing between polls; `wake()` and `stop()` call them. */
  const sleepers = new Set<() => void>();

  /** Due: queued and past `run_after`, or running under a lease that has expired (a dead runner). */
  function claimable(at: Date) {
    return or(
      and(eq(jobs.status, 'queued'), lte(jobs.runAfter, at)),
      and(eq(jobs.status, 'running'), lt(jobs.leaseUntil, at)),
    );
  }

  /**
   * One statement picks the oldest due job and takes it. The condition is repeated on the outer
   * row so two runners racing for the same id cannot both win: the loser's UPDATE matches nothing
   * (SQLite, Turso and D1 each run the statement atomically).
   */
  async function claim(): Promise<ClaimedJob | null> {
    const at = now();
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
        leaseUntil: new Date(at.getTime() + leaseMs),
        lockedBy: workerId,
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
  async function renewLease(jobId: string): Promise<boolean> {
    const at = now();
    const rows = await db
      .update(jobs)
      .set({ leaseUntil: new Date(at.getTime() + leaseMs), updatedAt: at })
      .where(and(eq(jobs.id, jobId), eq(jobs.status, 'running'), eq(jobs.lockedBy, workerId)))
      .returning({ id: jobs.id });
    return rows.length > 0;
  }

  /** Only the holder of the claim may record the outcome. */
  function heldByUs(jobId: string) {
    return and(eq(jobs.id, jobId), eq(jobs.status, 'running'), eq(jobs.lockedBy, workerId));
  }

  async function run(job: ClaimedJob): Promise<void> {
    const jobLog = log.child({ jobId: job.id, kind: job.kind, attempt: job.attempt });
    jobLog.info('job started');
    const started = Date.now();
    let leaseLost = false;
    let finished = false;
    const renewal = setInterval(
      () => {
        renewLease(job.id).then(
          (held) => {
            if (!held && !leaseLost && !finished) {
              leaseLost = true;
              jobLog.warn('job lease lost; another runner may have claimed it');
            }
          },
          (error) => jobLog.warn('job lease renewal failed', { error: reasonOf(error) }),
        );
      },
      Math.max(10, Math.floor(leaseMs / 3)),
    );

    let outcome: { ok: true; result: unknown } | { ok: false; error: unknown };
    try {
      const handler = handlers[job.kind];
      if (!handler) {
        throw new PermanentJobError(`This server has no handler for jobs of kind "${job.kind}".`);
      }
      const { maxAttempts: _, ...runningJob } = job;
      const result = await handler(runningJob, { db, config, log: jobLog, now });
      outcome = { ok: true, result: toJson(result) };
    } catch (error) {
      outcome = { ok: false, error };
    } finally {
      finished = true;
      clearInterval(renewal);
    }

    const at = now();
    const ms = Date.now() - started;
    if (outcome.ok) {
      const stored = await db
        .update(jobs)
        .set({ status: 'succeeded', result: outcome.result, leaseUntil: null, lockedBy: null, updatedAt: at })
        .where(heldByUs(job.id))
        .returning({ id: jobs.id });
      if (stored.length > 0) jobLog.info('job succeeded', { ms });
      else jobLog.warn('job finished after its lease was lost; outcome left to the new holder', { ms });
      return;
    }

    const reason = reasonOf(outcome.error);
    const permanent = outcome.error instanceof PermanentJobError;
    const retry = !permanent && job.attempt < job.maxAttempts;
    const runAfter = retry ? new Date(at.getTime() + retryDelayMs(job.attempt)) : undefined;
    const stored = await db
      .update(jobs)
      .set(
        retry
          ? { status: 'queued', runAfter, error: reason, leaseUntil: null, lockedBy: null, updatedAt: at }
          : { status: 'failed', error: reason, leaseUntil: null, lockedBy: null, updatedAt: at },
      )
      .where(heldByUs(job.id))
      .returning({ id: jobs.id });
    if (stored.length === 0) {
      jobLog.warn('job failed after its lease was lost; outcome left to the new holder', {
        ms,
        error: reason,
      });
    } else if (retry) {
      jobLog.warn('job failed; retry scheduled', { ms, error: reason, runAfter: runAfter?.toISOString() });
    } else {
      jobLog.error('job failed', { ms, error: reason, permanent, maxAttempts: job.maxAttempts });
    }
  }

  /** Claims and runs jobs until none is due or `keepGoing` says stop; a database error rejects. */
  async function runDue(keepGoing: () => boolean): Promise<number> {
    let count = 0;
    while (keepGoing()) {
      const job = await claim();
      if (!job) break;
      await run(job);
      count += 1;
    }
    return count;
  }

  function pause(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, pollMs);
      sleepers.add(done);
    });
  }

  async function loop(): Promise<void> {
    while (running) {
      try {
        await runDue(() => running);
      } catch (error) {
        log.warn('job runner could not reach the jobs table', { error: reasonOf(error) });
      }
      if (running) await pause();
    }
  }

  function wake() {
    for (const sleeper of [...sleepers]) sleeper();
  }

  return {
    start() {
      if (running) return;
      running = true;
      warmCpuThread();
      loops = Array.from({ length: slots }, () => loop());
      log.info('job runner started', { slots, leaseMs, pollMs });
    },
    async stop() {
      if (!running) return;
      running = false;
      wake();
      await Promise.all(loops);
      loops = [];
      log.info('job runner stopped');
    },
    async drain() {
      const counts = await Promise.all(Array.from({ length: slots }, () => runDue(() => true)));
      return counts.reduce((sum, count) => sum + count, 0);
    },
    wake,
  };
}

/** The message people see in `jobs.error`. */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message || error.name : String(error);
  return message.length > MAX_ERROR_LENGTH ? `${message.slice(0, MAX_ERROR_LENGTH - 1)}…` : message;
}

/** The handler's return value as stored JSON; a value JSON cannot hold is a (permanent) bug. */
function toJson(value: unknown): unknown {
  if (value === undefined) return null;
  try {
    return JSON.parse(JSON.stringify(value));
  } catch {
    throw new PermanentJobError('The job finished but its result could not be stored as JSON.');
  }
}
