import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { auditLogs } from '../../../../db/schema/audit.ts';
import { memberships, users } from '../../../../db/schema/auth.ts';
import type { AuditLogEntry, AuditLogFilters, AuditLogQuery } from '../../../domain/contracts/audit.ts';
import type { AuthedContext } from '../../context.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** "Ada Lovelace", or the email when both names are blank. */
const displayName = sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email})`;

function conditions(ctx: AuthedContext, query: AuditLogQuery): SQL {
  const parts: SQL[] = [eq(auditLogs.companyId, ctx.companyId)];
  if (query.action) parts.push(eq(auditLogs.action, query.action));
  if (query.entityType) parts.push(eq(auditLogs.entityType, query.entityType));
  if (query.userId) parts.push(eq(auditLogs.userId, query.userId));
  if (query.from) parts.push(gte(auditLogs.createdAt, new Date(`${query.from}T00:00:00Z`)));
  // Inclusive end day: before the next midnight (UTC).
  if (query.to) parts.push(lt(auditLogs.createdAt, new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS)));
  return and(...parts)!;
}

/**
 * GET /api/audit-logs: one page of the company's entries newest first (write order), and how many
 * match the filters (the route puts it in headers, decision 054). Read only: no route changes or
 * removes an entry.
 */
export async function listAuditLogs(
  ctx: AuthedContext,
  query: AuditLogQuery,
): Promise<{ entries: AuditLogEntry[]; total: number }> {
  const where = conditions(ctx, query);
  const [rows, totals] = await ctx.db.batch([
    ctx.db
      .select({
        id: auditLogs.id,
        seq: auditLogs.seq,
        action: auditLogs.action,
        entityType: auditLogs.entityType,
        entityId: auditLogs.entityId,
        createdAt: auditLogs.createdAt,
        ip: auditLogs.ip,
        actorName: sql<string | null>`${displayName}`,
      })
      .from(auditLogs)
      .leftJoin(users, eq(users.id, auditLogs.userId))
      .where(where)
      .orderBy(desc(auditLogs.seq))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ctx.db.select({ total: count() }).from(auditLogs).where(where),
  ]);
  return {
    entries: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    total: totals[0]?.total ?? 0,
  };
}

/** GET /api/audit-logs/filters: actions and entity types seen in the log, and the company's members. */
export async function listAuditLogFilters(ctx: AuthedContext): Promise<AuditLogFilters> {
  const [actions, entityTypes, members] = await ctx.db.batch([
    ctx.db
      .selectDistinct({ value: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.companyId, ctx.companyId))
      .orderBy(auditLogs.action),
    ctx.db
      .selectDistinct({ value: auditLogs.entityType })
      .from(auditLogs)
      .where(eq(auditLogs.companyId, ctx.companyId))
      .orderBy(auditLogs.entityType),
    ctx.db
      .select({ id: users.id, name: displayName })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.companyId, ctx.companyId))
      .orderBy(displayName),
  ]);
  return {
    actions: actions.map((row) => row.value),
    entityTypes: entityTypes.map((row) => row.value),
    users: members,
  };
}
