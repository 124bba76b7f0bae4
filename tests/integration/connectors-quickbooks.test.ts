import { afterAll, describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit.ts';
import { connectorConnections, connectorOauthStates, connectorSyncs } from '../../db/schema/connectors.ts';
import { dataSources } from '../../db/schema/ledger.ts';
import { ConfigError, loadConfig } from '../../src/server/config.ts';
import { adapterFor } from '../../src/server/features/connectors/registry.ts';
import { startFakeQuickBooks } from '../fakes/quickbooks.ts';
import { makeViewer } from '../helpers/ledger.ts';
import {
  adapterSession,
  databaseText,
  quickBooksJourney,
  sourceLines,
  storedSession,
} from '../helpers/quickbooks.ts';
import { createTestApp, TEST_SECRETS_KEY } from '../helpers/test-app.ts';

const fake = startFakeQuickBooks();
afterAll(() => fake.stop());
const t = await createTestApp({
  env: {
    SECRETS_KEY: TEST_SECRETS_KEY,
    ...fake.env,
  },
});
const qb = quickBooksJourney(t, fake);
const realm = fake.data.realmId;
const ref = (kind: string, id: string, line: string) => `quickbooks:${realm}:${kind}:${id}:${line}`;
const EXPECTED_LINES = [
  {
    reference: ref('Bill', '201', '1'),
    variant: 'accountancy_legal',
    spend: 1200,
    currency: 'EUR',
    date: '2025-01-20',
  },
  // An item line: item 3 "Paper" is charged to its expense account, Office Supplies.
  {
    reference: ref('Bill', '201', '2'),
    variant: 'office_supplies',
    spend: 80,
    currency: 'EUR',
    date: '2025-01-20',
  },
  {
    reference: ref('Bill', '202', '1'),
    variant: 'office_supplies',
    spend: 200,
    currency: 'USD',
    date: '2024-11-15',
  },
  {
    reference: ref('Purchase', '101', '1'),
    variant: 'it_software',
    spend: 450,
    currency: 'USD',
    date: '2025-02-10',
  },
  // Bank charges are a purchase, as an accounting export's import counts them (decision 086).
  {
    reference: ref('Purchase', '101', '2'),
    variant: 'banking_finance',
    spend: 25,
    currency: 'USD',
    date: '2025-02-10',
  },
  {
    reference: ref('Purchase', '103', '1'),
    variant: 'marketing_advertising',
    // 300 of Boston advertising in March less the 60 card credit of Purchase 102 (Boston, March).
    spend: 240,
    currency: 'USD',
    date: '2025-03-05',
  },
];
const lastSync = async (cookie: string, sourceId: string) =>
  (await t.call('GET', `/api/data-sources/${sourceId}/syncs`, { cookie })).json[0];

describe('QuickBooks connector: connecting', () => {
  test('without the app credentials it answers 501: not set up on this server, in words for the person', async () => {
    const bare = await createTestApp({ env: { SECRETS_KEY: TEST_SECRETS_KEY } });
    const { cookie } = await bare.signUpCompany();
    const response = await bare.call('POST', '/api/integrations/quickbooks/connect', { cookie, body: {} });
    expect(response.status).toBe(501);
    expect(response.json.message).toBe(
      'QuickBooks is not set up on this server yet — ask your administrator.',
    );
  });

  test('start answers Intuit’s authorisation URL and keeps only the state’s hash', async () => {
    const { cookie, user } = await t.signUpCompany();
    const url = new URL(await qb.start(cookie, 'Acme books'));
    expect(url.origin + url.pathname).toBe(`${fake.url}/connect/oauth2`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: fake.data.clientId,
      redirect_uri: 'http://localhost/api/integrations/quickbooks/callback',
      state: expect.stringMatching(/^[\w-]{43}$/),
      scope: 'com.intuit.quickbooks.accounting',
    });
    const states = await t.db
      .select()
      .from(connectorOauthStates)
      .where(eq(connectorOauthStates.companyId, user.companyId))
      .all();
    expect(states).toMatchObject([{ provider: 'quickbooks', sourceName: 'Acme books' }]);
    expect(states[0]!.stateHash).not.toBe(url.searchParams.get('state'));
  });

  test('the callback creates the source connected, seals the tokens and queues the first sync', async () => {
    const { source, user } = await qb.connected();
    expect(source).toMatchObject({
      type: 'quickbooks',
      name: 'Acme books',
      status: 'connected',
      statusReason: null,
    });
    const stored = await t.db.select().from(dataSources).where(eq(dataSources.id, source.id)).get();
    expect(JSON.parse(stored!.config)).toEqual({
      realmId: realm,
      companyName: 'Acme Outdoor Co',
      environment: 'production',
    });
    const sealed = await t.db
      .select()
      .from(connectorConnections)
      .where(eq(connectorConnections.dataSourceId, source.id))
      .get();
    expect(sealed!.sealedCredentials).toMatch(/^v1:[\w-]+:[\w-]+$/);
    const session = await storedSession(t, user.companyId, source.id);
    expect(fake.liveAccessTokens()).toContain(session.tokens.accessToken);
    const everything = await databaseText(t);
    for (const secret of [session.tokens.accessToken, session.tokens.refreshToken, fake.data.clientSecret]) {
      expect(everything).not.toContain(secret);
    }
    const audit = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.companyId, user.companyId), eq(auditLogs.entityId, source.id)))
      .all();
    expect(audit).toEqual([{ action: 'data_source_created' }]);
    const syncs = await t.db
      .select()
      .from(connectorSyncs)
      .where(eq(connectorSyncs.dataSourceId, source.id))
      .all();
    expect(syncs).toMatchObject([{ status: 'queued' }]);
  });

  test('an unnamed source is named after the QuickBooks company', async () => {
    const { cookie } = await t.signUpCompany();
    await qb.callback(await qb.consent(await qb.start(cookie)), cookie);
    const [source] = (await t.call('GET', '/api/data-sources', { cookie })).json;
    expect(source.name).toBe('QuickBooks Acme Outdoor Co');
  });

  test('a state works once, only for who started it; refusals land on Data Sources with the reason', async () => {
    const first = await t.signUpCompany();
    const other = await t.signUpCompany();
    const refused =
      '/data-sources?connect_error=This%20connection%20request%20has%20expired%20or%20was%20already%20used.%20Start%20again%20from%20Data%20Sources.';
    // Another user (another company) cannot finish someone else's flow.
    const stolen = await qb.consent(await qb.start(first.cookie));
    expect(await qb.callback(stolen, other.cookie)).toBe(refused);
    // Replaying a finished callback is refused.
    const path = await qb.consent(await qb.start(first.cookie));
    expect(await qb.callback(path, first.cookie)).toBe('/data-sources?connected=quickbooks');
    expect(await qb.callback(path, first.cookie)).toBe(refused);
    expect((await t.call('GET', '/api/data-sources', { cookie: first.cookie })).json.length).toBe(1);
    expect((await t.call('GET', '/api/data-sources', { cookie: other.cookie })).json).toEqual([]);
    // Signed out, declined consent, and a made-up state.
    const signedOut = await qb.consent(await qb.start(first.cookie));
    expect(decodeURIComponent(await qb.callback(signedOut))).toContain(
      'Sign in, then connect QuickBooks again',
    );
    fake.deny();
    const declined = await qb.consent(await qb.start(first.cookie));
    expect(declined).toContain('error=access_denied');
    expect(decodeURIComponent(await qb.callback(declined, first.cookie))).toBe(
      '/data-sources?connect_error=Access was not allowed in QuickBooks, so nothing was connected.',
    );
    const forged = `/api/integrations/quickbooks/callback?code=x&state=forged&realmId=${realm}`;
    expect(await qb.callback(forged, first.cookie)).toBe(refused);
  });

  test('a viewer cannot start a connection (403), nor create one through /api/data-sources', async () => {
    const { user, cookie } = await t.signUpCompany();
    const viewer = await makeViewer(t, user.companyId);
    const response = await t.call('POST', '/api/integrations/quickbooks/connect', {
      cookie: viewer,
      body: { name: 'x' },
    });
    expect(response.status).toBe(403);
    const plain = await t.call('POST', '/api/data-sources', {
      cookie,
      body: { type: 'quickbooks', name: 'QB' },
    });
    expect(plain.status).toBe(501);
    expect(plain.json.message).toContain('use Connect New Source on Data Sources');
  });

  test('test-only endpoint overrides are refused in production', () => {
    expect(() =>
      loadConfig({
        APP_ENV: 'production',
        SECRETS_KEY: TEST_SECRETS_KEY,
        QUICKBOOKS_API_ORIGIN: 'http://127.0.0.1:9',
      }),
    ).toThrow(ConfigError);
  });
});

describe('QuickBooks connector: syncing', () => {
  test('sync imports expense lines net of card credits as spend-based lines with revenue recorded', async () => {
    const { source, cookie } = await qb.connected();
    await t.runJobs();
    expect(await sourceLines(t, source.id)).toEqual(EXPECTED_LINES);
    expect(await lastSync(cookie, source.id)).toMatchObject({
      status: 'succeeded',
      fetched: 6,
      imported: 6,
      skipped: 0,
      error: null,
      revenue: [
        { year: 2024, amount: 40000, currency: 'USD' },
        { year: 2025, amount: 52500.5, currency: 'USD' },
      ],
    });
    const mappings = (await t.call('GET', `/api/data-sources/${source.id}/mappings`, { cookie })).json;
    expect(
      mappings.map((row: Record<string, string>) => [row.accountCode, row.accountName, row.variant]),
    ).toEqual([
      ['', 'Office Supplies', 'office_supplies'],
      ['6000', 'Advertising', 'marketing_advertising'],
      ['6110', 'Software:Cloud hosting', 'it_software'],
      ['6200', 'Legal & Professional Fees', 'accountancy_legal'],
      ['6300', 'Bank Charges', 'banking_finance'],
    ]);
    const list = (await t.call('GET', '/api/data-sources', { cookie })).json;
    expect(list[0]).toMatchObject({ status: 'connected', lineCount: 6 });
  });

  test('lines carry the class, or else the location, as their tracking dimension', async () => {
    const { source, user } = await qb.connected();
    const pull = await adapterFor('quickbooks')!.pull(
      (await storedSession(t, user.companyId, source.id)).tokens,
      adapterSession(t, user.companyId, source.id),
    );
    const tracking = Object.fromEntries(pull.lines.map((line) => [line.externalId, line.tracking]));
    expect(tracking).toEqual({
      [ref('Purchase', '101', '1')]: { key: 'class:5000000000000012345', name: 'Stores:Retail' },
      [ref('Purchase', '101', '2')]: { key: 'location:1', name: 'Boston' },
      [ref('Purchase', '103', '1')]: { key: 'location:1', name: 'Boston' },
      // An inactive class and an inactive location keep their names (not "Wholesale (deleted)").
      [ref('Bill', '201', '1')]: { key: 'class:5000000000000012346', name: 'Stores:Wholesale' },
      [ref('Bill', '201', '2')]: null,
      [ref('Bill', '202', '1')]: { key: 'location:2', name: 'Cambridge' },
    });
  });

  test('a repayment to an inactive loan account stays a loan, not spend: name lists are read whole', async () => {
    const { source, user } = await qb.connected();
    const calls = fake.calls.length;
    const pull = await adapterFor('quickbooks')!.pull(
      (await storedSession(t, user.companyId, source.id)).tokens,
      adapterSession(t, user.companyId, source.id),
    );
    expect(pull.lines.map((line) => line.externalId)).not.toContain(ref('Purchase', '103', '3'));
    const queries = fake.calls.slice(calls).flatMap((call) => (call.query ? [call.query] : []));
    for (const entity of ['Account', 'Item', 'Class', 'Department']) {
      expect(queries).toContain(
        `SELECT * FROM ${entity} WHERE Active IN (true, false) ORDERBY Id STARTPOSITION 1 MAXRESULTS 1000`,
      );
    }
    expect(fake.calls.slice(calls).map((call) => call.path)).toContain('preferences');
  });

  test('a re-sync adds nothing; a mapping edit applies at the next sync', async () => {
    const { source, cookie } = await qb.connected();
    await t.runJobs();
    expect((await t.call('POST', `/api/data-sources/${source.id}/sync`, { cookie })).status).toBe(202);
    await t.runJobs();
    expect(await sourceLines(t, source.id)).toEqual(EXPECTED_LINES);
    expect(await lastSync(cookie, source.id)).toMatchObject({ imported: 0, duplicates: 6 });
    const mappings = (await t.call('GET', `/api/data-sources/${source.id}/mappings`, { cookie })).json;
    const supplies = mappings.find((row: { accountName: string }) => row.accountName === 'Office Supplies');
    const put = await t.call('PUT', `/api/data-sources/${source.id}/mappings`, {
      cookie,
      body: {
        mappings: [{ accountKey: supplies.accountKey, category: 'purchased_goods', variant: '323111' }],
      },
    });
    expect(put.status).toBe(200);
    await t.call('POST', `/api/data-sources/${source.id}/sync`, { cookie });
    await t.runJobs();
    // Office Supplies holds Bill 202 and the Paper item line of Bill 201: both move.
    expect((await sourceLines(t, source.id)).find((line) => line.spend === 200)?.variant).toBe('323111');
    expect((await sourceLines(t, source.id)).find((line) => line.spend === 80)?.variant).toBe('323111');
    expect(await lastSync(cookie, source.id)).toMatchObject({ replaced: 2, duplicates: 4 });
  });

  test('Test answers connected through CompanyInfo', async () => {
    const { source, cookie } = await qb.connected();
    const tested = await t.call('POST', `/api/data-sources/${source.id}/test`, { cookie });
    expect(tested.json).toEqual({ connected: true, error: null });
  });
});
