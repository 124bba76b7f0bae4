// Sign-in opens the company the person last chose (decision 034): password and single sign-on.
import { afterAll, describe, expect, test } from 'bun:test';
import { eq, sql } from 'drizzle-orm';
import { companies, users } from '../../db/schema/auth.ts';
import { startFakeOidcProvider } from '../fakes/oidc-provider.ts';
import { signInWithProvider } from '../helpers/sso.ts';
import { invite, PASSWORD, signUpFromInvite, uniqueEmail } from '../helpers/team.ts';
import { createTestApp, sessionCookieFrom } from '../helpers/test-app.ts';

const google = startFakeOidcProvider({ clientId: 'google-client', clientSecret: 'google-secret' });
afterAll(() => google.stop());
const t = await createTestApp({
  env: { GOOGLE_CLIENT_ID: 'google-client', GOOGLE_CLIENT_SECRET: 'google-secret' },
  oauthEndpoints: { google: google.endpoints },
});

/**
 * A person whose own company is `homeName` (signed up first) and who then joins `hostName` by
 * invitation, so the host is the one they joined most recently (decision 018's rule).
 */
async function personInTwoCompanies(homeName: string, hostName: string) {
  const host = await t.signUpCompany({ companyName: hostName });
  const person = await t.signUpCompany({ companyName: homeName, firstName: 'Pat' });
  const accepted = await t.call('POST', '/api/invites/accept', {
    cookie: person.cookie,
    body: { token: (await invite(t, host.cookie, person.user.email)).token },
  });
  expect(accepted.status).toBe(200);
  return {
    host,
    email: person.user.email as string,
    userId: person.user.id as string,
    cookie: sessionCookieFrom(accepted.headers)!,
    homeId: person.user.companyId as string,
    hostId: host.user.companyId as string,
  };
}

const switchTo = (cookie: string, companyId: string) =>
  t.call('POST', '/api/auth/switch-company', { cookie, body: { companyId } });

async function signOut(cookie: string) {
  expect((await t.call('POST', '/api/logout', { cookie })).status).toBe(204);
}

/** Signs in with the password; answers the company the new session is in, as the API shows it. */
async function signInCompany(email: string): Promise<string> {
  const response = await t.call('POST', '/api/auth/signin', { body: { email, password: PASSWORD } });
  expect(response.status).toBe(200);
  const me = await t.call('GET', '/api/auth/user', { cookie: sessionCookieFrom(response.headers)! });
  expect(me.json.companyId).toBe(response.json.companyId);
  return response.json.companyId;
}

const lastCompanyOf = async (userId: string) =>
  (await t.db.select({ id: users.lastCompanyId }).from(users).where(eq(users.id, userId)).get())?.id;

async function removeFrom(admin: { cookie: string }, userId: string) {
  const team = await t.call('GET', '/api/team', { cookie: admin.cookie });
  const row = team.json.members.find((member: { userId: string }) => member.userId === userId);
  expect((await t.call('DELETE', `/api/team/members/${row.id}`, { cookie: admin.cookie })).status).toBe(204);
}

/**
 * Runs the browser's part of the redirect dance (app → provider → app callback); answers the new
 * session's cookie and the company it is in.
 */
async function signInWithGoogle() {
  const response = await signInWithProvider(t, 'google');
  expect(response.headers.get('location')).toBe('/');
  const cookie = sessionCookieFrom(response.headers)!;
  const me = await t.call('GET', '/api/auth/user', { cookie });
  return { cookie, companyId: me.json.companyId as string };
}

describe('sign-in opens the company last chosen', () => {
  test('switch to a company, sign out, sign in: the new session is in that company', async () => {
    const person = await personInTwoCompanies('Return Home', 'Return Host');
    // Without a switch, the invitation just accepted decides.
    expect(await signInCompany(person.email)).toBe(person.hostId);
    expect((await switchTo(person.cookie, person.homeId)).status).toBe(200);
    expect(await lastCompanyOf(person.userId)).toBe(person.homeId);
    await signOut(person.cookie);
    expect(await signInCompany(person.email)).toBe(person.homeId);
    expect(await signInCompany(person.email)).toBe(person.homeId);
  });

  test('accepting an invitation makes the company joined the one sign-in opens', async () => {
    const person = await personInTwoCompanies('Joiner Home', 'Joiner Host');
    expect((await switchTo(person.cookie, person.homeId)).status).toBe(200);
    const third = await t.signUpCompany({ companyName: 'Joiner Third' });
    const accepted = await t.call('POST', '/api/invites/accept', {
      cookie: person.cookie,
      body: { token: (await invite(t, third.cookie, person.email)).token },
    });
    expect(accepted.status).toBe(200);
    expect(await lastCompanyOf(person.userId)).toBe(third.user.companyId);
    expect(await signInCompany(person.email)).toBe(third.user.companyId);
  });

  test('an account created from an invitation remembers the company it joined', async () => {
    const admin = await t.signUpCompany({ companyName: 'Invite Only Co' });
    const member = await signUpFromInvite(t, (await invite(t, admin.cookie, uniqueEmail('new'))).token);
    expect(await lastCompanyOf(member.user.id)).toBe(admin.user.companyId);
    expect(await signInCompany(member.user.email)).toBe(admin.user.companyId);
  });

  test('removed from the company last chosen: sign-in opens the one joined most recently', async () => {
    const person = await personInTwoCompanies('Stay Home', 'Leave Host');
    const third = await t.signUpCompany({ companyName: 'Later Third' });
    const accepted = await t.call('POST', '/api/invites/accept', {
      cookie: person.cookie,
      body: { token: (await invite(t, third.cookie, person.email)).token },
    });
    // Chooses the host again, then the host's admin removes them.
    expect((await switchTo(sessionCookieFrom(accepted.headers)!, person.hostId)).status).toBe(200);
    expect(await signInCompany(person.email)).toBe(person.hostId);
    await removeFrom(person.host, person.userId);
    // The removal forgets it (no trace of a company they left), and sign-in never lands there.
    expect(await lastCompanyOf(person.userId)).toBeNull();
    expect(await signInCompany(person.email)).toBe(third.user.companyId);
  });

  test('a remembered company the person is no longer in is never opened', async () => {
    const person = await personInTwoCompanies('Stale Home', 'Stale Host');
    const stranger = await t.signUpCompany({ companyName: 'Never Joined Ltd' });
    // A value no flow writes (say, restored from a backup): sign-in checks membership itself.
    await t.db
      .update(users)
      .set({ lastCompanyId: stranger.user.companyId })
      .where(eq(users.id, person.userId));
    expect(await signInCompany(person.email)).toBe(person.hostId);
  });

  test('the company last chosen is deleted: its memory goes with it and sign-in falls back', async () => {
    const person = await personInTwoCompanies('Gone Home', 'Gone Host');
    expect((await switchTo(person.cookie, person.homeId)).status).toBe(200);
    // An operator deletes the company (memberships and sessions cascade).
    await t.db.delete(companies).where(eq(companies.id, person.homeId));
    expect(await lastCompanyOf(person.userId)).toBeNull();
    expect(await signInCompany(person.email)).toBe(person.hostId);
  });

  test('the column is ON DELETE SET NULL in the migrated database, not only in the schema', async () => {
    // drizzle-kit 0.31 drops the action from ADD COLUMN (drizzle-orm#5619); 0013 states it by hand.
    const keys = await t.db.all<{ table: string; from: string; on_delete: string }>(
      sql`select "table", "from", on_delete from pragma_foreign_key_list('users')`,
    );
    expect(keys).toEqual([{ table: 'companies', from: 'last_company_id', on_delete: 'SET NULL' }]);
  });

  test('single sign-on opens the company last chosen too, when linking and once linked', async () => {
    const person = await personInTwoCompanies('Sso Home', 'Sso Host');
    expect((await switchTo(person.cookie, person.homeId)).status).toBe(200);
    await signOut(person.cookie);
    google.signInAs({
      sub: `g-${person.userId}`,
      email: person.email,
      email_verified: true,
      given_name: 'Pat',
    });
    // First time: links the identity to the password account, then opens a session.
    const linking = await signInWithGoogle();
    expect(linking.companyId).toBe(person.homeId);
    // Once linked, the same rule: chooses the host, and the next sign-on opens the host.
    expect((await switchTo(linking.cookie, person.hostId)).status).toBe(200);
    expect((await signInWithGoogle()).companyId).toBe(person.hostId);
    // Removed from the host: home is what is left.
    await removeFrom(person.host, person.userId);
    expect((await signInWithGoogle()).companyId).toBe(person.homeId);
  });
});

describe('privacy', () => {
  test('the export shows the company last chosen', async () => {
    const person = await personInTwoCompanies('Export Home', 'Export Host');
    expect((await switchTo(person.cookie, person.homeId)).status).toBe(200);
    const exported = await t.call('GET', '/api/gdpr/export-data', { cookie: person.cookie });
    expect(exported.status).toBe(200);
    expect(exported.json.profile.lastChosenCompanyId).toBe(person.homeId);
    expect(exported.json.fields.profile).toContain('the company you last chose');
  });

  test('deleting an account whose remembered company is deleted with it succeeds', async () => {
    const person = await personInTwoCompanies('Erased Home', 'Erased Host');
    // Home has no other member: it is deleted with the account, while the user row still names it.
    expect((await switchTo(person.cookie, person.homeId)).status).toBe(200);
    const response = await t.call('DELETE', '/api/gdpr/delete-account', {
      cookie: person.cookie,
      body: { confirmed: true },
    });
    expect(response.status).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.id, person.userId))).toEqual([]);
    expect(await t.db.select().from(companies).where(eq(companies.id, person.homeId))).toEqual([]);
    expect(await t.db.select().from(companies).where(eq(companies.id, person.hostId))).toHaveLength(1);
  });
});
