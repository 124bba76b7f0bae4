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
import type { Db } from '../db/client.ts';
import type { Config } from '../src/server/config.ts';
import { warmCpuThread } from '../src/server/jobs/cpu-thread.ts';
import { JOB_HANDLERS } from '../src/server/jobs/handlers.ts';
import { type JobHandler, PermanentJobError } from '../src/server/jobs/job-handler.ts';
import type { Logger } from '../src/server/lib/logger.ts';
import { type ClaimedJob, type ClaimHolder, claimNextJob, recordOutcome, renewLease } from './job-claims.ts';

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

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const now = options.now ?? (() => new Date());
  const slots = Math.max(1, options.slots ?? 1);
  const leaseMs = options.leaseMs ?? 30_000;
  const pollMs = options.pollMs ?? 500;
  const holder: ClaimHolder = {
    db: options.db,
    now,
    leaseMs,
    workerId: options.workerId ?? `runner-${crypto.randomUUID().slice(0, 8)}`,
  };
  const log = options.log.child({ workerId: holder.workerId });
  const jobRun: JobRun = { holder, handlers: options.handlers ?? JOB_HANDLERS, config: options.config, log };

  let running = false;
  let loops: Promise<void>[] = [];
  const sleepers = new PollSleepers(pollMs);

  /** Claims and runs jobs until none is due or `keepGoing` says stop; a database error rejects. */
  async function runDue(keepGoing: () => boolean): Promise<number> {
    let count = 0;
    while (keepGoing()) {
      const job = await claimNextJob(holder);
      if (!job) break;
      await runJob(job, jobRun);
      count += 1;
    }
    return count;
  }

  async function loop(): Promise<void> {
    while (running) {
      try {
        await runDue(() => running);
      } catch (error) {
        log.warn('job runner could not reach the jobs table', { error: reasonOf(error) });
      }
      if (running) await sleepers.pause();
    }
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
      sleepers.wakeAll();
      await Promise.all(loops);
      loops = [];
      log.info('job runner stopped');
    },
    async drain() {
      const counts = await Promise.all(Array.from({ length: slots }, () => runDue(() => true)));
      return counts.reduce((sum, count) => sum + count, 0);
    },
    wake: () => sleepers.wakeAll(),
  };
}

/** The slots now pausing between polls; `wake()` and `stop()` cut their pauses short. */
class PollSleepers {
  private readonly sleepers = new Set<() => void>();
  constructor(private readonly pollMs: number) {}

  pause(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, this.pollMs);
      this.sleepers.add(done);
    });
  }

  wakeAll(): void {
    for (const sleeper of [...this.sleepers]) sleeper();
  }
}

/** What running one claimed job needs. */
interface JobRun {
  holder: ClaimHolder;
  handlers: Partial<Record<string, JobHandler>>;
  config: Config;
  log: Logger;
}

/** Runs the job's handler under a renewed lease, then records success, a retry or the final failure. */
async function runJob(job: ClaimedJob, context: JobRun): Promise<void> {
  const { holder } = context;
  const jobLog = context.log.child({ jobId: job.id, kind: job.kind, attempt: job.attempt });
  jobLog.info('job started');
  const started = Date.now();
  const lease = keepLease(holder, job.id, jobLog);
  let outcome: { ok: true; result: unknown } | { ok: false; error: unknown };
  try {
    const handler = context.handlers[job.kind];
    if (!handler) {
      throw new PermanentJobError(`This server has no handler for jobs of kind "${job.kind}".`);
    }
    const { maxAttempts: _, ...runningJob } = job;
    const result = await handler(runningJob, {
      db: holder.db,
      config: context.config,
      log: jobLog,
      now: holder.now,
    });
    outcome = { ok: true, result: toJson(result) };
  } catch (error) {
    outcome = { ok: false, error };
  } finally {
    lease.stop();
  }

  const at = holder.now();
  const ms = Date.now() - started;
  if (outcome.ok) {
    const stored = await recordOutcome(holder, job.id, { status: 'succeeded', result: outcome.result }, at);
    if (stored) jobLog.info('job succeeded', { ms });
    else jobLog.warn('job finished after its lease was lost; outcome left to the new holder', { ms });
    return;
  }
  await recordFailure(job, outcome.error, { holder, jobLog, at, ms });
}

/** Renews the job's lease every third of its length until `stop()`, and says once if it was lost. */
function keepLease(holder: ClaimHolder, jobId: string, jobLog: Logger): { stop(): void } {
  let leaseLost = false;
  let finished = false;
  const renewal = setInterval(
    () => {
      renewLease(holder, jobId).then(
        (held) => {
          if (!held && !leaseLost && !finished) {
            leaseLost = true;
            jobLog.warn('job lease lost; another runner may have claimed it');
          }
        },
        (error) => jobLog.warn('job lease renewal failed', { error: reasonOf(error) }),
      );
    },
    Math.max(10, Math.floor(holder.leaseMs / 3)),
  );
  return {
    stop() {
      finished = true;
      clearInterval(renewal);
    },
  };
}

/** A retry with backoff while attempts remain and the error is not permanent; else the final failure. */
async function recordFailure(
  job: ClaimedJob,
  error: unknown,
  { holder, jobLog, at, ms }: { holder: ClaimHolder; jobLog: Logger; at: Date; ms: number },
): Promise<void> {
  const reason = reasonOf(error);
  const permanent = error instanceof PermanentJobError;
  const retry = !permanent && job.attempt < job.maxAttempts;
  const runAfter = new Date(at.getTime() + retryDelayMs(job.attempt));
  const stored = await recordOutcome(
    holder,
    job.id,
    retry ? { status: 'queued', runAfter, error: reason } : { status: 'failed', error: reason },
    at,
  );
  if (!stored) {
    jobLog.warn('job failed after its lease was lost; outcome left to the new holder', { ms, error: reason });
  } else if (retry) {
    jobLog.warn('job failed; retry scheduled', { ms, error: reason, runAfter: runAfter.toISOString() });
  } else {
    jobLog.error('job failed', { ms, error: reason, permanent, maxAttempts: job.maxAttempts });
  }
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
