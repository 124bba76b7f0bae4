// Shopify's expiring offline tokens (decision 073): renewed before the hour is up and on a 401,
// one renewal per source at a time, the rotated pair stored sealed, a non-expiring token migrated,
// and each refusal explained for what it is.
import { afterAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { connectorConnections } from '../../db/schema/connectors.ts';
import {
  PROTECTED_DATA_MESSAGE,
  REVOKED_TOKEN_MESSAGE,
} from '../../src/server/features/connectors/shopify/shopify-client.ts';
import {
  SHOPIFY_RENEWAL_REFUSED,
  type ShopifyCredentials,
} from '../../src/server/features/connectors/shopify/shopify-tokens.ts';
import { createLogger } from '../../src/server/lib/logger.ts';
import { sealSecret } from '../../src/server/lib/secret-box.ts';
import { startFakeShopify } from '../fakes/shopify.ts';
import { connectedShopify, lastSync, shopifyTestApp } from '../helpers/shopify.ts';
import { recordWaitsForFile } from '../helpers/waits.ts';
import { storedCredentials } from '../helpers/xero.ts';

const fake = startFakeShopify();
const waited = recordWaitsForFile();
afterAll(() => fake.stop());
const { t, clock } = await shopifyTestApp(fake);

const grants = () => fake.calls.filter((call) => call.grant).map((call) => call.grant);
const credentialsOf = async (id: string) => (await storedCredentials(t, id)) as unknown as ShopifyCredentials;

async function syncedSource() {
  const company = await connectedShopify(t, fake);
  await t.runJobs();
  expect(await lastSync(t, company.cookie, company.source.id)).toMatchObject({ status: 'succeeded' });
  return company;
}

async function sync(cookie: string, id: string) {
  await t.call('POST', `/api/data-sources/${id}/sync`, { cookie });
  await t.runJobs();
  return lastSync(t, cookie, id);
}

describe('Shopify expiring tokens', () => {
  test('connecting asks for an expiring token and stores its expiry and refresh token', async () => {
    const { source } = await syncedSource();
    const stored = await credentialsOf(source.id);
    expect(stored.refreshToken).toStartWith('shprt_');
    expect(Date.parse(stored.accessTokenExpiresAt!)).toBeGreaterThan(Date.now());
    expect(fake.nonExpiringIssued).toBe(0);
  });

  test('a token near its hour is renewed before the sync reads, and the rotated pair is stored sealed', async () => {
    const { source, cookie } = await syncedSource();
    const before = await credentialsOf(source.id);
    const from = fake.calls.length;
    clock.skewMs = 58 * 60 * 1000;
    try {
      expect(await sync(cookie, source.id)).toMatchObject({ status: 'succeeded', duplicates: 24 });
    } finally {
      clock.skewMs = 0;
    }
    const calls = fake.calls.slice(from);
    expect(calls[0]).toMatchObject({ grant: 'refresh_token', status: 200 });
    expect(calls.slice(1).every((call) => call.status === 200 && !call.grant)).toBe(true);
    const after = await credentialsOf(source.id);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(after.accessToken).not.toBe(before.accessToken);
  });

  test('a Test and a sync of the same source at once share one renewal', async () => {
    const { source, cookie } = await syncedSource();
    const from = grants().length;
    clock.skewMs = 58 * 60 * 1000;
    try {
      await t.call('POST', `/api/data-sources/${source.id}/sync`, { cookie });
      const [tested] = await Promise.all([
        t.call('POST', `/api/data-sources/${source.id}/test`, { cookie }),
        t.runJobs(),
      ]);
      expect(tested.json).toEqual({ connected: true, error: null });
    } finally {
      clock.skewMs = 0;
    }
    expect(grants().slice(from)).toEqual(['refresh_token']);
    expect(await lastSync(t, cookie, source.id)).toMatchObject({ status: 'succeeded' });
  });

  test('a 401 before the expiry renews once and goes on', async () => {
    const { source, cookie } = await syncedSource();
    fake.expireAccessTokens();
    const from = grants().length;
    expect(await sync(cookie, source.id)).toMatchObject({ status: 'succeeded' });
    expect(grants().slice(from)).toEqual(['refresh_token']);
  });

  test('a 401 whose renewal is refused says so, not "uninstalled"; an unreachable renewal is retried', async () => {
    const { source, cookie } = await syncedSource();
    fake.expireAccessTokens();
    fake.failTokenRequests(503);
    expect(await sync(cookie, source.id)).toMatchObject({
      status: 'retrying',
      error: "Shopify's token service answered HTTP 503",
    });
    fake.revokeRefreshTokens();
    const failed = await sync(cookie, source.id);
    expect(failed).toMatchObject({ status: 'failed', error: SHOPIFY_RENEWAL_REFUSED });
    expect(failed.error).not.toBe(REVOKED_TOKEN_MESSAGE);
    // Once for a winner elsewhere to store its pair before the refusal is final: recorded.
    expect(waited).toEqual([1000]);
  });

  test('a stored non-expiring token is migrated to an expiring pair on first use', async () => {
    const { source, cookie } = await syncedSource();
    const legacy = {
      shop: 'acme-outdoor.myshopify.com',
      accessToken: fake.issueNonExpiringToken(),
      scope: 'read_orders',
      apiOrigin: fake.url,
    };
    await t.db
      .update(connectorConnections)
      .set({
        sealedCredentials: await sealSecret(
          t.config,
          JSON.stringify(legacy),
          `data_source:${source.id}`,
          createLogger('silent'),
        ),
      })
      .where(eq(connectorConnections.dataSourceId, source.id));
    expect(await sync(cookie, source.id)).toMatchObject({ status: 'succeeded' });
    expect(grants().at(-1)).toBe('urn:ietf:params:oauth:grant-type:token-exchange');
    expect((await credentialsOf(source.id)).refreshToken).toStartWith('shprt_');
  });

  test('an app without approval for protected customer data is told so, and reconnecting is not offered', async () => {
    const { source, cookie } = await syncedSource();
    fake.data.protectedDataApproved = false;
    try {
      const tested = await t.call('POST', `/api/data-sources/${source.id}/test`, { cookie });
      expect(tested.json).toEqual({ connected: false, error: PROTECTED_DATA_MESSAGE });
      expect(await sync(cookie, source.id)).toMatchObject({
        status: 'failed',
        error: PROTECTED_DATA_MESSAGE,
      });
      expect(PROTECTED_DATA_MESSAGE).toContain('Reconnecting will not help');
    } finally {
      fake.data.protectedDataApproved = true;
    }
  });
});
