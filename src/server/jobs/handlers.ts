import { discardAbandonedImportsJob } from '../features/activities/abandoned-imports-job.ts';
import { sealAuditChainsJob } from '../features/audit/seal-job.ts';
import { connectorSyncJob } from '../features/connectors/sync.ts';
import { advanceFilingJob } from '../features/filings/advance.ts';
import { retentionJob } from '../features/privacy/retention.ts';
import { generateReportJob } from '../features/reports/generate.ts';
import type { JobHandler } from './job-handler.ts';
import type { JobKind } from './job-kinds.ts';

/**
 * The handler of each job kind (`job-kinds.ts`): a kind without an entry fails the typecheck. A
 * stored job whose kind is unknown (an older or newer release) fails permanently.
 */
export const JOB_HANDLERS: Record<JobKind, JobHandler> = {
  'report.generate': generateReportJob,
  'filing.advance': advanceFilingJob,
  'connector.sync': connectorSyncJob,
  'audit.seal': sealAuditChainsJob,
  'privacy.retention': retentionJob,
  'imports.discard-abandoned': discardAbandonedImportsJob,
};
