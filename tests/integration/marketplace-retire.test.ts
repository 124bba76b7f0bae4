import { describe, expect, test } from 'bun:test';
import { and, count, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { auditLogs } from '../../db/schema/audit.ts';
import { memberships, sessions } from '../../db/schema/auth.ts';
import { offsetOrders } from '../../db/schema/marketplace.ts';
import { OffsetPurchaseSchema } from '../../src/domain/contracts/marketplace.ts';
import { forgetCachedSessions } from '../../src/server/features/auth/session.ts';
import { getOffsetSummary } from '../../src/server/features/marketplace/service.ts';
import { createLogger } from '../../src/server/lib/logger.ts';
import { makeViewer } from '../helpers/ledger.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { addProject } from './marketplace-fixtures.ts';

// "Now" starts mid-June 2025 and only moves forward, by minutes, so sessions stay valid.
let clock = new Date('2025-06-15T10:00:00Z');
const t = await createTestApp({ now: () => clock });
const later = (minutes: number) => {
  clock = new Date(clock.getTime() + minutes * 60_000);
  return clock;
};

type Owner = Awaited<ReturnType<typeof t.signUpCompany>>;

const retire = (cookie: string, id: string) =>
  t.call('POST', `/api/carbon-offsets/purchases/${id}/retire`, { cookie });

/** A new user moved into the owner's company as a member (invitations arrive in a later issue). */
async function makeMember(companyId: string): Promise<string> {
  const member = await t.signUpCompany();
  await t.db
    .update(memberships)
    .set({ companyId, role: 'member' })
    .where(eq(memberships.userId, member.user.id));
  await t.db.update(sessions).set({ companyId }).where(eq(sessions.userId, member.user.id));
  forgetCachedSessions(t.db);
  return member.cookie;
}

async function orderOf(owner: Owner, quantity = 2) {
  const project = await addProject(t, { availableCredits: 20, priceCents: 1500 });
  const response = await t.call('POST', '/api/carbon-offsets/purchase', {
    cookie: owner.cookie,
    body: { projectId: project.id, quantity },
  });
  expect(response.status).toBe(201);
  return response.json.purchase as { transactionId: string; invoiceReference: string; status: string };
}

async function retirementAuditRows(companyId: string) {
  const row = await t.db
    .select({ n: count() })
    .from(auditLogs)
    .where(and(eq(auditLogs.companyId, companyId), eq(auditLogs.action, 'offset_credits_retired')))
    .get();
  return row!.n;
}

async function certificateText(cookie: string, id: string) {
  const response = await t.app.request(`http://localhost/api/carbon-offsets/purchases/${id}/certificate`, {
    headers: { Cookie: cookie },
  });
  expect(response.status).toBe(200);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return { bytes, text: text.replace(/\s+/g, ' ') };
}

function contextOf(owner: Owner) {
  return {
    db: t.db,
    config: t.config,
    log: createLogger('silent'),
    requestId: 'test',
    ip: null,
    now: () => clock,
    userId: owner.user.id,
    companyId: owner.user.companyId,
    role: 'admin' as const,
    sessionId: 'test',
  };
}

describe('POST /api/carbon-offsets/purchases/:id/retire', () => {
  test('an admin marks an ordered purchase retired, with when and by whom, and one audit row', async () => {
    const owner = await t.signUpCompany();
    const order = await orderOf(owner);
    const retiredAt = later(90).toISOString();

    const response = await retire(owner.cookie, order.transactionId);
    expect(response.status).toBe(200);
    expect(OffsetPurchaseSchema.strict().parse(response.json)).toEqual(response.json);
    expect(response.json).toMatchObject({
      transactionId: order.transactionId,
      status: 'retired',
      retiredAt,
    });
    const stored = await t.db
      .select({ retiredAt: offsetOrders.retiredAt, retiredBy: offsetOrders.retiredBy })
      .from(offsetOrders)
      .where(eq(offsetOrders.id, order.transactionId))
      .get();
    expect(stored).toEqual({ retiredAt: new Date(retiredAt), retiredBy: owner.user.id });
    expect(await retirementAuditRows(owner.user.companyId)).toBe(1);

    const history = await t.call('GET', '/api/carbon-offsets/purchases', { cookie: owner.cookie });
    expect(history.json[0]).toEqual(response.json);
  });

  test('a second retirement answers 409 and changes nothing', async () => {
    const owner = await t.signUpCompany();
    const order = await orderOf(owner);
    const first = await retire(owner.cookie, order.transactionId);
    expect(first.status).toBe(200);
    later(1);

    const second = await retire(owner.cookie, order.transactionId);
    expect(second.status).toBe(409);
    expect(second.json.message).toBe('These credits are already retired');
    const history = await t.call('GET', '/api/carbon-offsets/purchases', { cookie: owner.cookie });
    expect(history.json[0].retiredAt).toBe(first.json.retiredAt);
    expect(await retirementAuditRows(owner.user.companyId)).toBe(1);
  });

  test('two retirements at once record one retirement and one audit row', async () => {
    const owner = await t.signUpCompany();
    const order = await orderOf(owner);
    const answers = await Promise.all([
      retire(owner.cookie, order.transactionId),
      retire(owner.cookie, order.transactionId),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await retirementAuditRows(owner.user.companyId)).toBe(1);
  });

  test('a member and a viewer get 403; the order stays ordered', async () => {
    const owner = await t.signUpCompany();
    const order = await orderOf(owner);
    const member = await makeMember(owner.user.companyId);
    const viewer = await makeViewer(t, owner.user.companyId);
    expect((await retire(member, order.transactionId)).status).toBe(403);
    expect((await retire(viewer, order.transactionId)).status).toBe(403);
    expect((await retire(member, 'no-such-id')).status).toBe(403);
    const history = await t.call('GET', '/api/carbon-offsets/purchases', { cookie: member });
    expect(history.json[0]).toMatchObject({ status: 'ordered', retiredAt: null });
    expect(await retirementAuditRows(owner.user.companyId)).toBe(0);
  });

  test("another company's order answers 404 like a missing one, and stays ordered", async () => {
    const a = await t.signUpCompany();
    const b = await t.signUpCompany();
    const order = await orderOf(a);
    const theirs = await retire(b.cookie, order.transactionId);
    const missing = await retire(b.cookie, 'no-such-id');
    expect(theirs.status).toBe(404);
    expect(theirs.json).toEqual(missing.json);
    expect(theirs.json.message).toBe('Purchase not found');
    const history = await t.call('GET', '/api/carbon-offsets/purchases', { cookie: a.cookie });
    expect(history.json[0].status).toBe('ordered');
    expect(await retirementAuditRows(b.user.companyId)).toBe(0);
    expect(await retirementAuditRows(a.user.companyId)).toBe(0);
  });

  test('answers 401 to a visitor', async () => {
    expect((await retire('', 'no-such-id')).status).toBe(401);
  });
});

describe('certificate and summary after retirement', () => {
  test('the certificate turns from an order confirmation into a retirement certificate, stable in each state', async () => {
    const owner = await t.signUpCompany();
    const order = await orderOf(owner);

    const ordered = await certificateText(owner.cookie, order.transactionId);
    expect(ordered.text).toContain(
      `Order confirmation — credits reserved, pending payment of invoice ${order.invoiceReference} and retirement`,
    );
    expect(ordered.text).not.toContain('Retirement certificate');
    const orderedAgain = await certificateText(owner.cookie, order.transactionId);
    expect(Buffer.from(orderedAgain.bytes).equals(Buffer.from(ordered.bytes))).toBe(true);

    const retiredAt = later(60);
    expect((await retire(owner.cookie, order.transactionId)).status).toBe(200);
    later(60);
    const retired = await certificateText(owner.cookie, order.transactionId);
    const day = retiredAt.toISOString().slice(0, 10);
    const time = retiredAt.toISOString().slice(11, 19);
    expect(retired.text).toContain(`Retirement certificate — retired on ${day}`);
    expect(retired.text).toContain(`Retired on ${day} ${time} UTC`);
    expect(retired.text).toContain(order.invoiceReference);
    expect(retired.text).not.toContain('pending payment');
    const retiredAgain = await certificateText(owner.cookie, order.transactionId);
    expect(Buffer.from(retiredAgain.bytes).equals(Buffer.from(retired.bytes))).toBe(true);
  });

  test('getOffsetSummary counts retired tonnes once retired', async () => {
    const owner = await t.signUpCompany();
    const first = await orderOf(owner, 3);
    await orderOf(owner, 4);
    const ctx = contextOf(owner);
    expect(await getOffsetSummary(ctx, 2025)).toMatchObject({ purchasedTonnes: 7, retiredTonnes: 0 });
    expect((await retire(owner.cookie, first.transactionId)).status).toBe(200);
    expect(await getOffsetSummary(ctx, 2025)).toMatchObject({ purchasedTonnes: 7, retiredTonnes: 3 });
  });
});
