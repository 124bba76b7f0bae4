import { hostname } from 'node:os';
import { join } from 'node:path';
import { seedDemoCompany } from '../../db/seed/demo.ts';
import { createJobRunner } from '../../workers/runner.ts';
import { createApp } from './app.ts';
import { createDiskAssetStore } from './assets-bun.ts';
import { ConfigError } from './config.ts';
import { startRecurringJobs } from './jobs/recurring.ts';
import { openReadThread } from './lib/read-thread.ts';
import { bootstrap } from './start.ts';

/** `npm start`: migrate the database, then serve the Astro build and the API with Bun. */
async function main() {
  const { config, log, db, client, localReader } = await bootstrap();
  // Only the server answers requests: the runner and scripts never start the read thread.
  const readThread = openReadThread(config.DATABASE_URL);
  if (process.argv.includes('--demo')) {
    const demo = await seedDemoCompany(db, config, log);
    console.info(
      `\nDemo company ready: ${demo.companyName}\n  sign in as ${demo.email} / ${demo.password}\n`,
    );
  }
  // Background jobs in this process unless JOBS_IN_PROCESS=false (then `bun workers/main.ts`).
  const runner = config.JOBS_IN_PROCESS
    ? createJobRunner({
        db,
        config,
        log,
        slots: config.JOB_SLOTS,
        workerId: `server-${hostname()}-${process.pid}`,
      })
    : null;
  const app = createApp({
    db,
    localReader,
    readThread,
    config,
    log,
    assets: createDiskAssetStore(join(import.meta.dir, '..', '..', 'dist')),
    compressResponses: true,
    jobs: runner ?? undefined,
  });
  const server = Bun.serve({
    port: config.PORT,
    hostname: config.HOST,
    fetch: (request, bunServer) => app.fetch(request, bunServer),
  });
  log.info('listening', { url: `http://localhost:${server.port}` });
  console.info(`ESG Pilot is running on http://localhost:${server.port}`);
  runner?.start();
  const stopRecurring = runner ? startRecurringJobs({ db, log, wake: () => runner.wake() }) : undefined;
  const shutdown = async () => {
    stopRecurring?.();
    await server.stop();
    // Lets the jobs in hand finish; one cut short by a hard kill is retried once its lease expires.
    await runner?.stop();
    client.close();
    localReader?.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
