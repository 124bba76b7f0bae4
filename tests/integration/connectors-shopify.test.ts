import { afterAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit.ts';
import { connectorOauthStates } from '../../db/schema/connectors.ts';
import { activityLines, dataSources } from '../../db/schema/ledger.ts';
import { BAD_STORE_NAME_MESSAGE } from '../../src/server/features/connectors/shopify/shopify-oauth.ts';
import { SHOPIFY_RENEWAL_REFUSED } from '../../src/server/features/connectors/shopify/shopify-tokens.ts';
import { fakeRefund, startFakeShopify } from '../fakes/shopify.ts';
import { addSite, makeViewer } from '../helpers/ledger.ts';
import { createTestApp, ORIGIN, TEST_SECRETS_KEY } from '../helpers/test-app.ts';
import { recordWaitsForFile } from '../helpers/waits.ts';

const fake = startFakeShopify();
const waited = recordWaitsForFile();
afterAll(() => fake.stop());
const t = await createTestApp({
  env: {
    SECRETS_KEY: TEST_SECRETS_KEY,
    SHOPIFY_CLIENT_ID: fake.data.clientId,
    SHOPIFY_CLIENT_SECRET: fake.data.clientSecret,
    SHOPIFY_API_ORIGIN: fake.url,
  },
});
const bare = await createTestApp();
const HTML = { Accept: 'text/html,application/xhtml+xml' };

/** Where a redirect goes, as path + query on the app, or the full URL elsewhere. */
function location(response: { headers: Headers }): string {
  const target = response.headers.get('location') ?? '';
  return target.startsWith(ORIGIN) ? target.slice(ORIGIN.length) : target;
}

/** The error a redirect back to Data Sources carries, or null. */
function connectError(response: { headers: Headers }): string | null {
  return new URL(location(response), ORIGIN).searchParams.get('connect_error');
}

/** Starts a flow and lets the fake store consent: answers the callback path (not yet called). */
async function consent(cookie: string, shop = 'acme-outdoor', name = 'Acme store') {
  const start = await t.call(
    'GET',
    `/api/integrations/shopify/connect?shop=${shop}&name=${encodeURIComponent(name)}`,
    { cookie },
  );
  expect(start.status).toBe(302);
  const authorize = new URL(location(start));
  expect(authorize.origin).toBe(fake.url);
  expect(authorize.pathname).toBe('/admin/oauth/authorize');
  expect(authorize.searchParams.get('scope')).toBe('read_orders');
  expect(authorize.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/api/integrations/shopify/callback`);
  const back = await fetch(authorize, { redirect: 'manual' });
  expect(back.status).toBe(302);
  return location(back);
}

async function connected() {
  const company = await t.signUpCompany();
  await addSite(t, company.cookie, 'Warehouse', 'FR');
  const callback = await consent(company.cookie);
  const done = await t.call('GET', callback, { cookie: company.cookie });
  expect(location(done)).toBe('/data-sources?connected=shopify');
  const [source] = (await t.call('GET', '/api/data-sources', { cookie: company.cookie })).json;
  return { ...company, source, callback };
}

const lines = (sourceId: string) =>
  t.db
    .select({
      reference: activityLines.reference,
      spend: activityLines.spend,
      variant: activityLines.variant,
      date: activityLines.date,
    })
    .from(activityLines)
    .where(eq(activityLines.dataSourceId, sourceId))
    .orderBy(activityLines.date, activityLines.reference)
    .all();

const lastSync = async (cookie: string, id: string) =>
  (await t.call('GET', `/api/data-sources/${id}/syncs`, { cookie })).json[0];

describe('Shopify connect', () => {
  test('without the app credentials it says in words that Shopify is not set up here, naming no setting (JSON, or back to Data Sources)', async () => {
    const { cookie } = await bare.signUpCompany();
    const json = await bare.call('GET', '/api/integrations/shopify/connect?shop=acme', { cookie });
    expect(json.status).toBe(501);
    expect(json.json.message).toBe('Shopify is not set up on this server yet — ask your administrator.');
    const page = await bare.call('GET', '/api/integrations/shopify/connect?shop=acme', {
      cookie,
      headers: HTML,
    });
    expect(page.status).toBe(302);
    expect(connectError(page)).toBe('Shopify is not set up on this server yet — ask your administrator.');
  });

  test('refuses store names that are not a bare myshopify.com name, storing no state', async () => {
    const { cookie, user } = await t.signUpCompany();
    for (const shop of [
      '',
      'Acme',
      'acme.myshopify.com',
      'evil.com%2Fx',
      '127.0.0.1',
      'a_b',
      '-acme',
      'x'.repeat(61),
      'acme%00',
    ]) {
      const response = await t.call('GET', `/api/integrations/shopify/connect?shop=${shop}`, { cookie });
      expect(response.status).toBe(400);
      expect(response.json.message).toBe(BAD_STORE_NAME_MESSAGE);
    }
    const page = await t.call('GET', '/api/integrations/shopify/connect?shop=evil.example', {
      cookie,
      headers: HTML,
    });
    expect(location(page)).toStartWith('/data-sources?connect_error=');
    expect(connectError(page)).toBe(BAD_STORE_NAME_MESSAGE);
    const states = await t.db
      .select()
      .from(connectorOauthStates)
      .where(eq(connectorOauthStates.companyId, user.companyId))
      .all();
    expect(states).toEqual([]);
  });

  test('a viewer and a cross-site navigation are refused', async () => {
    const { user } = await t.signUpCompany();
    const viewer = await makeViewer(t, user.companyId);
    expect(
      (await t.call('GET', '/api/integrations/shopify/connect?shop=acme', { cookie: viewer })).status,
    ).toBe(403);
    const { cookie } = await t.signUpCompany();
    const crossSite = await t.call('GET', '/api/integrations/shopify/connect?shop=acme', {
      cookie,
      headers: { 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
  });

  test('connects with an expiring token: source connected, tokens sealed and nowhere in clear, first sync queued, audited', async () => {
    const { source, user } = await connected();
    expect(source).toMatchObject({
      type: 'shopify',
      name: 'Acme store',
      status: 'connected',
      statusReason: null,
    });
    const stored = await t.db.select().from(dataSources).where(eq(dataSources.id, source.id)).get();
    expect(JSON.parse(stored!.config)).toEqual({ shop: 'acme-outdoor.myshopify.com' });
    const [token, refreshToken] = fake.issuedTokens.slice(-2);
    expect(token).toStartWith('shpat_');
    expect(refreshToken).toStartWith('shprt_');
    expect(fake.nonExpiringIssued).toBe(0);
    const tables = await t.client.execute("SELECT name FROM sqlite_master WHERE type = 'table'");
    for (const row of tables.rows) {
      const dump = JSON.stringify((await t.client.execute(`SELECT * FROM "${row.name}"`)).rows);
      expect(dump).not.toContain(token);
      expect(dump).not.toContain(refreshToken);
    }
    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.entityId, source.id)).all();
    expect(audit.map((row) => [row.action, row.userId])).toEqual([['data_source_created', user.id]]);
  });

  test('the state works once and only for the user who started the flow', async () => {
    const { callback, cookie } = await connected();
    const replay = await t.call('GET', callback, { cookie });
    expect(connectError(replay)).toBe(
      'This connection request has expired or was already used. Start again from Data Sources.',
    );

    const owner = await t.signUpCompany();
    const other = await t.signUpCompany();
    const stolen = await consent(owner.cookie);
    const refused = await t.call('GET', stolen, { cookie: other.cookie });
    expect(connectError(refused)).toStartWith('This connection request has expired or was already used');
    expect((await t.call('GET', '/api/data-sources', { cookie: other.cookie })).json).toEqual([]);
    // Burnt by the attempt: the owner cannot use it afterwards either.
    expect(connectError(await t.call('GET', stolen, { cookie: owner.cookie }))).toStartWith(
      'This connection request',
    );
  });

  test('refuses a bad hmac, a stale timestamp and an answer from another store', async () => {
    const { cookie } = await t.signUpCompany();
    const cases: [() => void, string][] = [
      [
        () => {
          fake.redirect.tamperHmac = true;
        },
        'bad signature',
      ],
      [
        () => {
          fake.redirect.timestampOffsetSeconds = -3600;
        },
        'the answer is too old',
      ],
      [
        () => {
          fake.redirect.shop = 'other-store.myshopify.com';
        },
        'another store answered',
      ],
    ];
    for (const [arrange, reason] of cases) {
      arrange();
      try {
        const answer = await t.call('GET', await consent(cookie), { cookie });
        expect(connectError(answer)).toContain(reason);
      } finally {
        Object.assign(fake.redirect, { tamperHmac: false, timestampOffsetSeconds: 0, shop: null });
      }
    }
    const edited = (await consent(cookie)).replace(/shop=[^&]+/, 'shop=evil.example');
    expect(connectError(await t.call('GET', edited, { cookie }))).toContain('bad signature');
    expect((await t.call('GET', '/api/data-sources', { cookie })).json).toEqual([]);
  });

  test('connecting the same store again replaces the token instead of adding a source', async () => {
    const { cookie, source } = await connected();
    const again = await t.call('GET', await consent(cookie, 'acme-outdoor', 'Ignored name'), { cookie });
    expect(location(again)).toBe('/data-sources?connected=shopify');
    const list = (await t.call('GET', '/api/data-sources', { cookie })).json;
    expect(list.map((row: { id: string; name: string }) => [row.id, row.name])).toEqual([
      [source.id, 'Acme store'],
    ]);
    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.entityId, source.id)).all();
    expect(audit.map((row) => row.action)).toContain('data_source_reconnected');
  });

  test('POST /api/data-sources cannot create a Shopify source around the authorisation', async () => {
    const { cookie } = await t.signUpCompany();
    const response = await t.call('POST', '/api/data-sources', {
      cookie,
      body: { type: 'shopify', name: 'Shop' },
    });
    expect(response.status).toBe(409);
  });
});

describe('Shopify sync', () => {
  test('imports shipping as spend-based courier lines, revenue net of refunds and tax, over three pages', async () => {
    const { source, cookie } = await connected();
    await t.runJobs();
    const imported = await lines(source.id);
    expect(imported.length).toBe(24);
    const [first, second, third] = imported;
    const id = (order: string, line: string) =>
      `shopify:acme-outdoor.myshopify.com:order:${order}:shipping:${line}`;
    expect(first).toMatchObject({ date: '2025-03-04', spend: 10, variant: '492110' });
    expect(first!.reference).toMatch(new RegExp(`^${id('\\d+', '\\d+')}$`));
    expect(second).toMatchObject({ date: '2025-03-10', spend: 10 }); // 15.00 less 5.00 refunded
    expect(third).toMatchObject({ date: '2025-04-02', spend: 10 }); // 11.90 less 1.90 included VAT
    expect(imported.slice(3).every((line) => line.spend === 5)).toBe(true);
    expect(await lastSync(cookie, source.id)).toMatchObject({
      status: 'succeeded',
      fetched: 25,
      imported: 24,
      skipped: 1,
      revenue: [
        { year: 2024, amount: 0, currency: 'EUR' },
        { year: 2025, amount: 1410, currency: 'EUR' },
      ],
    });
    const pages = fake.calls.filter((call) => call.operation === 'EsgOrders').slice(-3);
    expect(pages.map((call) => call.after === null)).toEqual([true, false, false]);
    const mappings = (await t.call('GET', `/api/data-sources/${source.id}/mappings`, { cookie })).json;
    expect(
      mappings.map((row: { accountName: string; variant: string; isUserSet: boolean }) => [
        row.accountName,
        row.variant,
        row.isUserSet,
      ]),
    ).toEqual([
      ['Shipping: Express', '492110', false],
      ['Shipping: Standard Shipping', '492110', false],
    ]);
    const list = (await t.call('GET', '/api/data-sources', { cookie })).json;
    expect(list[0]).toMatchObject({ status: 'connected', lineCount: 24 });
  });

  test('a re-sync adds nothing; refunds shrink or remove lines; orders past the 60-day window stay', async () => {
    const { source, cookie } = await connected();
    await t.runJobs();
    expect((await t.call('POST', `/api/data-sources/${source.id}/sync`, { cookie })).status).toBe(202);
    await t.runJobs();
    expect(await lastSync(cookie, source.id)).toMatchObject({
      imported: 0,
      duplicates: 24,
      replaced: 0,
      removed: 0,
    });

    const before = await lines(source.id);
    const saved = [...fake.data.orders];
    try {
      const index = (name: string) => fake.data.orders.findIndex((order) => order.name === name);
      // #1001: its 10.00 shipping refunded in full; #2000: 2.00 of its 5.00; #2001 no longer returned.
      for (const [name, amount] of [
        ['#1001', 10],
        ['#2000', 2],
      ] as const) {
        const order = structuredClone(fake.data.orders[index(name)]!);
        order.refunds.push(fakeRefund('2025-06-01T00:00:00Z', [{ line: 0, amount }]));
        fake.data.orders[index(name)] = order;
      }
      fake.data.orders.splice(index('#2001'), 1);
      await t.call('POST', `/api/data-sources/${source.id}/sync`, { cookie });
      await t.runJobs();
      expect(await lastSync(cookie, source.id)).toMatchObject({
        status: 'succeeded',
        replaced: 1,
        removed: 1,
      });
      const after = await lines(source.id);
      expect(after.length).toBe(23);
      expect(after.find((line) => line.reference === before[0]!.reference)).toBeUndefined();
      expect(after.find((line) => line.reference === before[3]!.reference)?.spend).toBe(3);
      // #2001 is older than 60 days: Shopify no longer shows it to read_orders, so it is kept.
      expect(after.find((line) => line.reference === before[4]!.reference)?.spend).toBe(5);
    } finally {
      fake.data.orders.splice(0, fake.data.orders.length, ...saved);
    }
  });

  test('waits out 429 Retry-After and THROTTLED answers, then syncs', async () => {
    const { source, cookie } = await connected();
    fake.rateLimit(1, '1.0');
    fake.throttle(1);
    await t.runJobs();
    expect(fake.calls.filter((call) => call.status === 429).length).toBeGreaterThanOrEqual(1);
    expect(await lastSync(cookie, source.id)).toMatchObject({ status: 'succeeded', imported: 24 });
    // Retry-After: 1.0, then THROTTLED's shortest wait (shopify-client.ts): recorded, not spent.
    expect(waited).toEqual([1000, 1000]);
  });

  test('an uninstalled app puts the source in error once Shopify refuses to renew; Test says the same; a 5xx is retried', async () => {
    const { source, cookie } = await connected();
    await t.runJobs();
    expect((await t.call('POST', `/api/data-sources/${source.id}/test`, { cookie })).json).toEqual({
      connected: true,
      error: null,
    });
    fake.fail(1, 503);
    await t.call('POST', `/api/data-sources/${source.id}/sync`, { cookie });
    await t.runJobs();
    expect(await lastSync(cookie, source.id)).toMatchObject({
      status: 'retrying',
      error: 'Shopify answered HTTP 503 for acme-outdoor.myshopify.com',
    });

    fake.uninstall();
    const tested = await t.call('POST', `/api/data-sources/${source.id}/test`, { cookie });
    expect(tested.json).toEqual({ connected: false, error: SHOPIFY_RENEWAL_REFUSED });
    await t.call('POST', `/api/data-sources/${source.id}/sync`, { cookie });
    await t.runJobs();
    expect(await lastSync(cookie, source.id)).toMatchObject({
      status: 'failed',
      error: SHOPIFY_RENEWAL_REFUSED,
    });
    const list = (await t.call('GET', '/api/data-sources', { cookie })).json;
    expect(list[0]).toMatchObject({ status: 'error', statusReason: SHOPIFY_RENEWAL_REFUSED, lineCount: 24 });
  });

  test('a viewer can read the source but not sync it', async () => {
    const { source, user } = await connected();
    const viewer = await makeViewer(t, user.companyId);
    expect((await t.call('POST', `/api/data-sources/${source.id}/sync`, { cookie: viewer })).status).toBe(
      403,
    );
    expect((await t.call('GET', `/api/data-sources/${source.id}/syncs`, { cookie: viewer })).status).toBe(
      200,
    );
  });
});
