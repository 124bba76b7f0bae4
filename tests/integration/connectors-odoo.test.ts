import { afterAll, describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import { connectorConnections } from '../../db/schema/connectors.ts';
import { activityLines, dataSources } from '../../db/schema/ledger.ts';
import { companyKeyOf } from '../../src/server/features/ledger/lines/ledger-keys.ts';
import { type FakeOdooData, sampleOdooData, startFakeOdoo } from '../fakes/odoo.ts';
import { addSite, makeViewer, storedResults } from '../helpers/ledger.ts';
import { createTestApp, TEST_SECRETS_KEY } from '../helpers/test-app.ts';
import { recordWaitsForFile } from '../helpers/waits.ts';

const t = await createTestApp({ env: { SECRETS_KEY: TEST_SECRETS_KEY } });
const waited = recordWaitsForFile();
const fakes: ReturnType<typeof startFakeOdoo>[] = [];
afterAll(() => {
  for (const fake of fakes) fake.stop();
});

function fakeOdoo(overrides: Partial<FakeOdooData> = {}) {
  const fake = startFakeOdoo(sampleOdooData(overrides));
  fakes.push(fake);
  return fake;
}

const details = (fake: ReturnType<typeof startFakeOdoo>) => ({
  baseUrl: fake.url,
  database: fake.data.database,
  username: fake.data.login,
  apiKey: fake.data.apiKey,
});

/** A company with a site, connected to a fresh fake Odoo, first sync run. */
async function connected(overrides: Partial<FakeOdooData> = {}) {
  const fake = fakeOdoo(overrides);
  const company = await t.signUpCompany();
  await addSite(t, company.cookie, 'Head office', 'FR');
  const response = await t.call('POST', '/api/integrations/odoo/connect', {
    cookie: company.cookie,
    body: { ...details(fake), name: 'Acme books' },
  });
  expect(response.status).toBe(201);
  return { fake, ...company, source: response.json };
}

const sourceLines = (sourceId: string) =>
  t.db
    .select({
      reference: activityLines.reference,
      category: activityLines.category,
      variant: activityLines.variant,
      spend: activityLines.spend,
      currency: activityLines.currency,
      date: activityLines.date,
      dataQuality: activityLines.dataQuality,
      source: activityLines.source,
    })
    .from(activityLines)
    .where(eq(activityLines.dataSourceId, sourceId))
    .orderBy(activityLines.reference)
    .all();

describe('Odoo connector', () => {
  test('connects with good details: stored connecting, key sealed, first sync queued', async () => {
    const { source, user, fake } = await connected();
    expect(source).toMatchObject({
      type: 'odoo',
      name: 'Acme books',
      status: 'connecting',
      lineCount: 0,
      statusReason: null,
    });
    const stored = await t.db.select().from(dataSources).where(eq(dataSources.id, source.id)).get();
    expect(JSON.parse(stored!.config)).toEqual({
      baseUrl: fake.url,
      database: 'acme-prod',
      username: 'books@acme.example',
    });
    const sealed = await t.db
      .select()
      .from(connectorConnections)
      .where(eq(connectorConnections.dataSourceId, source.id))
      .get();
    expect(sealed!.sealedCredentials).toMatch(/^v1:[\w-]+:[\w-]+$/);
    // The key is nowhere in clear in the database file.
    const dump = JSON.stringify(await t.client.execute('SELECT * FROM data_sources, connector_connections'));
    expect(dump).not.toContain(fake.data.apiKey);
    expect(sealed!.companyId).toBe(user.companyId);
  });

  test('refuses bad credentials with Odoo’s reason (422) and stores nothing', async () => {
    const fake = fakeOdoo();
    const { cookie, user } = await t.signUpCompany();
    const response = await t.call('POST', '/api/integrations/odoo/connect', {
      cookie,
      body: { ...details(fake), apiKey: 'wrong' },
    });
    expect(response.status).toBe(422);
    expect(response.json.message).toBe(
      'Odoo rejected the login: check the database name, username and API key',
    );
    const stored = await t.db
      .select()
      .from(dataSources)
      .where(eq(dataSources.companyId, user.companyId))
      .all();
    expect(stored).toEqual([]);
  });

  test('says when the server cannot be reached, or is not Odoo, or the database is unknown', async () => {
    const fake = fakeOdoo();
    const { cookie } = await t.signUpCompany();
    const down = await t.call('POST', '/api/integrations/odoo/connect', {
      cookie,
      body: { ...details(fake), baseUrl: 'http://127.0.0.1:1' },
    });
    expect(down.status).toBe(422);
    expect(down.json.message).toStartWith('Could not reach the Odoo server at http://127.0.0.1:1');
    const notOdoo = await t.call('POST', '/api/integrations/odoo/connect', {
      cookie,
      body: { ...details(fake), baseUrl: `${fake.url}/somewhere` },
    });
    expect(notOdoo.json.message).toContain('No Odoo JSON-RPC endpoint');
    const unknownDb = await t.call('POST', '/api/integrations/odoo/connect', {
      cookie,
      body: { ...details(fake), database: 'nope' },
    });
    expect(unknownDb.json.message).toBe('Odoo cannot open a database named "nope": check the database name');
  });

  test('validates the four details with the spec §5 message', async () => {
    const { cookie } = await t.signUpCompany();
    const response = await t.call('POST', '/api/integrations/odoo/connect', {
      cookie,
      body: { baseUrl: 'https://x.odoo.com', database: ' ', username: 'a', apiKey: 'b' },
    });
    expect(response.status).toBe(400);
    expect(response.json.message).toBe('Please fill in all Odoo connection details');
  });

  test('sync imports posted vendor bill lines as spend-based purchased goods, with revenue recorded', async () => {
    const { source, cookie, fake, user } = await connected();
    await t.runJobs();
    expect(await sourceLines(source.id)).toEqual([
      {
        reference: 'odoo:acme-prod:1001',
        category: 'purchased_goods',
        variant: 'it_software',
        spend: 1000,
        currency: 'EUR',
        date: '2025-03-04',
        dataQuality: 'spend_based',
        source: 'odoo',
      },
      {
        reference: 'odoo:acme-prod:1002',
        category: 'purchased_goods',
        variant: 'accountancy_legal',
        spend: 200,
        currency: 'EUR',
        date: '2025-03-04',
        dataQuality: 'spend_based',
        source: 'odoo',
      },
      {
        reference: 'odoo:acme-prod:1004',
        category: 'purchased_goods',
        variant: 'consultancy',
        spend: 800,
        currency: 'USD',
        date: '2025-03-18',
        dataQuality: 'spend_based',
        source: 'odoo',
      },
    ]);
    const results = await storedResults(t, user.companyId);
    expect(results.length).toBe(3);
    // USEEIO v1.3 spend factors: scope 3, purchased goods and services.
    expect(results.map((row) => [row.scope, row.factorId])).toEqual(
      expect.arrayContaining([[expect.stringContaining('3'), expect.stringMatching(/^(defrasic22|epa13)-/)]]),
    );
    expect(results.every((row) => row.kgCO2e > 0)).toBe(true);
    const list = await t.call('GET', '/api/data-sources', { cookie });
    expect(list.json[0]).toMatchObject({ status: 'connected', lineCount: 3, statusReason: null });
    expect(list.json[0].lastSyncAt).not.toBeNull();
    const syncs = await t.call('GET', `/api/data-sources/${source.id}/syncs`, { cookie });
    expect(syncs.json[0]).toMatchObject({
      status: 'succeeded',
      fetched: 3,
      imported: 3,
      duplicates: 0,
      revenue: [
        { year: 2024, amount: 40000, currency: 'EUR' },
        { year: 2025, amount: 52500.5, currency: 'EUR' },
      ],
    });
    const mappings = await t.call('GET', `/api/data-sources/${source.id}/mappings`, { cookie });
    expect(
      mappings.json.map((row: { accountCode: string; category: string }) => [row.accountCode, row.category]),
    ).toEqual([
      ['604000', 'purchased_goods'],
      ['613000', 'purchased_goods'],
      ['622600', 'purchased_goods'],
    ]);
    // Pages were read with limit/offset.
    expect(fake.calls.some((call) => call.modelMethod === 'search_read' && call.kwargs?.offset === 0)).toBe(
      true,
    );
  });

  test('a re-sync adds nothing; a mapping edit changes the lines at the next sync', async () => {
    const { source, cookie } = await connected();
    await t.runJobs();
    const again = await t.call('POST', `/api/data-sources/${source.id}/sync`, { cookie });
    expect(again.status).toBe(202);
    expect(again.json).toEqual({ syncId: expect.any(String), status: 'queued' });
    await t.runJobs();
    expect((await sourceLines(source.id)).length).toBe(3);
    const syncs = await t.call('GET', `/api/data-sources/${source.id}/syncs`, { cookie });
    expect(syncs.json[0]).toMatchObject({
      id: again.json.syncId,
      status: 'succeeded',
      imported: 0,
      duplicates: 3,
    });

    const mappings = (await t.call('GET', `/api/data-sources/${source.id}/mappings`, { cookie })).json;
    const legal = mappings.find((row: { accountCode: string }) => row.accountCode === '622600');
    const services = mappings.find((row: { accountCode: string }) => row.accountCode === '604000');
    const put = await t.call('PUT', `/api/data-sources/${source.id}/mappings`, {
      cookie,
      body: {
        mappings: [
          { accountKey: legal.accountKey, category: 'ignore' },
          { accountKey: services.accountKey, category: 'purchased_goods', variant: '541511' },
        ],
      },
    });
    expect(put.status).toBe(200);
    expect(put.json.find((row: { accountCode: string }) => row.accountCode === '622600')).toMatchObject({
      category: 'ignore',
      isUserSet: true,
    });
    await t.call('POST', `/api/data-sources/${source.id}/sync`, { cookie });
    await t.runJobs();
    const lines = await sourceLines(source.id);
    expect(lines.map((line) => [line.reference, line.variant])).toEqual([
      ['odoo:acme-prod:1001', 'it_software'],
      ['odoo:acme-prod:1004', '541511'],
    ]);
    const last = (await t.call('GET', `/api/data-sources/${source.id}/syncs`, { cookie })).json[0];
    expect(last).toMatchObject({ duplicates: 1, replaced: 1, removed: 1, imported: 0 });
  });

  test('refuses a mapping to an unknown spend category', async () => {
    const { source, cookie } = await connected();
    await t.runJobs();
    const [first] = (await t.call('GET', `/api/data-sources/${source.id}/mappings`, { cookie })).json;
    const response = await t.call('PUT', `/api/data-sources/${source.id}/mappings`, {
      cookie,
      body: { mappings: [{ accountKey: first.accountKey, category: 'purchased_goods', variant: '999999' }] },
    });
    expect(response.status).toBe(400);
  });

  test('waits out a 429 with Retry-After and still syncs', async () => {
    const { source, fake } = await connected();
    fake.rateLimit(2, '1');
    await t.runJobs();
    // Retry-After: 1 (seconds), waited once per 429: recorded, not spent.
    expect(waited).toEqual([1000, 1000]);
    expect(fake.calls.filter((call) => call.method === '429').length).toBe(2);
    expect((await sourceLines(source.id)).length).toBe(3);
  });

  test('a revoked key puts the source in error with Odoo’s reason; Test says the same', async () => {
    const { source, cookie, fake } = await connected();
    fake.revokeKey();
    await t.runJobs();
    const list = (await t.call('GET', '/api/data-sources', { cookie })).json;
    expect(list[0]).toMatchObject({
      status: 'error',
      statusReason: 'Odoo rejected the login: check the database name, username and API key',
    });
    const syncs = (await t.call('GET', `/api/data-sources/${source.id}/syncs`, { cookie })).json;
    expect(syncs[0]).toMatchObject({
      status: 'failed',
      error: 'Odoo rejected the login: check the database name, username and API key',
    });
    const tested = await t.call('POST', `/api/data-sources/${source.id}/test`, { cookie });
    expect(tested.json).toEqual({
      connected: false,
      error: 'Odoo rejected the login: check the database name, username and API key',
    });
  });

  test('Test answers connected for a working source and clears an error', async () => {
    const { source, cookie } = await connected();
    await t.db.update(dataSources).set({ status: 'error' }).where(eq(dataSources.id, source.id));
    const tested = await t.call('POST', `/api/data-sources/${source.id}/test`, { cookie });
    expect(tested.json).toEqual({ connected: true, error: null });
    expect((await t.call('GET', '/api/data-sources', { cookie })).json[0].status).toBe('connected');
  });

  test('delete keeps the imported lines, or removes them when asked', async () => {
    const kept = await connected();
    await t.runJobs();
    // An Odoo API key is the user's own: nothing is revoked at Odoo (decision 029).
    const keptAnswer = await t.call('DELETE', `/api/data-sources/${kept.source.id}?keepLines=true`, {
      cookie: kept.cookie,
    });
    expect(keptAnswer.status).toBe(200);
    expect(keptAnswer.json).toEqual({ providerAccess: 'none', message: null });
    const keptLines = await t.db
      .select()
      .from(activityLines)
      .where(eq(activityLines.companyKey, companyKeyOf(kept.user.companyId)))
      .all();
    expect(keptLines.length).toBe(3);
    expect(keptLines.every((line) => line.dataSourceId === null)).toBe(true);

    const removed = await connected();
    await t.runJobs();
    expect(
      (
        await t.call('DELETE', `/api/data-sources/${removed.source.id}?keepLines=false`, {
          cookie: removed.cookie,
        })
      ).status,
    ).toBe(200);
    expect(
      await t.db
        .select()
        .from(activityLines)
        .where(eq(activityLines.companyKey, companyKeyOf(removed.user.companyId)))
        .all(),
    ).toEqual([]);
    expect(await storedResults(t, removed.user.companyId)).toEqual([]);
  });

  test('another company cannot test, sync, map or delete the source (404); a viewer gets 403', async () => {
    const { source, cookie, user } = await connected();
    const other = await t.signUpCompany();
    for (const [method, path] of [
      ['POST', `/api/data-sources/${source.id}/test`],
      ['POST', `/api/data-sources/${source.id}/sync`],
      ['GET', `/api/data-sources/${source.id}/mappings`],
      ['GET', `/api/data-sources/${source.id}/syncs`],
      ['DELETE', `/api/data-sources/${source.id}?keepLines=false`],
    ] as const) {
      expect((await t.call(method, path, { cookie: other.cookie })).status).toBe(404);
    }
    const viewer = await makeViewer(t, user.companyId);
    expect((await t.call('POST', `/api/data-sources/${source.id}/sync`, { cookie: viewer })).status).toBe(
      403,
    );
    expect(
      (await t.call('POST', '/api/integrations/odoo/connect', { cookie: viewer, body: {} })).status,
    ).toBe(403);
    expect((await t.call('GET', `/api/data-sources/${source.id}/mappings`, { cookie: viewer })).status).toBe(
      200,
    );
    const still = await t.db
      .select()
      .from(dataSources)
      .where(and(eq(dataSources.id, source.id)))
      .get();
    expect(still).toBeDefined();
    expect(cookie).toBeString();
  });

  test('a sync without any site fails with how to fix it', async () => {
    const fake = fakeOdoo();
    const { cookie } = await t.signUpCompany();
    const response = await t.call('POST', '/api/integrations/odoo/connect', { cookie, body: details(fake) });
    await t.runJobs();
    const list = (await t.call('GET', '/api/data-sources', { cookie })).json;
    expect(list[0]).toMatchObject({ id: response.json.id, status: 'error' });
    expect(list[0].statusReason).toContain('Add a site under Sites first');
  });

  test('QuickBooks and Shopify say they are not set up on this server, without naming any setting', async () => {
    const { cookie } = await t.signUpCompany();
    const quickbooks = await t.call('POST', '/api/integrations/quickbooks/connect', { cookie });
    expect(quickbooks.status).toBe(501);
    expect(quickbooks.json.message).toBe(
      'QuickBooks is not set up on this server yet — ask your administrator.',
    );
    const shopify = await t.call('GET', '/api/integrations/shopify/connect?shop=x.myshopify.com', { cookie });
    expect(shopify.status).toBe(501);
    expect(shopify.json.message).toBe('Shopify is not set up on this server yet — ask your administrator.');
    expect(`${quickbooks.text}${shopify.text}`).not.toMatch(/CLIENT_ID|CLIENT_SECRET/);
  });
});
