// A runner killed with SIGKILL mid-job: the job stays `running` under the dead runner's lease, is
// claimed again once that lease has expired, and the handler's idempotent write leaves one row.
import { describe, expect, test } from 'bun:test';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../src/server/config.ts';
import { enqueueJob, getJob, newJobId } from '../../src/server/jobs/queue.ts';
import { createLogger } from '../../src/server/lib/logger.ts';
import { createJobRunner } from '../../workers/runner.ts';
import { warmRenderThreadForFile } from '../helpers/cpu-thread.ts';
import { createJobDb, jobRow } from '../helpers/jobs.ts';

warmRenderThreadForFile();

const CHILD = join(import.meta.dir, '..', 'helpers', 'job-crash-child.ts');
const LEASE_MS = 2000;

/** Resolves with the child's stdout once a line matches; rejects if it exits first or is slow. */
function waitForLine(child: ReturnType<typeof spawn>, pattern: RegExp, timeoutMs = 15_000) {
  return new Promise<string>((resolve, reject) => {
    let output = '';
    let errors = '';
    const timer = setTimeout(
      () => reject(new Error(`no ${pattern} in time:\n${output}${errors}`)),
      timeoutMs,
    );
    child.stdout?.on('data', (chunk) => {
      output += String(chunk);
      const match = output.split('\n').find((line) => pattern.test(line));
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    });
    child.stderr?.on('data', (chunk) => {
      errors += String(chunk);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`child exited (${code}) before ${pattern}:\n${output}${errors}`));
    });
  });
}

describe('a runner killed mid-job', () => {
  test('leaves the job to be re-claimed after its lease, and the retry finishes it exactly once', async () => {
    const { db, url } = await createJobDb();
    await db.run(sql`CREATE TABLE crash_marks (job_id TEXT PRIMARY KEY)`);
    const jobId = newJobId();
    await db.batch([
      enqueueJob(db, {
        id: jobId,
        kind: 'report.generate',
        payload: { reportId: 'r1' },
        companyId: null,
        now: new Date(),
      }),
    ]);

    const child = spawn(process.execPath, [CHILD, url, String(LEASE_MS)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      await waitForLine(child, new RegExp(`^wrote ${jobId}$`));
    } finally {
      child.kill('SIGKILL');
    }
    await new Promise((resolve) => child.once('exit', resolve));
    expect(child.signalCode).toBe('SIGKILL');

    // Half-way: the dead runner's claim and its handler's write are all that is left.
    const orphan = await jobRow(db, jobId);
    expect(orphan.status).toBe('running');
    expect(orphan.lockedBy).toBe('crash-child');
    expect(orphan.attempts).toBe(1);
    const marks = () => db.all<{ n: number }>(sql`SELECT count(*) AS n FROM crash_marks`);
    expect((await marks())[0]!.n).toBe(1);

    const handled: number[] = [];
    const recover = (now: () => Date) =>
      createJobRunner({
        db,
        config: loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: url }),
        log: createLogger('silent'),
        now,
        workerId: 'recovery',
        handlers: {
          'report.generate': async (job, deps) => {
            handled.push(job.attempt);
            await deps.db.run(
              sql`INSERT INTO crash_marks (job_id) VALUES (${job.id}) ON CONFLICT DO NOTHING`,
            );
            return { recovered: true };
          },
        },
      });

    // While the lease runs, nobody may take the job (the runner might only be slow). Its last
    // instant, on the recovering runner's clock: a busy machine cannot have let real time run past it.
    const lastLeaseInstant = new Date(orphan.leaseUntil!.getTime() - 1);
    expect(await recover(() => lastLeaseInstant).drain()).toBe(0);
    // Past the lease: the job is claimed again, and the crashed run counts as an attempt.
    const pastLease = new Date(orphan.leaseUntil!.getTime() + 1);
    expect(await recover(() => pastLease).drain()).toBe(1);

    expect(handled).toEqual([2]);
    const job = await getJob(db, jobId);
    expect(job).toMatchObject({ status: 'succeeded', attempts: 2, result: { recovered: true } });
    expect((await marks())[0]!.n).toBe(1);
    const done = await jobRow(db, jobId);
    expect(done.leaseUntil).toBeNull();
    expect(done.lockedBy).toBeNull();
  }, 120_000);
});
