// Remembering a figure while the company's ledger is unchanged (the KPI figures, the dashboard's
// counts): every change to the ledger writes an audit row in its batch (decision 003), so the
// newest audit id and the set of pending imports name the ledger's version. Checking it is two indexed lookups,
// so every process and the Worker see a change at once.
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { auditLogs } from '../../../../db/schema/audit.ts';
import { activityImports } from '../../../../db/schema/ledger.ts';
import type { AuthedContext } from '../../context.ts';

/** The company's ledger version: newest audit id and the pending imports' ids. */
export async function ledgerVersion(ctx: AuthedContext): Promise<string> {
  const [audit, pending] = await ctx.db.batch([
    ctx.db
      .select({ id: auditLogs.id })
      .from(auditLogs)
      .where(eq(auditLogs.companyId, ctx.companyId))
      .orderBy(desc(auditLogs.createdAt), desc(sql`rowid`))
      .limit(1),
    ctx.db
      .select({ id: activityImports.id })
      .from(activityImports)
      .where(and(eq(activityImports.companyId, ctx.companyId), lt(activityImports.importedCount, 0))),
  ]);
  return [audit[0]?.id ?? '', ...pending.map((row) => row.id)].join('|');
}

export interface LedgerMemo<T> {
  (ctx: AuthedContext, key: string, compute: () => Promise<T>): Promise<T>;
  /** Drops every remembered value (benchmarks measure the computation itself). */
  forget(): void;
}

/**
 * A bounded memo of `compute(key)` per company and key, recomputed when the ledger's version moves.
 * The computation in flight is remembered too: callers that arrive while it runs (the dashboard
 * asks for the year's emissions twice) share it instead of scanning the ledger again. A failed
 * computation is forgotten, so the next caller tries afresh.
 */
export function ledgerMemo<T>(limit = 500): LedgerMemo<T> {
  const remembered = new Map<string, { version: string; value: Promise<T> }>();
  const read = async (ctx: AuthedContext, key: string, compute: () => Promise<T>): Promise<T> => {
    const version = await ledgerVersion(ctx);
    const id = `${ctx.companyId}|${key}`;
    const known = remembered.get(id);
    if (known && known.version === version) return known.value;
    const value = compute();
    remembered.delete(id);
    remembered.set(id, { version, value });
    if (remembered.size > limit) remembered.delete(remembered.keys().next().value!);
    value.catch(() => {
      if (remembered.get(id)?.value === value) remembered.delete(id);
    });
    return value;
  };
  return Object.assign(read, { forget: () => remembered.clear() });
}
