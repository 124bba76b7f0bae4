import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { companies } from '../../db/schema/auth.ts';
import { createTestApp } from '../helpers/test-app.ts';

// The session lookup has two paths: a cached prepared statement on a local libSQL file, and Drizzle
// (Turso, D1). Both must answer alike, and both must see writes made through Drizzle at once.
for (const withoutLocalReader of [false, true]) {
  describe(
    withoutLocalReader ? 'session lookup through Drizzle' : 'session lookup through the local reader',
    async () => {
      const t = await createTestApp({ withoutLocalReader });

      test('returns the signed-in user and sees a rename immediately', async () => {
        const { cookie, user } = await t.signUpCompany({ companyName: 'Before Ltd' });
        const first = await t.call('GET', '/api/auth/user', { cookie });
        expect(first.json).toEqual({ ...user, companyName: 'Before Ltd' });
        await t.db.update(companies).set({ name: 'After Ltd' }).where(eq(companies.id, user.companyId));
        const second = await t.call('GET', '/api/auth/user', { cookie });
        expect(second.json.companyName).toBe('After Ltd');
      });

      test('sees a sign-out immediately', async () => {
        const { cookie } = await t.signUpCompany();
        await t.call('GET', '/api/logout', { cookie });
        expect((await t.call('GET', '/api/auth/user', { cookie })).status).toBe(401);
      });
    },
  );
}
