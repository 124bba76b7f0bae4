// The bookkeeping of an import (decision 069): its pending row, the rollback that removes every
// row written under it, the clean-up of imports a dead process left pending, and the count of
// what it wrote. How the reader's refusals become answers is in import-refusals.ts.
//
// Ownership (decision 042): a pending import names the process instance writing it and carries a
// heartbeat that instance refreshes while it works. Several processes may share one database, so
// none can tell another is dead except by its silence: a pending import whose heartbeat is older
// than IMPORT_LEASE_MS is abandoned and removed, at every process start and before each import.
import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../../../db/client.ts';
import { nextLedgerKey } from '../../../../../db/schema/columns.ts';
import { activityImports, activityLines } from '../../../../../db/schema/ledger.ts';
import type { AuthedContext } from '../../../context.ts';
import { conflict } from '../../../lib/errors.ts';
import { PENDING_IMPORT } from '../figures/visibility.ts';
import { lineOfImport } from '../lines/ledger-keys.ts';
import { importAbandoned } from './import-refusals.ts';

let instance: string | undefined;

/**
 * This process instance: a new one at every start, so a restarted process owns nothing old. Made
 * on first use: the Cloudflare Worker refuses random values at module scope.
 */
export function processInstance(): string {
  instance ??= crypto.randomUUID();
  return instance;
}
/**
 * A pending import silent this long was left by a process that died. Each batch (20,000 lines)
 * refreshes the heartbeat, and so does a timer every IMPORT_HEARTBEAT_MS, so a live import is
 * never this quiet; a killed one blocks the company's next import for at most this long.
 */
export const IMPORT_LEASE_MS = 60_000;
export const IMPORT_HEARTBEAT_MS = 15_000;

/** Pending imports whose last sign of life is older than the lease (imports from before the heartbeat: their creation). */
function abandoned(now: Date) {
  const cutoff = new Date(now.getTime() - IMPORT_LEASE_MS);
  return and(
    lt(activityImports.importedCount, 0),
    or(
      lt(activityImports.heartbeatAt, cutoff),
      and(isNull(activityImports.heartbeatAt), lt(activityImports.createdAt, cutoff)),
    ),
  );
}

/** Deletes what an import wrote: its lines (each with its stored result), then the import row. */
export function discardImport(ctx: Pick<AuthedContext, 'db' | 'companyId'>, importId: string) {
  return ctx.db.batch([
    ctx.db.delete(activityLines).where(lineOfImport(ctx.companyId, importId)),
    ctx.db.delete(activityImports).where(eq(activityImports.id, importId)),
  ]);
}

/** Before an import: removes the company's imports abandoned by a dead process. */
export async function discardStaleImports(ctx: AuthedContext): Promise<void> {
  const stale = await ctx.db
    .select({ id: activityImports.id })
    .from(activityImports)
    .where(and(eq(activityImports.companyId, ctx.companyId), abandoned(ctx.now())));
  for (const { id } of stale) await discardImport(ctx, id);
}

/**
 * At process start (bootstrap): removes every company's imports abandoned by a dead process, with
 * their lines. A live import of another process is left alone: its heartbeat is fresh.
 */
export async function discardAbandonedImports(db: Db, now: Date): Promise<number> {
  const stale = await db
    .select({ id: activityImports.id, companyId: activityImports.companyId })
    .from(activityImports)
    .where(abandoned(now));
  for (const { id, companyId } of stale) await discardImport({ db, companyId }, id);
  return stale.length;
}

/**
 * The running import says it is still at work. Throws 409 when its row is gone or no longer
 * pending (another process took it for abandoned): the import must stop and write nothing more.
 */
export async function refreshImportHeartbeat(ctx: AuthedContext, importId: string): Promise<void> {
  const refreshed = await ctx.db
    .update(activityImports)
    .set({ heartbeatAt: ctx.now() })
    .where(
      and(
        eq(activityImports.id, importId),
        eq(activityImports.ownerInstance, processInstance()),
        lt(activityImports.importedCount, 0),
      ),
    )
    .returning({ id: activityImports.id });
  if (refreshed.length === 0) throw importAbandoned();
}

/** Finds the import's row only while this process still owns it and it is pending. */
export function stillOurs(ctx: AuthedContext, importId: string) {
  return ctx.db
    .select({ id: activityImports.id })
    .from(activityImports)
    .where(
      and(
        eq(activityImports.id, importId),
        eq(activityImports.ownerInstance, processInstance()),
        lt(activityImports.importedCount, 0),
      ),
    );
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
    INSERT INTO activity_imports (id, ledger_key, company_id, data_source_id, file_name, file_sha256, row_count,
      imported_count, duplicate_count, created_by, created_at, owner_instance, heartbeat_at)
    SELECT ${id}, ${nextLedgerKey('activity_imports')}, ${ctx.companyId}, ${file.dataSourceId}, ${file.fileName}, ${file.sha}, 0,
      ${PENDING_IMPORT}, 0, ${ctx.userId}, ${file.createdAt.getTime()}, ${processInstance()},
      ${file.createdAt.getTime()}
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
    .where(lineOfImport(ctx.companyId, importId))
    .get();
  return row?.n ?? 0;
}
