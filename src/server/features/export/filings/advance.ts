// The `filing.advance` job: moves a sandbox filing pending → submitted, then (2 s later, as a
// regulator's acknowledgement would) submitted → accepted | rejected. In the sandbox the outcome is
// the adapter's own re-validation: the package is built again from the report and must validate
// and match, byte for byte, the package that was stored. Each step is one batch with its audit row
// and checks the current status first, so running a job twice moves a filing once.

import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { regulatoryFilings } from '../../../../../db/schema/export-filings.ts';
import { buildSubmissionPackage, zipSubmissionPackage } from '../../../../domain/regulators/packages.ts';
import { sha256Hex } from '../../../../domain/sha256.ts';
import { type JobDeps, type JobHandler, PermanentJobError } from '../../../jobs/job-handler.ts';
import { enqueueJob } from '../../../jobs/queue.ts';
import { HttpError } from '../../../lib/errors.ts';
import { auditInsert } from '../../audit/service.ts';
import { setReportStatus } from '../reports/service.ts';
import { type CompanyContext, type FilingRow, findFiling, loadReportForFiling } from './store.ts';

/** How long after "submitted" the sandbox decides, like a body's asynchronous acknowledgement. */
export const DECISION_DELAY_MS = 2000;

const PayloadSchema = z.object({ filingId: z.string().min(1) });

export const advanceFilingJob: JobHandler = async (job, deps) => {
  const payload = PayloadSchema.safeParse(job.payload);
  if (!payload.success || !job.companyId) throw new PermanentJobError('The filing job names no filing');
  const ctx = jobContext(job.id, job.companyId, deps);
  let filing: FilingRow;
  try {
    filing = await findFiling(ctx, payload.data.filingId);
  } catch (error) {
    // Deleted with its report or company: nothing left to move.
    if (error instanceof HttpError && error.status === 404)
      return { filingId: payload.data.filingId, status: 'gone' };
    throw error;
  }
  if (filing.filingStatus === 'pending') return markSubmitted(ctx, filing);
  if (filing.filingStatus === 'submitted') return decide(ctx, filing);
  return { filingId: filing.id, status: filing.filingStatus };
};

async function markSubmitted(ctx: CompanyContext, filing: FilingRow) {
  const now = ctx.now();
  await ctx.db.batch([
    ctx.db
      .update(regulatoryFilings)
      .set({ filingStatus: 'submitted', submittedAt: now, updatedAt: now })
      .where(statusIs(ctx, filing.id, 'pending')),
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: null,
      action: 'filing_submitted',
      entityType: 'regulatory_filing',
      entityId: filing.id,
    }),
    enqueueJob(ctx.db, {
      kind: 'filing.advance',
      payload: { filingId: filing.id },
      companyId: ctx.companyId,
      now,
      runAfter: new Date(now.getTime() + DECISION_DELAY_MS),
      dedupeKey: `${filing.id}:decide`,
    }),
  ]);
  return { filingId: filing.id, status: 'submitted' };
}

async function decide(ctx: CompanyContext, filing: FilingRow) {
  const reason = await revalidate(ctx, filing);
  const now = ctx.now();
  const accepted = reason === null;
  await ctx.db.batch([
    ctx.db
      .update(regulatoryFilings)
      .set({
        filingStatus: accepted ? 'accepted' : 'rejected',
        statusReason: reason,
        decidedAt: now,
        updatedAt: now,
      })
      .where(statusIs(ctx, filing.id, 'submitted')),
    // Accepted: the report is filed. Rejected: it stays `submitted` with no live filing, which
    // submitFiling accepts for a new filing (the reports feature moves a report only forward).
    ...(accepted ? [setReportStatus(ctx, filing.reportId, 'filed')] : []),
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: null,
      action: accepted ? 'filing_accepted' : 'filing_rejected',
      entityType: 'regulatory_filing',
      entityId: filing.id,
    }),
  ]);
  return { filingId: filing.id, status: accepted ? 'accepted' : 'rejected', reason };
}

/** Null when the package validates again and is the one stored; otherwise why not, in plain words. */
async function revalidate(ctx: CompanyContext, filing: FilingRow): Promise<string | null> {
  const { forPackage } = await loadReportForFiling(ctx, filing.reportId);
  const built = buildSubmissionPackage(filing.regulatorCode, filing.filingType, forPackage);
  if (!built.ok) return built.problems.join('; ');
  const digest = sha256Hex(zipSubmissionPackage(built));
  if (digest !== filing.packageSha256) return 'The report changed after its filing package was built';
  return null;
}

/**
 * The context the job acts in: the filing's company and no person. The reports feature's services
 * take a signed-in context; `userId` is never written by this job (its audit rows name no user).
 */
function jobContext(jobId: string, companyId: string, deps: JobDeps): CompanyContext {
  return {
    db: deps.db,
    config: deps.config,
    log: deps.log,
    requestId: `job-${jobId}`,
    ip: null,
    now: deps.now,
    companyId,
    userId: '',
    role: 'admin',
    sessionId: '',
  };
}

function statusIs(ctx: CompanyContext, id: string, status: 'pending' | 'submitted') {
  return and(
    eq(regulatoryFilings.id, id),
    eq(regulatoryFilings.companyId, ctx.companyId),
    eq(regulatoryFilings.filingStatus, status),
  );
}
