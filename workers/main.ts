/**
 * `bun workers/main.ts` (`npm run worker`): a standalone job runner on the same database as the
 * server, for deployments that run jobs apart from the web processes (set JOBS_IN_PROCESS=false
 * on those). Any number may run at once: each claim is one conditional UPDATE (decision 013).
 * JOB_SLOTS (src/server/config.ts) sets how many jobs it runs at the same time.
 */
import { hostname } from 'node:os';
import { ConfigError } from '../src/server/config.ts';
import { startRecurringJobs } from '../src/server/jobs/recurring.ts';
import { setOutboundPolicy } from '../src/server/lib/outbound-url.ts';
import { bootstrap } from '../src/server/start.ts';
import { createJobRunner } from './runner.ts';

async function main() {
  const { config, log, db, client, localReader } = await bootstrap();
  // Connector syncs run here: the SSRF guard follows the same setting as the server (decision 040).
  setOutboundPolicy({ allowPrivateNetwork: config.CONNECTOR_ALLOW_PRIVATE_NETWORK, log });
  const slots = config.JOB_SLOTS;
  const runner = createJobRunner({ db, config, log, slots, workerId: `worker-${hostname()}-${process.pid}` });
  runner.start();
  const stopRecurring = startRecurringJobs({ db, log, wake: () => runner.wake() });
  console.info(`ESG Pilot job runner started (${slots} slot${slots === 1 ? '' : 's'})`);

  let stopping = false;
  const shutdown = async () => {
    // A second signal does not wait: jobs in hand are retried once their leases expire.
    if (stopping) process.exit(1);
    stopping = true;
    stopRecurring();
    // The jobs in hand finish first.
    await runner.stop();
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
