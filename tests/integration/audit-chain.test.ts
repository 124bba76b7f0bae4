import { describe, expect, test } from 'bun:test';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { auditChainHeads, auditLogs } from '../../db/schema/audit.ts';
import { auditContentHash } from '../../src/domain/audit/chain.ts';
import { sealCompanyChain } from '../../src/server/features/audit/chain-store.ts';
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
      sealCompanyChain(t.db, company.companyId, clock),
      sealCompanyChain(t.db, company.companyId, clock),
    ]);
    expect(a.sealedHash).toBe(b.sealedHash);
    expect(a.sealedSeq).toBe(6);
    const again = await sealCompanyChain(t.db, company.companyId, clock);
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
