// GET /api/auth/companies and POST /api/auth/switch-company (decision 031).
import { describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit.ts';
import { sessions } from '../../db/schema/auth.ts';
import { sessionIdFromToken } from '../../src/server/features/auth/session.ts';
import { callWithKey, createKey } from '../helpers/api-keys.ts';
import { invite, PASSWORD } from '../helpers/team.ts';
import { createTestApp, sessionCookieFrom } from '../helpers/test-app.ts';

// The default session cache (1 s) stays on: a switch must show at once despite it.
const t = await createTestApp();

type TestApp = typeof t;

/**
 * A person whose own company is `homeName`, who then joins `hostName` as a `role` by invitation;
 * their session is in the host company afterwards (decision 018).
 */
async function personInTwoCompanies(app: TestApp, homeName: string, hostName: string, role = 'member') {
  const host = await app.signUpCompany({ companyName: hostName, firstName: 'Hana' });
  const person = await app.signUpCompany({ companyName: homeName, firstName: 'Pat' });
  const sent = await invite(app, host.cookie, person.user.email, role);
  const accepted = await app.call('POST', '/api/invites/accept', {
    cookie: person.cookie,
    body: { token: sent.token },
  });
  expect(accepted.status).toBe(200);
  return {
    host,
    person: { ...person, cookie: sessionCookieFrom(accepted.headers)! },
    homeId: person.user.companyId as string,
    hostId: host.user.companyId as string,
  };
}

const switchTo = (cookie: string, companyId: unknown) =>
  t.call('POST', '/api/auth/switch-company', { cookie, body: { companyId } });

const currentUser = async (cookie: string) => (await t.call('GET', '/api/auth/user', { cookie })).json;

async function auditOf(companyId: string, action = 'company_switched') {
  return t.db
    .select({ userId: auditLogs.userId, entityType: auditLogs.entityType, entityId: auditLogs.entityId })
    .from(auditLogs)
    .where(and(eq(auditLogs.companyId, companyId), eq(auditLogs.action, action)));
}

describe('GET /api/auth/companies', () => {
  test("lists only the caller's own memberships, the current company first, then by name", async () => {
    const { person, homeId, hostId } = await personInTwoCompanies(t, 'Zephyr Home', 'Alder Host', 'viewer');
    const stranger = await t.signUpCompany({ companyName: 'Stranger Ltd' });
    const third = await t.signUpCompany({ companyName: 'Birch Third' });
    const accepted = await t.call('POST', '/api/invites/accept', {
      cookie: person.cookie,
      body: { token: (await invite(t, third.cookie, person.user.email, 'admin')).token },
    });
    // Accepting moved the session to Birch Third, with a new token.
    const cookie = sessionCookieFrom(accepted.headers)!;
    const response = await t.call('GET', '/api/auth/companies', { cookie });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      companies: [
        { companyId: third.user.companyId, companyName: 'Birch Third', role: 'admin', isCurrent: true },
        { companyId: hostId, companyName: 'Alder Host', role: 'viewer', isCurrent: false },
        { companyId: homeId, companyName: 'Zephyr Home', role: 'admin', isCurrent: false },
      ],
    });
    expect(JSON.stringify(response.json)).not.toContain(stranger.user.companyId);
    // The stranger sees only their own company.
    const own = await t.call('GET', '/api/auth/companies', { cookie: stranger.cookie });
    expect(own.json.companies).toEqual([
      { companyId: stranger.user.companyId, companyName: 'Stranger Ltd', role: 'admin', isCurrent: true },
    ]);
  });

  test('needs a session (401)', async () => {
    expect((await t.call('GET', '/api/auth/companies')).status).toBe(401);
  });
});

describe('POST /api/auth/switch-company', () => {
  test('moves this session at once: the user, the role and company-scoped lists follow', async () => {
    const { host, person, homeId, hostId } = await personInTwoCompanies(t, 'Home Co', 'Host Co', 'viewer');
    await t.call('POST', '/api/sites', { cookie: host.cookie, body: { name: 'Host depot', country: 'GB' } });
    // Cached for this session now (SESSION_CACHE_MS): the switch must not be answered from it.
    expect((await currentUser(person.cookie)).companyName).toBe('Host Co');

    const response = await switchTo(person.cookie, homeId);
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ companyId: homeId, companyName: 'Home Co', role: 'admin' });
    expect(Object.keys(response.json).sort()).toEqual(Object.keys(await currentUser(person.cookie)).sort());
    expect(await currentUser(person.cookie)).toEqual(response.json);
    expect((await t.call('GET', '/api/sites', { cookie: person.cookie })).json).toEqual([]);
    // As an admin at home, an admin call works; back at the host, as a viewer, it does not.
    expect((await t.call('GET', '/api/audit-logs', { cookie: person.cookie })).status).toBe(200);

    expect((await switchTo(person.cookie, hostId)).json).toMatchObject({
      companyName: 'Host Co',
      role: 'viewer',
    });
    const sites = (await t.call('GET', '/api/sites', { cookie: person.cookie })).json;
    expect(sites.map((site: { name: string }) => site.name)).toEqual(['Host depot']);
    expect((await t.call('GET', '/api/audit-logs', { cookie: person.cookie })).status).toBe(403);
    const listed = await t.call('GET', '/api/auth/companies', { cookie: person.cookie });
    expect(listed.json.companies[0]).toMatchObject({ companyId: hostId, isCurrent: true });
  });

  test('writes a company_switched row in the company entered, none in the one left', async () => {
    const { person, homeId, hostId } = await personInTwoCompanies(t, 'Audit Home', 'Audit Host');
    expect(await auditOf(homeId)).toEqual([]);
    expect((await switchTo(person.cookie, homeId)).status).toBe(200);
    expect(await auditOf(homeId)).toEqual([
      { userId: person.user.id, entityType: 'session', entityId: null },
    ]);
    expect(await auditOf(hostId)).toEqual([]);
  });

  test('switching to the company already current changes nothing and writes no audit row', async () => {
    const { person, hostId } = await personInTwoCompanies(t, 'Stay Home', 'Stay Host');
    const response = await switchTo(person.cookie, hostId);
    expect(response.status).toBe(200);
    expect(response.json.companyId).toBe(hostId);
    expect(await auditOf(hostId)).toEqual([]);
  });

  test('a company the person is not in answers 404 like a missing one, and nothing changes', async () => {
    const { person, hostId } = await personInTwoCompanies(t, 'Safe Home', 'Safe Host');
    const other = await t.signUpCompany({ companyName: 'Not Yours Ltd' });
    await currentUser(person.cookie);
    const refused = await switchTo(person.cookie, other.user.companyId);
    const missing = await switchTo(person.cookie, crypto.randomUUID());
    expect(refused.status).toBe(404);
    expect(refused.json).toEqual({
      message: 'You are not a member of that company. Ask one of its admins to invite you.',
      code: 'not_a_member',
    });
    expect(missing.json).toEqual(refused.json);
    expect((await currentUser(person.cookie)).companyId).toBe(hostId);
    const token = person.cookie.replace('esg_session=', '');
    const row = await t.db
      .select({ companyId: sessions.companyId })
      .from(sessions)
      .where(eq(sessions.id, await sessionIdFromToken(token)))
      .get();
    expect(row?.companyId).toBe(hostId);
    expect(await auditOf(other.user.companyId)).toEqual([]);
  });

  test('a removed member can no longer switch to that company nor see it listed', async () => {
    const { host, person, homeId, hostId } = await personInTwoCompanies(t, 'Left Home', 'Left Host');
    expect((await switchTo(person.cookie, homeId)).status).toBe(200);
    const team = await t.call('GET', '/api/team', { cookie: host.cookie });
    const row = team.json.members.find((member: { userId: string }) => member.userId === person.user.id);
    expect((await t.call('DELETE', `/api/team/members/${row.id}`, { cookie: host.cookie })).status).toBe(204);
    expect((await switchTo(person.cookie, hostId)).status).toBe(404);
    expect((await currentUser(person.cookie)).companyId).toBe(homeId);
    const listed = await t.call('GET', '/api/auth/companies', { cookie: person.cookie });
    expect(listed.json.companies.map((company: { companyId: string }) => company.companyId)).toEqual([
      homeId,
    ]);
  });

  test('switches only this session: the same person signed in elsewhere stays put', async () => {
    const { person, homeId, hostId } = await personInTwoCompanies(t, 'Two Tabs Home', 'Two Tabs Host');
    const signIn = await t.call('POST', '/api/auth/signin', {
      body: { email: person.user.email, password: PASSWORD },
    });
    const laptop = sessionCookieFrom(signIn.headers)!;
    expect((await currentUser(laptop)).companyId).toBe(hostId);
    expect((await switchTo(person.cookie, homeId)).status).toBe(200);
    expect((await currentUser(laptop)).companyId).toBe(hostId);
    expect((await currentUser(person.cookie)).companyId).toBe(homeId);
  });

  test('validates the body (400) before anything else, after the session (401)', async () => {
    const { person, hostId } = await personInTwoCompanies(t, 'Valid Home', 'Valid Host');
    for (const body of [
      {},
      { companyId: '' },
      { companyId: 42 },
      { companyId: 'x'.repeat(101) },
      'not json',
    ]) {
      const response = await t.call('POST', '/api/auth/switch-company', { cookie: person.cookie, body });
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
    }
    const empty = await switchTo(person.cookie, '');
    expect(empty.json.details.fieldErrors.companyId).toEqual(['Choose a company']);
    expect((await currentUser(person.cookie)).companyId).toBe(hostId);
    expect((await t.call('POST', '/api/auth/switch-company', { body: { companyId: hostId } })).status).toBe(
      401,
    );
  });

  test('refuses a cross-site request (CSRF guard)', async () => {
    const { person, homeId, hostId } = await personInTwoCompanies(t, 'Csrf Home', 'Csrf Host');
    const response = await t.call('POST', '/api/auth/switch-company', {
      cookie: person.cookie,
      body: { companyId: homeId },
      headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(response.status).toBe(403);
    expect(response.json.code).toBe('csrf_rejected');
    expect((await currentUser(person.cookie)).companyId).toBe(hostId);
  });

  test('an API key cannot list companies or switch (403): it belongs to one company', async () => {
    const { person, homeId } = await personInTwoCompanies(t, 'Key Home', 'Key Host', 'admin');
    const { secret } = await createKey(t, person.cookie);
    const listed = await callWithKey(t, 'GET', '/api/auth/companies', secret);
    expect(listed.status).toBe(403);
    expect(listed.json.code).toBe('session_required');
    const switched = await callWithKey(t, 'POST', '/api/auth/switch-company', secret, {
      body: { companyId: homeId },
    });
    expect(switched.status).toBe(403);
    expect(switched.json).toEqual({
      message:
        'An API key belongs to one company and cannot switch: create a key in the other company instead.',
      code: 'session_required',
    });
    expect(await auditOf(homeId)).toEqual([]);
  });
});

describe('rate limit', () => {
  test('a person who switches too often in the window gets 429', async () => {
    const limited = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_IP: '3' } });
    const { person, homeId, hostId } = await personInTwoCompanies(limited, 'Busy Home', 'Busy Host');
    const go = (companyId: string) =>
      limited.call('POST', '/api/auth/switch-company', { cookie: person.cookie, body: { companyId } });
    expect((await go(homeId)).status).toBe(200);
    expect((await go(hostId)).status).toBe(200);
    expect((await go(homeId)).status).toBe(200);
    const refused = await go(hostId);
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe('rate_limited');
  });
});
