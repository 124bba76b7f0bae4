import { connectorSyncs } from '../../../../db/schema/connectors.ts';
import type { AuthedContext } from '../../context.ts';
import { enqueueJob, newJobId } from '../../jobs/queue.ts';
import { SYNC_MAX_ATTEMPTS } from './sync.ts';

/** The sync record and its job, for the caller's batch (the job id is the sync id). */
export function queueSyncStatements(ctx: AuthedContext, sourceId: string) {
  const syncId = newJobId();
  const now = ctx.now();
  return {
    syncId,
    statements: [
      ctx.db.insert(connectorSyncs).values({
        id: syncId,
        companyId: ctx.companyId,
        dataSourceId: sourceId,
        status: 'queued',
        queuedAt: now,
      }),
      enqueueJob(ctx.db, {
        id: syncId,
        kind: 'connector.sync',
        companyId: ctx.companyId,
        payload: { dataSourceId: sourceId },
        maxAttempts: SYNC_MAX_ATTEMPTS,
        now,
      }),
    ] as const,
  };
}
