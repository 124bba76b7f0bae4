// Sign-up where outgoing email is set up (decision 041, "Sign-up with email confirmation"): the
// same answer for a new and a taken address, and the account opens only from the emailed link.
import { afterAll, describe, expect, spyOn, test } from 'bun:test';
import { count, eq } from 'drizzle-orm';
import { companies, memberships, pendingSignups, users } from '../../db/schema/auth.ts';
import { sha256Hex } from '../../src/domain/sha256.ts';
import * as passwordHashing from '../../src/server/lib/password.ts';
import { startFakeSmtp } from '../fakes/smtp.ts';
import { mailBody, signUpLinkToken, waitForMailTo } from '../helpers/mail.ts';
import { uniqueEmail } from '../helpers/team.ts';
import { createTestApp, sessionCookieFrom } from '../helpers/test-app.ts';

const smtp = await startFakeSmtp();
afterAll(() => smtp.close());
let clock = new Date('2026-06-01T12:00:00Z');
const env = {
  SMTP_URL: smtp.url('mail', 'secret'),
  SMTP_FROM: 'ESG Pilot <pilot@example.com>',
  PUBLIC_URL: 'https://esg.example.com',
};
const t = await createTestApp({ smtp, now: () => clock, env });
/** Small limits, in a database of their own. */
const limited = await createTestApp({
  smtp,
  now: () => clock,
  env: { ...env, TRUST_PROXY: 'true', SIGN_UP_EMAILS_PER_HOUR: '2', AUTH_RATE_LIMIT_PER_IP: '3' },
});
const HOUR = 60 * 60 * 1000;
const PASSWORD = 'a long passphrase';

const form = (email: string, overrides: Record<string, string> = {}) => ({
  firstName: 'Grace',
  lastName: 'Hopper',
  email,
  password: PASSWORD,
  companyName: 'Hopper Ltd',
  jurisdiction: 'SECR',
  ...overrides,
});

/** Sign-up, then the first email that reaches the address after it. */
async function signUpAndReadMail(app: typeof t, email: string, overrides: Record<string, string> = {}) {
  const before = smtp.messages.length;
  const response = await app.call('POST', '/api/auth/signup', { body: form(email, overrides) });
  const mail = await waitForMailTo(smtp, email, before);
  const body = mailBody(mail.data);
  return { response, mail, body, token: signUpLinkToken(body) };
}

const confirm = (token: string | undefined, app = t) =>
  app.call('POST', '/api/auth/signup/confirm', { body: { token } });

const userCount = async () => (await t.db.select({ n: count() }).from(users).get())!.n;

describe('sign-up with email set up', () => {
  test('answers a new and a taken address byte for byte alike, with no session, after the same hashing', async () => {
    const { user } = await t.signUpCompany();
    const fresh = uniqueEmail('fresh');
    const hasher = spyOn(passwordHashing, 'hashPassword');
    try {
      const taken = await signUpAndReadMail(t, user.email);
      const created = await signUpAndReadMail(t, fresh);
      expect(hasher.mock.calls).toEqual([[PASSWORD], [PASSWORD]]);
      for (const [{ response }, email] of [
        [taken, user.email],
        [created, fresh],
      ] as const) {
        expect(response.status).toBe(202);
        expect(response.headers.getSetCookie()).toEqual([]);
        expect(response.json).toEqual({
          message: `Check your inbox: we sent a link to ${email} to finish creating your account.`,
          email,
        });
      }
      // Identical apart from the address the person typed.
      expect(taken.response.text.replaceAll(user.email, '@')).toBe(
        created.response.text.replaceAll(fresh, '@'),
      );
    } finally {
      hasher.mockRestore();
    }
  });

  test('a taken address gets an "already have an account" email, no link, and its account is unchanged', async () => {
    const { user, password } = await t.signUpCompany();
    const before = await t.db.select().from(users).where(eq(users.id, user.id)).get();
    const { mail, body, token } = await signUpAndReadMail(t, user.email, { password: 'another passphrase' });
    expect(mail).toMatchObject({ from: 'pilot@example.com', to: [user.email] });
    expect(body).toContain('Someone (maybe you) tried to create an ESG Pilot account with this address');
    expect(body).toContain('Sign in here: https://esg.example.com/login');
    expect(body).toContain('Reset it here: https://esg.example.com/forgot-password');
    expect(token).toBeUndefined();
    expect(await t.db.select().from(pendingSignups).where(eq(pendingSignups.email, user.email))).toEqual([]);
    expect(await t.db.select().from(users).where(eq(users.id, user.id)).get()).toEqual(before);
    expect((await t.call('POST', '/api/auth/signin', { body: { email: user.email, password } })).status).toBe(
      200,
    );
  });

  test('a new address gets a link that creates the account, signs in once, and stores only its hash', async () => {
    const email = uniqueEmail('new');
    const users0 = await userCount();
    const { mail, body, token } = await signUpAndReadMail(t, email);
    expect(mail).toMatchObject({ from: 'pilot@example.com', to: [email] });
    expect(body).toContain('expires on 2026-06-02 12:00 UTC');
    expect(token).toBeDefined();
    expect(await userCount()).toBe(users0);
    const pending = await t.db.select().from(pendingSignups).where(eq(pendingSignups.email, email)).get();
    expect(pending).toMatchObject({
      tokenHash: sha256Hex(token!),
      expiresAt: new Date(clock.getTime() + 24 * HOUR),
    });
    expect(pending!.passwordHash).not.toContain(PASSWORD);

    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(201);
    expect(confirmed.json).toMatchObject({
      email,
      firstName: 'Grace',
      companyName: 'Hopper Ltd',
      role: 'admin',
    });
    const cookie = sessionCookieFrom(confirmed.headers)!;
    expect((await t.call('GET', '/api/auth/user', { cookie })).json).toMatchObject({
      email,
      jurisdiction: 'SECR',
    });
    const user = await t.db.select().from(users).where(eq(users.email, email)).get();
    const membership = await t.db.select().from(memberships).where(eq(memberships.userId, user!.id)).get();
    expect(membership?.role).toBe('admin');
    expect(
      await t.db.select().from(companies).where(eq(companies.id, membership!.companyId)).get(),
    ).toMatchObject({
      name: 'Hopper Ltd',
    });
    expect(await t.db.select().from(pendingSignups).where(eq(pendingSignups.email, email))).toEqual([]);
    expect((await t.call('POST', '/api/auth/signin', { body: { email, password: PASSWORD } })).status).toBe(
      200,
    );

    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(again.json.message).toContain('This sign-up link is not valid');
    expect(again.headers.getSetCookie()).toEqual([]);
    expect(await userCount()).toBe(users0 + 1);
  });

  test('a link expires after 24 hours and then creates nothing', async () => {
    const email = uniqueEmail('late');
    const { token } = await signUpAndReadMail(t, email);
    const start = clock;
    clock = new Date(start.getTime() + 24 * HOUR);
    try {
      const late = await confirm(token);
      expect(late.status).toBe(400);
      expect(late.json).toMatchObject({ code: 'signup_link_invalid' });
      expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
      expect(await t.db.select().from(pendingSignups).where(eq(pendingSignups.email, email))).toEqual([]);
    } finally {
      clock = start;
    }
  });

  test('a newer sign-up replaces the older one: only the newest link works, with the newest details', async () => {
    const email = uniqueEmail('twice');
    const first = await signUpAndReadMail(t, email, { companyName: 'First Ltd' });
    const second = await signUpAndReadMail(t, email, { companyName: 'Second Ltd' });
    expect(first.token).not.toBe(second.token);
    expect((await confirm(first.token)).status).toBe(400);
    const confirmed = await confirm(second.token);
    expect(confirmed.status).toBe(201);
    expect(confirmed.json.companyName).toBe('Second Ltd');
  });

  test('an address that got an account between the request and the link is refused with 409 and nothing changes', async () => {
    const email = uniqueEmail('raced');
    const { token } = await signUpAndReadMail(t, email);
    // The address opens an account another way meanwhile (an invitation, single sign-on).
    await t.db.insert(users).values({ email, firstName: 'Other', lastName: 'Person', passwordHash: null });
    const users0 = await userCount();
    const response = await confirm(token);
    expect(response.status).toBe(409);
    expect(response.json.message).toBe('This address already has an account. Sign in instead.');
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await userCount()).toBe(users0);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toMatchObject([
      { firstName: 'Other' },
    ]);
    expect(await t.db.select().from(pendingSignups).where(eq(pendingSignups.email, email))).toEqual([]);
  });

  test('refuses a malformed token with a plain message', async () => {
    const response = await confirm('short');
    expect(response.status).toBe(400);
    expect(response.json.details.fieldErrors.token).toEqual(['The sign-up link is incomplete']);
  });
});

describe('sign-up limits with email set up', () => {
  test('sends at most SIGN_UP_EMAILS_PER_HOUR emails to one address; more requests get the same answer', async () => {
    const email = uniqueEmail('flood');
    const before = smtp.messages.length;
    const answers = [];
    for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      answers.push(
        await limited.call('POST', '/api/auth/signup', {
          body: form(email),
          headers: { 'X-Forwarded-For': ip },
        }),
      );
    }
    expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202]);
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
    const first = await waitForMailTo(smtp, email, before);
    await waitForMailTo(smtp, email, smtp.messages.indexOf(first) + 1);
    // A later sign-up's email has arrived, so the third request had its turn: it sent nothing.
    const sentinel = uniqueEmail('sentinel');
    const afterFlood = smtp.messages.length;
    await limited.call('POST', '/api/auth/signup', {
      body: form(sentinel),
      headers: { 'X-Forwarded-For': '198.51.100.4' },
    });
    await waitForMailTo(smtp, sentinel, afterFlood);
    expect(smtp.messages.slice(before).filter((message) => message.to.includes(email))).toHaveLength(2);
  });

  test('refuses sign-ups from one IP beyond the per-IP limit with 429', async () => {
    const headers = { 'X-Forwarded-For': '203.0.113.9' };
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      statuses.push(
        (await limited.call('POST', '/api/auth/signup', { body: form(uniqueEmail('ip')), headers })).status,
      );
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
  });
});
