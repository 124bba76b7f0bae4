// Child process of tests/integration/jobs-crash.test.ts: a real runner on the given database whose
// handler writes its row, says so on stdout, then works "forever" until the test SIGKILLs it.
import { sql } from 'drizzle-orm';
import { createLibsqlDb } from '../../db/client.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createLogger } from '../../src/server/lib/logger.ts';
import { createJobRunner } from '../../workers/runner.ts';

const [url, leaseMs] = process.argv.slice(2);
if (!url || !leaseMs) throw new Error('usage: job-crash-child.ts <file:url> <leaseMs>');
const { db, client } = createLibsqlDb({ url });
await client.execute('PRAGMA busy_timeout = 5000');

const runner = createJobRunner({
  db,
  config: loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: url }),
  log: createLogger('silent'),
  leaseMs: Number(leaseMs),
  pollMs: 20,
  workerId: 'crash-child',
  handlers: {
    'report.generate': async (job, deps) => {
      await deps.db.run(sql`INSERT INTO crash_marks (job_id) VALUES (${job.id}) ON CONFLICT DO NOTHING`);
      console.info(`wrote ${job.id}`);
      await new Promise(() => {});
    },
  },
});
runner.start();
console.info('ready');
