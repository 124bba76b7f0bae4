import { desc, eq, sql } from 'drizzle-orm';
import { auditLogs } from '../../../../db/schema/audit.ts';
import type { AuthedContext, ServiceContext } from '../../context.ts';

export interface AuditEntry {
  companyId: string;
  userId: string | null;
  /** snake_case, past tense: `signed_up`, `profile_updated`, `feedback_submitted`. */
  action: string;
  entityType: string;
  entityId?: string | null;
}

/**
 * The insert for one audit row, to put in the same `db.batch` as the change it records, so a
 * change without its audit row (or the reverse) can never be stored.
 */
export function auditInsert(ctx: ServiceContext, entry: AuditEntry) {
  return ctx.db.insert(auditLogs).values({
    companyId: entry.companyId,
    userId: entry.userId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    ip: ctx.ip,
    requestId: ctx.requestId,
    createdAt: ctx.now(),
  });
}

/** The company's latest audit entries, newest first (dashboard "Recent Activity"). */
export async function listRecentActivity(ctx: AuthedContext, limit: number) {
  const rows = await ctx.db
    .select({ id: auditLogs.id, action: auditLogs.action, createdAt: auditLogs.createdAt })
    .from(auditLogs)
    .where(eq(auditLogs.companyId, ctx.companyId))
    .orderBy(desc(auditLogs.createdAt), desc(sql`rowid`))
    .limit(limit);
  return rows.map((row) => ({ id: row.id, action: row.action, createdAt: row.createdAt.toISOString() }));
}
