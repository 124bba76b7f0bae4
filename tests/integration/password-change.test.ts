import { describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit.ts';
import { sessions, users } from '../../db/schema/auth.ts';
import { PASSWORD_MESSAGES } from '../../src/domain/account/password-policy.ts';
import { invite, uniqueEmail } from '../helpers/team.ts';
import { createTestApp, sessionCookieFrom } from '../helpers/test-app.ts';

const t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_EMAIL: '4' } });
const NEW_PASSWORD = 'a brand new passphrase';

async function signIn(email: string, password: string) {
  const response = await t.call('POST', '/api/auth/signin', { body: { email, password } });
  return { status: response.status, cookie: sessionCookieFrom(response.headers) };
}

const storedHash = async (userId: string) =>
  (await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).get())!.hash;

describe('PUT /api/auth/password', () => {
  test('changes the password, keeps this session, ends the others, and audits it', async () => {
    const owner = await t.signUpCompany();
    const other = await signIn(owner.user.email, owner.password);
    expect(other.status).toBe(200);
    const response = await t.call('PUT', '/api/auth/password', {
      cookie: owner.cookie,
      body: { currentPassword: owner.password, newPassword: NEW_PASSWORD },
    });
    expect(response.status).toBe(204);
    expect((await t.call('GET', '/api/auth/user', { cookie: owner.cookie })).status).toBe(200);
    expect((await t.call('GET', '/api/auth/user', { cookie: other.cookie! })).status).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, owner.user.id)).all()).toHaveLength(
      1,
    );
    expect((await signIn(owner.user.email, owner.password)).status).toBe(401);
    expect((await signIn(owner.user.email, NEW_PASSWORD)).status).toBe(200);
    const audit = await t.db
      .select({ action: auditLogs.action, userId: auditLogs.userId, entityId: auditLogs.entityId })
      .from(auditLogs)
      .where(and(eq(auditLogs.companyId, owner.user.companyId), eq(auditLogs.action, 'password_changed')))
      .all();
    expect(audit).toEqual([{ action: 'password_changed', userId: owner.user.id, entityId: owner.user.id }]);
  });

  test('a wrong current password answers 400 beside that field and changes nothing', async () => {
    const owner = await t.signUpCompany();
    const before = await storedHash(owner.user.id);
    const response = await t.call('PUT', '/api/auth/password', {
      cookie: owner.cookie,
      body: { currentPassword: 'not my password', newPassword: NEW_PASSWORD },
    });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({
      message: 'Your current password is not correct',
      code: 'wrong_password',
      details: { fieldErrors: { currentPassword: ['Your current password is not correct'] } },
    });
    expect(await storedHash(owner.user.id)).toBe(before);
  });

  test('the new password goes through the policy, with the message on the new-password field', async () => {
    const owner = await t.signUpCompany();
    const before = await storedHash(owner.user.id);
    const cases: [string, string][] = [
      ['12345678', PASSWORD_MESSAGES.tooShort],
      ['Password123', PASSWORD_MESSAGES.common],
      [owner.user.email, PASSWORD_MESSAGES.isEmail],
      [' '.repeat(12), PASSWORD_MESSAGES.onlySpaces],
      ['\u0000'.repeat(12), PASSWORD_MESSAGES.controlCharacters],
    ];
    for (const [newPassword, message] of cases) {
      const response = await t.call('PUT', '/api/auth/password', {
        cookie: owner.cookie,
        body: { currentPassword: owner.password, newPassword },
      });
      expect({ newPassword, status: response.status, field: response.json.details.fieldErrors }).toEqual({
        newPassword,
        status: 400,
        field: { newPassword: [message] },
      });
    }
    expect(await storedHash(owner.user.id)).toBe(before);
  });

  test('guessing the current password is rate-limited per person', async () => {
    const owner = await t.signUpCompany();
    const statuses: number[] = [];
    for (let index = 0; index < 5; index++) {
      const response = await t.call('PUT', '/api/auth/password', {
        cookie: owner.cookie,
        body: { currentPassword: `guess number ${index}`, newPassword: NEW_PASSWORD },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
  });

  test('an account without a password (single sign-on) is told how to get one', async () => {
    const owner = await t.signUpCompany();
    await t.db.update(users).set({ passwordHash: null }).where(eq(users.id, owner.user.id));
    const response = await t.call('PUT', '/api/auth/password', {
      cookie: owner.cookie,
      body: { currentPassword: 'anything at all', newPassword: NEW_PASSWORD },
    });
    expect(response.status).toBe(409);
    expect(response.json.code).toBe('no_password');
    expect(await storedHash(owner.user.id)).toBeNull();
  });

  test('needs a session', async () => {
    const response = await t.call('PUT', '/api/auth/password', {
      body: { currentPassword: 'x', newPassword: NEW_PASSWORD },
    });
    expect(response.status).toBe(401);
  });
});

describe('the policy where accounts are made', () => {
  test('sign-up refuses a common password, the email and control characters, and stores nothing', async () => {
    const email = uniqueEmail('policy');
    const body = { firstName: 'A', lastName: 'B', email, companyName: 'C' };
    const cases: [string, string][] = [
      ['password', PASSWORD_MESSAGES.tooShort],
      ['qwertyuiop', PASSWORD_MESSAGES.common],
      [email.toUpperCase(), PASSWORD_MESSAGES.isEmail],
      [email.split('@')[0]!, PASSWORD_MESSAGES.isEmail],
      ['\u0000'.repeat(8), PASSWORD_MESSAGES.tooShort],
      [' '.repeat(8), PASSWORD_MESSAGES.tooShort],
    ];
    for (const [password, message] of cases) {
      const response = await t.call('POST', '/api/auth/signup', { body: { ...body, password } });
      expect({
        password,
        status: response.status,
        field: response.json.details.fieldErrors.password,
      }).toEqual({
        password,
        status: 400,
        field: [message],
      });
    }
    expect(await t.db.select().from(users).where(eq(users.email, email)).all()).toHaveLength(0);
  });

  test('invitation sign-up refuses the invited address as the password', async () => {
    const admin = await t.signUpCompany();
    const email = uniqueEmail('invited');
    const sent = await invite(t, admin.cookie, email);
    const response = await t.call('POST', '/api/invites/signup', {
      body: { token: sent.token, firstName: 'A', lastName: 'B', password: email },
    });
    expect(response.status).toBe(400);
    expect(response.json.details.fieldErrors.password).toEqual([PASSWORD_MESSAGES.isEmail]);
    expect(await t.db.select().from(users).where(eq(users.email, email)).all()).toHaveLength(0);
  });
});
