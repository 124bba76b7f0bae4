import type { Db } from '../../../db/client.ts';
import type { Logger } from '../lib/logger.ts';
import type { JobKind } from './job-kinds.ts';
import { enqueueJob } from './queue.ts';

/**
 * Jobs that run on a schedule rather than after a change (decision 021). Each period gets one job
 * whose dedupe key names the period, so every process (app servers, `bun workers/main.ts`, the
 * Worker's one-minute cron) may call `enqueueRecurringJobs` as often as it likes: the first insert
 * of a period wins, the others do nothing (`ON CONFLICT DO NOTHING` on kind + key).
 */
export const RECURRING_JOBS: readonly { kind: JobKind; everyMs: number }[] = [
  // Links new audit entries into each company's hash chain.
  { kind: 'audit.seal', everyMs: 15 * 60 * 1000 },
  // Legal-page retention: audit 1 year, analytics pseudonymised at 2, inactive accounts at 3.
  { kind: 'privacy.retention', everyMs: 24 * 60 * 60 * 1000 },
  // Removes imports a killed process left pending, in every runtime, not only at a process start
  // or the company's next import (decision 042); a few lease lengths apart is soon enough.
  { kind: 'imports.discard-abandoned', everyMs: 5 * 60 * 1000 },
];

/** How often a long-running process looks (the Worker's cron calls it every minute instead). */
export const RECURRING_CHECK_MS = 60 * 1000;

export async function enqueueRecurringJobs(db: Db, now: Date): Promise<void> {
  await db.batch(
    RECURRING_JOBS.map(({ kind, everyMs }) => {
      const period = Math.floor(now.getTime() / everyMs);
      return enqueueJob(db, {
        kind,
        payload: null,
        companyId: null,
        dedupeKey: `${kind}:${new Date(period * everyMs).toISOString()}`,
        maxAttempts: 3,
        now,
      });
    }) as [ReturnType<typeof enqueueJob>, ...ReturnType<typeof enqueueJob>[]],
  );
}

/**
 * For the Bun processes that run jobs: enqueues at once, then every minute, and wakes the runner.
 * Returns the function that stops it.
 */
export function startRecurringJobs(options: { db: Db; log: Logger; wake?: () => void }): () => void {
  const tick = () =>
    enqueueRecurringJobs(options.db, new Date()).then(
      () => options.wake?.(),
      (error) => options.log.warn('recurring jobs not enqueued', { error: String(error) }),
    );
  void tick();
  const timer = setInterval(tick, RECURRING_CHECK_MS);
  return () => clearInterval(timer);
}
