import { discardAbandonedImportsJob } from '../features/activities/abandoned-imports-job.ts';
import { sealAuditChainsJob } from '../features/audit/seal-job.ts';
import { connectorSyncJob } from '../features/connectors/sync.ts';
import { advanceFilingJob } from '../features/filings/advance.ts';
import { retentionJob } from '../features/privacy/retention.ts';
import { generateReportJob } from '../features/reports/generate.ts';
import type { JobHandler } from './job-handler.ts';
import type { JobKind } from './queue.ts';

/**
 * The handler of each job kind. To add one: one import above and one entry below, e.g.
 * `'report.generate': generateReportJob,`. A job whose kind has no entry fails permanently.
 */
export const JOB_HANDLERS: Partial<Record<JobKind, JobHandler>> = {
  'report.generate': generateReportJob,
  'filing.advance': advanceFilingJob,
  'connector.sync': connectorSyncJob,
  'audit.seal': sealAuditChainsJob,
  'privacy.retention': retentionJob,
  'imports.discard-abandoned': discardAbandonedImportsJob,
};
