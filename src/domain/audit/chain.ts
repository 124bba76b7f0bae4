import { sha256Hex } from '../sha256.ts';

/**
 * The audit log's hash chain (issue 9). Each entry's content is hashed when it is written; the
 * chain links entries in `seq` order: chainHash(n) = SHA-256(chainHash(n-1) | seq | contentHash).
 * Editing an entry changes its content hash, removing one leaves a gap in `seq`, and either breaks
 * every later link, so an auditor recomputing the chain finds it (`GET /api/audit-logs/verify`).
 *
 * Content format 2 (decision 043) covers every field the audit screen shows, the actor included:
 * the user id and entity id enter the hash as a company-scoped reference (SHA-256 of company and
 * id), so erasing a person can replace them with `erased:<reference>` without breaking the chain,
 * and verification accepts that pseudonym only where the chain itself records the erasure.
 * Format 1 (entries written before) hashed the stored `actorRef` and never the user id; those
 * entries are still verified by their own format until retention removes them.
 */

/** The chain hash before the first entry of a company (seq 0). */
export const GENESIS_HASH = '0'.repeat(64);

/** The format new entries are written with. */
export const AUDIT_CONTENT_VERSION = 2;

/** How an erased person's ids read in their former companies' logs (decision 043). */
export const ERASED_PREFIX = 'erased:';

/** The entry that records an erasure; its entity id is the erased person's pseudonym. */
export const ERASURE_ACTION = 'account_deleted';

/** The reference an entry records as erased, if it is an erasure record. */
export function erasureRecorded(entry: Pick<AuditRecord, 'action' | 'entityId'>): string | null {
  return entry.action === ERASURE_ACTION && entry.entityId?.startsWith(ERASED_PREFIX)
    ? entry.entityId.slice(ERASED_PREFIX.length)
    : null;
}

/** An audit row as stored: every field the audit screen shows, and its format. */
export interface AuditRecord {
  contentVersion: number;
  id: string;
  companyId: string;
  userId: string | null;
  /** The actor's reference; for format 1 the hashed stand-in for the user id. */
  actorRef: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  ip: string | null;
  requestId: string | null;
  createdAt: Date;
}

/** References of people erased from a company, as its chain records them (`account_deleted`). */
export type ErasedRefs = ReadonlySet<string>;

const NO_ERASURES: ErasedRefs = new Set();

function hex(text: string): string {
  return sha256Hex(text);
}

/** A pseudonymous, company-scoped stand-in for a user id (or an entity id naming a person). */
export function auditActorRef(companyId: string, userId: string | null): string | null {
  return userId === null ? null : hex(`actor|${companyId}|${userId}`);
}

/** The pseudonym an erased person's ids are replaced with in one company's log. */
export function erasedPseudonym(companyId: string, userId: string): string {
  return `${ERASED_PREFIX}${auditActorRef(companyId, userId)}`;
}

function formatOne(entry: AuditRecord): string {
  return hex(
    JSON.stringify([
      entry.id,
      entry.companyId,
      entry.actorRef,
      entry.action,
      entry.entityType,
      entry.entityId,
      entry.ip,
      entry.requestId,
      entry.createdAt.getTime(),
    ]),
  );
}

/** The reference an entity id enters the hash as; undefined: a pseudonym nobody recorded. */
function entityRef(entry: AuditRecord, erased: ErasedRefs): string | null | undefined {
  if (entry.entityId === null) return null;
  if (entry.entityId.startsWith(ERASED_PREFIX)) {
    const ref = entry.entityId.slice(ERASED_PREFIX.length);
    return erased.has(ref) ? ref : undefined;
  }
  return auditActorRef(entry.companyId, entry.entityId);
}

/** The actor reference; undefined when the stored fields contradict each other. */
function actorRef(entry: AuditRecord, erased: ErasedRefs): string | null | undefined {
  if (entry.userId !== null) {
    const ref = auditActorRef(entry.companyId, entry.userId);
    return entry.actorRef === ref ? ref : undefined;
  }
  // No user id: the system acted (no reference) or the actor was erased, which the chain records.
  if (entry.actorRef === null || erased.has(entry.actorRef)) return entry.actorRef;
  return undefined;
}

function formatTwo(entry: AuditRecord, erased: ErasedRefs): string | null {
  const actor = actorRef(entry, erased);
  const entity = entityRef(entry, erased);
  if (actor === undefined || entity === undefined) return null;
  return hex(
    JSON.stringify([
      2,
      entry.id,
      entry.companyId,
      actor,
      entry.action,
      entry.entityType,
      entity,
      entry.ip,
      entry.requestId,
      entry.createdAt.getTime(),
    ]),
  );
}

/**
 * SHA-256 of the entry's fields in its format's fixed order, or null when no stored content can
 * be right (an unknown format, an actor reference that does not follow from the user id, a
 * pseudonym for an erasure the chain does not record): verification reports such an entry as
 * altered.
 */
export function auditContentHash(entry: AuditRecord, erased: ErasedRefs = NO_ERASURES): string | null {
  if (entry.contentVersion === 1) return formatOne(entry);
  if (entry.contentVersion === 2) return formatTwo(entry, erased);
  return null;
}

export function auditChainLink(previousChainHash: string, seq: number, contentHash: string): string {
  return hex(`${previousChainHash}|${seq}|${contentHash}`);
}
