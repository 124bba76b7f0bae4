import { describe, expect, test } from 'bun:test';
import { and, eq, isNull } from 'drizzle-orm';
import { analyticsEvents } from '../../db/schema/analytics.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { auditLogs } from '../../db/schema/audit.ts';
import { companies, memberships, sessions, users } from '../../db/schema/auth.ts';
import { offsetOrders, offsetProjects } from '../../db/schema/marketplace.ts';
import { teamInvites } from '../../db/schema/team.ts';
import { erasedPseudonym } from '../../src/domain/audit/chain.ts';
import { enqueueJob } from '../../src/server/jobs/queue.ts';
import { addMember, rowsContaining } from '../helpers/people.ts';
import { plantPersonalRecords } from '../helpers/personal-records.ts';
import { createTestApp } from '../helpers/test-app.ts';

const t = await createTestApp();

/** Names found nowhere else in a fresh database (no factor, place or project contains them). */
function uniquePerson() {
  const tag = crypto.randomUUID().slice(0, 6);
  return { firstName: `Zephyrine${tag}`, lastName: `Quillfeather${tag}`, email: `zq.${tag}@example.com` };
}

/** Every copy of the person's name or email that a product flow can leave, in `companyId`. */
async function plantCopies(companyId: string, userId: string, person: ReturnType<typeof uniquePerson>) {
  const now = new Date();
  await plantPersonalRecords(t.db, companyId, userId, now);
  const project = await t.db.select().from(offsetProjects).limit(1).get();
  await t.db.batch([
    t.db.insert(teamInvites).values({
      companyId,
      email: person.email,
      role: 'member',
      tokenHash: `invite-${crypto.randomUUID()}`,
      expiresAt: new Date(now.getTime() + 86_400_000),
    }),
    t.db.insert(offsetOrders).values({
      id: `TX-${crypto.randomUUID()}`,
      companyId,
      userId,
      projectId: project!.id,
      projectName: project!.name,
      registry: 'Verra',
      registryProjectId: 'VCS-1',
      vintageYear: 2022,
      quantity: 1,
      priceCents: 1000,
      totalCents: 1000,
      serialFrom: 900_000_000 + Math.floor(Math.random() * 1_000_000),
      serialTo: 900_000_000,
      claimYear: 2024,
      invoiceReference: `INV-${crypto.randomUUID()}`,
      companyName: 'Keepers Ltd',
      purchasedByName: `${person.firstName} ${person.lastName}`,
      illustrative: true,
      createdAt: now,
    }),
    // A report queued "send by email" keeps the address in the job payload.
    enqueueJob(t.db, {
      kind: 'report.generate',
      payload: { reportId: crypto.randomUUID(), emailTo: person.email },
      companyId,
      runAfter: new Date(now.getTime() + 365 * 86_400_000),
      now,
    }),
  ]);
  // A failed sign-in leaves rate-limit counters keyed by the email.
  const failed = await t.call('POST', '/api/auth/signin', {
    body: { email: person.email, password: 'not the password' },
  });
  expect(failed.status).toBe(401);
}

async function expectNoTrace(person: ReturnType<typeof uniquePerson>) {
  expect(await rowsContaining(t.db, person.email)).toEqual([]);
  expect(await rowsContaining(t.db, person.firstName)).toEqual([]);
  expect(await rowsContaining(t.db, person.lastName)).toEqual([]);
}

const deleteAccount = (cookie: string, body: unknown = { confirmed: true }) =>
  t.call('DELETE', '/api/gdpr/delete-account', { cookie, body });

describe('DELETE /api/gdpr/delete-account', () => {
  test('deletes the only member with their company, ends the session and clears the cookie', async () => {
    const person = uniquePerson();
    const { cookie, user } = await t.signUpCompany({ ...person, companyName: `${person.lastName} Works` });
    await t.call('POST', '/api/support/feedback', {
      cookie,
      body: { subject: `From ${person.firstName}`, message: 'Hello', email: person.email },
    });
    await plantCopies(user.companyId, user.id, person);
    // Ledger lines restrict the deletion of their site: the company still goes, lines first.
    const site = await t.call('POST', '/api/sites', { cookie, body: { name: 'Depot', country: 'GB' } });
    const line = await t.call('POST', '/api/activities', {
      cookie,
      body: { siteId: site.json.id, date: '2024-03-01', category: 'electricity', quantity: 100, unit: 'kWh' },
    });
    expect(line.status).toBe(201);
    expect((await rowsContaining(t.db, person.email)).length).toBeGreaterThan(3);

    const response = await deleteAccount(cookie, {
      confirmed: true,
      reason: `I am ${person.firstName}, moving on`,
    });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ deleted: true, companiesDeleted: 1 });
    expect(response.headers.get('set-cookie')).toMatch(/esg_session=;.*Max-Age=0/);
    expect(await t.db.select().from(companies).where(eq(companies.id, user.companyId))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect((await t.call('GET', '/api/auth/user', { cookie })).status).toBe(401);
    await expectNoTrace(person);
  });

  test('keeps a company with other members: erases the person, records account_deleted without them', async () => {
    const admin = await t.signUpCompany({ companyName: 'Keepers Ltd' });
    const keepersId = admin.user.companyId as string;
    const person = uniquePerson();
    // Their own company (deleted with them) and a membership in Keepers (kept).
    const own = await t.signUpCompany({ ...person, companyName: 'Solo Co' });
    await t.db.insert(memberships).values({ userId: own.user.id, companyId: keepersId, role: 'member' });
    const otherSession = await t.signUpCompany();
    await t.db.insert(sessions).values({
      id: `s-${crypto.randomUUID()}`,
      userId: own.user.id,
      companyId: keepersId,
      expiresAt: new Date(Date.now() + 86_400_000),
      ip: '198.51.100.7',
      userAgent: 'Second browser',
    });
    await plantCopies(keepersId, own.user.id, person);

    const summary = await t.call('GET', '/api/privacy/data-summary', { cookie: own.cookie });
    expect(summary.json.accountDeletion).toMatchObject({
      companiesDeleted: [{ name: 'Solo Co' }],
      companiesKept: [{ name: 'Keepers Ltd' }],
      blockedReason: null,
    });

    const response = await deleteAccount(own.cookie);
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ deleted: true, companiesDeleted: 1 });
    expect(await t.db.select().from(users).where(eq(users.id, own.user.id))).toEqual([]);
    expect(
      await t.db.select({ id: companies.id }).from(companies).where(eq(companies.id, keepersId)),
    ).toHaveLength(1);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, own.user.id))).toEqual([]);
    await expectNoTrace(person);

    // Their API keys lose their creator (key authentication must refuse such a key).
    const keys = await t.db.select().from(apiKeys).where(eq(apiKeys.companyId, keepersId));
    expect(keys.map((key) => key.createdBy)).toEqual([null]);
    expect(
      await t.db.select().from(analyticsEvents).where(eq(analyticsEvents.companyId, keepersId)),
    ).toMatchObject([{ userId: null }]);
    const [deletedEntry] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.companyId, keepersId), eq(auditLogs.action, 'account_deleted')));
    // The entity is the person's pseudonym in this company (decision 043), nothing else of them.
    expect(deletedEntry).toMatchObject({
      userId: null,
      entityType: 'user',
      entityId: erasedPseudonym(keepersId, own.user.id),
      ip: null,
      actorRef: null,
    });
    // The erased user id leaves the chain intact.
    const verification = await t.call('GET', '/api/audit-logs/verify', { cookie: admin.cookie });
    expect(verification.json).toMatchObject({ valid: true, problem: null });
    // Colleagues carry on.
    expect((await t.call('GET', '/api/auth/user', { cookie: admin.cookie })).status).toBe(200);
    expect((await t.call('GET', '/api/auth/user', { cookie: otherSession.cookie })).status).toBe(200);
  });

  test('refuses the last admin of a company with other members, and changes nothing', async () => {
    const admin = await t.signUpCompany({ companyName: 'Needs An Admin' });
    await addMember(t.db, admin.user.companyId, 'viewer');
    const response = await deleteAccount(admin.cookie);
    expect(response.status).toBe(409);
    expect(response.json.message).toBe(
      'You are the only admin of Needs An Admin. Make another member an admin in Settings → Team first, then delete your account.',
    );
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.id, admin.user.id))).toHaveLength(
      1,
    );
    expect((await t.call('GET', '/api/auth/user', { cookie: admin.cookie })).status).toBe(200);

    // With a second admin, the first may leave.
    await addMember(t.db, admin.user.companyId, 'admin');
    expect((await deleteAccount(admin.cookie)).json).toEqual({ deleted: true, companiesDeleted: 0 });
  });

  test('needs confirmed to be literally true, and deletes nothing otherwise', async () => {
    const { cookie, user } = await t.signUpCompany();
    for (const body of [
      {},
      { confirmed: false },
      { confirmed: 'true' },
      { confirmed: 1 },
      { confirmed: true, reason: 'x'.repeat(1001) },
    ]) {
      const response = await deleteAccount(cookie, body);
      expect(response.status).toBe(400);
    }
    expect((await t.call('DELETE', '/api/gdpr/delete-account', { cookie, body: 'not json' })).status).toBe(
      400,
    );
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.id, user.id))).toHaveLength(1);
  });

  test('a viewer may delete their own account', async () => {
    const admin = await t.signUpCompany();
    const viewer = await addMember(t.db, admin.user.companyId, 'viewer');
    expect((await deleteAccount(viewer.cookie)).status).toBe(200);
    expect(await t.db.select().from(memberships).where(eq(memberships.userId, viewer.userId))).toEqual([]);
    expect(
      await t.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.companyId, admin.user.companyId), isNull(auditLogs.userId))),
    ).toHaveLength(1);
  });
});
