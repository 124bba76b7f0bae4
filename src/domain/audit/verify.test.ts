import { describe, expect, test } from 'bun:test';
import { type AuditContent, auditChainLink, auditContentHash, GENESIS_HASH } from './chain.ts';
import { type ChainEntry, verifyChain } from './verify.ts';

function chainOf(count: number, from = 1, previous = GENESIS_HASH): ChainEntry[] {
  const entries: ChainEntry[] = [];
  for (let seq = from; seq < from + count; seq++) {
    const content: AuditContent = {
      id: `e${seq}`,
      companyId: 'c1',
      actorRef: null,
      action: 'thing_done',
      entityType: 'thing',
      entityId: null,
      ip: null,
      requestId: null,
      createdAt: new Date(seq * 1000),
    };
    const contentHash = auditContentHash(content);
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
