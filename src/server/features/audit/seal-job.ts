import type { JobHandler } from '../../jobs/job-handler.ts';
import { sealAllChains } from './chain-store.ts';

/** `audit.seal` (enqueued every 15 minutes, src/server/jobs/recurring.ts): links new entries. */
export const sealAuditChainsJob: JobHandler = async (_job, deps) => sealAllChains(deps, deps.now());
