// Erasing an account that deletes its companies revokes their connector sources' access at the
// providers, as deleting one source does (decisions 021, 029, 032): proved at the fakes, which
// record the tokens revoked. A provider that cannot revoke never fails the erasure, and a company
// kept for its other members keeps its connections.
import { afterAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { companies, users } from '../../db/schema/auth.ts';
import { connectorConnections } from '../../db/schema/connectors.ts';
import { dataSources } from '../../db/schema/ledger.ts';
import type { QuickBooksTokens } from '../../src/server/features/connectors/quickbooks/quickbooks-oauth.ts';
import {
  prepareCompanyRevocations,
  revokeErasedSources,
} from '../../src/server/features/connectors/revoke-company.ts';
import type { ShopifyCredentials } from '../../src/server/features/connectors/shopify/shopify-tokens.ts';
import { eraseUser } from '../../src/server/features/privacy/erase.ts';
import { enqueueRecurringJobs } from '../../src/server/jobs/recurring.ts';
import { Logger } from '../../src/server/lib/logger.ts';
import { startFakeQuickBooks } from '../fakes/quickbooks.ts';
import { startFakeShopify } from '../fakes/shopify.ts';
import { addSite } from '../helpers/ledger.ts';
import { addMember } from '../helpers/people.ts';
import { quickBooksJourney } from '../helpers/quickbooks.ts';
import { createTestApp, ORIGIN, TEST_SECRETS_KEY } from '../helpers/test-app.ts';
import { companySources, storedCredentials } from '../helpers/xero.ts';

const quickbooks = startFakeQuickBooks();
const shopify = startFakeShopify();
afterAll(() => {
  quickbooks.stop();
  shopify.stop();
});
const t = await createTestApp({
  env: {
    SECRETS_KEY: TEST_SECRETS_KEY,
    ...quickbooks.env,
    SHOPIFY_CLIENT_ID: shopify.data.clientId,
    SHOPIFY_CLIENT_SECRET: shopify.data.clientSecret,
    SHOPIFY_API_ORIGIN: shopify.url,
  },
});
const qb = quickBooksJourney(t, quickbooks);

/** A new company with a site, a QuickBooks source and a Shopify source, and their tokens. */
async function connectedCompany() {
  const company = await t.signUpCompany();
  await addSite(t, company.cookie, 'Warehouse', 'US');
  const back = await qb.callback(await qb.consent(await qb.start(company.cookie, 'Books')), company.cookie);
  expect(back).toBe('/data-sources?connected=quickbooks');
  const start = await t.call('GET', '/api/integrations/shopify/connect?shop=acme-outdoor&name=Shop', {
    cookie: company.cookie,
  });
  const consent = await fetch(start.headers.get('location')!, { redirect: 'manual' });
  const done = await t.call('GET', consent.headers.get('location')!.slice(ORIGIN.length), {
    cookie: company.cookie,
  });
  expect(done.headers.get('location')).toContain('connected=shopify');
  const sources = await companySources(t, company.user.companyId);
  const credentials = async (type: string) =>
    storedCredentials(t, sources.find((source) => source.type === type)!.id) as unknown;
  return {
    ...company,
    sources,
    refreshToken: ((await credentials('quickbooks')) as QuickBooksTokens).refreshToken,
    accessToken: ((await credentials('shopify')) as ShopifyCredentials).accessToken,
  };
}

const deleteAccount = (cookie: string) =>
  t.call('DELETE', '/api/gdpr/delete-account', { cookie, body: { confirmed: true } });

async function expectCompanyGone(companyId: string, sourceIds: string[]) {
  expect(await t.db.select().from(companies).where(eq(companies.id, companyId)).all()).toEqual([]);
  for (const id of sourceIds) {
    expect(await t.db.select().from(dataSources).where(eq(dataSources.id, id)).all()).toEqual([]);
    expect(
      await t.db.select().from(connectorConnections).where(eq(connectorConnections.dataSourceId, id)).all(),
    ).toEqual([]);
  }
}

const revocationCalls = () => [
  quickbooks.calls.filter((call) => call.kind === 'revoke').length,
  shopify.revoked.length,
];

describe('erasing an account revokes its deleted companies’ connector access', () => {
  test('the only company’s QuickBooks and Shopify sources are revoked at both providers', async () => {
    const company = await connectedCompany();
    const answer = await deleteAccount(company.cookie);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ deleted: true, companiesDeleted: 1 });
    expect(quickbooks.revoked).toContain(company.refreshToken);
    expect(quickbooks.liveRefreshTokens()).not.toContain(company.refreshToken);
    expect(shopify.revoked).toContain(company.accessToken);
    await expectCompanyGone(
      company.user.companyId,
      company.sources.map((source) => source.id),
    );
  });

  test('providers that cannot revoke never fail the erasure', async () => {
    const company = await connectedCompany();
    quickbooks.failRevocation(503);
    shopify.failRevocation(502);
    const answer = await deleteAccount(company.cookie);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ deleted: true, companiesDeleted: 1 });
    expect(await t.db.select().from(users).where(eq(users.id, company.user.id)).all()).toEqual([]);
    await expectCompanyGone(
      company.user.companyId,
      company.sources.map((source) => source.id),
    );
    // Not revoked: the grant is still alive at Intuit, and the store's token was not ended.
    expect(quickbooks.liveRefreshTokens()).toContain(company.refreshToken);
    expect(shopify.revoked).not.toContain(company.accessToken);
  });

  test('an unreachable Intuit (nothing listening) still lets the account be erased', async () => {
    const gone = startFakeQuickBooks();
    const app = await createTestApp({
      env: {
        SECRETS_KEY: TEST_SECRETS_KEY,
        ...gone.env,
      },
    });
    const { cookie, user, source } = await quickBooksJourney(app, gone).connected();
    gone.stop();
    const answer = await app.call('DELETE', '/api/gdpr/delete-account', {
      cookie,
      body: { confirmed: true },
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ deleted: true, companiesDeleted: 1 });
    expect(await app.db.select().from(companies).where(eq(companies.id, user.companyId)).all()).toEqual([]);
    expect(await app.db.select().from(dataSources).where(eq(dataSources.id, source.id)).all()).toEqual([]);
  });

  test('a company with other members is kept, and its sources stay connected', async () => {
    const company = await connectedCompany();
    const member = await addMember(t.db, company.user.companyId, 'member');
    const before = revocationCalls();
    const answer = await deleteAccount(member.cookie);
    expect(answer.json).toEqual({ deleted: true, companiesDeleted: 0 });
    expect(revocationCalls()).toEqual(before);
    expect((await companySources(t, company.user.companyId)).length).toBe(2);
    expect(quickbooks.liveRefreshTokens()).toContain(company.refreshToken);
  });

  test('sources of a company the batch did not delete (someone joined) are not revoked', async () => {
    const company = await connectedCompany();
    const ctx = serviceContext(new Logger('silent'));
    const pending = await prepareCompanyRevocations(ctx, [company.user.companyId]);
    expect(pending.map((item) => item.type).sort()).toEqual(['quickbooks', 'shopify']);
    const before = revocationCalls();
    await revokeErasedSources(ctx, pending);
    expect(revocationCalls()).toEqual(before);
  });

  test('the outcome is logged without personal data, since no audit row can outlive the company', async () => {
    const company = await connectedCompany();
    const lines: string[] = [];
    const ctx = serviceContext(new Logger('info', {}, (_level, line) => lines.push(line)));
    shopify.failRevocation(502);
    await eraseUser(ctx, company.user.id, 'request');
    const outcomes = lines
      .map((line) => JSON.parse(line))
      .filter((line) => /connector access/.test(line.message));
    expect(outcomes.map((line) => [line.message, line.type, line.reason])).toEqual(
      expect.arrayContaining([
        ['connector access revoked after account deletion', 'quickbooks', undefined],
        ['connector access not revoked after account deletion', 'shopify', 'Shopify answered HTTP 502'],
      ]),
    );
    const logged = lines.join('\n');
    for (const personal of [company.user.email, 'Lovelace', 'acme-outdoor', company.accessToken]) {
      expect(logged).not.toContain(personal);
    }
  });

  test('the retention job’s erasure of an inactive account revokes the same way', async () => {
    const company = await connectedCompany();
    const longAgo = new Date(Date.now() - 4 * 365 * 86_400_000);
    await t.db
      .update(users)
      .set({ lastActiveAt: longAgo, createdAt: longAgo })
      .where(eq(users.id, company.user.id));
    await enqueueRecurringJobs(t.db, new Date());
    await t.runJobs();
    expect(quickbooks.revoked).toContain(company.refreshToken);
    expect(shopify.revoked).toContain(company.accessToken);
    await expectCompanyGone(
      company.user.companyId,
      company.sources.map((source) => source.id),
    );
  });
});

function serviceContext(log: Logger) {
  return { db: t.db, config: t.config, log, requestId: 'test', ip: null, now: () => new Date() };
}
