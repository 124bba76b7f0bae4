import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The audit log's hash chain (issue 9). Each entry's content is hashed when it is written; the
 * chain links entries in `seq` order: chainHash(n) = SHA-256(chainHash(n-1) | seq | contentHash).
 * Editing an entry changes its content hash, removing one leaves a gap in `seq`, and either breaks
 * every later link, so an auditor recomputing the chain finds it (`GET /api/audit-logs/verify`).
 */

/** The chain hash before the first entry of a company (seq 0). */
export const GENESIS_HASH = '0'.repeat(64);

export interface AuditContent {
  id: string;
  companyId: string;
  actorRef: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  ip: string | null;
  requestId: string | null;
  createdAt: Date;
}

function hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/**
 * SHA-256 of the entry's fields in a fixed order. The user id is not among them: `actorRef`
 * stands for it, so erasing a deleted user's id leaves the chain intact.
 */
export function auditContentHash(entry: AuditContent): string {
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

/** A pseudonymous, company-scoped stand-in for a user id. */
export function auditActorRef(companyId: string, userId: string | null): string | null {
  return userId === null ? null : hex(`actor|${companyId}|${userId}`);
}

export function auditChainLink(previousChainHash: string, seq: number, contentHash: string): string {
  return hex(`${previousChainHash}|${seq}|${contentHash}`);
}
