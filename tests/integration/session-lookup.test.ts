import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { companies, memberships } from '../../db/schema/auth.ts';
import { createTestApp } from '../helpers/test-app.ts';

// The session lookup has two paths: a cached prepared statement on a local libSQL file, and Drizzle
// (Turso, D1). Both must answer alike. With SESSION_CACHE_MS=0 a write made elsewhere (another
// process: here, straight to the database) is seen by the very next request.
for (const withoutLocalReader of [false, true]) {
  describe(
    withoutLocalReader ? 'session lookup through Drizzle' : 'session lookup through the local reader',
    async () => {
      const t = await createTestApp({ withoutLocalReader, env: { SESSION_CACHE_MS: '0' } });

      test('returns the signed-in user and sees an outside rename immediately', async () => {
        const { cookie, user } = await t.signUpCompany({ companyName: 'Before Ltd' });
        const first = await t.call('GET', '/api/auth/user', { cookie });
        expect(first.json).toEqual({ ...user, companyName: 'Before Ltd' });
        await t.db.update(companies).set({ name: 'After Ltd' }).where(eq(companies.id, user.companyId));
        const second = await t.call('GET', '/api/auth/user', { cookie });
        expect(second.json.companyName).toBe('After Ltd');
      });

      test('sees an outside membership removal immediately', async () => {
        const { cookie, user } = await t.signUpCompany();
        expect((await t.call('GET', '/api/auth/user', { cookie })).status).toBe(200);
        await t.db.delete(memberships).where(eq(memberships.userId, user.id));
        expect((await t.call('GET', '/api/auth/user', { cookie })).status).toBe(401);
      });
    },
  );
}

describe('session cache', async () => {
  // The cache ages by the app's clock (ctx.now), moved here by hand: no test waits for it.
  let nowMs = Date.parse('2026-11-26T09:00:00Z');
  const t = await createTestApp({ env: { SESSION_CACHE_MS: '200' }, now: () => new Date(nowMs) });

  test('changes made through the product are seen at once', async () => {
    const { cookie, user } = await t.signUpCompany();
    await t.call('GET', '/api/auth/user', { cookie });
    const profile = {
      firstName: 'New',
      lastName: 'Name',
      email: user.email,
      companyName: 'Renamed Ltd',
      jurisdiction: 'SECR',
    };
    expect((await t.call('PUT', '/api/auth/user', { cookie, body: profile })).status).toBe(200);
    expect((await t.call('GET', '/api/auth/user', { cookie })).json).toMatchObject(profile);
    await t.call('POST', '/api/logout', { cookie });
    expect((await t.call('GET', '/api/auth/user', { cookie })).status).toBe(401);
  });

  test('a change made elsewhere is seen once the cache time has passed, not before', async () => {
    const { cookie, user } = await t.signUpCompany({ companyName: 'Old Ltd' });
    await t.call('GET', '/api/auth/user', { cookie });
    await t.db.update(companies).set({ name: 'Elsewhere Ltd' }).where(eq(companies.id, user.companyId));
    nowMs += 199;
    expect((await t.call('GET', '/api/auth/user', { cookie })).json.companyName).toBe('Old Ltd');
    nowMs += 1;
    expect((await t.call('GET', '/api/auth/user', { cookie })).json.companyName).toBe('Elsewhere Ltd');
  });
});
