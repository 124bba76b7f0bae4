import { describe, expect, test } from 'bun:test';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies } from '../../db/schema/auth.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { loadConfig } from '../../src/server/config.ts';
import { type JobHandler, PermanentJobError } from '../../src/server/jobs/job-handler.ts';
import type { JobKind } from '../../src/server/jobs/job-kinds.ts';
import { enqueueJob, getJob, type NewJob, newJobId } from '../../src/server/jobs/queue.ts';
import { createLogger } from '../../src/server/lib/logger.ts';
import {
  createJobRunner,
  type JobRunnerOptions,
  MAX_RETRY_DELAY_MS,
  retryDelayMs,
} from '../../workers/runner.ts';
import { warmRenderThreadForFile } from '../helpers/cpu-thread.ts';
import { createJobDb, jobRow, sleep } from '../helpers/jobs.ts';
import { createTestApp } from '../helpers/test-app.ts';

warmRenderThreadForFile();

const START = new Date('2025-03-01T09:00:00Z');
const KIND: JobKind = 'report.generate';
const t = await createTestApp({ now: () => START });

/** A clock the test moves by hand. */
function manualClock(start = START) {
  let current = start;
  return { now: () => current, advance: (ms: number) => (current = new Date(current.getTime() + ms)) };
}

function runnerOn(db: Db, handler: JobHandler, options: Partial<JobRunnerOptions> = {}) {
  return createJobRunner({
    db,
    config: loadConfig({ LOG_LEVEL: 'silent' }),
    log: createLogger('silent'),
    handlers: { [KIND]: handler },
    ...options,
  });
}

async function enqueue(db: Db, job: Partial<NewJob> = {}) {
  const id = newJobId();
  await db.batch([enqueueJob(db, { id, kind: KIND, payload: {}, companyId: null, now: START, ...job })]);
  return id;
}

describe('running a job', () => {
  test('hands the handler its payload and stores its result, clearing the lease', async () => {
    const { db } = await createJobDb();
    const id = await enqueue(db, { payload: { reportId: 'r-1', formats: ['pdf'] } });
    const seen: unknown[] = [];
    const runner = runnerOn(
      db,
      async (job) => {
        seen.push(job);
        return { files: 2 };
      },
      { now: () => START },
    );

    expect(await runner.drain()).toBe(1);
    expect(seen).toEqual([
      { id, kind: KIND, payload: { reportId: 'r-1', formats: ['pdf'] }, companyId: null, attempt: 1 },
    ]);
    expect(await getJob(db, id)).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      error: null,
      result: { files: 2 },
    });
    const row = await jobRow(db, id);
    expect([row.leaseUntil, row.lockedBy]).toEqual([null, null]);
    expect(await runner.drain()).toBe(0);
  });

  test('does not run a job before its run_after', async () => {
    const { db } = await createJobDb();
    const clock = manualClock();
    await enqueue(db, { runAfter: new Date(START.getTime() + 60_000) });
    const runner = runnerOn(db, async () => 'done', { now: clock.now });
    expect(await runner.drain()).toBe(0);
    clock.advance(60_000);
    expect(await runner.drain()).toBe(1);
  });

  test('retries a failing job after a growing backoff, then records its success', async () => {
    const { db } = await createJobDb();
    const clock = manualClock();
    const id = await enqueue(db);
    let calls = 0;
    const runner = runnerOn(
      db,
      async () => {
        calls += 1;
        if (calls < 3) throw new Error(`The registry did not answer (try ${calls})`);
        return 'filed';
      },
      { now: clock.now },
    );

    expect(await runner.drain()).toBe(1);
    let job = await jobRow(db, id);
    expect(job).toMatchObject({
      status: 'queued',
      attempts: 1,
      error: 'The registry did not answer (try 1)',
    });
    const firstDelay = job.runAfter.getTime() - START.getTime();
    expect(firstDelay).toBeGreaterThanOrEqual(2000);
    expect(firstDelay).toBeLessThanOrEqual(2500);
    expect([job.leaseUntil, job.lockedBy]).toEqual([null, null]);

    expect(await runner.drain()).toBe(0); // not due yet
    clock.advance(2500);
    expect(await runner.drain()).toBe(1);
    job = await jobRow(db, id);
    const secondDelay = job.runAfter.getTime() - clock.now().getTime();
    expect(secondDelay).toBeGreaterThanOrEqual(4000);
    expect(secondDelay).toBeLessThanOrEqual(5000);

    clock.advance(5000);
    expect(await runner.drain()).toBe(1);
    expect(await getJob(db, id)).toMatchObject({
      status: 'succeeded',
      attempts: 3,
      result: 'filed',
      // The last failure stays on record after the success.
      error: 'The registry did not answer (try 2)',
    });
  });

  test('fails the job with the last reason once max_attempts is reached', async () => {
    const { db } = await createJobDb();
    const clock = manualClock();
    const id = await enqueue(db, { maxAttempts: 3 });
    let calls = 0;
    const runner = runnerOn(
      db,
      async () => {
        calls += 1;
        throw new Error('The AI provider is unreachable');
      },
      { now: clock.now },
    );

    for (let round = 0; round < 5; round += 1) {
      await runner.drain();
      clock.advance(MAX_RETRY_DELAY_MS);
    }
    expect(calls).toBe(3);
    expect(await getJob(db, id)).toMatchObject({
      status: 'failed',
      attempts: 3,
      error: 'The AI provider is unreachable',
      result: null,
    });
  });

  test('fails at once, without retrying, on a PermanentJobError', async () => {
    const { db } = await createJobDb();
    const clock = manualClock();
    const id = await enqueue(db);
    let calls = 0;
    const runner = runnerOn(
      db,
      async () => {
        calls += 1;
        throw new PermanentJobError('The report no longer exists.');
      },
      { now: clock.now },
    );
    await runner.drain();
    clock.advance(MAX_RETRY_DELAY_MS);
    await runner.drain();
    expect(calls).toBe(1);
    expect(await getJob(db, id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: 'The report no longer exists.',
    });
  });

  test('fails permanently when the result cannot be stored as JSON', async () => {
    const { db } = await createJobDb();
    const id = await enqueue(db);
    await runnerOn(db, async () => 10n, { now: () => START }).drain();
    expect(await getJob(db, id)).toMatchObject({
      status: 'failed',
      error: 'The job finished but its result could not be stored as JSON.',
    });
  });

  test('backoff doubles from 2 s with at most 25 % jitter and never exceeds 5 minutes', () => {
    expect(retryDelayMs(1, () => 0)).toBe(2000);
    expect(retryDelayMs(1, () => 1)).toBe(2500);
    expect(retryDelayMs(3, () => 0)).toBe(8000);
    expect(retryDelayMs(8, () => 0)).toBe(256_000);
    expect(retryDelayMs(9, () => 0)).toBe(MAX_RETRY_DELAY_MS);
    expect(retryDelayMs(50, () => 1)).toBe(MAX_RETRY_DELAY_MS);
  });
});

describe('enqueueing', () => {
  test('a dedupe key makes a second enqueue of the same kind do nothing, whatever the status', async () => {
    const { db } = await createJobDb();
    const first = await enqueue(db, { dedupeKey: 'report:r-1' });
    await enqueue(db, { dedupeKey: 'report:r-1', payload: { other: true } });
    await runnerOn(db, async () => 'ok', { now: () => START }).drain();
    await enqueue(db, { dedupeKey: 'report:r-1' });
    // Same key under another kind, and jobs without a key, are separate jobs.
    await enqueue(db, { dedupeKey: 'report:r-1', kind: 'filing.advance' });
    await enqueue(db);
    await enqueue(db);

    const rows = await db.select({ id: jobs.id, kind: jobs.kind, key: jobs.dedupeKey }).from(jobs);
    expect(rows.filter((row) => row.kind === KIND && row.key === 'report:r-1').map((row) => row.id)).toEqual([
      first,
    ]);
    expect(rows).toHaveLength(4);
    expect((await getJob(db, first))?.status).toBe('succeeded');
  });

  test('returns an insert that commits or rolls back with the rest of its batch', async () => {
    const { db } = await createJobDb();
    const taken = await enqueue(db);
    const failing = db.batch([
      enqueueJob(db, { kind: KIND, payload: { n: 1 }, companyId: null, now: START }),
      // A statement that fails (duplicate primary key) after the job's insert.
      enqueueJob(db, { id: taken, kind: KIND, payload: {}, companyId: null, now: START }),
    ]);
    await expect(failing).rejects.toThrow();
    expect(await db.select({ id: jobs.id }).from(jobs)).toEqual([{ id: taken }]);
  });

  test('stores a null payload as JSON null', async () => {
    const { db } = await createJobDb();
    const payloads: unknown[] = [];
    await enqueue(db, { payload: null });
    await runnerOn(db, async (job) => payloads.push(job.payload), { now: () => START }).drain();
    expect(payloads).toEqual([null]);
  });
});

describe('leases', () => {
  test('re-claims a job whose runner let its lease expire, counting that attempt', async () => {
    const { db } = await createJobDb();
    const clock = manualClock();
    const id = await enqueue(db);
    await db
      .update(jobs)
      .set({
        status: 'running',
        attempts: 1,
        lockedBy: 'gone',
        leaseUntil: new Date(START.getTime() + 30_000),
      })
      .where(eq(jobs.id, id));
    const attempts: number[] = [];
    const runner = runnerOn(db, async (job) => attempts.push(job.attempt), { now: clock.now });

    expect(await runner.drain()).toBe(0); // the lease still holds
    clock.advance(30_001);
    expect(await runner.drain()).toBe(1);
    expect(attempts).toEqual([2]);
    expect(await getJob(db, id)).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  test('renews the lease while a long job runs, so no other runner takes it', async () => {
    const { db, connect } = await createJobDb();
    const id = await enqueue(db, { runAfter: new Date() });
    let longRuns = 0;
    let stolen = 0;
    const owner = runnerOn(
      db,
      async () => {
        longRuns += 1;
        await sleep(900); // six lease lengths
        return 'long';
      },
      { leaseMs: 150, workerId: 'owner' },
    );
    const other = runnerOn(
      await connect(),
      async () => {
        stolen += 1;
      },
      { leaseMs: 150, workerId: 'other' },
    );

    const running = owner.drain();
    let done = false;
    running.finally(() => (done = true));
    while (!done) {
      await other.drain();
      await sleep(40);
    }
    expect(await running).toBe(1);
    expect([longRuns, stolen]).toEqual([1, 0]);
    expect(await getJob(db, id)).toMatchObject({ status: 'succeeded', attempts: 1, result: 'long' });
  });

  test('a runner that lost its lease does not overwrite the outcome of the new holder', async () => {
    const { db } = await createJobDb();
    const id = await enqueue(db);
    let release: () => void = () => {};
    const slowStarted = Promise.withResolvers<void>();
    const slow = runnerOn(
      db,
      async () => {
        slowStarted.resolve();
        await new Promise<void>((resolve) => (release = resolve));
        return 'slow';
      },
      { now: () => START, leaseMs: 60_000, workerId: 'slow' },
    );
    // A second runner whose clock is past the first one's lease (as if it had hung that long).
    const later = runnerOn(db, async () => 'later', {
      now: () => new Date(START.getTime() + 120_000),
      workerId: 'later',
    });

    const slowRun = slow.drain();
    await slowStarted.promise;
    expect(await later.drain()).toBe(1);
    release();
    await slowRun;
    expect(await getJob(db, id)).toMatchObject({ status: 'succeeded', attempts: 2, result: 'later' });
  });
});

describe('concurrency', () => {
  test('two runners with three slots each run every one of 120 jobs exactly once', async () => {
    const { db, connect } = await createJobDb();
    const now = new Date();
    const ids: string[] = [];
    for (let batch = 0; batch < 4; batch += 1) {
      const inserts = Array.from({ length: 30 }, () => {
        const id = newJobId();
        ids.push(id);
        return enqueueJob(db, { id, kind: KIND, payload: {}, companyId: null, now });
      });
      await db.batch([inserts[0]!, ...inserts.slice(1)]);
    }
    const calls = new Map<string, number>();
    const handler: JobHandler = async (job) => {
      calls.set(job.id, (calls.get(job.id) ?? 0) + 1);
      await sleep(Math.random() * 4);
    };
    const first = runnerOn(db, handler, { slots: 3, workerId: 'first' });
    const second = runnerOn(await connect(), handler, { slots: 3, workerId: 'second' });

    const [a, b] = await Promise.all([first.drain(), second.drain()]);
    expect(a + b).toBe(120);
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    expect(ids.filter((id) => calls.get(id) !== 1)).toEqual([]);
    const statuses = await db.all<{ status: string; n: number }>(
      sql`SELECT status, count(*) AS n FROM jobs GROUP BY status`,
    );
    expect(statuses).toEqual([{ status: 'succeeded', n: 120 }]);
  });

  test('a started runner picks up a job as soon as it is woken, and stop() lets it finish', async () => {
    const { db } = await createJobDb();
    const started = Promise.withResolvers<void>();
    const runner = runnerOn(
      db,
      async () => {
        started.resolve();
        await sleep(100);
        return 'finished';
      },
      { pollMs: 60_000 },
    );
    runner.start();
    await sleep(20); // the first look found nothing; the runner now waits a minute
    const id = await enqueue(db, { runAfter: new Date() });
    const woken = Date.now();
    runner.wake();
    await started.promise;
    expect(Date.now() - woken).toBeLessThan(1000);
    await runner.stop();
    expect(await getJob(db, id)).toMatchObject({ status: 'succeeded', result: 'finished' });
  });
});

describe('with the app', () => {
  test('runJobs() fails a job of a kind without a handler, naming the kind', async () => {
    const id = await enqueue(t.db, { kind: 'unknown.kind' as JobKind });
    expect(await t.runJobs()).toBe(1);
    expect(await getJob(t.db, id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: 'This server has no handler for jobs of kind "unknown.kind".',
    });
  });

  test('deleting a company deletes its jobs', async () => {
    const { user } = await t.signUpCompany();
    const id = await enqueue(t.db, { companyId: user.companyId, kind: 'unknown.kind' as JobKind });
    expect(await getJob(t.db, id)).not.toBeNull();
    await t.db.delete(companies).where(eq(companies.id, user.companyId));
    expect(await getJob(t.db, id)).toBeNull();
  });
});
