// A CSV import writes its lines over several batches (decision 069); until its last
// batch flips the import to complete, none of them may be seen. While it runs, its
// `activity_imports` row carries imported_count = -1: that marks the import "pending".
//
// Readers use `readLedger`: the usual case (no import pending for the company) runs the plain
// queries, with a cheap pending check in the SAME batch, which libSQL and D1 run as one
// transaction, so "nothing pending" holds for every query of the batch. Only when an import is
// being written are the queries re-run with the filters below, which exclude its rows inside
// each statement.
import { and, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { activityImports, activityLines } from '../../../../../db/schema/ledger.ts';
import type { ServiceContext } from '../../../context.ts';
import { readBatch } from '../../../lib/read-thread.ts';

/** imported_count while an import is still being written (decision 069). */
export const PENDING_IMPORT = -1;

const pendingKeys = (companyId: string) =>
  sql`SELECT ${activityImports.ledgerKey} FROM ${activityImports} WHERE ${activityImports.companyId} = ${companyId} AND ${activityImports.importedCount} < 0`;

/** SQL condition on `activity_lines`: the line is not part of an import still being written. */
export function lineIsVisible(companyId: string): SQL {
  return sql`(${activityLines.importKey} IS NULL OR ${activityLines.importKey} NOT IN (${pendingKeys(companyId)}))`;
}

type Batch = readonly [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]];

/**
 * Runs `build(false)` (plain queries) with the pending check in one batch; if an import of the
 * company is pending, runs `build(true)` (queries with the visibility filters) instead. `build`
 * must return the same queries either way.
 */
export async function readLedger<T extends Batch>(
  ctx: Pick<ServiceContext, 'db' | 'readThread'> & { companyId: string },
  build: (filtered: boolean) => T,
): Promise<{ [K in keyof T]: Awaited<T[K]> }> {
  const pending = ctx.db
    .select({ id: activityImports.id })
    .from(activityImports)
    .where(and(eq(activityImports.companyId, ctx.companyId), lt(activityImports.importedCount, 0)))
    .limit(1);
  // The ledger's aggregates scan up to every line of a year: on the read thread where there is
  // one, so the API's thread keeps answering meanwhile (decision 065).
  const [check, ...rest] = (await readBatch(ctx, [pending, ...build(false)])) as unknown as [
    unknown[],
    ...unknown[],
  ];
  if (check.length === 0) return rest as { [K in keyof T]: Awaited<T[K]> };
  return (await readBatch(ctx, build(true))) as { [K in keyof T]: Awaited<T[K]> };
}

/** `condition` and, when `filtered`, the line visibility filter. */
export function visibleLines(
  companyId: string,
  filtered: boolean,
  condition: SQL | undefined,
): SQL | undefined {
  return filtered ? and(condition, lineIsVisible(companyId)) : condition;
}
