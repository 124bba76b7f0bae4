import { afterAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit.ts';
import { memberships, passwordResetTokens, sessions, users } from '../../db/schema/auth.ts';
import { PASSWORD_MESSAGES } from '../../src/domain/account/password-policy.ts';
import { sha256Hex } from '../../src/domain/sha256.ts';
import { mailText, startFakeSmtp } from '../fakes/smtp.ts';
import { uniqueEmail } from '../helpers/team.ts';
import { createTestApp, sessionCookieFrom } from '../helpers/test-app.ts';

const smtp = await startFakeSmtp();
afterAll(() => smtp.close());
let clock = new Date('2026-06-01T12:00:00Z');
const t = await createTestApp({
  smtp,
  now: () => clock,
  env: {
    SMTP_URL: smtp.url('team', 'secret'),
    SMTP_FROM: 'ESG Pilot <accounts@example.com>',
    PUBLIC_URL: 'https://esg.example.com',
    PASSWORD_RESET_EMAILS_PER_HOUR: '2',
  },
});
/** No SMTP here. */
const offline = await createTestApp();
/** A small per-email failure limit, to lock an account by spraying it. */
const sprayed = await createTestApp({
  smtp,
  now: () => clock,
  env: {
    SMTP_URL: smtp.url('team', 'secret'),
    SMTP_FROM: 'ESG Pilot <accounts@example.com>',
    PUBLIC_URL: 'https://esg.example.com',
    AUTH_RATE_LIMIT_FAILURES_PER_EMAIL: '2',
  },
});
const NEW_PASSWORD = 'a brand new passphrase';
const HOUR = 60 * 60 * 1000;

const forgot = (email: string) => t.call('POST', '/api/auth/password/forgot', { body: { email } });

/** Asks for a link for `email` and returns the token from the email it sends. */
async function emailedToken(email: string): Promise<string> {
  const expected = smtp.messages.length + 1;
  expect((await forgot(email)).status).toBe(200);
  const mail = (await smtp.waitForMessages(expected))[expected - 1]!;
  expect(mail.to).toEqual([email]);
  const token = /https:\/\/esg\.example\.com\/reset-password\?token=([a-z2-7]{32})/.exec(mailText(mail))?.[1];
  expect(token).toBeDefined();
  return token!;
}

const reset = (token: string, password = NEW_PASSWORD) =>
  t.call('POST', '/api/auth/password/reset', { body: { token, password } });

const signIn = (email: string, password: string) =>
  t.call('POST', '/api/auth/signin', { body: { email, password } });

describe('forgot password with email set up', () => {
  test('the page learns that email is set up', async () => {
    const response = await t.call('GET', '/api/auth/password/forgot');
    expect(response.json).toEqual({ emailConfigured: true });
  });

  test('answers the same for an address with and without an account, and emails only the account', async () => {
    const owner = await t.signUpCompany();
    const before = smtp.messages.length;
    const known = await forgot(owner.user.email);
    const unknown = await forgot(uniqueEmail('nobody'));
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.json).toEqual(known.json);
    expect(known.json).toEqual({
      message: 'If an account exists for that address, we sent a link to reset its password.',
      emailConfigured: true,
    });
    const mails = await smtp.waitForMessages(before + 1);
    expect(mails.slice(before).map((mail) => mail.to)).toEqual([[owner.user.email]]);
    const body = mailText(mails[before]);
    expect(body).toContain('Someone (hopefully you) asked to reset the password of your ESG Pilot account.');
    expect(body).toContain('expires on 2026-06-01 13:00 UTC');
  });

  test('stores only the SHA-256 of the link, and the link resets the password once', async () => {
    const owner = await t.signUpCompany();
    const token = await emailedToken(owner.user.email);
    const rows = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, owner.user.id));
    expect(rows.map((row) => row.tokenHash)).toEqual([sha256Hex(token)]);
    expect(rows[0]!.expiresAt.getTime() - clock.getTime()).toBe(HOUR);

    const checked = await t.call('POST', '/api/auth/password/reset/check', { body: { token } });
    expect(checked.json).toEqual({ email: owner.user.email, expiresAt: rows[0]!.expiresAt.toISOString() });
    expect((await reset(token)).status).toBe(204);
    // Every session of the person ends; the old password stops working, the new one works.
    expect((await t.call('GET', '/api/auth/user', { cookie: owner.cookie })).status).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, owner.user.id)).all()).toEqual([]);
    expect((await signIn(owner.user.email, owner.password)).status).toBe(401);
    expect((await signIn(owner.user.email, NEW_PASSWORD)).status).toBe(200);
    // Used once: the same link again is refused, and nothing is left stored.
    const again = await reset(token, 'yet another passphrase');
    expect(again.status).toBe(404);
    expect(again.json.code).toBe('reset_link_invalid');
    expect(
      await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, owner.user.id)),
    ).toEqual([]);
    const actions = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.entityId, owner.user.id))
      .all();
    expect(actions.map((row) => row.action)).toEqual([
      'account_created',
      'password_reset_requested',
      'password_reset',
    ]);
  });

  test('a link expires after an hour', async () => {
    const owner = await t.signUpCompany();
    const token = await emailedToken(owner.user.email);
    const start = clock;
    try {
      clock = new Date(start.getTime() + HOUR);
      expect((await t.call('POST', '/api/auth/password/reset/check', { body: { token } })).status).toBe(404);
      expect((await reset(token)).status).toBe(404);
    } finally {
      clock = start;
    }
    expect((await signIn(owner.user.email, owner.password)).status).toBe(200);
  });

  test('a newer link replaces the older one', async () => {
    const owner = await t.signUpCompany();
    const first = await emailedToken(owner.user.email);
    const second = await emailedToken(owner.user.email);
    expect((await reset(first)).status).toBe(404);
    expect((await reset(second)).status).toBe(204);
  });

  test('the new password goes through the policy and a refused one keeps the link usable', async () => {
    const owner = await t.signUpCompany();
    const token = await emailedToken(owner.user.email);
    const refused = await reset(token, owner.user.email);
    expect(refused.status).toBe(400);
    expect(refused.json.details.fieldErrors.password).toEqual([PASSWORD_MESSAGES.isEmail]);
    expect((await reset(token, 'qwertyuiop')).json.details.fieldErrors.password).toEqual([
      PASSWORD_MESSAGES.common,
    ]);
    expect((await reset(token)).status).toBe(204);
  });

  test('two uses of one link at once: one succeeds, the other is refused and writes nothing', async () => {
    const owner = await t.signUpCompany();
    const token = await emailedToken(owner.user.email);
    const results = await Promise.all([
      reset(token, 'first racer passphrase'),
      reset(token, 'second racer passphrase'),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([204, 404]);
    const winner = results[0]!.status === 204 ? 'first racer passphrase' : 'second racer passphrase';
    expect((await signIn(owner.user.email, winner)).status).toBe(200);
    const resets = await t.db.select().from(auditLogs).where(eq(auditLogs.action, 'password_reset')).all();
    expect(resets.filter((row) => row.entityId === owner.user.id)).toHaveLength(1);
  });

  test('sends at most PASSWORD_RESET_EMAILS_PER_HOUR emails to one address, with the same answer', async () => {
    const owner = await t.signUpCompany();
    const before = smtp.messages.length;
    const answers = [];
    for (let index = 0; index < 3; index++) answers.push((await forgot(owner.user.email)).json);
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    await smtp.waitForMessages(before + 2);
    // The third made no link and no audit row, so no email can follow for it.
    const requested = await t.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'password_reset_requested'))
      .all();
    expect(requested.filter((row) => row.entityId === owner.user.id)).toHaveLength(2);
  });

  test('a reset lifts the lock on the account after a spray of failed sign-ins', async () => {
    const owner = await sprayed.signUpCompany();
    for (let index = 0; index < 2; index++) {
      await sprayed.call('POST', '/api/auth/signin', {
        body: { email: owner.user.email, password: 'wrong guess' },
      });
    }
    const locked = await sprayed.call('POST', '/api/auth/signin', {
      body: { email: owner.user.email, password: owner.password },
    });
    expect(locked.status).toBe(429);
    const expected = smtp.messages.length + 1;
    await sprayed.call('POST', '/api/auth/password/forgot', { body: { email: owner.user.email } });
    const token = /reset-password\?token=([a-z2-7]{32})/.exec(
      mailText((await smtp.waitForMessages(expected))[expected - 1]),
    )![1]!;
    expect(
      (await sprayed.call('POST', '/api/auth/password/reset', { body: { token, password: NEW_PASSWORD } }))
        .status,
    ).toBe(204);
    const signedIn = await sprayed.call('POST', '/api/auth/signin', {
      body: { email: owner.user.email, password: NEW_PASSWORD },
    });
    expect(signedIn.status).toBe(200);
    expect(sessionCookieFrom(signedIn.headers)).not.toBeNull();
  }, 120_000);

  test('an admin cannot issue a reset link here: the member asks for one by email', async () => {
    const admin = await t.signUpCompany();
    const member = await t.signUpCompany();
    // Moved into the admin's company straight in the database (invitations are emailed here).
    await t.db
      .update(memberships)
      .set({ companyId: admin.user.companyId, role: 'member' })
      .where(eq(memberships.userId, member.user.id));
    const membership = (await t.db
      .select()
      .from(memberships)
      .where(eq(memberships.userId, member.user.id))
      .get())!;
    const response = await t.call('POST', `/api/team/members/${membership.id}/reset-link`, {
      cookie: admin.cookie,
    });
    expect(response.status).toBe(409);
    expect(response.json.code).toBe('email_configured');
    expect(
      await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, member.user.id)),
    ).toEqual([]);
  });

  test('an unknown or malformed token is refused with a clear message', async () => {
    const unknown = await reset('A'.repeat(43));
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe(
      'This reset link is not valid: it has expired, was already used, or a newer one was sent. Ask for a new one.',
    );
    expect((await reset('short')).status).toBe(400);
    expect((await t.call('POST', '/api/auth/password/reset', { body: '{"token":' })).status).toBe(400);
  });
});

describe('forgot password where email is not set up', () => {
  test('says so in plain words, the same for every address, and sends nothing', async () => {
    const owner = await offline.signUpCompany();
    expect((await offline.call('GET', '/api/auth/password/forgot')).json).toEqual({ emailConfigured: false });
    const before = smtp.messages.length;
    const known = await offline.call('POST', '/api/auth/password/forgot', {
      body: { email: owner.user.email },
    });
    const unknown = await offline.call('POST', '/api/auth/password/forgot', {
      body: { email: uniqueEmail('x') },
    });
    expect(known.status).toBe(200);
    expect(known.json).toEqual(unknown.json);
    expect(known.json).toEqual({
      message:
        'Email is not set up on this server, so we cannot send you a link. Ask an admin of your company: they can give you a one-time reset link from Settings → Team.',
      emailConfigured: false,
    });
    expect(smtp.messages.length).toBe(before);
    expect(await offline.db.select().from(passwordResetTokens).all()).toEqual([]);
    expect(
      (await offline.db.select().from(users).where(eq(users.id, owner.user.id)).get())!.passwordHash,
    ).toBeTruthy();
  });
});
