import { afterAll, describe, expect, test } from 'bun:test';
import { XERO_RECONNECT } from '../../src/server/features/connectors/xero/xero-oauth.ts';
import { startFakeXero } from '../fakes/xero.ts';
import { manyBills } from '../fakes/xero-data.ts';
import { NORTH, REGION, SOUTH, TENANT_ID } from '../fakes/xero-shapes.ts';
import { addSite, makeViewer } from '../helpers/ledger.ts';
import { createTestApp, TEST_SECRETS_KEY } from '../helpers/test-app.ts';
import { recordWaitsForFile } from '../helpers/waits.ts';
import {
  companySources,
  connectXero,
  consent,
  landing,
  sourceLines,
  storedCredentials,
  syncNow,
} from '../helpers/xero.ts';

const fake = startFakeXero();
const waited = recordWaitsForFile();
afterAll(() => fake.stop());
// The app's clock: tokens expire against it, not against the wall clock.
let clock = new Date('2025-07-01T09:00:00Z');
const t = await createTestApp({ env: { SECRETS_KEY: TEST_SECRETS_KEY, ...fake.env }, now: () => clock });

const ref = (kind: string, document: string, line: string) => `xero:${TENANT_ID}:${kind}:${document}:${line}`;
const BILL1 = 'b1110000-0000-4000-8000-000000000001';
const BILL2 = 'b1110000-0000-4000-8000-000000000002';

/** A company with sites "Head office" (the first by name) and "North", connected to Xero. */
async function connected() {
  const company = await t.signUpCompany();
  const headOffice = await addSite(t, company.cookie, 'Head office');
  const north = await addSite(t, company.cookie, 'North');
  const { callback } = await connectXero(t, company.cookie, 'Bakery books');
  expect(landing(callback).search).toBe('?connected=xero');
  const [source] = await companySources(t, company.user.companyId);
  return { ...company, source: source!, headOffice, north };
}

describe('Xero connect', () => {
  test('without the app credentials it answers 501: Xero is not set up on this server yet, naming no setting', async () => {
    const bare = await createTestApp({ env: { SECRETS_KEY: TEST_SECRETS_KEY } });
    const { cookie } = await bare.signUpCompany();
    const response = await bare.call('POST', '/api/integrations/xero/connect', {
      cookie,
      body: { name: 'X' },
    });
    expect(response.status).toBe(501);
    expect(response.json.message).toBe('Xero is not set up on this server yet — ask your administrator.');
    expect(response.text).not.toMatch(/XERO_CLIENT/);
  });

  test('connect → consent → callback stores a connected source with sealed tokens and queues a sync', async () => {
    const company = await t.signUpCompany();
    const { authorizationUrl, callback } = await connectXero(t, company.cookie);
    expect(authorizationUrl.origin + authorizationUrl.pathname).toBe(
      `${fake.url}/identity/connect/authorize`,
    );
    // Granular scopes by default (decision 075): the broad ones are refused to apps made since March 2026.
    expect(authorizationUrl.searchParams.get('scope')).toBe(
      'openid profile email offline_access accounting.invoices.read accounting.banktransactions.read accounting.reports.profitandloss.read accounting.settings.read',
    );
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('redirect_uri')).toBe(
      'http://localhost/api/integrations/xero/callback',
    );
    expect(landing(callback).pathname + landing(callback).search).toBe('/data-sources?connected=xero');

    const [source] = await companySources(t, company.user.companyId);
    // The first ORGANISATION tenant (the practice listed before it is skipped) names the source.
    expect(source).toMatchObject({ type: 'xero', status: 'connected', name: 'Xero Bristol Bakes Ltd' });
    expect(JSON.parse(source!.config)).toEqual({ organisation: 'Bristol Bakes Ltd' });
    const credentials = await storedCredentials(t, source!.id);
    expect(credentials.tenantId).toBe(TENANT_ID);
    expect(credentials.scopes).toContain('accounting.banktransactions.read');
    expect(fake.issued).toContain(credentials.accessToken);
    const dump = JSON.stringify(
      await t.client.execute('SELECT * FROM data_sources, connector_connections, connector_oauth_states'),
    );
    for (const token of fake.issued) expect(dump).not.toContain(token);
    const syncs = await t.call('GET', `/api/data-sources/${source!.id}/syncs`, { cookie: company.cookie });
    expect(syncs.json.map((sync: { status: string }) => sync.status)).toEqual(['queued']);
  });

  test('the PKCE verifier goes with its state: a code from another flow is refused', async () => {
    const { cookie, user } = await t.signUpCompany();
    const first = await t.call('POST', '/api/integrations/xero/connect', { cookie, body: {} });
    const second = await t.call('POST', '/api/integrations/xero/connect', { cookie, body: {} });
    const codeOfFirst = (await consent(first.json.authorizationUrl)).searchParams.get('code')!;
    const stateOfSecond = new URL(second.json.authorizationUrl).searchParams.get('state')!;
    const crossed = await t.call(
      'GET',
      `/api/integrations/xero/callback?code=${encodeURIComponent(codeOfFirst)}&state=${encodeURIComponent(stateOfSecond)}`,
      { cookie },
    );
    expect(landing(crossed).searchParams.get('connect_error')).toBe(
      'Xero did not accept the authorisation code: start again from Data Sources',
    );
    expect(await companySources(t, user.companyId)).toEqual([]);
  });

  test('a state works once, only for the member who started it, and a refusal is reported', async () => {
    const owner = await t.signUpCompany();
    const { back } = await connectXero(t, owner.cookie);
    const replay = await t.call('GET', `${back.pathname}${back.search}`, { cookie: owner.cookie });
    expect(landing(replay).searchParams.get('connect_error')).toBe(
      'This connection request has expired or was already used. Start again from Data Sources.',
    );
    const start = await t.call('POST', '/api/integrations/xero/connect', { cookie: owner.cookie, body: {} });
    const stranger = await t.signUpCompany();
    const stolen = await consent(start.json.authorizationUrl);
    const other = await t.call('GET', `${stolen.pathname}${stolen.search}`, { cookie: stranger.cookie });
    expect(landing(other).searchParams.get('connect_error')).toContain('expired or was already used');
    expect(await companySources(t, stranger.user.companyId)).toEqual([]);

    fake.refuseConsent();
    const declined = await connectXero(t, owner.cookie);
    fake.refuseConsent(false);
    expect(landing(declined.callback).searchParams.get('connect_error')).toBe('Xero access was not granted');
  });

  test('viewers cannot start a connection; a signed-out callback is sent back with a reason', async () => {
    const owner = await t.signUpCompany();
    const viewer = await makeViewer(t, owner.user.companyId);
    const refused = await t.call('POST', '/api/integrations/xero/connect', { cookie: viewer, body: {} });
    expect(refused.status).toBe(403);
    const signedOut = await t.call('GET', '/api/integrations/xero/callback?code=x&state=y');
    expect(landing(signedOut).searchParams.get('connect_error')).toBe(
      'Sign in, then connect Xero again from Data Sources.',
    );
  });
});

describe('Xero sync and tracking sites', () => {
  test('imports bills and spend money net of tax and supplier credits, booked to the tracking option’s site', async () => {
    const { source, cookie, headOffice, north } = await connected();
    await t.runJobs();
    expect(await sourceLines(t, source.id)).toEqual([
      {
        reference: ref(
          'BankTransaction',
          'bt000000-0000-4000-8000-000000000001',
          'lb000000-0000-4000-8000-000000000001',
        ),
        siteId: north,
        spend: 60,
        currency: 'GBP',
        date: '2025-05-05',
        variant: 'consultancy',
      },
      // The deleted and the voided spend money (77, 88) are not there.
      // 100 less supplier credit note CN-0001 (30 net of tax, account 429, North, March); the draft
      // CN-0002 and the customer credit note CN-0003 change nothing.
      {
        reference: ref('Invoice', BILL1, 'l1110000-0000-4000-8000-000000000011'),
        siteId: north,
        spend: 70,
        currency: 'GBP',
        date: '2025-03-01',
        variant: 'consultancy',
      },
      {
        reference: ref('Invoice', BILL1, 'l1110000-0000-4000-8000-000000000012'),
        siteId: headOffice,
        spend: 250,
        currency: 'GBP',
        date: '2025-03-01',
        variant: 'telecoms',
      },
      // Inclusive: 120 less 20 of tax.
      {
        reference: ref('Invoice', BILL2, 'l1110000-0000-4000-8000-000000000021'),
        siteId: headOffice,
        spend: 100,
        currency: 'GBP',
        date: '2025-04-10',
        variant: 'consultancy',
      },
    ]);
    const sites = await t.call('GET', `/api/data-sources/${source.id}/site-mappings`, { cookie });
    expect(sites.json).toEqual([
      {
        trackingKey: `tracking:${REGION}:${NORTH}`,
        trackingName: 'Region: North',
        siteId: north,
        effectiveSiteId: north,
        isUserSet: false,
      },
      {
        trackingKey: `tracking:${REGION}:${SOUTH}`,
        trackingName: 'Region: South',
        siteId: null,
        effectiveSiteId: headOffice,
        isUserSet: false,
      },
    ]);
    const syncs = await t.call('GET', `/api/data-sources/${source.id}/syncs`, { cookie });
    expect(syncs.json[0]).toMatchObject({
      status: 'succeeded',
      fetched: 5,
      imported: 4,
      skipped: 1,
      error: null,
      // The P&L's "Turnover" rows of the active and the archived revenue account; interest received
      // (Other Income) is not revenue.
      revenue: [{ year: 2025, amount: 48250.5, currency: 'GBP' }],
    });
    const accounts = await t.call('GET', `/api/data-sources/${source.id}/mappings`, { cookie });
    expect(accounts.json.map((row: { accountCode: string }) => row.accountCode)).toEqual([
      '429',
      '489',
      '820',
    ]);
  });

  test('a new site for an option moves its lines at the next sync, without duplicates', async () => {
    const { source, cookie, user } = await connected();
    await t.runJobs();
    const yard = await addSite(t, cookie, 'South yard');
    const southKey = `tracking:${REGION}:${SOUTH}`;
    const saved = await t.call('PUT', `/api/data-sources/${source.id}/site-mappings`, {
      cookie,
      body: { mappings: [{ trackingKey: southKey, siteId: yard }] },
    });
    expect(saved.status).toBe(200);
    expect(saved.json.find((row: { trackingKey: string }) => row.trackingKey === southKey)).toMatchObject({
      siteId: yard,
      isUserSet: true,
    });
    const sync = await syncNow(t, cookie, source.id);
    expect(sync).toMatchObject({ status: 'succeeded', imported: 0, replaced: 1, duplicates: 3, removed: 0 });
    const lines = await sourceLines(t, source.id);
    expect(lines).toHaveLength(4);
    expect(lines.filter((line) => line.siteId === yard).map((line) => line.spend)).toEqual([250]);
    const audit = await t.client.execute({
      sql: "SELECT count(*) AS n FROM audit_logs WHERE company_id = ? AND action = 'data_source_site_mapping_updated'",
      args: [user.companyId],
    });
    expect(Number(audit.rows[0]!.n)).toBe(1);
  });

  test('site mappings: viewers read, members write known options to their own sites only', async () => {
    const { source, cookie, user } = await connected();
    await t.runJobs();
    const viewer = await makeViewer(t, user.companyId);
    expect(
      (await t.call('GET', `/api/data-sources/${source.id}/site-mappings`, { cookie: viewer })).status,
    ).toBe(200);
    const key = `tracking:${REGION}:${NORTH}`;
    const asViewer = await t.call('PUT', `/api/data-sources/${source.id}/site-mappings`, {
      cookie: viewer,
      body: { mappings: [{ trackingKey: key, siteId: null }] },
    });
    expect(asViewer.status).toBe(403);
    const other = await t.signUpCompany();
    const foreignSite = await addSite(t, other.cookie, 'Elsewhere');
    const bad = await t.call('PUT', `/api/data-sources/${source.id}/site-mappings`, {
      cookie,
      body: {
        mappings: [
          { trackingKey: key, siteId: foreignSite },
          { trackingKey: 'tracking:nope', siteId: null },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.details.fieldErrors).sort()).toEqual([
      'mappings.0.siteId',
      'mappings.1.trackingKey',
    ]);
    expect(
      (await t.call('GET', `/api/data-sources/${source.id}/site-mappings`, { cookie: other.cookie })).status,
    ).toBe(404);
    const foreignPut = await t.call('PUT', `/api/data-sources/${source.id}/site-mappings`, {
      cookie: other.cookie,
      body: { mappings: [{ trackingKey: key, siteId: foreignSite }] },
    });
    expect(foreignPut.status).toBe(404);
    const empty = await t.call('PUT', `/api/data-sources/${source.id}/site-mappings`, {
      cookie,
      body: { mappings: [] },
    });
    expect(empty.status).toBe(400);
  });

  test('pages through more than 100 bills', async () => {
    const { source, cookie } = await connected();
    await t.runJobs();
    const before = fake.calls.length;
    const extra = manyBills(150);
    fake.data.invoices.push(...extra);
    try {
      const sync = await syncNow(t, cookie, source.id);
      expect(sync).toMatchObject({ status: 'succeeded', imported: 150 });
    } finally {
      fake.data.invoices.splice(-150);
    }
    const pages = fake.calls
      .slice(before)
      .filter((call) => call.path === '/Invoices')
      .map((call) => call.query.page);
    expect(pages).toEqual(['1', '2']);
    expect(fake.calls.slice(before).every((call) => call.tenant === TENANT_ID)).toBe(true);
  });

  test('an answer cut short fails the sync and writes nothing: the ledger keeps the last whole sync', async () => {
    const { source, cookie } = await connected();
    await t.runJobs();
    const lines = await sourceLines(t, source.id);
    // Bills are read before spend money: a partial write would drop the spend money's line.
    fake.truncateNext('/BankTransactions');
    const cut = await syncNow(t, cookie, source.id);
    expect(cut.status).not.toBe('succeeded');
    expect(cut.error).toBe('Xero answered /api.xro/2.0/BankTransactions with something other than JSON');
    expect(await sourceLines(t, source.id)).toEqual(lines);
  });

  test('refreshes an access token about to expire, storing the rotated pair', async () => {
    const { source, cookie } = await connected();
    await t.runJobs();
    const before = await storedCredentials(t, source.id);
    clock = new Date(clock.getTime() + 31 * 60 * 1000);
    const grants = fake.tokenGrants.length;
    expect(await syncNow(t, cookie, source.id)).toMatchObject({ status: 'succeeded', duplicates: 4 });
    expect(fake.tokenGrants.slice(grants)).toEqual(['refresh_token']);
    const after = await storedCredentials(t, source.id);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(Date.parse(after.expiresAt)).toBe(clock.getTime() + 1800 * 1000);
    // Past Xero's 30-minute grace the old refresh token is refused: the next sync works only with
    // the new one.
    fake.endGrace();
    fake.expireAccessTokens();
    expect(await syncNow(t, cookie, source.id)).toMatchObject({ status: 'succeeded' });
    expect(fake.tokenGrants.slice(grants)).toEqual(['refresh_token', 'refresh_token']);
  });

  test('invalid_grant puts the source in error with the reason to reconnect', async () => {
    const { source, cookie } = await connected();
    await t.runJobs();
    const tested = await t.call('POST', `/api/data-sources/${source.id}/test`, { cookie });
    expect(tested.json).toEqual({ connected: true, error: null });
    fake.expireAccessTokens();
    fake.revokeRefreshTokens();
    expect(await syncNow(t, cookie, source.id)).toMatchObject({ status: 'failed', error: XERO_RECONNECT });
    const listed = await t.call('GET', '/api/data-sources', { cookie });
    expect(listed.json[0]).toMatchObject({ status: 'error', statusReason: XERO_RECONNECT });
    const retested = await t.call('POST', `/api/data-sources/${source.id}/test`, { cookie });
    expect(retested.json).toEqual({ connected: false, error: XERO_RECONNECT });
    // The sync and the Test each wait once for a winner elsewhere (token-rotation.ts): recorded.
    expect(waited).toEqual([1000, 1000]);
  });

  test('429s within the minute limit are waited out; a day limit and 5xx are retried later', async () => {
    const { source, cookie } = await connected();
    await t.runJobs();
    fake.rateLimitNext(2, '0');
    expect(await syncNow(t, cookie, source.id)).toMatchObject({ status: 'succeeded', duplicates: 4 });
    expect(waited).toEqual([0, 0]);
    fake.rateLimitNext(1, '3600', 'day');
    const limited = await syncNow(t, cookie, source.id);
    expect(limited.status).toBe('retrying');
    expect(limited.error).toBe(
      'Xero’s daily limit of API calls for this organisation is used up; the sync will try again later',
    );
    fake.failNext(503, { Title: 'Service Unavailable' });
    expect(await syncNow(t, cookie, source.id)).toMatchObject({ status: 'retrying' });
    fake.failNext(400, {
      ErrorNumber: 10,
      Type: 'ValidationException',
      Message: 'A validation exception occurred',
      Elements: [{ ValidationErrors: [{ Message: 'The organisation is not subscribed to this feature' }] }],
    });
    expect(await syncNow(t, cookie, source.id)).toMatchObject({
      status: 'failed',
      error: 'Xero refused the request: The organisation is not subscribed to this feature',
    });
  });
});
