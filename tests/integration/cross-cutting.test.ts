import { describe, expect, test } from 'bun:test';
import { count } from 'drizzle-orm';
import { users } from '../../db/schema/auth.ts';
import { createTestApp, ORIGIN } from '../helpers/test-app.ts';

const t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_EMAIL: '3', AUTH_RATE_LIMIT_PER_IP: '1000' } });
const signUpBody = (email: string) => ({
  firstName: 'A',
  lastName: 'B',
  email,
  password: 'a long passphrase',
  companyName: 'C',
});

describe('CSRF protection', () => {
  test('refuses a mutation from another site', async () => {
    const response = await t.call('POST', '/api/auth/signup', {
      body: signUpBody('csrf1@example.com'),
      headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(response.status).toBe(403);
    expect(response.json).toEqual({
      message: 'Cross-site request refused: send it from this site',
      code: 'csrf_rejected',
    });
  });

  test('refuses a mutation with a foreign Origin even without Fetch Metadata', async () => {
    const response = await t.app.request(`${ORIGIN}/api/support/feedback`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example', 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(403);
  });

  test('refuses a mutation that names no origin at all', async () => {
    const response = await t.app.request(`${ORIGIN}/api/auth/signin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'a@example.com', password: 'x' }),
    });
    expect(response.status).toBe(403);
  });

  test('lets reads through from anywhere', async () => {
    const response = await t.app.request(`${ORIGIN}/api/auth/providers`, {
      headers: { 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(response.status).toBe(200);
  });
});

describe('errors', () => {
  test('unknown API paths answer 404 JSON', async () => {
    const response = await t.call('GET', '/api/does-not-exist');
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ message: 'No API route for GET /api/does-not-exist', code: 'not_found' });
  });

  test('an oversized body answers 413 and writes nothing', async () => {
    const before = (await t.db.select({ n: count() }).from(users).get())!.n;
    const response = await t.call('POST', '/api/auth/signup', {
      body: { ...signUpBody('big@example.com'), companyName: 'x'.repeat(1_100_000) },
    });
    expect(response.status).toBe(413);
    expect(response.json.message).toBe('The request is too large');
    expect((await t.db.select({ n: count() }).from(users).get())!.n).toBe(before);
  });

  test('a body that is not an object answers 400 with a readable message', async () => {
    const response = await t.call('POST', '/api/auth/signin', { body: '[1,2]' });
    expect(response.status).toBe(400);
    expect(response.json.message).toStartWith('Invalid request:');
  });
});

describe('security headers', () => {
  test('JSON answers load nothing and cannot be framed or sniffed (OWASP REST security headers)', async () => {
    const response = await t.call('GET', '/api/auth/providers');
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('strict-transport-security')).toBeNull();
    // Document-only policies have nothing to act on in a JSON answer.
    expect(response.headers.get('referrer-policy')).toBeNull();
  });

  test('add HSTS and Secure cookies outside localhost', async () => {
    const response = await t.app.request('https://esg.example.com/api/auth/signup', {
      method: 'POST',
      headers: {
        Origin: 'https://esg.example.com',
        'Sec-Fetch-Site': 'same-origin',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(signUpBody('secure@example.com')),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('strict-transport-security')).toContain('max-age=63072000');
    expect(response.headers.getSetCookie().find((line) => line.startsWith('esg_session='))).toContain(
      'Secure',
    );
  });

  test('every answer carries a request id, reusing a well-formed incoming one', async () => {
    const fresh = await t.call('GET', '/api/auth/providers');
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const reused = await t.call('GET', '/api/auth/providers', {
      headers: { 'X-Request-Id': 'upstream-1234' },
    });
    expect(reused.headers.get('x-request-id')).toBe('upstream-1234');
    const refused = await t.call('GET', '/api/auth/providers', {
      headers: { 'X-Request-Id': 'bad id <script>' },
    });
    expect(refused.headers.get('x-request-id')).not.toContain('<');
  });
});

describe('rate limits', () => {
  test('throttle sign-in attempts per email and say when to retry', async () => {
    const email = 'target@example.com';
    const attempt = () => t.call('POST', '/api/auth/signin', { body: { email, password: 'guess' } });
    for (let index = 0; index < 3; index++) expect((await attempt()).status).toBe(401);
    const blocked = await attempt();
    expect(blocked.status).toBe(429);
    expect(blocked.json.message).toBe('Too many attempts. Please wait a few minutes and try again.');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another email is unaffected.
    const other = await t.call('POST', '/api/auth/signin', {
      body: { email: 'other@example.com', password: 'guess' },
    });
    expect(other.status).toBe(401);
  });

  test('throttle per IP across emails', async () => {
    const strict = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_IP: '2' } });
    const statuses: number[] = [];
    for (let index = 0; index < 3; index++) {
      const response = await strict.call('POST', '/api/auth/signin', {
        body: { email: `ip${index}@example.com`, password: 'x' },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 429]);
  });
});
