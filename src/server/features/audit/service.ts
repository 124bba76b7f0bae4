import { desc, eq, sql } from 'drizzle-orm';
import { auditLogs } from '../../../../db/schema/audit.ts';
import {
  AUDIT_CONTENT_VERSION,
  auditActorRef,
  auditContentHash,
  erasureRecorded,
} from '../../../domain/audit/chain.ts';
import type { SnapshotAuditCheckpoint } from '../../../domain/reports/snapshot.ts';
import type { AuthedContext, ServiceContext } from '../../context.ts';
import { ensureChainHead, headCheckpoint, sealCompanyChain } from './chain-store.ts';

export {
  type EntryRow,
  ensureChainHead,
  entryColumns,
  erasedRefsOf,
  sealAllChains,
  toChainEntry,
} from './chain-store.ts';

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
  const content = {
    contentVersion: AUDIT_CONTENT_VERSION,
    id: crypto.randomUUID(),
    companyId: entry.companyId,
    userId: entry.userId,
    actorRef: auditActorRef(entry.companyId, entry.userId),
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    ip: ctx.ip,
    requestId: ctx.requestId,
    createdAt: ctx.now(),
  };
  // An erasure record is the one entry whose pseudonym is known before the chain records it.
  const recorded = erasureRecorded(content);
  const contentHash = auditContentHash(content, new Set(recorded ? [recorded] : []));
  if (contentHash === null)
    throw new Error(`audit entry ${entry.action} names an erasure it does not record`);
  return ctx.db.insert(auditLogs).values({
    ...content,
    // Assigned inside the insert, within the batch's transaction, so positions are contiguous
    // per company whoever writes concurrently (the unique index refuses a duplicate).
    seq: sql`(select coalesce(max(${auditLogs.seq}), 0) + 1 from ${auditLogs} where ${auditLogs.companyId} = ${entry.companyId})`,
    contentHash,
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

/**
 * The company's latest signed checkpoint, after sealing what is waiting, for a report snapshot
 * (decision 043); null while the log is empty.
 */
export async function latestAuditCheckpoint(ctx: AuthedContext): Promise<SnapshotAuditCheckpoint | null> {
  await sealCompanyChain(ctx, ctx.companyId, ctx.now());
  const head = await ensureChainHead(ctx.db, ctx.companyId, ctx.now());
  const checkpoint = headCheckpoint(ctx.companyId, head);
  return checkpoint
    ? {
        seq: checkpoint.seq,
        chainHash: checkpoint.chainHash,
        signedAt: checkpoint.signedAt,
        signature: checkpoint.signature,
      }
    : null;
}
