// The 'report.generate' job: renders a report's stored snapshot in its format, stores the file
// (chunks + metadata + generation succeeded + audit row in one batch), then delivers it by email
// when asked. It can run more than once for the same report (a crash after its writes, a lost
// lease): the batch deletes earlier chunks before inserting, and a report already generated is
// not rendered again.
import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { reports } from '../../../../../db/schema/export-reports.ts';
import type { ReportSnapshot } from '../../../../domain/reports/snapshot.ts';
import { sha256Hex } from '../../../../domain/sha256.ts';
import type { ServiceContext } from '../../../context.ts';
import { runCpuTask } from '../../../jobs/cpu-thread.ts';
import {
  type JobDeps,
  type JobHandler,
  PermanentJobError,
  type RunningJob,
} from '../../../jobs/job-handler.ts';
import { auditInsert } from '../../audit/service.ts';
import { readFileBytes, replaceFileStatements } from './files.ts';
import { buildReportEmail, isMailerAvailable, sendReportEmail } from './mailer.ts';
import { readableRenderError, type renderReportFile } from './render.ts';
import { REPORT_JOB_ATTEMPTS } from './service.ts';

const PayloadSchema = z.object({
  reportId: z.string().min(1),
  /** The requester's address when they asked for delivery by email. */
  emailTo: z.string().nullish(),
});

/** A service context for the job's writes (audit rows name the job instead of a request). */
function jobContext(job: RunningJob, deps: JobDeps): ServiceContext {
  return {
    db: deps.db,
    config: deps.config,
    log: deps.log,
    now: deps.now,
    requestId: `job:${job.id}`,
    ip: null,
  };
}

export const generateReportJob: JobHandler = async (job, deps) => {
  try {
    return await generateReport(job, deps);
  } catch (error) {
    if (!(error instanceof PermanentJobError) && job.attempt >= REPORT_JOB_ATTEMPTS && job.companyId) {
      // The last attempt failed on something other than rendering (the database, most likely):
      // say so on the report rather than leave it "running" forever.
      const reportId = PayloadSchema.safeParse(job.payload).data?.reportId;
      if (reportId) {
        await deps.db
          .update(reports)
          .set({
            generation: 'failed',
            generationError: 'The report could not be stored. Please generate it again.',
            updatedAt: deps.now(),
          })
          .where(
            and(
              eq(reports.id, reportId),
              eq(reports.companyId, job.companyId),
              inArray(reports.generation, ['queued', 'running']),
            ),
          )
          .catch(() => undefined);
      }
    }
    throw error;
  }
};

async function generateReport(job: RunningJob, deps: JobDeps) {
  const payload = PayloadSchema.safeParse(job.payload);
  if (!payload.success || !job.companyId) throw new PermanentJobError('The report request is incomplete');
  const { reportId } = payload.data;
  const companyId = job.companyId;
  const ctx = jobContext(job, deps);
  const own = and(eq(reports.id, reportId), eq(reports.companyId, companyId));
  const row = await deps.db
    .select({
      snapshot: reports.snapshot,
      generation: reports.generation,
      emailRequested: reports.emailRequested,
      emailDelivery: reports.emailDelivery,
      fileName: reports.fileName,
      contentType: reports.contentType,
      sha256: reports.sha256,
    })
    .from(reports)
    .where(own)
    .get();
  if (!row) throw new PermanentJobError('The report no longer exists');
  const snapshot = JSON.parse(row.snapshot) as ReportSnapshot;

  let file =
    row.generation === 'succeeded' && row.fileName && row.contentType && row.sha256
      ? {
          fileName: row.fileName,
          contentType: row.contentType,
          sha256: row.sha256,
          bytes: null as Uint8Array | null,
        }
      : null;
  let emailDelivery = row.emailDelivery;
  const stored = { deps, ctx, own, companyId, reportId };
  if (!file) {
    // Without SMTP the outcome is known now and is recorded with the file.
    if (row.emailRequested && !isMailerAvailable(deps.config)) emailDelivery = 'not_configured';
    file = await renderAndStore(stored, snapshot, emailDelivery);
  }
  if (row.emailRequested && emailDelivery === null) {
    emailDelivery = await deliverByEmail(stored, { snapshot, file, emailTo: payload.data.emailTo });
  }
  return { reportId, sha256: file.sha256, emailDelivery };
}

/** The report being generated, and how to write to it. */
interface StoredReport {
  deps: JobDeps;
  ctx: ServiceContext;
  /** The report's row, in its company. */
  own: SQL | undefined;
  companyId: string;
  reportId: string;
}

type EmailDelivery = (typeof reports.$inferSelect)['emailDelivery'];

interface ReportFile {
  fileName: string;
  contentType: string;
  sha256: string;
  /** Null when the file was stored by an earlier run (read back only to email it). */
  bytes: Uint8Array | null;
}

/** Renders the snapshot and stores the file with the generation's outcome and its audit row. */
async function renderAndStore(
  { deps, ctx, own, companyId, reportId }: StoredReport,
  snapshot: ReportSnapshot,
  emailDelivery: EmailDelivery,
): Promise<ReportFile> {
  await deps.db
    .update(reports)
    .set({ generation: 'running', updatedAt: deps.now() })
    .where(and(own, inArray(reports.generation, ['queued', 'running'])));
  let rendered: Awaited<ReturnType<typeof renderReportFile>>;
  try {
    rendered = await runCpuTask('report.render', snapshot);
  } catch (error) {
    throw await recordRenderFailure({ deps, ctx, own, companyId, reportId }, error);
  }
  const sha256 = sha256Hex(rendered.bytes);
  await deps.db.batch([
    ...replaceFileStatements(deps.db, companyId, reportId, rendered.bytes),
    deps.db
      .update(reports)
      .set({
        generation: 'succeeded',
        generationError: null,
        fileName: rendered.fileName,
        contentType: rendered.contentType,
        size: rendered.bytes.length,
        sha256,
        emailDelivery,
        updatedAt: deps.now(),
      })
      .where(own),
    auditInsert(ctx, {
      companyId,
      userId: null,
      action: 'report_generated',
      entityType: 'report',
      entityId: reportId,
    }),
  ]);
  return { fileName: rendered.fileName, contentType: rendered.contentType, sha256, bytes: rendered.bytes };
}

/**
 * Records a failed rendering on the report, with its audit row, and returns the error that ends the
 * job: rendering a stored snapshot is deterministic, so a retry would fail the same way.
 */
async function recordRenderFailure(
  { deps, ctx, own, companyId, reportId }: StoredReport,
  error: unknown,
): Promise<PermanentJobError> {
  const message = readableRenderError(error);
  if (message === null) {
    deps.log.error('report rendering failed', {
      reportId,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
  const reason = message ?? 'The report could not be rendered. Please try again or contact support.';
  await deps.db.batch([
    deps.db
      .update(reports)
      .set({ generation: 'failed', generationError: reason, updatedAt: deps.now() })
      .where(own),
    auditInsert(ctx, {
      companyId,
      userId: null,
      action: 'report_generation_failed',
      entityType: 'report',
      entityId: reportId,
    }),
  ]);
  return new PermanentJobError(reason);
}

/** Emails the file to the requester; only the first outcome is recorded (a run that finds one sends nothing). */
async function deliverByEmail(
  { deps, own, companyId, reportId }: StoredReport,
  {
    snapshot,
    file,
    emailTo,
  }: { snapshot: ReportSnapshot; file: ReportFile; emailTo: string | null | undefined },
) {
  const emailDelivery =
    emailTo && deps.config.SMTP_FROM
      ? await sendReportEmail(
          deps.config,
          buildReportEmail({
            from: deps.config.SMTP_FROM,
            to: emailTo,
            report: snapshot.report,
            file: { ...file, bytes: file.bytes ?? (await readFileBytes(deps.db, companyId, reportId)) },
          }),
          deps.log,
        )
      : 'failed';
  await deps.db
    .update(reports)
    .set({ emailDelivery, updatedAt: deps.now() })
    .where(and(own, isNull(reports.emailDelivery)));
  return emailDelivery;
}
