// CSV import, all or nothing (docs/decisions/008-csv-import.md). The upload streams through
// readImport in batches; each batch's lines and results are written under an import row marked
// pending (imported_count = -1), which keeps them invisible to every reader (emissions/visibility.ts).
// The last batch flips the import to complete together with its audit row; any failure deletes
// everything written under the import id.
import { and, eq, sql } from 'drizzle-orm';
import { activityImports, dataSources, sites } from '../../../../db/schema/emissions.ts';
import { seedFactorLibrary } from '../../../../db/seed/factors/seed.ts';
import type { UserColumnMapping } from '../../../domain/activity-import/headers.ts';
import { type ImportedLine, readImport } from '../../../domain/activity-import/import-plan.ts';
import { MAX_IMPORT_BYTES } from '../../../domain/activity-import/limits.ts';
import type { ImportResult } from '../../../domain/contracts/ledger.ts';
import type { AuthedContext } from '../../context.ts';
import { HttpError } from '../../lib/errors.ts';
import { auditInsert } from '../audit/service.ts';
import { getDataSource } from '../data-sources/service.ts';
import { calculateLine, LineCalculationError, type SiteLocation } from '../emissions/calculation.ts';
import { uuidv7 } from '../emissions/ids.ts';
import { insertLinesStatements, type NewLine } from '../emissions/ledger-writes.ts';
import { lineFigures } from '../emissions/line-figures.ts';
import {
  asHttpError,
  discardImport,
  discardStaleImports,
  fileSha256,
  fileTooLarge,
  releaseGarbage,
  startPendingImport,
} from './import-store.ts';

export interface ImportUpload {
  file: File;
  userMapping?: UserColumnMapping;
  dataSourceId?: string | null;
}

/** Row problems kept in the answer (all are counted in errorCount). */
const MAX_REPORTED_ERRORS = 1000;
/**
 * Valid rows per write (one batch, one transaction). Larger batches mean fewer commits, each of
 * which rewrites every index page it touched (the fingerprint index takes random keys): measured
 * 20 s for 100,000 rows at 1,000 per batch and 12-13 s at 5,000; 10,000 was no faster and held
 * more memory.
 */
const ROWS_PER_BATCH = 5000;

/** Site names as the fingerprint compares them: NFC, case and spacing ignored. */
const siteKey = (name: string) => name.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();

export async function importActivities(
  ctx: AuthedContext,
  upload: ImportUpload,
): Promise<{ status: 200 | 201; result: ImportResult }> {
  const dataSourceId = upload.dataSourceId ? (await getDataSource(ctx, upload.dataSourceId)).id : null;
  if (upload.file.size > MAX_IMPORT_BYTES) throw fileTooLarge();

  // The same file again adds nothing: answered from the first import without reading a row.
  const sha = await fileSha256(upload.file);
  const earlier = await ctx.db
    .select({ id: activityImports.id, rowCount: activityImports.rowCount })
    .from(activityImports)
    .where(
      and(
        eq(activityImports.companyId, ctx.companyId),
        eq(activityImports.fileSha256, sha),
        sql`${activityImports.importedCount} >= 0`,
      ),
    )
    .get();
  if (earlier) {
    return {
      status: 200,
      result: {
        importId: earlier.id,
        rowCount: earlier.rowCount,
        imported: 0,
        duplicates: earlier.rowCount,
        errors: [],
        errorCount: 0,
      },
    };
  }

  const companySites = new Map<string, SiteLocation & { id: string }>();
  for (const site of await ctx.db
    .select({ id: sites.id, name: sites.name, country: sites.country, region: sites.region })
    .from(sites)
    .where(eq(sites.companyId, ctx.companyId))) {
    companySites.set(siteKey(site.name), site);
  }
  await seedFactorLibrary(ctx.db);
  await discardStaleImports(ctx);

  const now = ctx.now();
  let importId: string | null = null;
  let imported = 0;
  const errors: { line: number; message: string }[] = [];
  let badRows = 0;
  const rowError = (line: number, message: string) => {
    badRows++;
    if (errors.length < MAX_REPORTED_ERRORS) errors.push({ line, message });
  };

  /** The pending import row, created with the first write. */
  const startImport = () =>
    startPendingImport(ctx, {
      dataSourceId,
      fileName: upload.file.name || 'upload.csv',
      sha,
      createdAt: now,
    });

  const write = async (batch: ImportedLine[]) => {
    const lines: NewLine[] = [];
    for (const { line, fingerprint, row } of batch) {
      const site = companySites.get(siteKey(row.site));
      if (!site) {
        rowError(line, `Line ${line}: no site named "${row.site}"; add it under Sites first`);
        continue;
      }
      const fields = { ...row, supplierKgCO2ePerKWh: null, instrument: null, radiativeForcing: null };
      let calculated: ReturnType<typeof calculateLine>;
      try {
        calculated = calculateLine(fields, site);
      } catch (error) {
        if (!(error instanceof LineCalculationError)) throw error;
        rowError(line, `Line ${line}: ${error.message}`);
        continue;
      }
      // After the first bad row nothing more is written (it will all be discarded), but every row
      // is still checked so the answer lists every problem.
      if (badRows > 0) continue;
      lines.push({
        ...fields,
        ...lineFigures(calculated),
        id: uuidv7(),
        siteId: site.id,
        evidenceUrl: null,
        fingerprint,
      });
    }
    if (badRows > 0 || lines.length === 0) return;
    importId ??= await startImport();
    const origin = {
      companyId: ctx.companyId,
      source: 'csv',
      dataSourceId,
      importId,
      createdBy: ctx.userId,
      createdAt: now,
    };
    // A line whose fingerprint is already in the ledger is skipped (ON CONFLICT DO NOTHING), its
    // stored result with it: RETURNING counts only the lines added.
    const statements = insertLinesStatements(ctx.db, origin, lines);
    const written = await ctx.db.batch(statements as [(typeof statements)[number], ...typeof statements]);
    for (const added of written) imported += added.length;
  };

  try {
    const reader = readImport(upload.file.stream(), {
      userMapping: upload.userMapping,
      batchSize: ROWS_PER_BATCH,
    });
    let step = await reader.next();
    while (!step.done) {
      await write(step.value);
      releaseGarbage();
      step = await reader.next();
    }
    const summary = step.value;
    for (const bad of summary.errors) for (const message of bad.errors) rowError(bad.line, message);
    badRows += summary.invalidCount - summary.errors.length;
    if (badRows > 0) {
      errors.sort((a, b) => a.line - b.line);
      throw new HttpError(
        422,
        `${badRows.toLocaleString('en-GB')} of ${summary.rowCount.toLocaleString('en-GB')} rows have problems; nothing was imported. Fix them and upload the file again.`,
        'import_rows_invalid',
        { errors, errorCount: badRows },
      );
    }
    const duplicates = summary.validCount - imported;
    const finalId: string = importId ?? crypto.randomUUID();
    const counts = {
      fileSha256: summary.fileSha256,
      rowCount: summary.rowCount,
      importedCount: imported,
      duplicateCount: duplicates,
    };
    await ctx.db.batch([
      importId
        ? ctx.db.update(activityImports).set(counts).where(eq(activityImports.id, importId))
        : ctx.db.insert(activityImports).values({
            id: finalId,
            companyId: ctx.companyId,
            dataSourceId,
            fileName: upload.file.name || 'upload.csv',
            createdBy: ctx.userId,
            createdAt: now,
            ...counts,
          }),
      ...(dataSourceId
        ? [
            ctx.db
              .update(dataSources)
              .set({ lastSyncAt: now, status: 'connected' })
              .where(eq(dataSources.id, dataSourceId)),
          ]
        : []),
      auditInsert(ctx, {
        companyId: ctx.companyId,
        userId: ctx.userId,
        action: 'activities_imported',
        entityType: 'activity_import',
        entityId: finalId,
      }),
    ]);
    return {
      status: 201,
      result: {
        importId: finalId,
        rowCount: summary.rowCount,
        imported,
        duplicates,
        errors: [],
        errorCount: 0,
      },
    };
  } catch (error) {
    if (importId) {
      // Left behind only if this fails too; discardStaleImports removes it later.
      await discardImport(ctx, importId).catch((cause) =>
        ctx.log.warn('import rollback failed', { importId, error: String(cause) }),
      );
    }
    throw asHttpError(error);
  }
}
