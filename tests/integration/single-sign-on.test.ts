import { afterAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit.ts';
import { oauthAccounts, users } from '../../db/schema/auth.ts';
import { startFakeOidcProvider } from '../fakes/oidc-provider.ts';
import { signInWithProvider } from '../helpers/sso.ts';
import { createTestApp, ORIGIN, sessionCookieFrom } from '../helpers/test-app.ts';

const google = startFakeOidcProvider({ clientId: 'google-client', clientSecret: 'google-secret' });
afterAll(() => google.stop());
const t = await createTestApp({
  env: { GOOGLE_CLIENT_ID: 'google-client', GOOGLE_CLIENT_SECRET: 'google-secret' },
  oauthEndpoints: { google: google.endpoints },
});

const signInWithGoogle = () => signInWithProvider(t, 'google');

describe('single sign-on', () => {
  test('offers Google only when it is configured', async () => {
    expect((await t.call('GET', '/api/auth/providers')).json).toEqual({
      password: true,
      google: true,
      microsoft: false,
    });
    const microsoft = await t.call('GET', '/api/auth/oauth/microsoft');
    expect(microsoft.headers.get('location')).toBe('/login?error=oauth_not_configured');
  });

  test('sends the browser to the provider with state and a PKCE challenge', async () => {
    const start = await t.app.request(`${ORIGIN}/api/auth/oauth/google`);
    const location = new URL(start.headers.get('location')!);
    expect(location.origin).toBe(google.issuer);
    expect(location.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/api/auth/oauth/google/callback`);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('scope')).toBe('openid profile email');
    expect(start.headers.getSetCookie().join()).toContain('HttpOnly');
  });

  test('creates an account with its own company on first sign-in, then reuses it', async () => {
    google.signInAs({
      sub: 'g-1',
      email: 'Kat@Example.com',
      email_verified: true,
      given_name: 'Katherine',
      family_name: 'Johnson',
    });
    const first = await signInWithGoogle();
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('/');
    const cookie = sessionCookieFrom(first.headers)!;
    const me = await t.call('GET', '/api/auth/user', { cookie });
    expect(me.json).toMatchObject({
      email: 'kat@example.com',
      firstName: 'Katherine',
      companyName: "Katherine's company",
      role: 'admin',
    });
    expect(google.tokenRequests.at(-1)!.get('grant_type')).toBe('authorization_code');

    // The session that opened the account is the first visit; the next sign-in is a return (decision 054).
    expect((await t.call('GET', '/api/dashboard/overview', { cookie })).json.isFirstVisit).toBe(true);

    const again = await signInWithGoogle();
    const meAgain = await t.call('GET', '/api/auth/user', { cookie: sessionCookieFrom(again.headers)! });
    expect(meAgain.json.id).toBe(me.json.id);
    const back = await t.call('GET', '/api/dashboard/overview', {
      cookie: sessionCookieFrom(again.headers)!,
    });
    expect(back.json.isFirstVisit).toBe(false);
  });

  test('links to an existing password account with the same verified email', async () => {
    const { user } = await t.signUpCompany({ email: 'linked@example.com' });
    google.signInAs({ sub: 'g-2', email: 'linked@example.com', email_verified: true, given_name: 'L' });
    const response = await signInWithGoogle();
    const me = await t.call('GET', '/api/auth/user', { cookie: sessionCookieFrom(response.headers)! });
    expect(me.json.id).toBe(user.id);
    const link = await t.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, user.id)).get();
    expect(link).toMatchObject({ provider: 'google', providerUserId: 'g-2' });
    const actions = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.userId, user.id))
      .all();
    expect(actions.map((row) => row.action)).toEqual([
      'account_created',
      'single_sign_on_linked',
      'signed_in',
    ]);
  });

  test('refuses an unverified email and a tampered state', async () => {
    google.signInAs({ sub: 'g-3', email: 'unverified@example.com', email_verified: false });
    const unverified = await signInWithGoogle();
    expect(unverified.headers.get('location')).toBe('/login?error=oauth_email_unverified');
    expect(
      await t.db.select().from(users).where(eq(users.email, 'unverified@example.com')).get(),
    ).toBeUndefined();

    const tampered = await t.app.request(`${ORIGIN}/api/auth/oauth/google/callback?code=x&state=forged`, {
      headers: { Cookie: 'esg_oauth_state=real; esg_oauth_verifier=v' },
    });
    expect(tampered.headers.get('location')).toBe('/login?error=oauth_failed');
  });

  test('never links an unverified Google email to the account that has it', async () => {
    const { user } = await t.signUpCompany({ email: 'victim@example.com' });
    for (const claim of [{ email_verified: false }, {}]) {
      google.signInAs({
        sub: `g-attacker-${Object.keys(claim).length}`,
        email: 'victim@example.com',
        ...claim,
      });
      const response = await signInWithGoogle();
      expect(response.headers.get('location')).toBe('/login?error=oauth_email_unverified');
      expect(sessionCookieFrom(response.headers)).toBeNull();
    }
    expect(await t.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, user.id)).all()).toEqual(
      [],
    );
  });

  test('/api/login goes straight to the provider when it is the only way in', async () => {
    const ssoOnly = await createTestApp({
      env: {
        GOOGLE_CLIENT_ID: 'google-client',
        GOOGLE_CLIENT_SECRET: 'google-secret',
        AUTH_PASSWORD_ENABLED: 'false',
      },
      oauthEndpoints: { google: google.endpoints },
    });
    expect((await ssoOnly.call('GET', '/api/login')).headers.get('location')).toBe('/api/auth/oauth/google');
    const refused = await ssoOnly.call('POST', '/api/auth/signin', {
      body: { email: 'a@example.com', password: 'x' },
    });
    expect(refused.status).toBe(403);
  });
});

describe('single sign-on with Microsoft Entra ID', async () => {
  const entra = startFakeOidcProvider({ clientId: 'entra-client', clientSecret: 'entra-secret' });
  afterAll(() => entra.stop());
  const m = await createTestApp({
    env: { MICROSOFT_ENTRA_CLIENT_ID: 'entra-client', MICROSOFT_ENTRA_CLIENT_SECRET: 'entra-secret' },
    oauthEndpoints: { microsoft: entra.endpoints },
  });

  const signInWithMicrosoft = () => signInWithProvider(m, 'microsoft');

  test('without xms_edov, neither links to the account with that email nor opens a new one', async () => {
    const { user } = await m.signUpCompany({ email: 'owner@contoso.example' });
    const usersBefore = (await m.db.select().from(users).all()).length;
    for (const email of ['owner@contoso.example', 'newcomer@contoso.example']) {
      // Entra sends no email_verified; an email_verified it did send is not what decides.
      entra.signInAs({ sub: `ms-${email}`, email, email_verified: true, given_name: 'Eve' });
      const response = await signInWithMicrosoft();
      expect(response.headers.get('location')).toBe('/login?error=oauth_email_unverified');
      expect(sessionCookieFrom(response.headers)).toBeNull();
    }
    expect(await m.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, user.id)).all()).toEqual(
      [],
    );
    expect((await m.db.select().from(users).all()).length).toBe(usersBefore);
  });

  test('with xms_edov, links by email; the linked identity then signs in by its subject alone', async () => {
    const { user } = await m.signUpCompany({ email: 'linked@fabrikam.example' });
    entra.signInAs({ sub: 'ms-linked', email: 'linked@fabrikam.example', xms_edov: true });
    const linked = await signInWithMicrosoft();
    expect(linked.headers.get('location')).toBe('/');
    const me = await m.call('GET', '/api/auth/user', { cookie: sessionCookieFrom(linked.headers)! });
    expect(me.json.id).toBe(user.id);

    entra.signInAs({ sub: 'ms-linked', email: 'linked@fabrikam.example' });
    const again = await signInWithMicrosoft();
    const meAgain = await m.call('GET', '/api/auth/user', { cookie: sessionCookieFrom(again.headers)! });
    expect(meAgain.json.id).toBe(user.id);
  });
});
