import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit.ts';
import { companies, memberships, sessions, users } from '../../db/schema/auth.ts';
import { createTestApp, sessionCookieFrom } from '../helpers/test-app.ts';

let clock = new Date('2026-03-01T09:00:00Z');
const t = await createTestApp({ now: () => clock });
const day = 24 * 60 * 60 * 1000;

const profile = {
  firstName: 'Rosalind',
  lastName: 'Franklin',
  email: 'rosalind@example.com',
  companyName: 'Helix Labs',
  jurisdiction: 'SEC',
};

describe('PUT /api/auth/user', () => {
  test('saves the profile and the company for an admin, with audit rows', async () => {
    const { cookie, user } = await t.signUpCompany();
    const body = { ...profile, email: user.email };
    const response = await t.call('PUT', '/api/auth/user', { cookie, body });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ ...body, role: 'admin', emailChange: null });
    const reread = await t.call('GET', '/api/auth/user', { cookie });
    expect(reread.json).toMatchObject(body);
    const actions = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.userId, user.id))
      .all();
    expect(actions.map((row) => row.action)).toEqual([
      'account_created',
      'profile_updated',
      'company_updated',
    ]);
  });

  test('without outgoing email, refuses an email change in plain words and changes nothing', async () => {
    const first = await t.signUpCompany();
    const second = await t.signUpCompany();
    // A taken address and a free one get the same refusal: nothing says which is which.
    const answers = [];
    for (const email of [first.user.email, 'free-address@example.com']) {
      const response = await t.call('PUT', '/api/auth/user', {
        cookie: second.cookie,
        body: { ...profile, email, companyName: second.user.companyName, jurisdiction: 'CSRD' },
      });
      answers.push({ status: response.status, json: response.json });
    }
    expect(answers[0]).toEqual(answers[1]!);
    expect(answers[0]!.status).toBe(409);
    expect(answers[0]!.json.code).toBe('email_not_configured');
    expect(answers[0]!.json.message).toStartWith('Email changes need outgoing email');
    const stored = await t.db.select().from(users).where(eq(users.id, second.user.id)).get();
    expect(stored!.email).toBe(second.user.email);
    expect(stored!.firstName).toBe('Ada');
  });

  test('rejects bad input with field messages and writes nothing', async () => {
    const { cookie, user } = await t.signUpCompany();
    const response = await t.call('PUT', '/api/auth/user', {
      cookie,
      body: { ...profile, firstName: '   ', email: 'nope', jurisdiction: 'ESRS' },
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.json.details.fieldErrors).sort()).toEqual([
      'email',
      'firstName',
      'jurisdiction',
    ]);
    const stored = await t.db.select().from(users).where(eq(users.id, user.id)).get();
    expect(stored!.firstName).toBe('Ada');
  });

  test('lets a viewer edit their own name but not the company', async () => {
    const admin = await t.signUpCompany();
    const viewer = await t.signUpCompany();
    // Move the second user into the first company as a viewer (invitations arrive in a later issue).
    await t.db
      .update(memberships)
      .set({ companyId: admin.user.companyId, role: 'viewer' })
      .where(eq(memberships.userId, viewer.user.id));
    await t.db
      .update(sessions)
      .set({ companyId: admin.user.companyId })
      .where(eq(sessions.userId, viewer.user.id));
    const own = {
      firstName: 'Vee',
      lastName: 'Ewer',
      email: viewer.user.email,
      companyName: admin.user.companyName,
      jurisdiction: 'CSRD',
    };
    const allowed = await t.call('PUT', '/api/auth/user', { cookie: viewer.cookie, body: own });
    expect(allowed.status).toBe(200);
    expect(allowed.json).toMatchObject({
      firstName: 'Vee',
      role: 'viewer',
      companyName: admin.user.companyName,
    });
    const refused = await t.call('PUT', '/api/auth/user', {
      cookie: viewer.cookie,
      body: { ...own, companyName: 'Hijacked' },
    });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe('Only an admin can change the company name or jurisdiction');
    const company = await t.db.select().from(companies).where(eq(companies.id, admin.user.companyId)).get();
    expect(company!.name).toBe(admin.user.companyName);
  });

  test('requires a session', async () => {
    const response = await t.call('PUT', '/api/auth/user', { body: profile });
    expect(response.status).toBe(401);
  });
});

describe('session lifetime', () => {
  test('slides the 30-day expiry forward once half of it has passed', async () => {
    const { cookie, user } = await t.signUpCompany();
    const [created] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id)).all();
    expect(created!.expiresAt.getTime()).toBe(clock.getTime() + 30 * day);

    clock = new Date(clock.getTime() + 10 * day);
    const early = await t.call('GET', '/api/auth/user', { cookie });
    expect(early.status).toBe(200);
    expect(sessionCookieFrom(early.headers)).toBeNull();

    clock = new Date(clock.getTime() + 10 * day);
    const renewed = await t.call('GET', '/api/auth/user', { cookie });
    expect(sessionCookieFrom(renewed.headers)).toBe(cookie);
    const [after] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id)).all();
    expect(after!.expiresAt.getTime()).toBe(clock.getTime() + 30 * day);
  });

  test('ends an expired session and deletes it', async () => {
    const { cookie, user } = await t.signUpCompany();
    clock = new Date(clock.getTime() + 31 * day);
    const response = await t.call('GET', '/api/auth/user', { cookie });
    expect(response.status).toBe(401);
    expect(response.headers.getSetCookie().join()).toContain('esg_session=;');
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id)).all()).toHaveLength(0);
  });

  test('stops working when the membership is removed', async () => {
    const { cookie, user } = await t.signUpCompany();
    await t.db.delete(memberships).where(eq(memberships.userId, user.id));
    expect((await t.call('GET', '/api/auth/user', { cookie })).status).toBe(401);
  });
});
