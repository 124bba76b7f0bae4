// Reports of Export & Filing (spec §2, §3 Report, §4 report states, §7 /api/reports*). A request
// freezes the report's snapshot at once and queues its rendering as a job, in one batch with the
// report row and its audit row (decision 003); the job (generate.ts) renders the stored snapshot
// only, so the same snapshot always gives the same bytes. Every query filters by the caller's
// company: another company's id answers exactly like a missing one.
import { and, desc, eq, inArray, max, sql } from 'drizzle-orm';
import { users } from '../../../../../db/schema/auth.ts';
import { reports } from '../../../../../db/schema/export-reports.ts';
import type {
  GenerateReport,
  Report,
  ReportFramework,
  ReportStatus,
} from '../../../../domain/contracts/export.ts';
import type { ReportSnapshot } from '../../../../domain/reports/snapshot.ts';
import type { AuthedContext } from '../../../context.ts';
import { enqueueJob, newJobId } from '../../../jobs/queue.ts';
import { conflict, isUniqueViolation, notFound } from '../../../lib/errors.ts';
import { auditInsert } from '../../audit/service.ts';
import { getCurrentUser } from '../../auth/service.ts';
import { profileIdentifier } from '../../company-profile/service.ts';
import { readFileBytes } from './files.ts';
import { buildReportSnapshot } from './snapshot.ts';

export { readableRenderError, renderReportFile } from './render.ts';
export { buildReportSnapshot } from './snapshot.ts';

/** Who asked for the report, as lists show people: "First Last", else the email. */
const personName = sql<
  string | null
>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email})`;

const reportColumns = {
  id: reports.id,
  title: reports.title,
  format: reports.format,
  framework: reports.framework,
  period: reports.period,
  version: reports.version,
  jurisdiction: reports.jurisdiction,
  status: reports.status,
  generation: reports.generation,
  generationError: reports.generationError,
  fileName: reports.fileName,
  contentType: reports.contentType,
  size: reports.size,
  sha256: reports.sha256,
  emailDelivery: reports.emailDelivery,
  createdAt: reports.createdAt,
  createdBy: personName,
  finalizedAt: reports.finalizedAt,
};

/**
 * Claims of a report job (generate.ts): storage errors are retried, then the report shows as
 * failed. Rendering errors fail at once (a stored snapshot renders the same way every time).
 */
export const REPORT_JOB_ATTEMPTS = 3;

type ReportRow = Awaited<ReturnType<typeof selectReports>>[number];

const own = (ctx: AuthedContext, id: string) => and(eq(reports.id, id), eq(reports.companyId, ctx.companyId));

function selectReports(ctx: AuthedContext) {
  return ctx.db.select(reportColumns).from(reports).leftJoin(users, eq(users.id, reports.createdBy));
}

function toReport(row: ReportRow): Report {
  return {
    ...row,
    downloadUrl: row.generation === 'succeeded' ? `/api/reports/${row.id}/file` : null,
    readableUrl: hasReadableXhtml(row) ? `/api/reports/${row.id}/xhtml` : null,
    createdAt: row.createdAt.toISOString(),
    finalizedAt: row.finalizedAt?.toISOString() ?? null,
  };
}

/** A CSRD report in XBRL is an Inline XBRL package: its XHTML is also offered on its own. */
function hasReadableXhtml(row: Pick<ReportRow, 'generation' | 'format' | 'framework'>): boolean {
  return row.generation === 'succeeded' && row.format === 'xbrl' && row.framework === 'csrd';
}

/**
 * GET /api/reports/{id}/xhtml: the snapshot of a report whose readable XHTML can be rendered; 409
 * in words for any other report (404 for another company's id, 409 until generated).
 */
export async function getReadableReportSnapshot(ctx: AuthedContext, id: string): Promise<ReportSnapshot> {
  const report = await getReport(ctx, id);
  if (!hasReadableXhtml(report)) {
    await getReportFile(ctx, id);
    throw conflict(
      'Only a CSRD report in XBRL has a readable XHTML document; download this report’s file instead',
    );
  }
  return getReportSnapshot(ctx, id);
}

/**
 * POST /api/reports/generate: builds and freezes the snapshot, then writes the report (draft,
 * generation queued), its job and its audit row in one batch. Rendering happens in the job.
 */
export async function requestReport(ctx: AuthedContext, input: GenerateReport): Promise<Report> {
  const emailTo = input.delivery.email ? (await getCurrentUser(ctx)).email : null;
  // Two requests at once can read the same next version; the unique index refuses the second,
  // which takes the one after (decision 059).
  for (let attempt = 1; ; attempt++) {
    const reportId = crypto.randomUUID();
    const snapshot = await buildReportSnapshot(ctx, {
      reportId,
      format: input.format,
      framework: input.framework,
      period: input.period,
      version: await nextVersion(ctx, input.framework, input.period),
      taxonomyVersion: input.taxonomyVersion,
      entityIdentifier: input.entityIdentifier ?? null,
    });
    try {
      await insertReport(ctx, input, snapshot, emailTo);
      ctx.wakeJobs?.();
      return getReport(ctx, reportId);
    } catch (error) {
      if (attempt >= VERSION_ATTEMPTS || !isUniqueViolation(error)) throw error;
    }
  }
}

const VERSION_ATTEMPTS = 3;

/** The company's next version number of a framework and period (1 for the first). */
async function nextVersion(ctx: AuthedContext, framework: ReportFramework, period: string): Promise<number> {
  const row = await ctx.db
    .select({ latest: max(reports.version) })
    .from(reports)
    .where(
      and(eq(reports.companyId, ctx.companyId), eq(reports.framework, framework), eq(reports.period, period)),
    )
    .get();
  return (row?.latest ?? 0) + 1;
}

/** The report row (draft, generation queued), its job and its audit row, in one batch. */
async function insertReport(
  ctx: AuthedContext,
  input: GenerateReport,
  snapshot: ReportSnapshot,
  emailTo: string | null,
): Promise<void> {
  const reportId = snapshot.report.id;
  const now = ctx.now();
  await ctx.db.batch([
    ctx.db.insert(reports).values({
      id: reportId,
      companyId: ctx.companyId,
      title: snapshot.report.title,
      format: input.format,
      framework: input.framework,
      period: snapshot.report.period,
      version: snapshot.report.version ?? 1,
      jurisdiction: snapshot.report.jurisdiction,
      status: 'draft',
      generation: 'queued',
      snapshot: JSON.stringify(snapshot),
      emailRequested: input.delivery.email,
      createdBy: ctx.userId,
      createdAt: now,
      updatedAt: now,
    }),
    enqueueJob(ctx.db, {
      id: newJobId(),
      kind: 'report.generate',
      // The recipient is resolved now: the job has no signed-in person to ask.
      payload: { reportId, emailTo },
      companyId: ctx.companyId,
      dedupeKey: reportId,
      maxAttempts: REPORT_JOB_ATTEMPTS,
      now,
    }),
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'report_generation_requested',
      entityType: 'report',
      entityId: reportId,
    }),
  ]);
}

/** GET /api/reports: the company's reports, newest first. */
export async function listReports(ctx: AuthedContext): Promise<Report[]> {
  const rows = await selectReports(ctx)
    .where(eq(reports.companyId, ctx.companyId))
    .orderBy(desc(reports.createdAt), desc(sql`${reports}.rowid`));
  return rows.map(toReport);
}

/** GET /api/reports/{id}. */
export async function getReport(ctx: AuthedContext, id: string): Promise<Report> {
  const row = await selectReports(ctx).where(own(ctx, id)).get();
  if (!row) throw notFound('Report');
  return toReport(row);
}

/** The report's frozen snapshot (404 for another company's id). */
export async function getReportSnapshot(ctx: AuthedContext, id: string): Promise<ReportSnapshot> {
  const row = await ctx.db.select({ snapshot: reports.snapshot }).from(reports).where(own(ctx, id)).get();
  if (!row) throw notFound('Report');
  return JSON.parse(row.snapshot) as ReportSnapshot;
}

/**
 * The snapshot POST /api/reports/{id}/xbrl renders: the frozen one, naming the company by the
 * profile's identifier when the report froze none (decision 057), so Export XBRL works from any
 * report once the profile has an LEI or company number. A frozen identifier always wins; the
 * stored snapshot is not changed, and every figure stays as frozen.
 */
export async function getXbrlExportSnapshot(ctx: AuthedContext, id: string): Promise<ReportSnapshot> {
  const snapshot = await getReportSnapshot(ctx, id);
  if (snapshot.company.identifier) return snapshot;
  const identifier = await profileIdentifier(ctx, snapshot.report.framework);
  return identifier ? { ...snapshot, company: { ...snapshot.company, identifier } } : snapshot;
}

/** The generated file's metadata; 409 until generation has succeeded. */
export async function getReportFile(ctx: AuthedContext, id: string) {
  const report = await getReport(ctx, id);
  if (report.generation === 'failed') {
    throw conflict(`This report could not be generated: ${report.generationError ?? 'unknown reason'}`);
  }
  if (report.generation !== 'succeeded' || !report.fileName || !report.contentType || report.size === null) {
    throw conflict('This report is still being generated');
  }
  return { fileName: report.fileName, contentType: report.contentType, size: report.size };
}

/**
 * PUT /api/reports/{id}/status {status: 'final'}: a person marks a generated draft final (spec
 * §4). Only a draft whose file was generated can be; anything else answers 409.
 */
export async function finalizeReport(ctx: AuthedContext, id: string): Promise<Report> {
  const report = await getReport(ctx, id);
  if (report.status !== 'draft') throw conflict(`This report is already ${report.status}`);
  if (report.generation !== 'succeeded') {
    throw conflict('Only a report whose file was generated can be marked final');
  }
  const now = ctx.now();
  // The conditions are repeated in the UPDATE, so a report that changed since the read stays as it is.
  await ctx.db.batch([
    ctx.db
      .update(reports)
      .set({ status: 'final', finalizedAt: now, updatedAt: now })
      .where(and(own(ctx, id), eq(reports.status, 'draft'), eq(reports.generation, 'succeeded'))),
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'report_finalized',
      entityType: 'report',
      entityId: id,
    }),
  ]);
  return getReport(ctx, id);
}

/**
 * For the filing feature: the report, its frozen snapshot and the generated file's bytes (null
 * until generated). 404 for another company's id.
 */
export async function getReportForFiling(ctx: AuthedContext, id: string) {
  const [report, snapshot] = await Promise.all([getReport(ctx, id), getReportSnapshot(ctx, id)]);
  const file =
    report.generation === 'succeeded' && report.fileName && report.contentType
      ? {
          fileName: report.fileName,
          contentType: report.contentType,
          bytes: await readFileBytes(ctx.db, ctx.companyId, id),
        }
      : null;
  return { report, status: report.status, snapshot, file };
}

/** The statuses a report may come from when the filing feature moves it on (spec §4). */
const FILING_MOVES: Record<'submitted' | 'filed', ReportStatus[]> = {
  submitted: ['final', 'submitted'],
  filed: ['final', 'submitted', 'filed'],
};

/**
 * For the filing feature: the UPDATE that moves a report to 'submitted' or 'filed', NOT executed:
 * put it in the same batch as the filing row and its audit row. It changes the row only from the
 * statuses of FILING_MOVES (a draft is never submitted) and returns the ids it changed, so the
 * caller can tell an empty result (nothing moved) from a move.
 */
export function setReportStatus(ctx: AuthedContext, id: string, status: 'submitted' | 'filed') {
  return ctx.db
    .update(reports)
    .set({ status, updatedAt: ctx.now() })
    .where(and(own(ctx, id), inArray(reports.status, FILING_MOVES[status])))
    .returning({ id: reports.id, status: reports.status });
}
