import { and, asc, eq, gt, isNull, like } from 'drizzle-orm';
import type { Db } from '../../../../db/client.ts';
import { auditChainHeads, auditLogs } from '../../../../db/schema/audit.ts';
import {
  type AuditRecord,
  auditActorRef,
  auditChainLink,
  auditContentHash,
  ERASED_PREFIX,
  ERASURE_ACTION,
  type ErasedRefs,
  GENESIS_HASH,
} from '../../../domain/audit/chain.ts';
import type { ChainEntry, ChainHead } from '../../../domain/audit/verify.ts';
import type { Config } from '../../config.ts';
import type { Logger } from '../../lib/logger.ts';
import { type AuditCheckpoint, canSignCheckpoints, signCheckpoint } from './checkpoint.ts';
import { appendCheckpointLine, readLatestCheckpointLine } from './checkpoint-file.ts';

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
  contentVersion: auditLogs.contentVersion,
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

export interface EntryRow extends AuditRecord {
  seq: number;
  contentHash: string | null;
  chainHash: string | null;
}

/**
 * The hashed fields of a row. Entries written before the chain existed (migration 0011) have no
 * actor reference yet: it is derived from their user id, as `auditInsert` does for new ones.
 */
export function contentOf(row: EntryRow): AuditRecord {
  const actorRef =
    row.contentHash === null && row.actorRef === null
      ? auditActorRef(row.companyId, row.userId)
      : row.actorRef;
  return {
    contentVersion: row.contentVersion,
    id: row.id,
    companyId: row.companyId,
    userId: row.userId,
    actorRef,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    ip: row.ip,
    requestId: row.requestId,
    createdAt: row.createdAt,
  };
}

/** The people the company's log records as erased: their pseudonyms may stand for their ids. */
export async function erasedRefsOf(db: Db, companyId: string): Promise<ErasedRefs> {
  const rows = await db
    .select({ entityId: auditLogs.entityId })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.companyId, companyId),
        eq(auditLogs.action, ERASURE_ACTION),
        like(auditLogs.entityId, `${ERASED_PREFIX}%`),
      ),
    );
  return new Set(rows.map((row) => row.entityId!.slice(ERASED_PREFIX.length)));
}

export function toChainEntry(row: EntryRow): ChainEntry {
  return { seq: row.seq, contentHash: row.contentHash, chainHash: row.chainHash, content: contentOf(row) };
}

const headColumns = {
  anchorSeq: auditChainHeads.anchorSeq,
  anchorHash: auditChainHeads.anchorHash,
  sealedSeq: auditChainHeads.sealedSeq,
  sealedHash: auditChainHeads.sealedHash,
  checkpointAt: auditChainHeads.checkpointAt,
  checkpointSignature: auditChainHeads.checkpointSignature,
};

export interface StoredHead extends ChainHead {
  checkpointAt: Date | null;
  checkpointSignature: string | null;
}

/** The head's signed checkpoint, or null before its first signed seal. */
export function headCheckpoint(companyId: string, head: StoredHead): AuditCheckpoint | null {
  if (head.sealedSeq === 0 || !head.checkpointAt || !head.checkpointSignature) return null;
  return {
    companyId,
    seq: head.sealedSeq,
    chainHash: head.sealedHash,
    signedAt: head.checkpointAt.toISOString(),
    signature: head.checkpointSignature,
  };
}

export function headQuery(db: Db, companyId: string) {
  return db.select(headColumns).from(auditChainHeads).where(eq(auditChainHeads.companyId, companyId));
}

/** The company's head, created at the genesis position the first time. */
export async function ensureChainHead(db: Db, companyId: string, now: Date): Promise<StoredHead> {
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

/** What sealing needs: the database, the key for checkpoints (config) and the log. */
export interface SealDeps {
  db: Db;
  config: Pick<Config, 'SECRETS_KEY' | 'DATABASE_URL'>;
  log?: Logger;
}

export interface SealOutcome {
  sealedSeq: number;
  sealedHash: string;
  /** Entries this call linked. */
  sealed: number;
  /** Why sealing stopped before the newest entry, when it did. */
  stoppedAt: { seq: number; reason: 'missing' | 'altered' | 'checkpoint' } | null;
}

/**
 * Links every unsealed entry of one company and signs the new head as a checkpoint, which also
 * goes to the checkpoint file (decision 043). Stops (and logs) at a gap or at an entry whose
 * content no longer matches the hash it was written with: sealing over it would bless the
 * tampering; verification reports it instead.
 */
export async function sealCompanyChain(deps: SealDeps, companyId: string, now: Date): Promise<SealOutcome> {
  const { db, log } = deps;
  const departed = await departureFromCheckpointFile(deps, companyId, now);
  if (departed) {
    log?.error('audit chain not sealed: the log no longer reaches its checkpoint file', {
      companyId,
      seq: departed.stoppedAt?.seq,
    });
    return departed;
  }
  // Recorded erasures matter only to an entry naming a pseudonym: read them the first time one does.
  let erased: ErasedRefs | null = null;
  const hashOf = async (content: AuditRecord) => {
    const plain = auditContentHash(content);
    if (plain !== null) return plain;
    erased ??= await erasedRefsOf(db, companyId);
    return auditContentHash(content, erased);
  };
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
    const { previousHash, expectedSeq, stoppedAt, updates } = await linkEntries(db, rows, head, hashOf);
    const unsignedHead = head.sealedSeq > 0 && !head.checkpointSignature && canSignCheckpoints(deps.config);
    if (updates.length > 0 || unsignedHead) {
      // A head sealed before checkpoints existed is signed as it stands.
      const checkpoint = await signCheckpoint(deps.config, {
        companyId,
        seq: expectedSeq - 1,
        chainHash: previousHash,
        signedAt: now,
      });
      const moveHead = db
        .update(auditChainHeads)
        .set({
          sealedSeq: expectedSeq - 1,
          sealedHash: previousHash,
          checkpointAt: checkpoint ? now : null,
          checkpointSignature: checkpoint?.signature ?? null,
          updatedAt: now,
        })
        .where(and(eq(auditChainHeads.companyId, companyId), eq(auditChainHeads.sealedSeq, head.sealedSeq)));
      const results = await db.batch([moveHead, ...updates]);
      sealed += updates.length;
      // Only the sealer that moved the head writes its checkpoint out.
      if (checkpoint && results[0].rowsAffected === 1)
        await appendCheckpointLine(deps.config, checkpoint, log);
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

/**
 * Links the rows that follow the sealed head, in order, until a gap or an entry whose content no
 * longer matches its hash: the UPDATEs that seal them, and the new head they lead to.
 */
async function linkEntries(
  db: SealDeps['db'],
  rows: EntryRow[],
  head: { sealedSeq: number; sealedHash: string },
  hashOf: (content: AuditRecord) => Promise<string | null>,
) {
  let previousHash = head.sealedHash;
  let expectedSeq = head.sealedSeq + 1;
  let stoppedAt: SealOutcome['stoppedAt'] = null;
  const updates = [];
  for (const row of rows) {
    if (row.seq !== expectedSeq) {
      stoppedAt = { seq: expectedSeq, reason: 'missing' as const };
      break;
    }
    const content = contentOf(row);
    const contentHash = await hashOf(content);
    if (contentHash === null || (row.contentHash !== null && row.contentHash !== contentHash)) {
      stoppedAt = { seq: row.seq, reason: 'altered' as const };
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
  return { previousHash, expectedSeq, stoppedAt, updates };
}

/**
 * Sealing on top of a history that no longer reaches the latest checkpoint in the file (rows
 * rewritten, or removed with the head rolled back) would append a new checkpoint that hides the
 * departure. So the seal stops until someone looks: verification reports it meanwhile. After a
 * deliberate restore from a backup, the operator moves the checkpoint folder aside (decision 043).
 */
async function departureFromCheckpointFile(
  deps: SealDeps,
  companyId: string,
  now: Date,
): Promise<SealOutcome | null> {
  const outside = await readLatestCheckpointLine(deps.config, companyId);
  if (!outside) return null;
  const head = await ensureChainHead(deps.db, companyId, now);
  let reached: boolean;
  if (outside.seq < head.anchorSeq) reached = true;
  else if (outside.seq === head.anchorSeq) reached = outside.chainHash === head.anchorHash;
  else if (outside.seq > head.sealedSeq) reached = false;
  else {
    const entry = await deps.db
      .select({ chainHash: auditLogs.chainHash })
      .from(auditLogs)
      .where(and(eq(auditLogs.companyId, companyId), eq(auditLogs.seq, outside.seq)))
      .get();
    reached = entry?.chainHash === outside.chainHash;
  }
  // Position and hash only: after SECRETS_KEY changed, old lines no longer verify but still mark
  // the history the next checkpoint must extend.
  if (reached) return null;
  return {
    sealedSeq: head.sealedSeq,
    sealedHash: head.sealedHash,
    sealed: 0,
    stoppedAt: { seq: outside.seq, reason: 'checkpoint' },
  };
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
export async function sealAllChains(deps: SealDeps, now: Date) {
  const { db, log } = deps;
  let companies = 0;
  let entries = 0;
  for (const companyId of await companiesWithUnsealedEntries(db)) {
    const outcome = await sealCompanyChain(deps, companyId, now);
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
