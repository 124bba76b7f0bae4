// Shared steps of the Shopify connector integration tests: a test app wired to a fake store, and
// connecting a new company through the real OAuth redirects.
import { expect } from 'bun:test';
import { eq } from 'drizzle-orm';
import { activityLines } from '../../db/schema/ledger.ts';
import type { FakeShopify } from '../fakes/shopify.ts';
import { addSite } from './ledger.ts';
import { createTestApp, ORIGIN, TEST_SECRETS_KEY } from './test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A test app for `fake`; `clock.skewMs` moves the app's clock (never the test's) forward. */
export async function shopifyTestApp(fake: FakeShopify) {
  const clock = { skewMs: 0 };
  const t = await createTestApp({
    env: {
      SECRETS_KEY: TEST_SECRETS_KEY,
      SHOPIFY_CLIENT_ID: fake.data.clientId,
      SHOPIFY_CLIENT_SECRET: fake.data.clientSecret,
      SHOPIFY_API_ORIGIN: fake.url,
    },
    now: () => new Date(Date.now() + clock.skewMs),
  });
  return { t, clock };
}

/** Where a redirect goes, as path + query on the app, or the full URL elsewhere. */
export function location(response: { headers: Headers }): string {
  const target = response.headers.get('location') ?? '';
  return target.startsWith(ORIGIN) ? target.slice(ORIGIN.length) : target;
}

/** Starts a flow and lets the fake store consent: answers the callback path (not yet called). */
export async function consent(
  t: TestApp,
  fake: FakeShopify,
  cookie: string,
  shop = 'acme-outdoor',
  name = 'Acme store',
) {
  const start = await t.call(
    'GET',
    `/api/integrations/shopify/connect?shop=${shop}&name=${encodeURIComponent(name)}`,
    {
      cookie,
    },
  );
  expect(start.status).toBe(302);
  const authorize = new URL(location(start));
  expect(authorize.origin).toBe(fake.url);
  const back = await fetch(authorize, { redirect: 'manual' });
  expect(back.status).toBe(302);
  return location(back);
}

/** A new company with a site, connected to the fake store (first sync queued, not run). */
export async function connectedShopify(t: TestApp, fake: FakeShopify) {
  const company = await t.signUpCompany();
  await addSite(t, company.cookie, 'Warehouse', 'FR');
  const callback = await consent(t, fake, company.cookie);
  const done = await t.call('GET', callback, { cookie: company.cookie });
  expect(location(done)).toBe('/data-sources?connected=shopify');
  const [source] = (await t.call('GET', '/api/data-sources', { cookie: company.cookie })).json;
  return { ...company, source, callback };
}

export const shopifyLines = (t: TestApp, sourceId: string) =>
  t.db
    .select({ reference: activityLines.reference, spend: activityLines.spend, date: activityLines.date })
    .from(activityLines)
    .where(eq(activityLines.dataSourceId, sourceId))
    .orderBy(activityLines.date, activityLines.reference)
    .all();

export const lastSync = async (t: TestApp, cookie: string, id: string) =>
  (await t.call('GET', `/api/data-sources/${id}/syncs`, { cookie })).json[0];
