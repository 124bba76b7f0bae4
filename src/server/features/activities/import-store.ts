// The bookkeeping of an import (decision 008): its pending row, the rollback that removes every
// row written under it, the clean-up of imports a crashed process left pending, and the count of
// what it wrote. How the reader's refusals become answers is in import-refusals.ts.
import { and, count, eq, lt, sql } from 'drizzle-orm';
import { activityImports, activityLines } from '../../../../db/schema/emissions.ts';
import type { AuthedContext } from '../../context.ts';
import { conflict } from '../../lib/errors.ts';
import { PENDING_IMPORT } from '../emissions/visibility.ts';

/** A pending import older than this was abandoned by a crashed process: its rows are removed. */
const STALE_PENDING_MS = 15 * 60 * 1000;

/** Deletes what an import wrote: its lines (each with its stored result), then the import row. */
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

/** Lines written under an import (its duplicates were skipped by the dedupe index). */
export async function linesOfImport(ctx: AuthedContext, importId: string): Promise<number> {
  const row = await ctx.db
    .select({ n: count() })
    .from(activityLines)
    .where(and(eq(activityLines.companyId, ctx.companyId), eq(activityLines.importId, importId)))
    .get();
  return row?.n ?? 0;
}
