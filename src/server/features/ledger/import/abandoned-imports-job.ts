import type { JobHandler } from '../../../jobs/job-handler.ts';
import { discardAbandonedImports } from './import-store.ts';

/**
 * `imports.discard-abandoned` (every 5 minutes, src/server/jobs/recurring.ts): what process start
 * does, for the runtimes that rarely start (the Worker's isolates have no start-up of their own)
 * and for companies that do not import again soon (decision 042, follow-ups).
 */
export const discardAbandonedImportsJob: JobHandler = async (_job, deps) => {
  const discarded = await discardAbandonedImports(deps.db, deps.now());
  if (discarded > 0) deps.log.info('abandoned imports removed', { count: discarded });
  return { discarded };
};
