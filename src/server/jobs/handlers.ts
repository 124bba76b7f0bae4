import { sealAuditChainsJob } from '../features/audit/seal-job.ts';
import { connectorSyncJob } from '../features/connectors/sync.ts';
import { advanceFilingJob } from '../features/export/filings/advance.ts';
import { generateReportJob } from '../features/export/reports/generate.ts';
import { discardAbandonedImportsJob } from '../features/ledger/import/abandoned-imports-job.ts';
import { retentionJob } from '../features/privacy/retention.ts';
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
