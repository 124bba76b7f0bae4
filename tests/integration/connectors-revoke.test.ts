// Deleting a QuickBooks, Xero or Shopify source revokes the app's access at the provider
// (decision 029): proved at the fakes, which refuse the old tokens afterwards. An unreachable
// provider never blocks the delete: the answer and the audit log say access was not revoked.
import { afterAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit.ts';
import { connectorConnections } from '../../db/schema/connectors.ts';
import { dataSources } from '../../db/schema/ledger.ts';
import type { ShopifyCredentials } from '../../src/server/features/connectors/shopify/shopify-tokens.ts';
import { startFakeQuickBooks } from '../fakes/quickbooks.ts';
import { startFakeShopify } from '../fakes/shopify.ts';
import { startFakeXero } from '../fakes/xero.ts';
import { TENANT_ID } from '../fakes/xero-shapes.ts';
import { addSite, makeViewer } from '../helpers/ledger.ts';
import { addMember } from '../helpers/people.ts';
import { quickBooksJourney, storedSession } from '../helpers/quickbooks.ts';
import { skewedClock } from '../helpers/skewed-clock.ts';
import { createTestApp, ORIGIN, TEST_SECRETS_KEY } from '../helpers/test-app.ts';
import { companySources, connectXero, landing, storedCredentials } from '../helpers/xero.ts';

const quickbooks = startFakeQuickBooks();
const xero = startFakeXero();
const shopify = startFakeShopify();
afterAll(() => {
  quickbooks.stop();
  xero.stop();
  shopify.stop();
});
/** The app's clock runs this far ahead of real time (to outlive a Xero access token). */
const clock = skewedClock();
const qbEnv = (url: string) => ({
  QUICKBOOKS_CLIENT_ID: quickbooks.data.clientId,
  QUICKBOOKS_CLIENT_SECRET: quickbooks.data.clientSecret,
  QUICKBOOKS_OAUTH_ORIGIN: url,
  QUICKBOOKS_API_ORIGIN: url,
});
const appEnv = {
  SECRETS_KEY: TEST_SECRETS_KEY,
  ...qbEnv(quickbooks.url),
  ...xero.env,
  SHOPIFY_CLIENT_ID: shopify.data.clientId,
  SHOPIFY_CLIENT_SECRET: shopify.data.clientSecret,
  SHOPIFY_API_ORIGIN: shopify.url,
};
const t = await createTestApp({ env: appEnv, now: clock.now });
/** The same app with a short revocation deadline, so a provider that never answers costs no real 10 s. */
const hurried = await createTestApp({
  env: { ...appEnv, CONNECTOR_REVOKE_DEADLINE_MS: '300' },
  now: clock.now,
});
const qb = quickBooksJourney(t, quickbooks);

async function connectedXero() {
  const company = await t.signUpCompany();
  await addSite(t, company.cookie, 'Head office');
  const { callback } = await connectXero(t, company.cookie);
  expect(landing(callback).search).toBe('?connected=xero');
  const [source] = await companySources(t, company.user.companyId);
  return { ...company, source: source!, credentials: await storedCredentials(t, source!.id) };
}

async function connectedShopify(app = t) {
  const company = await app.signUpCompany();
  await addSite(app, company.cookie, 'Warehouse', 'FR');
  const start = await app.call('GET', '/api/integrations/shopify/connect?shop=acme-outdoor&name=Shop', {
    cookie: company.cookie,
  });
  const back = await fetch(start.headers.get('location')!, { redirect: 'manual' });
  const callback = back.headers.get('location')!.slice(ORIGIN.length);
  const done = await app.call('GET', callback, { cookie: company.cookie });
  expect(done.headers.get('location')).toContain('connected=shopify');
  const [source] = await companySources(app, company.user.companyId);
  const credentials = (await storedCredentials(app, source!.id)) as unknown as ShopifyCredentials;
  return { ...company, source: source!, credentials };
}

const remove = (cookie: string, id: string, keepLines = false) =>
  t.call('DELETE', `/api/data-sources/${id}?keepLines=${keepLines}`, { cookie });

const auditOf = async (sourceId: string) =>
  (await t.db.select().from(auditLogs).where(eq(auditLogs.entityId, sourceId)).all()).map(
    (row) => row.action,
  );

/** Nothing of the source is left: the delete was whole. */
async function expectGone(sourceId: string) {
  expect(await t.db.select().from(dataSources).where(eq(dataSources.id, sourceId)).all()).toEqual([]);
  expect(
    await t.db
      .select()
      .from(connectorConnections)
      .where(eq(connectorConnections.dataSourceId, sourceId))
      .all(),
  ).toEqual([]);
}

const xeroApi = (path: string, accessToken: string, tenant?: string) =>
  fetch(`${xero.url}${path}`, {
    headers: { Authorization: `Bearer ${accessToken}`, ...(tenant ? { 'xero-tenant-id': tenant } : {}) },
  });
const refreshAt = (url: string, clientId: string, clientSecret: string, refreshToken: string) =>
  fetch(url, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }),
  });

describe('deleting a connector source revokes its access at the provider', () => {
  test('QuickBooks: the refresh token is revoked at Intuit, and neither token works any more', async () => {
    const { source, cookie, user } = await qb.connected();
    const { tokens } = await storedSession(t, user.companyId, source.id);
    const answer = await remove(cookie, source.id);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ providerAccess: 'revoked', message: null });
    expect(quickbooks.revoked).toContain(tokens.refreshToken);
    await expectGone(source.id);
    expect(await auditOf(source.id)).toEqual([
      'data_source_created',
      'data_source_deleted_with_lines',
      'data_source_access_revoked',
    ]);
    const api = await fetch(`${quickbooks.url}/v3/company/${tokens.realmId}/companyinfo/${tokens.realmId}`, {
      headers: { Authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(api.status).toBe(401);
    const refresh = await refreshAt(
      `${quickbooks.url}/oauth2/v1/tokens/bearer`,
      quickbooks.data.clientId,
      quickbooks.data.clientSecret,
      tokens.refreshToken,
    );
    expect(refresh.status).toBe(400);
    expect(await refresh.json()).toEqual({ error: 'invalid_grant' });
  });

  test('Xero: the organisation is disconnected and the grant revoked; the old tokens are refused', async () => {
    const { source, cookie, credentials } = await connectedXero();
    const answer = await remove(cookie, source.id, true);
    expect(answer.json).toEqual({ providerAccess: 'revoked', message: null });
    expect(xero.revoked).toEqual([credentials.refreshToken]);
    expect(xero.connectedTenants()).toEqual([]);
    await expectGone(source.id);
    expect(await auditOf(source.id)).toEqual([
      'data_source_created',
      'data_source_deleted',
      'data_source_access_revoked',
    ]);
    expect((await xeroApi('/connections', credentials.accessToken)).status).toBe(401);
    const refresh = await refreshAt(
      `${xero.url}/connect/token`,
      xero.data.clientId,
      xero.data.clientSecret,
      credentials.refreshToken,
    );
    expect(await refresh.json()).toEqual({ error: 'invalid_grant' });
  });

  test('Xero: an expired access token is refreshed first, and the rotated refresh token is the one revoked', async () => {
    const { source, cookie, credentials } = await connectedXero();
    clock.runAhead(60 * 60 * 1000);
    const grants = xero.tokenGrants.length;
    const revoked = xero.revoked.length;
    expect((await remove(cookie, source.id)).json).toEqual({ providerAccess: 'revoked', message: null });
    expect(xero.tokenGrants.slice(grants)).toEqual(['refresh_token']);
    const [sent] = xero.revoked.slice(revoked);
    expect(sent).toBeDefined();
    expect(sent).not.toBe(credentials.refreshToken);
    expect(xero.connectedTenants()).toEqual([]);
  });

  test('Xero: a grant that still serves another organisation is kept, only this organisation is disconnected', async () => {
    const ORG_B = '7b7b7b7b-3333-4333-8333-00000000000b';
    xero.data.tenants.push({ tenantId: ORG_B, tenantName: 'Bath Bakes Ltd', tenantType: 'ORGANISATION' });
    try {
      const company = await t.signUpCompany();
      await addSite(t, company.cookie, 'Head office');
      xero.consentTo([TENANT_ID]);
      await connectXero(t, company.cookie, 'Bristol');
      xero.consentTo([ORG_B]);
      await connectXero(t, company.cookie, 'Bath');
      const sources = await companySources(t, company.user.companyId);
      const bristol = sources.find((source) => source.name === 'Bristol')!;
      const bath = sources.find((source) => source.name === 'Bath')!;
      const bristolTokens = await storedCredentials(t, bristol.id);
      expect(bristolTokens.tenantId).toBe(TENANT_ID);
      const revoked = xero.revoked.length;

      expect((await remove(company.cookie, bristol.id)).json).toEqual({
        providerAccess: 'revoked',
        message: null,
      });
      expect(xero.revoked.length).toBe(revoked);
      expect(xero.connectedTenants()).toEqual([ORG_B]);
      const organisation = await xeroApi('/api.xro/2.0/Organisation', bristolTokens.accessToken, TENANT_ID);
      expect(organisation.status).toBe(403);
      const tested = await t.call('POST', `/api/data-sources/${bath.id}/test`, { cookie: company.cookie });
      expect(tested.json).toEqual({ connected: true, error: null });
    } finally {
      xero.data.tenants.pop();
      xero.consentTo(null);
    }
  });

  test('Shopify: the app uninstalls itself from the store and the token is refused afterwards', async () => {
    const { source, cookie, credentials } = await connectedShopify();
    const answer = await remove(cookie, source.id);
    expect(answer.json).toEqual({ providerAccess: 'revoked', message: null });
    expect(shopify.revoked).toEqual([credentials.accessToken]);
    await expectGone(source.id);
    expect(await auditOf(source.id)).toContain('data_source_access_revoked');
    const graphql = await fetch(`${shopify.url}/admin/api/2026-10/graphql.json`, {
      method: 'POST',
      headers: { 'X-Shopify-Access-Token': credentials.accessToken, 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: 'query EsgShop { shop { name } }' }),
    });
    expect(graphql.status).toBe(401);
  });
});

describe('a provider that cannot revoke never blocks the delete', () => {
  test('QuickBooks answering 503: deleted all the same, audited, and the answer says what to do', async () => {
    const { source, cookie, user } = await qb.connected();
    const { tokens } = await storedSession(t, user.companyId, source.id);
    quickbooks.failRevocation(503);
    const answer = await remove(cookie, source.id);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      providerAccess: 'not_revoked',
      message:
        'QuickBooks did not confirm that this app’s access was revoked (Intuit answered HTTP 503). Disconnect the app in QuickBooks too (Apps, then Disconnect beside the app).',
    });
    await expectGone(source.id);
    expect(await auditOf(source.id)).toEqual([
      'data_source_created',
      'data_source_deleted_with_lines',
      'data_source_revocation_failed',
    ]);
    expect(quickbooks.liveRefreshTokens()).toContain(tokens.refreshToken);
  });

  test('Xero and Shopify failing to revoke say so in their own words', async () => {
    const fromXero = await connectedXero();
    xero.failRevocation(503);
    expect((await remove(fromXero.cookie, fromXero.source.id)).json).toEqual({
      providerAccess: 'not_revoked',
      message:
        'Xero did not confirm that this app’s access was revoked (Xero answered HTTP 503). Disconnect the app in Xero too (Settings → Connected Apps).',
    });
    await expectGone(fromXero.source.id);
    expect(await auditOf(fromXero.source.id)).toContain('data_source_revocation_failed');

    const fromShopify = await connectedShopify();
    shopify.failRevocation(502);
    expect((await remove(fromShopify.cookie, fromShopify.source.id)).json).toEqual({
      providerAccess: 'not_revoked',
      message:
        'Shopify did not confirm that this app’s access was revoked (Shopify answered HTTP 502). Uninstall the app in your Shopify admin too (Settings → Apps).',
    });
    await expectGone(fromShopify.source.id);
    expect(await auditOf(fromShopify.source.id)).toContain('data_source_revocation_failed');
  });

  test('a store that never answers is given up after the deadline; the delete still succeeds', async () => {
    // The app of this test gives revocation 0.3 s (the default is 10 s): the answer names it.
    const { source, cookie } = await connectedShopify(hurried);
    shopify.failRevocation(0);
    const answer = await hurried.call('DELETE', `/api/data-sources/${source.id}?keepLines=false`, { cookie });
    expect(answer.json).toEqual({
      providerAccess: 'not_revoked',
      message:
        'Shopify did not confirm that this app’s access was revoked (no answer within 0.3 seconds). Uninstall the app in your Shopify admin too (Settings → Apps).',
    });
    expect(await hurried.db.select().from(dataSources).where(eq(dataSources.id, source.id)).all()).toEqual(
      [],
    );
  });

  test('an unreachable Intuit (nothing listening) still lets the source be deleted', async () => {
    const gone = startFakeQuickBooks();
    const app = await createTestApp({ env: { SECRETS_KEY: TEST_SECRETS_KEY, ...qbEnv(gone.url) } });
    const { source, cookie } = await quickBooksJourney(app, gone).connected();
    gone.stop();
    const answer = await app.call('DELETE', `/api/data-sources/${source.id}?keepLines=false`, { cookie });
    expect(answer.status).toBe(200);
    expect(answer.json.providerAccess).toBe('not_revoked');
    expect(answer.json.message).toContain('(Intuit could not be reached)');
    expect(await app.db.select().from(dataSources).where(eq(dataSources.id, source.id)).all()).toEqual([]);
  });
});

describe('what does not change', () => {
  test('a viewer and a member still cannot delete a connector source, and nothing is revoked', async () => {
    const { source, cookie, user } = await qb.connected();
    const viewer = await makeViewer(t, user.companyId);
    const member = await addMember(t.db, user.companyId, 'member');
    const calls = quickbooks.calls.length;
    for (const who of [viewer, member.cookie]) {
      expect((await remove(who, source.id)).status).toBe(403);
    }
    expect(quickbooks.calls.slice(calls).filter((call) => call.kind === 'revoke')).toEqual([]);
    const listed = await t.call('GET', '/api/data-sources', { cookie });
    expect(listed.json.map((row: { id: string }) => row.id)).toEqual([source.id]);
  });

  test('a CSV source has nothing to revoke: deleted as before, no provider called', async () => {
    const { cookie } = await t.signUpCompany();
    const created = await t.call('POST', '/api/data-sources', {
      cookie,
      body: { type: 'csv', name: 'Bills' },
    });
    const before = [quickbooks.calls.length, xero.revoked.length, shopify.calls.length];
    const answer = await remove(cookie, created.json.id, true);
    expect(answer.json).toEqual({ providerAccess: 'none', message: null });
    expect([quickbooks.calls.length, xero.revoked.length, shopify.calls.length]).toEqual(before);
    expect(await auditOf(created.json.id)).toEqual(['data_source_created', 'data_source_deleted']);
  });
});
