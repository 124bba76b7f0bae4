import { describe, expect, test } from 'bun:test';
import {
  type AuditRecord,
  auditActorRef,
  auditChainLink,
  auditContentHash,
  type ErasedRefs,
  erasedPseudonym,
  GENESIS_HASH,
} from './chain.ts';
import { type ChainEntry, type ChainVerifierOptions, verifyChain } from './verify.ts';

function recordAt(seq: number, version = 2): AuditRecord {
  return {
    contentVersion: version,
    id: `e${seq}`,
    companyId: 'c1',
    userId: 'u1',
    actorRef: version === 2 ? auditActorRef('c1', 'u1') : 'legacy-ref',
    action: 'thing_done',
    entityType: 'user',
    entityId: 'u1',
    ip: '192.0.2.1',
    requestId: `r${seq}`,
    createdAt: new Date(seq * 1000),
  };
}

function chainOf(
  count: number,
  from = 1,
  previous = GENESIS_HASH,
  version = (_seq: number) => 2,
): ChainEntry[] {
  const entries: ChainEntry[] = [];
  for (let seq = from; seq < from + count; seq++) {
    const content = recordAt(seq, version(seq));
    const contentHash = auditContentHash(content)!;
    previous = auditChainLink(previous, seq, contentHash);
    entries.push({ seq, contentHash, chainHash: previous, content });
  }
  return entries;
}

const headFor = (entries: ChainEntry[], anchor = { seq: 0, hash: GENESIS_HASH }) => ({
  anchorSeq: anchor.seq,
  anchorHash: anchor.hash,
  sealedSeq: entries.at(-1)?.seq ?? anchor.seq,
  sealedHash: entries.at(-1)?.chainHash ?? anchor.hash,
});

describe('verifyChain', () => {
  test('accepts an intact chain, and one that starts after a retention anchor', () => {
    const entries = chainOf(5);
    expect(verifyChain(headFor(entries), entries)).toMatchObject({
      valid: true,
      entriesChecked: 5,
      firstSeq: 1,
      lastSeq: 5,
    });
    const rest = entries.slice(2);
    const anchored = headFor(rest, { seq: 2, hash: entries[1]!.chainHash! });
    expect(verifyChain(anchored, rest)).toMatchObject({ valid: true, entriesChecked: 3, firstSeq: 3 });
  });

  test('names the first altered, missing or relinked entry', () => {
    const entries = chainOf(5);
    const head = headFor(entries);
    const altered = entries.map((entry) =>
      entry.seq === 3 ? { ...entry, content: { ...entry.content, action: 'other' } } : entry,
    );
    expect(verifyChain(head, altered).problem).toMatchObject({ kind: 'altered', seq: 3 });
    expect(
      verifyChain(
        head,
        entries.filter((entry) => entry.seq !== 2),
      ).problem,
    ).toMatchObject({ kind: 'missing', seq: 2 });
    expect(verifyChain(head, entries.slice(0, 4)).problem).toMatchObject({ kind: 'missing', seq: 5 });
    const relinked = entries.map((entry) =>
      entry.seq === 4 ? { ...entry, chainHash: GENESIS_HASH } : entry,
    );
    expect(verifyChain(head, relinked).problem).toMatchObject({ kind: 'broken_link', seq: 4 });
  });

  test('checks content but not links past the sealed position', () => {
    const entries = chainOf(4);
    const head = { ...headFor(entries.slice(0, 2)) };
    const unsealed = entries.map((entry) => (entry.seq > 2 ? { ...entry, chainHash: null } : entry));
    expect(verifyChain(head, unsealed)).toMatchObject({ valid: true, entriesChecked: 4 });
  });
});

describe('content format 2 (decision 043)', () => {
  const verifyWith = (entries: ChainEntry[], options: ChainVerifierOptions = {}) =>
    verifyChain(headFor(entries), entries, options);
  const changed = (entries: ChainEntry[], seq: number, change: Partial<AuditRecord>) =>
    entries.map((entry) =>
      entry.seq === seq ? { ...entry, content: { ...entry.content, ...change } } : entry,
    );

  test('reports a rewrite of any field the audit screen shows, the actor included', () => {
    const entries = chainOf(4);
    expect(verifyWith(entries).valid).toBe(true);
    const rewrites: Partial<AuditRecord>[] = [
      { userId: 'u2' },
      { userId: 'u2', actorRef: auditActorRef('c1', 'u2') },
      { userId: null },
      { action: 'other_thing' },
      { entityType: 'site' },
      { entityId: 'u2' },
      { entityId: null },
      { ip: '198.51.100.7' },
      { requestId: 'r-other' },
      { createdAt: new Date(1) },
      { id: 'e-other' },
    ];
    for (const rewrite of rewrites) {
      expect(verifyWith(changed(entries, 3, rewrite)).problem).toMatchObject({ kind: 'altered', seq: 3 });
    }
  });

  test('accepts pseudonymised actor and entity ids only for an erasure the chain records', () => {
    const entries = chainOf(3);
    const ref = auditActorRef('c1', 'u1')!;
    const pseudonymised = changed(entries, 2, { userId: null, entityId: erasedPseudonym('c1', 'u1') });
    const erased: ErasedRefs = new Set([ref]);
    expect(verifyWith(pseudonymised, { erased }).valid).toBe(true);
    expect(verifyWith(pseudonymised).problem).toMatchObject({ kind: 'altered', seq: 2 });
    const otherRef = changed(entries, 2, { entityId: `erased:${'a'.repeat(64)}` });
    expect(verifyWith(otherRef, { erased }).problem).toMatchObject({ kind: 'altered', seq: 2 });
  });

  test('verifies format 1 entries by their own format, and refuses a downgrade after format 2', () => {
    const mixed = chainOf(4, 1, GENESIS_HASH, (seq) => (seq <= 2 ? 1 : 2));
    expect(verifyWith(mixed).valid).toBe(true);
    const downgraded = chainOf(4, 1, GENESIS_HASH, (seq) => (seq === 3 ? 1 : 2));
    expect(verifyWith(downgraded).problem).toMatchObject({ kind: 'altered', seq: 3 });
    expect(verifyWith(changed(mixed, 1, { contentVersion: 7 })).problem).toMatchObject({ kind: 'altered' });
  });

  test('a recomputed rewrite no longer reaches the signed checkpoint', () => {
    const entries = chainOf(5);
    const checkpoint = { seq: 4, hash: entries[3]!.chainHash! };
    expect(verifyWith(entries, { checkpoint }).valid).toBe(true);
    // Rebuild the chain from an altered entry 2, every hash recomputed consistently.
    let previous = GENESIS_HASH;
    const rewritten = chainOf(5).map((entry) => {
      const content = entry.seq === 2 ? { ...entry.content, action: 'forged' } : entry.content;
      const contentHash = auditContentHash(content)!;
      previous = auditChainLink(previous, entry.seq, contentHash);
      return { ...entry, content, contentHash, chainHash: previous };
    });
    expect(verifyWith(rewritten).valid).toBe(true);
    expect(verifyWith(rewritten, { checkpoint }).problem).toMatchObject({
      kind: 'checkpoint_mismatch',
      seq: 4,
    });
    // Entries removed from the end, head rolled back behind the checkpoint.
    const truncated = entries.slice(0, 3);
    expect(verifyWith(truncated, { checkpoint }).problem).toMatchObject({
      kind: 'checkpoint_mismatch',
      seq: 4,
    });
  });
});
