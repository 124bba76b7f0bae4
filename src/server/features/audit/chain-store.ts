import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../../../db/client.ts';
import { auditChainHeads, auditLogs } from '../../../../db/schema/audit.ts';
import {
  type AuditContent,
  auditActorRef,
  auditChainLink,
  auditContentHash,
  GENESIS_HASH,
} from '../../../domain/audit/chain.ts';
import type { ChainEntry, ChainHead } from '../../../domain/audit/verify.ts';
import type { Logger } from '../../lib/logger.ts';

/**
 * Sealing links written audit entries into each company's hash chain (decision 021). Entries are
 * written with their content hash only (in the same batch as the change they record); sealing
 * computes `chainHash` in `seq` order afterwards and advances `audit_chain_heads`.
 *
 * Safe to run twice at once: every value is a function of the entries alone, entry updates only
 * fill a missing chain hash, and the head moves only from the position this sealer read, so the
 * second sealer's writes change nothing.
 */

/** Entries linked per batch (D1 and Turso take a few hundred statements per batch comfortably). */
const SEAL_BATCH = 200;

export const entryColumns = {
  id: auditLogs.id,
  companyId: auditLogs.companyId,
  userId: auditLogs.userId,
  actorRef: auditLogs.actorRef,
  action: auditLogs.action,
  entityType: auditLogs.entityType,
  entityId: auditLogs.entityId,
  ip: auditLogs.ip,
  requestId: auditLogs.requestId,
  createdAt: auditLogs.createdAt,
  seq: auditLogs.seq,
  contentHash: auditLogs.contentHash,
  chainHash: auditLogs.chainHash,
};

export interface EntryRow {
  id: string;
  companyId: string;
  userId: string | null;
  actorRef: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  ip: string | null;
  requestId: string | null;
  createdAt: Date;
  seq: number;
  contentHash: string | null;
  chainHash: string | null;
}

/**
 * The hashed fields of a row. Entries written before the chain existed (migration 0011) have no
 * actor reference yet: it is derived from their user id, as `auditInsert` does for new ones.
 */
export function contentOf(row: EntryRow): AuditContent {
  const actorRef =
    row.contentHash === null && row.actorRef === null
      ? auditActorRef(row.companyId, row.userId)
      : row.actorRef;
  return {
    id: row.id,
    companyId: row.companyId,
    actorRef,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    ip: row.ip,
    requestId: row.requestId,
    createdAt: row.createdAt,
  };
}

export function toChainEntry(row: EntryRow): ChainEntry {
  return { seq: row.seq, contentHash: row.contentHash, chainHash: row.chainHash, content: contentOf(row) };
}

const headColumns = {
  anchorSeq: auditChainHeads.anchorSeq,
  anchorHash: auditChainHeads.anchorHash,
  sealedSeq: auditChainHeads.sealedSeq,
  sealedHash: auditChainHeads.sealedHash,
};

export function headQuery(db: Db, companyId: string) {
  return db.select(headColumns).from(auditChainHeads).where(eq(auditChainHeads.companyId, companyId));
}

/** The company's head, created at the genesis position the first time. */
export async function ensureChainHead(db: Db, companyId: string, now: Date): Promise<ChainHead> {
  await db
    .insert(auditChainHeads)
    .values({
      companyId,
      anchorSeq: 0,
      anchorHash: GENESIS_HASH,
      sealedSeq: 0,
      sealedHash: GENESIS_HASH,
      updatedAt: now,
    })
    .onConflictDoNothing();
  const head = await headQuery(db, companyId).get();
  if (!head) throw new Error('audit chain head missing after insert');
  return head;
}

export interface SealOutcome {
  sealedSeq: number;
  sealedHash: string;
  /** Entries this call linked. */
  sealed: number;
  /** Why sealing stopped before the newest entry, when it did. */
  stoppedAt: { seq: number; reason: 'missing' | 'altered' } | null;
}

/**
 * Links every unsealed entry of one company. Stops (and logs) at a gap or at an entry whose
 * content no longer matches the hash it was written with: sealing over it would bless the
 * tampering; verification reports it instead.
 */
export async function sealCompanyChain(
  db: Db,
  companyId: string,
  now: Date,
  log?: Logger,
): Promise<SealOutcome> {
  let sealed = 0;
  // Each round either links entries or ends; the bound only guards against a runaway loop.
  for (let round = 0; round < 10_000; round++) {
    const head = await ensureChainHead(db, companyId, now);
    const rows: EntryRow[] = await db
      .select(entryColumns)
      .from(auditLogs)
      .where(and(eq(auditLogs.companyId, companyId), gt(auditLogs.seq, head.sealedSeq)))
      .orderBy(asc(auditLogs.seq))
      .limit(SEAL_BATCH);
    let previousHash = head.sealedHash;
    let expectedSeq = head.sealedSeq + 1;
    let stoppedAt: SealOutcome['stoppedAt'] = null;
    const updates = [];
    for (const row of rows) {
      if (row.seq !== expectedSeq) {
        stoppedAt = { seq: expectedSeq, reason: 'missing' };
        break;
      }
      const content = contentOf(row);
      const contentHash = auditContentHash(content);
      if (row.contentHash !== null && row.contentHash !== contentHash) {
        stoppedAt = { seq: row.seq, reason: 'altered' };
        break;
      }
      const chainHash = auditChainLink(previousHash, row.seq, contentHash);
      updates.push(
        db
          .update(auditLogs)
          .set({ chainHash, contentHash, actorRef: content.actorRef })
          .where(and(eq(auditLogs.id, row.id), isNull(auditLogs.chainHash))),
      );
      previousHash = chainHash;
      expectedSeq += 1;
    }
    if (updates.length > 0) {
      const [first, ...rest] = updates;
      await db.batch([
        first!,
        ...rest,
        db
          .update(auditChainHeads)
          .set({ sealedSeq: expectedSeq - 1, sealedHash: previousHash, updatedAt: now })
          .where(
            and(eq(auditChainHeads.companyId, companyId), eq(auditChainHeads.sealedSeq, head.sealedSeq)),
          ),
      ]);
      sealed += updates.length;
    }
    if (stoppedAt) {
      log?.warn('audit chain not sealed past a suspect entry', { companyId, ...stoppedAt });
      return { sealedSeq: expectedSeq - 1, sealedHash: previousHash, sealed, stoppedAt };
    }
    if (rows.length < SEAL_BATCH) {
      return { sealedSeq: expectedSeq - 1, sealedHash: previousHash, sealed, stoppedAt: null };
    }
  }
  throw new Error('audit chain sealing did not finish');
}

/** Companies with entries past their sealed position (or no head yet). */
export async function companiesWithUnsealedEntries(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ companyId: auditLogs.companyId })
    .from(auditLogs)
    .where(isNull(auditLogs.chainHash))
    .limit(10_000);
  return rows.map((row) => row.companyId);
}

/** Seals every company's chain; the `audit.seal` job and the retention job call it. */
export async function sealAllChains(db: Db, now: Date, log?: Logger) {
  let companies = 0;
  let entries = 0;
  for (const companyId of await companiesWithUnsealedEntries(db)) {
    const outcome = await sealCompanyChain(db, companyId, now, log);
    companies += 1;
    entries += outcome.sealed;
    // The sealed head leaves the database in the log stream: an outside record an operator can
    // compare against later, since whoever can rewrite every row could also rewrite the head.
    if (outcome.sealed > 0) {
      log?.info('audit chain sealed', {
        companyId,
        sealedSeq: outcome.sealedSeq,
        sealedHash: outcome.sealedHash,
      });
    }
  }
  return { companies, entries };
}
