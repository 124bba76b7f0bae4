// Reads and writes of the filings tables shared by the routes' service and the filing job: the
// public shape of a filing, the package's chunked bytes, and the report as the adapters see it.
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { regulatoryFilingPackages, regulatoryFilings } from '../../../../../db/schema/export-filings.ts';
import type { Filing } from '../../../../domain/contracts/export.ts';
import type { PackageReport } from '../../../../domain/regulators/packages.ts';
import { findRegulator } from '../../../../domain/regulators/regulators.ts';
import type { AuthedContext } from '../../../context.ts';
import { splitIntoChunks, streamChunks } from '../../../lib/chunked-bytes.ts';
import { notFound } from '../../../lib/errors.ts';
import { getReportForFiling } from '../reports/service.ts';

/**
 * A signed-in request's context, or the filing job's (which acts for the company with no person:
 * see `jobContext` in advance.ts). The reports feature's services take this shape.
 */
export type CompanyContext = AuthedContext;

const columns = {
  id: regulatoryFilings.id,
  reportId: regulatoryFilings.reportId,
  reportTitle: regulatoryFilings.reportTitle,
  regulatorCode: regulatoryFilings.regulatorCode,
  filingType: regulatoryFilings.filingType,
  jurisdiction: regulatoryFilings.jurisdiction,
  filingStatus: regulatoryFilings.filingStatus,
  statusReason: regulatoryFilings.statusReason,
  confirmationNumber: regulatoryFilings.confirmationNumber,
  sandbox: regulatoryFilings.sandbox,
  packageFileName: regulatoryFilings.packageFileName,
  packageSize: regulatoryFilings.packageSize,
  packageSha256: regulatoryFilings.packageSha256,
  submittedAt: regulatoryFilings.submittedAt,
  createdAt: regulatoryFilings.createdAt,
};

export type FilingRow = Awaited<ReturnType<typeof findFiling>>;

/** The company's filing, or 404 (another company's id answers exactly like a missing one). */
export async function findFiling(ctx: CompanyContext, id: string) {
  const row = await ctx.db
    .select(columns)
    .from(regulatoryFilings)
    .where(and(eq(regulatoryFilings.id, id), eq(regulatoryFilings.companyId, ctx.companyId)))
    .get();
  if (!row) throw notFound('Filing');
  return row;
}

export async function listFilingRows(ctx: CompanyContext) {
  return ctx.db
    .select(columns)
    .from(regulatoryFilings)
    .where(eq(regulatoryFilings.companyId, ctx.companyId))
    .orderBy(desc(regulatoryFilings.createdAt), desc(sql`rowid`));
}

export function toFiling(row: FilingRow): Filing {
  return {
    id: row.id,
    reportId: row.reportId,
    reportTitle: row.reportTitle,
    regulatorCode: row.regulatorCode,
    regulatorName: findRegulator(row.regulatorCode)?.name ?? row.regulatorCode,
    filingType: row.filingType,
    jurisdiction: row.jurisdiction,
    filingStatus: row.filingStatus,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    confirmationNumber: row.confirmationNumber,
    sandbox: row.sandbox,
    statusReason: row.statusReason,
    packageUrl: `/api/regulatory/filings/${row.id}/package`,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The inserts of the package's chunks, for the same batch as the filing row. */
export function packageChunkInserts(ctx: CompanyContext, filingId: string, zip: Uint8Array) {
  return splitIntoChunks(zip).map((data, seq) =>
    ctx.db.insert(regulatoryFilingPackages).values({ filingId, companyId: ctx.companyId, seq, data }),
  );
}

/** The package zip as a stream read one chunk at a time. */
export function streamPackage(ctx: CompanyContext, filingId: string): ReadableStream<Uint8Array> {
  return streamChunks(async (seq) => {
    const chunk = await ctx.db
      .select({ data: regulatoryFilingPackages.data })
      .from(regulatoryFilingPackages)
      .where(
        and(
          eq(regulatoryFilingPackages.filingId, filingId),
          eq(regulatoryFilingPackages.companyId, ctx.companyId),
          eq(regulatoryFilingPackages.seq, seq),
        ),
      )
      .get();
    return chunk?.data;
  });
}

/** The report, through the reports feature's service, and the same in the shape adapters take. */
export async function loadReportForFiling(ctx: CompanyContext, reportId: string) {
  const { report, status, snapshot, file } = await getReportForFiling(ctx, reportId);
  const forPackage: PackageReport = {
    id: report.id,
    title: report.title,
    format: report.format,
    framework: report.framework,
    period: report.period,
    fileName: file?.fileName ?? null,
    bytes: file?.bytes ?? null,
    snapshot,
  };
  return { report, status, forPackage };
}

/** Whether the report has a filing that is not rejected (pending, submitted or accepted). */
export async function hasLiveFiling(ctx: CompanyContext, reportId: string): Promise<boolean> {
  const row = await ctx.db
    .select({ id: regulatoryFilings.id })
    .from(regulatoryFilings)
    .where(
      and(
        eq(regulatoryFilings.reportId, reportId),
        eq(regulatoryFilings.companyId, ctx.companyId),
        ne(regulatoryFilings.filingStatus, 'rejected'),
      ),
    )
    .get();
  return row !== undefined;
}
