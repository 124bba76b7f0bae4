import { describe, expect, spyOn, test } from 'bun:test';
import { count, eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit.ts';
import { companies, memberships, sessions, users } from '../../db/schema/auth.ts';
import * as passwordHashing from '../../src/server/lib/password.ts';
import { createTestApp, sessionCookieFrom } from '../helpers/test-app.ts';

const t = await createTestApp();

const countRows = async (table: typeof users | typeof companies | typeof sessions) =>
  (await t.db.select({ n: count() }).from(table).get())!.n;

describe('sign-up', () => {
  test('creates a company, makes the user its admin and signs them in', async () => {
    const response = await t.call('POST', '/api/auth/signup', {
      body: {
        firstName: ' Grace ',
        lastName: 'Hopper',
        email: 'Grace@Example.COM',
        password: 'a long passphrase',
        companyName: 'Cobol Coffee',
        jurisdiction: 'SECR',
      },
    });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      companyName: 'Cobol Coffee',
      jurisdiction: 'SECR',
      role: 'admin',
      profileImageUrl: null,
    });
    const cookieLine = response.headers.getSetCookie().find((line) => line.startsWith('esg_session='))!;
    expect(cookieLine).toContain('HttpOnly');
    expect(cookieLine).toContain('SameSite=Lax');
    expect(cookieLine).not.toContain('Secure');
    const stored = await t.db.select().from(users).where(eq(users.email, 'grace@example.com')).get();
    expect(stored!.passwordHash).toStartWith('$argon2id$');
    const membership = await t.db.select().from(memberships).where(eq(memberships.userId, stored!.id)).get();
    expect(membership!.role).toBe('admin');
    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.userId, stored!.id)).all();
    expect(audit.map((row) => row.action)).toEqual(['account_created']);
  });

  test('stores only the SHA-256 of the session token', async () => {
    const { cookie, user } = await t.signUpCompany();
    const token = cookie.split('=')[1]!;
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user.id)).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.id).not.toContain(token);
  });

  test('refuses an email that already has an account, writing nothing', async () => {
    const { user } = await t.signUpCompany();
    const before = [await countRows(users), await countRows(companies)];
    const response = await t.call('POST', '/api/auth/signup', {
      body: {
        firstName: 'A',
        lastName: 'B',
        email: user.email.toUpperCase(),
        password: 'a long passphrase',
        companyName: 'X',
      },
    });
    expect(response.status).toBe(409);
    expect(response.json.message).toBe('An account with this email already exists. Sign in instead.');
    expect([await countRows(users), await countRows(companies)]).toEqual(before);
  });

  test('hashes the password whether or not the email is taken, so both answers cost the same work', async () => {
    const { user } = await t.signUpCompany();
    const hasher = spyOn(passwordHashing, 'hashPassword');
    try {
      const body = { firstName: 'A', lastName: 'B', password: 'a long passphrase', companyName: 'X' };
      const taken = await t.call('POST', '/api/auth/signup', { body: { ...body, email: user.email } });
      const fresh = await t.call('POST', '/api/auth/signup', {
        body: { ...body, email: `new-${crypto.randomUUID()}@example.com` },
      });
      expect([taken.status, fresh.status]).toEqual([409, 201]);
      expect(hasher).toHaveBeenCalledTimes(2);
      expect(hasher.mock.calls).toEqual([['a long passphrase'], ['a long passphrase']]);
      // The refusal is the one any taken address gets: code and words, nothing about the account.
      expect(taken.json).toEqual({
        message: 'An account with this email already exists. Sign in instead.',
        code: 'conflict',
      });
    } finally {
      hasher.mockRestore();
    }
  });

  test('explains each invalid field and writes nothing', async () => {
    const before = await countRows(users);
    const response = await t.call('POST', '/api/auth/signup', {
      body: {
        firstName: '',
        lastName: 'B',
        email: 'not-an-email',
        password: 'short',
        companyName: 'X',
        jurisdiction: 'XX',
      },
    });
    expect(response.status).toBe(400);
    expect(response.json.code).toBe('validation_failed');
    expect(response.json.message).toBe('First name is required');
    expect(response.json.details.fieldErrors).toMatchObject({
      firstName: ['First name is required'],
      email: ['Enter a valid email address'],
      password: ['Password must be at least 10 characters'],
    });
    expect(response.json.details.fieldErrors.jurisdiction).toHaveLength(1);
    expect(await countRows(users)).toBe(before);
  });

  test('answers malformed JSON with 400, not 500', async () => {
    const response = await t.call('POST', '/api/auth/signup', { body: '{"firstName":' });
    expect(response.status).toBe(400);
    expect(response.json.message).toBe('Malformed JSON in request body');
  });
});

describe('sign-in and sign-out', () => {
  test('signs in with the right password and rotates the session', async () => {
    const { cookie: firstCookie, user, password } = await t.signUpCompany();
    const response = await t.call('POST', '/api/auth/signin', {
      body: { email: user.email, password },
      cookie: firstCookie,
    });
    expect(response.status).toBe(200);
    expect(response.json.email).toBe(user.email);
    const newCookie = sessionCookieFrom(response.headers)!;
    expect(newCookie).not.toBe(firstCookie);
    expect((await t.call('GET', '/api/auth/user', { cookie: firstCookie })).status).toBe(401);
    expect((await t.call('GET', '/api/auth/user', { cookie: newCookie })).status).toBe(200);
  });

  test('gives the same answer for a wrong password and an unknown email', async () => {
    const { user } = await t.signUpCompany();
    const wrong = await t.call('POST', '/api/auth/signin', {
      body: { email: user.email, password: 'wrong password' },
    });
    const unknown = await t.call('POST', '/api/auth/signin', {
      body: { email: 'nobody@example.com', password: 'x' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual(unknown.json);
    expect(wrong.json.message).toBe('Email or password is incorrect');
  });

  test('POST /api/logout ends the session, records it and answers a fetch with 204', async () => {
    const { cookie, user } = await t.signUpCompany();
    const response = await t.call('POST', '/api/logout', { cookie });
    expect(response.status).toBe(204);
    expect(response.headers.getSetCookie().join()).toMatch(/esg_session=;.*Max-Age=0/);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id)).all()).toHaveLength(0);
    expect((await t.call('GET', '/api/auth/user', { cookie })).status).toBe(401);
    const actions = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.userId, user.id))
      .all();
    expect(actions.map((row) => row.action)).toContain('signed_out');
  });

  test('the log-out form posts back to the landing page with 303', async () => {
    const { cookie, user } = await t.signUpCompany();
    const response = await t.call('POST', '/api/logout', {
      cookie,
      headers: { 'Sec-Fetch-Mode': 'navigate', Accept: 'text/html' },
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/');
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id)).all()).toHaveLength(0);
  });

  test('GET /api/logout keeps the session and answers a page whose button posts the sign-out', async () => {
    const { cookie, user } = await t.signUpCompany();
    const response = await t.call('GET', '/api/logout', {
      cookie,
      headers: { 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.text).toContain('<form method="post" action="/api/logout"');
    expect(response.text).toContain('<button type="submit">Log out</button>');
    expect(response.headers.getSetCookie().join()).not.toContain('esg_session=;');
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id)).all()).toHaveLength(1);
    expect((await t.call('GET', '/api/auth/user', { cookie })).status).toBe(200);
    const signedOut = await t.call('GET', '/api/logout');
    expect(signedOut.text).toContain('You are signed out');
  });

  test('a sign-out posted from another site is refused and the session stays', async () => {
    const { cookie } = await t.signUpCompany();
    const response = await t.call('POST', '/api/logout', {
      cookie,
      headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(response.status).toBe(403);
    expect(response.json.code).toBe('csrf_rejected');
    expect((await t.call('GET', '/api/auth/user', { cookie })).status).toBe(200);
  });

  test('/api/login sends visitors to the sign-in page and signed-in users home', async () => {
    const visitor = await t.call('GET', '/api/login');
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get('location')).toBe('/login');
    const { cookie } = await t.signUpCompany();
    const member = await t.call('GET', '/api/login', { cookie });
    expect(member.headers.get('location')).toBe('/');
  });
});

describe('current user', () => {
  test('answers 401 with exactly {"message":"Unauthorized"} without a session', async () => {
    const response = await t.call('GET', '/api/auth/user');
    expect(response.status).toBe(401);
    expect(response.text).toBe('{"message":"Unauthorized"}');
  });

  test('ignores a forged cookie', async () => {
    const response = await t.call('GET', '/api/auth/user', { cookie: `esg_session=${'a'.repeat(32)}` });
    expect(response.status).toBe(401);
  });

  test('lists the sign-in methods this deployment offers', async () => {
    const response = await t.call('GET', '/api/auth/providers');
    expect(response.json).toEqual({ password: true, google: false, microsoft: false });
  });
});
