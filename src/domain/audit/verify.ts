import { type AuditRecord, auditChainLink, auditContentHash, type ErasedRefs } from './chain.ts';

/**
 * Recomputing a company's audit chain (issue 9, `GET /api/audit-logs/verify`). Pure: the caller
 * reads the chain head and every entry after its anchor, in `seq` order, in one snapshot.
 *
 * What is checked, entry by entry from the anchor: positions are contiguous (a gap is a removed
 * entry), the content hash recomputed from the stored fields equals the stored one (an edited
 * field), and, up to the sealed position, each stored chain hash equals the link recomputed from
 * the one before (an edited hash, a reordered entry). The walk ends at the sealed head's hash.
 * A signed checkpoint kept outside the database (decision 043) must lie on the recomputed chain:
 * a rewrite that recomputed every hash and the head in the database no longer reaches it.
 */

export interface ChainHead {
  /** Last entry removed by retention (0: none) and its chain hash (GENESIS_HASH for 0). */
  anchorSeq: number;
  anchorHash: string;
  /** Last entry linked into the chain and its chain hash. */
  sealedSeq: number;
  sealedHash: string;
}

export interface ChainEntry {
  seq: number;
  contentHash: string | null;
  chainHash: string | null;
  content: AuditRecord;
}

/** A chain position and hash signed when it was sealed (decision 043). */
export interface ChainCheckpoint {
  seq: number;
  hash: string;
}

export interface ChainVerifierOptions {
  /** People erased from the company, as its `account_deleted` entries record them. */
  erased?: ErasedRefs;
  /** The latest signed checkpoint; its position must be on the recomputed chain. */
  checkpoint?: ChainCheckpoint | null;
}

export type ChainProblemKind = 'altered' | 'missing' | 'broken_link' | 'checkpoint_mismatch';

export interface ChainProblem {
  kind: ChainProblemKind;
  seq: number;
  message: string;
}

export interface ChainVerification {
  valid: boolean;
  entriesChecked: number;
  /** First and last position checked; null when there was nothing after the anchor. */
  firstSeq: number | null;
  lastSeq: number | null;
  /** The last position whose link was verified and its hash (the anchor when none was). */
  verifiedThrough: { seq: number; hash: string };
  problem: ChainProblem | null;
}

const problemMessage: Record<ChainProblemKind, (seq: number) => string> = {
  altered: (seq) => `Entry ${seq} was changed after it was written: its content no longer matches its hash.`,
  missing: (seq) => `Entry ${seq} is missing: it was removed from the log.`,
  broken_link: (seq) =>
    `The chain is broken at entry ${seq}: its link does not follow from the entry before it.`,
  checkpoint_mismatch: (seq) =>
    `The log does not match its signed checkpoint at entry ${seq}: entries up to it were rewritten or removed.`,
};

function problem(kind: ChainProblemKind, seq: number): ChainProblem {
  return { kind, seq, message: problemMessage[kind](seq) };
}

export interface ChainVerifier {
  /** Checks the next entry in `seq` order; false once a problem was found (stop feeding it). */
  add(entry: ChainEntry): boolean;
  /** The outcome after the last entry (checks that the sealed head was reached). */
  finish(): ChainVerification;
}

/** An incremental walk from the anchor, so a long log can be read page by page. */
export function createChainVerifier(head: ChainHead, options: ChainVerifierOptions = {}): ChainVerifier {
  const checkpoint = options.checkpoint ?? null;
  let previousHash = head.anchorHash;
  let highestVersion = 0;
  let expectedSeq = head.anchorSeq + 1;
  let checked = 0;
  let verifiedThrough = { seq: head.anchorSeq, hash: head.anchorHash };
  let found: ChainProblem | null = null;

  function add(entry: ChainEntry): boolean {
    if (found) return false;
    // The unique index makes a repeated position impossible; a jump means removed entries.
    if (entry.seq !== expectedSeq) {
      found = problem('missing', expectedSeq);
      return false;
    }
    const contentHash = auditContentHash(entry.content, options.erased);
    // Formats only move forward: an older format after a newer one is a downgraded entry.
    const downgraded = entry.content.contentVersion < highestVersion;
    if (contentHash === null || entry.contentHash !== contentHash || downgraded) {
      found = problem('altered', entry.seq);
      return false;
    }
    highestVersion = entry.content.contentVersion;
    if (entry.seq <= head.sealedSeq) {
      const link = auditChainLink(previousHash, entry.seq, contentHash);
      if (entry.chainHash !== link) {
        found = problem('broken_link', entry.seq);
        return false;
      }
      if (checkpoint && checkpoint.seq === entry.seq && checkpoint.hash !== link) {
        found = problem('checkpoint_mismatch', entry.seq);
        return false;
      }
      previousHash = link;
      verifiedThrough = { seq: entry.seq, hash: link };
    }
    checked += 1;
    expectedSeq += 1;
    return true;
  }

  /** The checkpoint lies on the walked chain, or before the anchor (retention removed it). */
  function checkpointReached(point: ChainCheckpoint): boolean {
    if (point.seq < head.anchorSeq) return true;
    if (point.seq === head.anchorSeq) return point.hash === head.anchorHash;
    // Entries past it were compared as they were linked; beyond the sealed head it was rolled back.
    return point.seq <= verifiedThrough.seq;
  }

  function finish(): ChainVerification {
    if (!found) {
      // Sealed entries removed from the end leave no gap between the rows that remain.
      if (expectedSeq <= head.sealedSeq) found = problem('missing', expectedSeq);
      else if (previousHash !== head.sealedHash) found = problem('broken_link', head.sealedSeq);
      else if (checkpoint && !checkpointReached(checkpoint))
        found = problem('checkpoint_mismatch', checkpoint.seq);
    }
    return {
      valid: found === null,
      entriesChecked: checked,
      firstSeq: checked > 0 ? head.anchorSeq + 1 : null,
      lastSeq: checked > 0 ? head.anchorSeq + checked : null,
      verifiedThrough,
      problem: found,
    };
  }

  return { add, finish };
}

/** Walks the entries after the anchor; stops at the first problem. */
export function verifyChain(
  head: ChainHead,
  entries: Iterable<ChainEntry>,
  options: ChainVerifierOptions = {},
): ChainVerification {
  const verifier = createChainVerifier(head, options);
  for (const entry of entries) {
    if (!verifier.add(entry)) break;
  }
  return verifier.finish();
}
