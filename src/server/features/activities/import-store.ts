// The bookkeeping of an import (decision 008): its pending row, the rollback that removes every
// row written under it, the clean-up of imports a crashed process left pending, and how the
// reader's refusals become answers.
import { and, eq, lt, sql } from 'drizzle-orm';
import { activityImports, activityLines } from '../../../../db/schema/emissions.ts';
import { CsvFormatError } from '../../../domain/activity-import/csv-reader.ts';
import { IMPORT_FIELDS } from '../../../domain/activity-import/headers.ts';
import { HeaderMappingRequired } from '../../../domain/activity-import/import-plan.ts';
import { ImportTooLargeError } from '../../../domain/activity-import/limits.ts';
import type { AuthedContext } from '../../context.ts';
import { conflict, HttpError } from '../../lib/errors.ts';
import { PENDING_IMPORT } from '../emissions/visibility.ts';

/** A pending import older than this was abandoned by a crashed process: its rows are removed. */
const STALE_PENDING_MS = 15 * 60 * 1000;

export const fileTooLarge = () => new HttpError(413, new ImportTooLargeError().message, 'payload_too_large');

export async function fileSha256(file: File): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', await file.arrayBuffer()));
  let hex = '';
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** Deletes what an import wrote: lines first (their results cascade), then the import row. */
export function discardImport(ctx: AuthedContext, importId: string) {
  return ctx.db.batch([
    ctx.db
      .delete(activityLines)
      .where(and(eq(activityLines.companyId, ctx.companyId), eq(activityLines.importId, importId))),
    ctx.db.delete(activityImports).where(eq(activityImports.id, importId)),
  ]);
}

export async function discardStaleImports(ctx: AuthedContext): Promise<void> {
  const stale = await ctx.db
    .select({ id: activityImports.id })
    .from(activityImports)
    .where(
      and(
        eq(activityImports.companyId, ctx.companyId),
        lt(activityImports.importedCount, 0),
        lt(activityImports.createdAt, new Date(ctx.now().getTime() - STALE_PENDING_MS)),
      ),
    );
  for (const { id } of stale) await discardImport(ctx, id);
}

/**
 * Creates the import's row marked pending. One statement, so two uploads for the same company
 * cannot both pass the check: a second import waits for the first (they could otherwise each
 * take the other's staged rows for duplicates).
 */
export async function startPendingImport(
  ctx: AuthedContext,
  file: { dataSourceId: string | null; fileName: string; sha: string; createdAt: Date },
): Promise<string> {
  const id = crypto.randomUUID();
  const created = await ctx.db.all<{ id: string }>(sql`
    INSERT INTO activity_imports (id, company_id, data_source_id, file_name, file_sha256, row_count,
      imported_count, duplicate_count, created_by, created_at)
    SELECT ${id}, ${ctx.companyId}, ${file.dataSourceId}, ${file.fileName}, ${file.sha}, 0,
      ${PENDING_IMPORT}, 0, ${ctx.userId}, ${file.createdAt.getTime()}
    WHERE NOT EXISTS (SELECT 1 FROM activity_imports WHERE company_id = ${ctx.companyId} AND imported_count < 0)
    RETURNING id`);
  if (created.length === 0) {
    throw conflict('Another file is being imported for this company. Try again when it has finished.');
  }
  return id;
}

type BunGlobal = { Bun?: { gc(synchronous: boolean): void } };

/**
 * Parsing, fingerprinting and calculating 100,000 rows leaves ~200 MB of short-lived garbage that
 * Bun's collector lets pile up (peak 360 MB measured); collecting after each batch keeps the
 * import near one batch's worth (250 MB peak) for ~30 ms per batch. The Worker has no Bun global:
 * its runtime collects on its own.
 */
export function releaseGarbage(): void {
  (globalThis as BunGlobal).Bun?.gc(true);
}

export function asHttpError(error: unknown): unknown {
  if (error instanceof HeaderMappingRequired) {
    return new HttpError(400, error.message, 'mapping_required', {
      unknownColumns: error.unknownColumns,
      missingFields: error.missingRequired,
      fields: [...IMPORT_FIELDS],
      columns: error.columns,
    });
  }
  if (error instanceof ImportTooLargeError) return fileTooLarge();
  if (error instanceof CsvFormatError) {
    return new HttpError(422, error.message, 'csv_format', {
      errors: error.line ? [{ line: error.line, message: error.message }] : [],
    });
  }
  return error;
}
