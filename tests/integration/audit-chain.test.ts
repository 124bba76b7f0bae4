import { describe, expect, test } from 'bun:test';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { auditChainHeads, auditLogs } from '../../db/schema/audit.ts';
import { reports } from '../../db/schema/export-reports.ts';
import { auditChainLink, auditContentHash, GENESIS_HASH } from '../../src/domain/audit/chain.ts';
import type { ReportSnapshot } from '../../src/domain/reports/snapshot.ts';
import { sealCompanyChain } from '../../src/server/features/audit/chain-store.ts';
import { type AuditCheckpoint, isCheckpointSigned } from '../../src/server/features/audit/checkpoint.ts';
import { checkpointFolder } from '../../src/server/features/audit/checkpoint-file.ts';
import { enqueueRecurringJobs } from '../../src/server/jobs/recurring.ts';
import { createTestApp } from '../helpers/test-app.ts';

let clock = new Date('2025-05-01T10:00:00Z');
const t = await createTestApp({ now: () => clock });

/** A company with `n` audit entries in all (sign-up + feedback), not yet sealed. */
async function companyWithEntries(n: number) {
  const admin = await t.signUpCompany();
  for (let i = 1; i < n; i++) {
    clock = new Date(clock.getTime() + 1000);
    const response = await t.call('POST', '/api/support/feedback', {
      cookie: admin.cookie,
      body: { subject: `S${i}`, message: 'm' },
    });
    expect(response.status).toBe(201);
  }
  return { ...admin, companyId: admin.user.companyId as string };
}

const entries = (companyId: string) =>
  t.db.select().from(auditLogs).where(eq(auditLogs.companyId, companyId)).orderBy(asc(auditLogs.seq));
const verify = (cookie: string) => t.call('GET', '/api/audit-logs/verify', { cookie });
const atSeq = (companyId: string, seq: number) =>
  and(eq(auditLogs.companyId, companyId), eq(auditLogs.seq, seq));

describe('sealing', () => {
  test('the scheduled audit.seal job links every entry and moves the head', async () => {
    const company = await companyWithEntries(4);
    expect((await entries(company.companyId)).every((row) => row.chainHash === null)).toBe(true);
    await enqueueRecurringJobs(t.db, clock);
    // Enqueueing again in the same period adds nothing.
    await enqueueRecurringJobs(t.db, clock);
    expect(await t.runJobs()).toBeGreaterThanOrEqual(1);
    const rows = await entries(company.companyId);
    expect(rows.map((row) => row.seq)).toEqual([1, 2, 3, 4]);
    expect(rows.every((row) => row.chainHash?.length === 64)).toBe(true);
    const head = await t.db
      .select()
      .from(auditChainHeads)
      .where(eq(auditChainHeads.companyId, company.companyId))
      .get();
    expect(head).toMatchObject({ sealedSeq: 4, sealedHash: rows[3]!.chainHash, anchorSeq: 0 });
  });

  test('two sealers at once write the same values once', async () => {
    const company = await companyWithEntries(6);
    const [a, b] = await Promise.all([
      sealCompanyChain(t, company.companyId, clock),
      sealCompanyChain(t, company.companyId, clock),
    ]);
    expect(a.sealedHash).toBe(b.sealedHash);
    expect(a.sealedSeq).toBe(6);
    const again = await sealCompanyChain(t, company.companyId, clock);
    expect(again).toMatchObject({ sealed: 0, sealedSeq: 6, sealedHash: a.sealedHash });
    const result = await verify(company.cookie);
    expect(result.json).toMatchObject({ valid: true, entriesChecked: 6, sealedSeq: 6, problem: null });
  });

  test('fills the content hash and actor of entries written before the chain existed', async () => {
    const company = await companyWithEntries(3);
    // As migration 0011 left older rows: a position, no actor reference, no hashes.
    await t.db
      .update(auditLogs)
      .set({ actorRef: null, contentHash: null })
      .where(eq(auditLogs.companyId, company.companyId));
    const result = await verify(company.cookie);
    expect(result.json).toMatchObject({ valid: true, entriesChecked: 3 });
    const rows = await entries(company.companyId);
    expect(rows.every((row) => row.contentHash !== null && row.actorRef !== null)).toBe(true);
  });
});

describe('GET /api/audit-logs/verify', () => {
  test('reports a sound chain with the range it checked', async () => {
    const company = await companyWithEntries(5);
    const result = await verify(company.cookie);
    expect(result.status).toBe(200);
    expect(result.json).toMatchObject({
      valid: true,
      entriesChecked: 5,
      firstSeq: 1,
      lastSeq: 5,
      anchorSeq: 0,
      sealedSeq: 5,
      problem: null,
    });
  });

  test('finds an action changed in the database at its position', async () => {
    const company = await companyWithEntries(5);
    expect((await verify(company.cookie)).json.valid).toBe(true);
    await t.db.update(auditLogs).set({ action: 'nothing_happened' }).where(atSeq(company.companyId, 3));
    const result = await verify(company.cookie);
    expect(result.json.valid).toBe(false);
    expect(result.json.problem).toMatchObject({ kind: 'altered', seq: 3 });
    expect(result.json.problem.message).toContain('Entry 3 was changed');
    expect(result.json.entriesChecked).toBe(2);
  });

  test('finds a change whose content hash was recomputed too: the link breaks', async () => {
    const company = await companyWithEntries(5);
    await verify(company.cookie);
    const [row] = await t.db.select().from(auditLogs).where(atSeq(company.companyId, 2));
    const forged = { ...row!, action: 'forged_action' };
    await t.db
      .update(auditLogs)
      .set({ action: forged.action, contentHash: auditContentHash(forged) })
      .where(eq(auditLogs.id, row!.id));
    const result = await verify(company.cookie);
    expect(result.json.problem).toMatchObject({ kind: 'broken_link', seq: 2 });
  });

  test('finds a deleted entry at its position, in the middle or at the end', async () => {
    const middle = await companyWithEntries(5);
    await verify(middle.cookie);
    await t.db.delete(auditLogs).where(atSeq(middle.companyId, 4));
    expect((await verify(middle.cookie)).json.problem).toMatchObject({ kind: 'missing', seq: 4 });

    const end = await companyWithEntries(5);
    await verify(end.cookie);
    await t.db.delete(auditLogs).where(atSeq(end.companyId, 5));
    const result = await verify(end.cookie);
    expect(result.json).toMatchObject({ valid: false, entriesChecked: 4 });
    expect(result.json.problem).toMatchObject({ kind: 'missing', seq: 5 });
  });

  test('finds two entries swapped in order', async () => {
    const company = await companyWithEntries(5);
    await verify(company.cookie);
    const rows = await entries(company.companyId);
    const [second, third] = [rows[1]!, rows[2]!];
    await t.db.batch([
      t.db.update(auditLogs).set({ seq: -1 }).where(eq(auditLogs.id, second.id)),
      t.db.update(auditLogs).set({ seq: 2 }).where(eq(auditLogs.id, third.id)),
      t.db.update(auditLogs).set({ seq: 3 }).where(eq(auditLogs.id, second.id)),
    ]);
    expect((await verify(company.cookie)).json.problem).toMatchObject({ kind: 'broken_link', seq: 2 });
  });

  test('finds an entry changed before it was sealed, and sealing stops there', async () => {
    const company = await companyWithEntries(4);
    await t.db.update(auditLogs).set({ entityType: 'elsewhere' }).where(atSeq(company.companyId, 2));
    const result = await verify(company.cookie);
    expect(result.json).toMatchObject({ valid: false, sealedSeq: 1 });
    expect(result.json.problem).toMatchObject({ kind: 'altered', seq: 2 });
    const unsealed = await t.db
      .select({ seq: auditLogs.seq })
      .from(auditLogs)
      .where(and(eq(auditLogs.companyId, company.companyId), isNull(auditLogs.chainHash)));
    expect(unsealed.map((row) => row.seq).sort()).toEqual([2, 3, 4]);
  });

  test("one company's tampering does not show in another's verification", async () => {
    const tampered = await companyWithEntries(3);
    const clean = await companyWithEntries(3);
    await verify(tampered.cookie);
    await t.db.update(auditLogs).set({ action: 'x' }).where(atSeq(tampered.companyId, 1));
    expect((await verify(tampered.cookie)).json.valid).toBe(false);
    expect((await verify(clean.cookie)).json).toMatchObject({ valid: true, entriesChecked: 3 });
  });
});

describe('every shown field is covered, and signed checkpoints (decision 043)', () => {
  test('reports a rewrite of the actor or any other shown field of a sealed entry at that entry', async () => {
    const other = await companyWithEntries(1);
    const rewrites: Record<string, unknown>[] = [
      { userId: other.user.id },
      { userId: null },
      { action: 'nothing_happened' },
      { entityType: 'elsewhere' },
      { entityId: 'someone-else' },
      { ip: '198.51.100.7' },
      { requestId: 'another-request' },
      { createdAt: new Date('2020-01-01T00:00:00Z') },
    ];
    for (const rewrite of rewrites) {
      const company = await companyWithEntries(4);
      expect((await verify(company.cookie)).json.valid).toBe(true);
      await t.db.update(auditLogs).set(rewrite).where(atSeq(company.companyId, 3));
      const result = await verify(company.cookie);
      expect({ rewrite, problem: result.json.problem }).toMatchObject({
        rewrite,
        problem: { kind: 'altered', seq: 3 },
      });
    }
  });

  test('an entry rewritten to the old content format is reported', async () => {
    const company = await companyWithEntries(3);
    await verify(company.cookie);
    const [row] = await t.db.select().from(auditLogs).where(atSeq(company.companyId, 2));
    const downgraded = { ...row!, contentVersion: 1, userId: null };
    await t.db
      .update(auditLogs)
      .set({ contentVersion: 1, userId: downgraded.userId, contentHash: auditContentHash(downgraded) })
      .where(eq(auditLogs.id, row!.id));
    expect((await verify(company.cookie)).json.problem).toMatchObject({ seq: 2 });
  });

  test('each seal signs the head and appends it to the checkpoint file; verify reports the checkpoint', async () => {
    const company = await companyWithEntries(3);
    const result = await verify(company.cookie);
    expect(result.json).toMatchObject({ valid: true, checkpoint: { seq: 3, source: 'file' } });
    await companyPost(company.cookie);
    await verify(company.cookie);
    const lines = readCheckpointLines(company.companyId);
    expect(lines.map((line) => line.seq)).toEqual([3, 4]);
    expect(await isCheckpointSigned(t.config, lines[1]!)).toBe(true);
    expect(await isCheckpointSigned(t.config, { ...lines[1]!, seq: 5 })).toBe(false);
  });

  test('a rewrite that recomputed every hash and the head in the database fails against the checkpoint', async () => {
    const company = await companyWithEntries(5);
    expect((await verify(company.cookie)).json.valid).toBe(true);
    await rewriteHistory(company.companyId, 2);
    const result = await verify(company.cookie);
    expect(result.json.valid).toBe(false);
    expect(result.json.problem).toMatchObject({ kind: 'checkpoint_mismatch', seq: 5 });

    // Without the file, the head's signature no longer matches the rewritten head.
    rmSync(checkpointFile(company.companyId));
    const withoutFile = await verify(company.cookie);
    expect(withoutFile.json.problem).toMatchObject({ kind: 'checkpoint_mismatch', seq: 5 });
  });

  test('entries removed from the end with the head rolled back fail against the checkpoint file', async () => {
    const company = await companyWithEntries(5);
    await verify(company.cookie);
    const head = await t.db
      .select()
      .from(auditChainHeads)
      .where(eq(auditChainHeads.companyId, company.companyId))
      .get();
    await companyPost(company.cookie);
    await verify(company.cookie);
    // Restore the old signed head and remove what came after it.
    await t.db.batch([
      t.db.delete(auditLogs).where(atSeq(company.companyId, 6)),
      t.db.update(auditChainHeads).set(head!).where(eq(auditChainHeads.companyId, company.companyId)),
    ]);
    expect((await verify(company.cookie)).json.problem).toMatchObject({
      kind: 'checkpoint_mismatch',
      seq: 6,
    });
    // New entries on the rolled-back log are not sealed over it: the departure stays visible.
    await companyPost(company.cookie);
    expect(await sealCompanyChain(t, company.companyId, clock)).toMatchObject({
      sealed: 0,
      stoppedAt: { seq: 6, reason: 'checkpoint' },
    });
    expect((await verify(company.cookie)).json.problem).toMatchObject({
      kind: 'checkpoint_mismatch',
      seq: 6,
    });
    expect(readCheckpointLines(company.companyId).at(-1)?.seq).toBe(6);
  });
});

async function companyPost(cookie: string) {
  clock = new Date(clock.getTime() + 1000);
  const response = await t.call('POST', '/api/support/feedback', {
    cookie,
    body: { subject: 'More', message: 'm' },
  });
  expect(response.status).toBe(201);
}

const checkpointFile = (companyId: string) => join(checkpointFolder(t.config)!, `${companyId}.jsonl`);

function readCheckpointLines(companyId: string): AuditCheckpoint[] {
  return readFileSync(checkpointFile(companyId), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as AuditCheckpoint);
}

/** Changes entry `seq`'s action and recomputes every content hash, link and the head, as a forger would. */
async function rewriteHistory(companyId: string, seq: number) {
  const rows = await entries(companyId);
  let previous = GENESIS_HASH;
  const statements = rows.map((row) => {
    const action = row.seq === seq ? 'forged_action' : row.action;
    const contentHash = auditContentHash({ ...row, action })!;
    previous = auditChainLink(previous, row.seq, contentHash);
    return t.db
      .update(auditLogs)
      .set({ action, contentHash, chainHash: previous })
      .where(eq(auditLogs.id, row.id));
  });
  await t.db.batch([
    t.db
      .update(auditChainHeads)
      .set({ sealedHash: previous })
      .where(eq(auditChainHeads.companyId, companyId)),
    ...statements,
  ]);
}

describe('report packages carry the checkpoint (decision 043)', () => {
  test("a generated report's snapshot holds the company's signed checkpoint, sealed up to the request", async () => {
    const company = await companyWithEntries(3);
    const requested = await t.call('POST', '/api/reports/generate', {
      cookie: company.cookie,
      body: { format: 'csv', framework: 'secr', period: '2024' },
    });
    expect(requested.status).toBe(202);
    const [report] = await t.db.select().from(reports).where(eq(reports.id, requested.json.id));
    const snapshot = JSON.parse(report!.snapshot) as ReportSnapshot;
    const head = await t.db
      .select()
      .from(auditChainHeads)
      .where(eq(auditChainHeads.companyId, company.companyId))
      .get();
    expect(snapshot.auditCheckpoint).toMatchObject({ seq: 3, chainHash: head!.sealedHash });
    expect(
      await isCheckpointSigned(t.config, { companyId: company.companyId, ...snapshot.auditCheckpoint! }),
    ).toBe(true);
  });
});

describe('after SECRETS_KEY changed', () => {
  test('sealing carries on over lines signed with the old key, and signs with the new one', async () => {
    const company = await companyWithEntries(3);
    await verify(company.cookie);
    await companyPost(company.cookie);
    const rotated = {
      db: t.db,
      config: { ...t.config, SECRETS_KEY: btoa('a-new-installation-key-32-bytes!') },
    };
    expect(await sealCompanyChain(rotated, company.companyId, clock)).toMatchObject({
      sealed: 1,
      stoppedAt: null,
    });
    const latest = readCheckpointLines(company.companyId).at(-1)!;
    expect(latest.seq).toBe(4);
    expect(await isCheckpointSigned(rotated.config, latest)).toBe(true);
    expect(await isCheckpointSigned(t.config, latest)).toBe(false);
  });
});

describe('without a key to sign with (a Worker without SECRETS_KEY)', () => {
  test('seals unsigned heads and writes no checkpoint line', async () => {
    const company = await companyWithEntries(3);
    const keyless = { db: t.db, config: { ...t.config, SECRETS_KEY: undefined } };
    expect(await sealCompanyChain(keyless, company.companyId, clock)).toMatchObject({
      sealed: 3,
      stoppedAt: null,
    });
    const head = await t.db
      .select()
      .from(auditChainHeads)
      .where(eq(auditChainHeads.companyId, company.companyId))
      .get();
    expect(head).toMatchObject({ sealedSeq: 3, checkpointSignature: null, checkpointAt: null });
    expect(existsSync(checkpointFile(company.companyId))).toBe(false);
  });
});

describe('heads sealed before checkpoints existed', () => {
  test('are signed as they stand at the next seal, and then verify', async () => {
    const company = await companyWithEntries(3);
    await verify(company.cookie);
    await t.db
      .update(auditChainHeads)
      .set({ checkpointAt: null, checkpointSignature: null })
      .where(eq(auditChainHeads.companyId, company.companyId));
    rmSync(checkpointFile(company.companyId));
    const result = await verify(company.cookie);
    expect(result.json).toMatchObject({ valid: true, checkpoint: { seq: 3, source: 'file' } });
    const head = await t.db
      .select()
      .from(auditChainHeads)
      .where(eq(auditChainHeads.companyId, company.companyId))
      .get();
    expect(head?.checkpointSignature).toBeTruthy();
  });
});
