import { describe, expect, test } from 'bun:test';
import { count, eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit.ts';
import { sites } from '../../db/schema/ledger.ts';
import { addLine, makeViewer } from '../helpers/ledger.ts';
import { createTestApp } from '../helpers/test-app.ts';

const t = await createTestApp();

describe('sites', () => {
  test('creates, lists, renames and deletes a site, each with an audit row', async () => {
    const { cookie, user } = await t.signUpCompany();
    const created = await t.call('POST', '/api/sites', {
      cookie,
      body: { name: ' Bristol bakery ', country: 'gb', postcode: 'BS1 4DJ' },
    });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({
      id: expect.any(String),
      name: 'Bristol bakery',
      country: 'GB',
      region: null,
      postcode: 'BS1 4DJ',
    });
    await t.call('POST', '/api/sites', { cookie, body: { name: 'Lyon shop', country: 'FR' } });
    const listed = await t.call('GET', '/api/sites', { cookie });
    expect(listed.json.map((site: { name: string }) => site.name)).toEqual(['Bristol bakery', 'Lyon shop']);

    const renamed = await t.call('PUT', `/api/sites/${created.json.id}`, {
      cookie,
      body: { name: 'Bristol bakehouse', country: 'GB', region: 'GB-LONDON' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ name: 'Bristol bakehouse', region: 'GB-LONDON', postcode: null });

    const removed = await t.call('DELETE', `/api/sites/${created.json.id}`, { cookie });
    expect(removed.status).toBe(204);
    const actions = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.companyId, user.companyId))
      .all();
    expect(actions.map((row) => row.action)).toEqual([
      'account_created',
      'site_created',
      'site_created',
      'site_updated',
      'site_deleted',
    ]);
  });

  test('refuses a missing name or a bad country with field errors and writes nothing', async () => {
    const { cookie, user } = await t.signUpCompany();
    const response = await t.call('POST', '/api/sites', { cookie, body: { name: '  ', country: 'Britain' } });
    expect(response.status).toBe(400);
    expect(Object.keys(response.json.details.fieldErrors).sort()).toEqual(['country', 'name']);
    const stored = await t.db
      .select({ n: count() })
      .from(sites)
      .where(eq(sites.companyId, user.companyId))
      .get();
    expect(stored!.n).toBe(0);
  });

  test('refuses a second site with the same name', async () => {
    const { cookie } = await t.signUpCompany();
    await t.call('POST', '/api/sites', { cookie, body: { name: 'Depot', country: 'GB' } });
    const again = await t.call('POST', '/api/sites', { cookie, body: { name: 'Depot', country: 'FR' } });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('A site with this name already exists');
  });

  test('refuses to delete a site while ledger lines use it', async () => {
    const { cookie } = await t.signUpCompany();
    const site = await t.call('POST', '/api/sites', { cookie, body: { name: 'Depot', country: 'GB' } });
    await addLine(t, cookie, { siteId: site.json.id, category: 'diesel', quantity: 100, unit: 'litre' });
    const response = await t.call('DELETE', `/api/sites/${site.json.id}`, { cookie });
    expect(response.status).toBe(409);
    expect(response.json.message).toContain('This site has activity lines');
    expect((await t.call('GET', '/api/sites', { cookie })).json).toHaveLength(1);
  });

  test("another company's site answers 404 exactly like a missing one", async () => {
    const a = await t.signUpCompany();
    const b = await t.signUpCompany();
    const site = await t.call('POST', '/api/sites', {
      cookie: a.cookie,
      body: { name: 'Private', country: 'GB' },
    });
    const missing = await t.call('PUT', `/api/sites/${crypto.randomUUID()}`, {
      cookie: b.cookie,
      body: { name: 'X', country: 'GB' },
    });
    const foreign = await t.call('PUT', `/api/sites/${site.json.id}`, {
      cookie: b.cookie,
      body: { name: 'X', country: 'GB' },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.json).toEqual(missing.json);
    expect((await t.call('DELETE', `/api/sites/${site.json.id}`, { cookie: b.cookie })).status).toBe(404);
    expect((await t.call('GET', '/api/sites', { cookie: b.cookie })).json).toEqual([]);
    expect((await t.call('GET', '/api/sites', { cookie: a.cookie })).json[0].name).toBe('Private');
  });

  test('a viewer reads sites but every write is refused with 403', async () => {
    const admin = await t.signUpCompany();
    const site = await t.call('POST', '/api/sites', {
      cookie: admin.cookie,
      body: { name: 'HQ', country: 'GB' },
    });
    const viewer = await makeViewer(t, admin.user.companyId);
    expect((await t.call('GET', '/api/sites', { cookie: viewer })).status).toBe(200);
    const body = { name: 'Viewer site', country: 'GB' };
    expect((await t.call('POST', '/api/sites', { cookie: viewer, body })).status).toBe(403);
    expect((await t.call('PUT', `/api/sites/${site.json.id}`, { cookie: viewer, body })).status).toBe(403);
    expect((await t.call('DELETE', `/api/sites/${site.json.id}`, { cookie: viewer })).status).toBe(403);
  });

  test('requires a session', async () => {
    expect((await t.call('GET', '/api/sites')).status).toBe(401);
    expect((await t.call('POST', '/api/sites', { body: { name: 'X', country: 'GB' } })).status).toBe(401);
  });
});
