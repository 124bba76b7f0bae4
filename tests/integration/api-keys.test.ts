import { describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { auditLogs } from '../../db/schema/audit.ts';
import { companies, memberships } from '../../db/schema/auth.ts';
import { sha256Hex } from '../../src/domain/sha256.ts';
import { forgetCachedSessions } from '../../src/server/features/auth/session.ts';
import { callWithKey, createKey, joinCompany } from '../helpers/api-keys.ts';
import { createTestApp } from '../helpers/test-app.ts';

// The clock moves by hand, so "at most once a minute" is checked without waiting.
let clock = new Date('2026-03-02T09:00:00Z');
const t = await createTestApp({ now: () => clock, env: { API_KEY_RATE_LIMIT_PER_MINUTE: '15' } });
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

const auditActions = async (companyId: string) =>
  (
    await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.companyId, companyId))
      .all()
  ).map((row) => row.action);

describe('API keys: create, list, regenerate, revoke', () => {
  test('shows the secret once, lists it masked, and stores only its SHA-256', async () => {
    const { cookie, user } = await t.signUpCompany();
    const created = await t.call('POST', '/api/api-keys', { cookie, body: { name: '  Power BI  ' } });
    expect(created.status).toBe(201);
    const { secret, key } = created.json;
    expect(secret).toMatch(/^esgp_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({ name: 'Power BI', role: 'admin', lastUsedAt: null, canRegenerate: true });
    expect(key.maskedKey).toBe(`${secret.slice(0, 12)}••••••••`);
    expect(key.createdBy).toEqual({ id: user.id, name: 'Ada Lovelace' });

    const listed = await t.call('GET', '/api/api-keys', { cookie });
    expect(listed.status).toBe(200);
    expect(listed.json).toMatchObject({
      canCreate: true,
      createRefusal: null,
      allowedRoles: ['viewer', 'member', 'admin'],
    });
    expect(listed.json.keys).toEqual([key]);
    expect(listed.text).not.toContain(secret);

    const stored = await t.db.select().from(apiKeys).where(eq(apiKeys.id, key.id)).get();
    expect(stored!.keyHash).toBe(sha256Hex(secret));
    expect(JSON.stringify(stored)).not.toContain(secret.slice(12));
    expect(await auditActions(user.companyId)).toContain('api_key_created');
  });

  test('a key authenticates as its creator with its role and records its last use at most once a minute', async () => {
    const { cookie, user } = await t.signUpCompany();
    await t.call('POST', '/api/sites', { cookie, body: { name: 'Depot', country: 'GB' } });
    const { secret, key } = await createKey(t, cookie, { name: 'Reader', role: 'viewer' });

    const sites = await callWithKey(t, 'GET', '/api/sites', secret);
    expect(sites.status).toBe(200);
    expect(sites.json.map((site: { name: string }) => site.name)).toEqual(['Depot']);
    const firstUse = (await t.db.select().from(apiKeys).where(eq(apiKeys.id, key.id)).get())!.lastUsedAt;
    expect(firstUse?.toISOString()).toBe(clock.toISOString());

    advance(30_000);
    await callWithKey(t, 'GET', '/api/sites', secret);
    const stillFirst = (await t.db.select().from(apiKeys).where(eq(apiKeys.id, key.id)).get())!.lastUsedAt;
    expect(stillFirst?.toISOString()).toBe(firstUse!.toISOString());
    advance(31_000);
    await callWithKey(t, 'GET', '/api/sites', secret);
    const later = (await t.db.select().from(apiKeys).where(eq(apiKeys.id, key.id)).get())!.lastUsedAt;
    expect(later?.toISOString()).toBe(clock.toISOString());

    // A viewer key may read but not write, whatever its creator may do.
    const write = await callWithKey(t, 'POST', '/api/sites', secret, {
      body: { name: 'Shop', country: 'GB' },
    });
    expect(write.status).toBe(403);
    expect(user.role).toBe('admin');
  });

  test('regenerating gives a new secret and the old one fails on the very next request', async () => {
    const { cookie, user } = await t.signUpCompany();
    const { secret: oldSecret, key } = await createKey(t, cookie);
    expect((await callWithKey(t, 'GET', '/api/sites', oldSecret)).status).toBe(200);

    const regenerated = await t.call('POST', `/api/api-keys/${key.id}/regenerate`, { cookie });
    expect(regenerated.status).toBe(200);
    expect(regenerated.json.key.id).toBe(key.id);
    expect(regenerated.json.secret).not.toBe(oldSecret);

    const old = await callWithKey(t, 'GET', '/api/sites', oldSecret);
    expect(old.status).toBe(401);
    expect(old.json).toEqual({
      message: 'The API key is not valid, or it was revoked or regenerated',
      code: 'invalid_api_key',
    });
    expect((await callWithKey(t, 'GET', '/api/sites', regenerated.json.secret)).status).toBe(200);
    expect(await auditActions(user.companyId)).toContain('api_key_regenerated');
  });

  test('a revoked key stops working on the very next request and leaves the list', async () => {
    const { cookie, user } = await t.signUpCompany();
    const { secret, key } = await createKey(t, cookie);
    expect((await callWithKey(t, 'GET', '/api/sites', secret)).status).toBe(200);
    expect((await t.call('DELETE', `/api/api-keys/${key.id}`, { cookie })).status).toBe(204);
    expect((await callWithKey(t, 'GET', '/api/sites', secret)).status).toBe(401);
    expect((await t.call('GET', '/api/api-keys', { cookie })).json.keys).toEqual([]);
    expect((await t.call('DELETE', `/api/api-keys/${key.id}`, { cookie })).status).toBe(404);
    expect(await auditActions(user.companyId)).toContain('api_key_revoked');
  });

  test('refuses a blank name with a field error', async () => {
    const { cookie } = await t.signUpCompany();
    const response = await t.call('POST', '/api/api-keys', { cookie, body: { name: '   ' } });
    expect(response.status).toBe(400);
    expect(response.json.details.fieldErrors.name).toEqual(['Name is required']);
  });
});

describe('API keys: only admins manage them', () => {
  test('a member and a viewer get 403 on every key call, before validation, and the keys stay', async () => {
    const owner = await t.signUpCompany();
    const adminKey = await createKey(t, owner.cookie, { name: 'Admin job' });
    for (const role of ['member', 'viewer'] as const) {
      const person = await joinCompany(t, owner.user.companyId, role);
      const calls = [
        ['GET', '/api/api-keys', undefined],
        // An invalid body: 403 rather than 400, so the caller learns nothing about the body.
        ['POST', '/api/api-keys', { name: '   ', role: 'superuser' }],
        ['POST', '/api/api-keys', { name: 'Mine', role: 'viewer' }],
        ['POST', `/api/api-keys/${adminKey.key.id}/regenerate`, undefined],
        ['DELETE', `/api/api-keys/${adminKey.key.id}`, undefined],
        // An id that does not exist: 403 too, not 404.
        ['DELETE', `/api/api-keys/${crypto.randomUUID()}`, undefined],
      ] as const;
      for (const [method, path, body] of calls) {
        const response = await t.call(method, path, { cookie: person.cookie, body });
        expect({ role, method, path, status: response.status, code: response.json?.code }).toEqual({
          role,
          method,
          path,
          status: 403,
          code: 'forbidden',
        });
      }
    }
    const rows = await t.db.select().from(apiKeys).where(eq(apiKeys.companyId, owner.user.companyId)).all();
    expect(rows.map((row) => [row.name, row.revokedAt])).toEqual([['Admin job', null]]);
    expect((await callWithKey(t, 'GET', '/api/sites', adminKey.secret)).status).toBe(200);
  });

  test('an admin creates viewer, member and admin keys; any admin lists and revokes every key, only its creator regenerates it', async () => {
    const owner = await t.signUpCompany();
    const byRole: Record<string, Awaited<ReturnType<typeof createKey>>> = {};
    for (const role of ['viewer', 'member', 'admin'] as const) {
      byRole[role] = await createKey(t, owner.cookie, { name: `${role} job`, role });
      expect(byRole[role]!.key.role).toBe(role);
    }
    // The role defaults to the creator's own.
    expect((await createKey(t, owner.cookie, { name: 'Default' })).key.role).toBe('admin');
    const write = (secret: string) =>
      callWithKey(t, 'POST', '/api/sites', secret, { body: { name: 'Depot', country: 'GB' } });
    expect((await write(byRole.viewer!.secret)).status).toBe(403);
    expect((await write(byRole.member!.secret)).status).toBe(201);

    const admin2 = await joinCompany(t, owner.user.companyId, 'admin');
    const listed = await t.call('GET', '/api/api-keys', { cookie: admin2.cookie });
    expect(listed.status).toBe(200);
    expect(listed.json.allowedRoles).toEqual(['viewer', 'member', 'admin']);
    const rows = listed.json.keys.map((key: { name: string; canRegenerate: boolean }) => [
      key.name,
      key.canRegenerate,
    ]);
    expect(rows.sort()).toEqual([
      ['Default', false],
      ['admin job', false],
      ['member job', false],
      ['viewer job', false],
    ]);

    // Another admin may revoke the owner's key, but not take over its secret.
    const takeOver = await t.call('POST', `/api/api-keys/${byRole.member!.key.id}/regenerate`, {
      cookie: admin2.cookie,
    });
    expect(takeOver.status).toBe(403);
    expect(takeOver.json.message).toBe(
      'Only the person who created this key can regenerate it; you can revoke it',
    );
    expect((await callWithKey(t, 'GET', '/api/sites', byRole.member!.secret)).status).toBe(200);
    expect(
      (await t.call('DELETE', `/api/api-keys/${byRole.member!.key.id}`, { cookie: admin2.cookie })).status,
    ).toBe(204);
    expect((await callWithKey(t, 'GET', '/api/sites', byRole.member!.secret)).status).toBe(401);
  });

  test('demoting the admin who created a key demotes the key, and their session loses key management', async () => {
    const owner = await t.signUpCompany();
    const admin2 = await joinCompany(t, owner.user.companyId, 'admin');
    const { secret, key } = await createKey(t, admin2.cookie, { name: 'Strong' });
    const site = { name: 'Depot', country: 'GB' };
    expect((await callWithKey(t, 'POST', '/api/sites', secret, { body: site })).status).toBe(201);

    await t.db.update(memberships).set({ role: 'viewer' }).where(eq(memberships.userId, admin2.user.id));
    forgetCachedSessions(t.db);
    const demoted = await callWithKey(t, 'POST', '/api/sites', secret, { body: { ...site, name: 'Shop' } });
    expect(demoted.status).toBe(403);
    expect((await callWithKey(t, 'GET', '/api/sites', secret)).status).toBe(200);
    // The key keeps its stored role: promoted again, its creator gets its power back.
    const stored = await t.db.select().from(apiKeys).where(eq(apiKeys.id, key.id)).get();
    expect(stored!.role).toBe('admin');

    // The demoted creator can no longer regenerate or revoke it; an admin still can.
    for (const [method, path] of [
      ['POST', `/api/api-keys/${key.id}/regenerate`],
      ['DELETE', `/api/api-keys/${key.id}`],
    ] as const) {
      expect((await t.call(method, path, { cookie: admin2.cookie })).status).toBe(403);
    }
    expect((await t.call('DELETE', `/api/api-keys/${key.id}`, { cookie: owner.cookie })).status).toBe(204);
    expect((await callWithKey(t, 'GET', '/api/sites', secret)).status).toBe(401);
  });

  test('the keys of an admin who leaves the company stop working at once', async () => {
    const owner = await t.signUpCompany();
    const admin2 = await joinCompany(t, owner.user.companyId, 'admin');
    const { secret, key } = await createKey(t, admin2.cookie, { name: 'Nightly' });
    expect((await callWithKey(t, 'GET', '/api/sites', secret)).status).toBe(200);

    await t.db.delete(memberships).where(eq(memberships.userId, admin2.user.id));
    const gone = await callWithKey(t, 'GET', '/api/sites', secret);
    expect(gone.status).toBe(401);
    expect(gone.json.code).toBe('invalid_api_key');
    // The remaining admin still sees the key and may revoke it for good.
    const listed = await t.call('GET', '/api/api-keys', { cookie: owner.cookie });
    expect(listed.json.keys.map((row: { id: string }) => row.id)).toEqual([key.id]);
    expect((await t.call('DELETE', `/api/api-keys/${key.id}`, { cookie: owner.cookie })).status).toBe(204);
  });
});

describe('API keys: tenancy and plan', () => {
  test('another company can neither see nor manage a key, and a key reads only its own company', async () => {
    const a = await t.signUpCompany();
    const b = await t.signUpCompany();
    await t.call('POST', '/api/sites', { cookie: a.cookie, body: { name: 'A depot', country: 'GB' } });
    await t.call('POST', '/api/sites', { cookie: b.cookie, body: { name: 'B depot', country: 'FR' } });
    const aKey = await createKey(t, a.cookie);

    expect((await t.call('GET', '/api/api-keys', { cookie: b.cookie })).json.keys).toEqual([]);
    expect((await t.call('DELETE', `/api/api-keys/${aKey.key.id}`, { cookie: b.cookie })).status).toBe(404);
    const regenerate = await t.call('POST', `/api/api-keys/${aKey.key.id}/regenerate`, { cookie: b.cookie });
    expect(regenerate.status).toBe(404);

    const sites = await callWithKey(t, 'GET', '/api/sites', aKey.secret);
    expect(sites.json.map((site: { name: string }) => site.name)).toEqual(['A depot']);
    const bSites = (await t.call('GET', '/api/sites', { cookie: b.cookie })).json;
    const foreign = await callWithKey(t, 'DELETE', `/api/sites/${bSites[0].id}`, aKey.secret);
    expect(foreign.status).toBe(404);
  });

  test('the Starter plan refuses to create keys, and existing keys stop working', async () => {
    const { cookie, user } = await t.signUpCompany();
    const { secret } = await createKey(t, cookie);
    await t.db.update(companies).set({ plan: 'starter' }).where(eq(companies.id, user.companyId));

    const create = await t.call('POST', '/api/api-keys', { cookie, body: { name: 'More' } });
    expect(create.status).toBe(403);
    expect(create.json.code).toBe('plan_required');
    expect(create.json.message).toContain('Growth');
    const listed = await t.call('GET', '/api/api-keys', { cookie });
    expect(listed.json.canCreate).toBe(false);
    expect(listed.json.createRefusal).toContain('does not include API access');

    const use = await callWithKey(t, 'GET', '/api/sites', secret);
    expect(use.status).toBe(403);
    expect(use.json.code).toBe('plan_required');

    // Revoking needs no plan, so a downgraded company can still clean up.
    const [{ id }] = listed.json.keys;
    expect((await t.call('DELETE', `/api/api-keys/${id}`, { cookie })).status).toBe(204);
  });
});

describe('API keys: request protection', () => {
  test('a Bearer mutation needs no Origin, while a cookie mutation without our Origin is refused', async () => {
    const { cookie } = await t.signUpCompany();
    const { secret } = await createKey(t, cookie);
    const viaKey = await callWithKey(t, 'POST', '/api/sites', secret, {
      body: { name: 'Depot', country: 'GB' },
    });
    expect(viaKey.status).toBe(201);

    const crossSite = { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' };
    const viaCookie = await t.call('POST', '/api/sites', {
      cookie,
      body: { name: 'Shop', country: 'GB' },
      headers: crossSite,
    });
    expect(viaCookie.status).toBe(403);
    expect(viaCookie.json.code).toBe('csrf_rejected');

    // A key sent alongside the session cookie does not switch the origin check off.
    const both = await callWithKey(t, 'POST', '/api/sites', secret, {
      body: { name: 'Kiosk', country: 'GB' },
      headers: { Cookie: cookie, ...crossSite },
    });
    expect(both.status).toBe(403);
    expect(both.json.code).toBe('csrf_rejected');
  });

  test('a bad Bearer key is refused even when a valid session cookie comes with it', async () => {
    const { cookie } = await t.signUpCompany();
    for (const key of ['esgp_not-a-real-key', `esgp_${'A'.repeat(43)}`]) {
      const response = await callWithKey(t, 'GET', '/api/sites', key, { headers: { Cookie: cookie } });
      expect(response.status).toBe(401);
      expect(response.json.code).toBe('invalid_api_key');
    }
  });

  test('a key cannot manage keys, sign out, or change the profile', async () => {
    const { cookie } = await t.signUpCompany();
    const { secret, key } = await createKey(t, cookie);
    const attempts = [
      ['GET', '/api/api-keys', 'API keys cannot manage API keys'],
      ['POST', '/api/api-keys', 'API keys cannot manage API keys'],
      ['DELETE', `/api/api-keys/${key.id}`, 'API keys cannot manage API keys'],
      ['POST', '/api/logout', 'revoke the key instead'],
      ['PUT', '/api/auth/user', 'signed-in browser session'],
      ['POST', '/api/auth/user/photo', 'signed-in browser session'],
      ['GET', '/api/support/feedback', 'documented at /developers'],
    ] as const;
    for (const [method, path, words] of attempts) {
      const response = await callWithKey(
        t,
        method,
        path,
        secret,
        method === 'GET' ? {} : { body: { name: 'x' } },
      );
      expect({ path, status: response.status, code: response.json.code }).toEqual({
        path,
        status: 403,
        code: 'session_required',
      });
      expect(response.json.message).toContain(words);
    }
    const stillThere = await t.db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, key.id)))
      .get();
    expect(stillThere!.revokedAt).toBeNull();
  });

  test('answers 429 with Retry-After once a key exceeds its requests per minute', async () => {
    const { cookie } = await t.signUpCompany();
    const { secret } = await createKey(t, cookie);
    for (let i = 0; i < 15; i += 1)
      expect((await callWithKey(t, 'GET', '/api/sites', secret)).status).toBe(200);
    const limited = await callWithKey(t, 'GET', '/api/sites', secret);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    advance(61_000);
    expect((await callWithKey(t, 'GET', '/api/sites', secret)).status).toBe(200);
  });
});
