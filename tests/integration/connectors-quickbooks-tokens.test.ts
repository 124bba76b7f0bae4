// QuickBooks connector: token refresh and rotation, refused refreshes, Intuit's throttling and
// faults, pagination, and tenant isolation (the connect flow and the sync's content are in
// connectors-quickbooks.test.ts).
import { afterAll, afterEach, describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit.ts';
import { QuickBooksClient } from '../../src/server/features/connectors/quickbooks/quickbooks-client.ts';
import { RECONNECT_MESSAGE } from '../../src/server/features/connectors/quickbooks/quickbooks-oauth.ts';
import { ConnectorError } from '../../src/server/features/connectors/types.ts';
import { startFakeQuickBooks } from '../fakes/quickbooks.ts';
import { expenseLine } from '../fakes/quickbooks-data.ts';
import { makeViewer } from '../helpers/ledger.ts';
import {
  databaseText,
  quickBooksJourney,
  sourceLines,
  storedClientSession,
  storedSession,
} from '../helpers/quickbooks.ts';
import { skewedClock } from '../helpers/skewed-clock.ts';
import { createTestApp, TEST_SECRETS_KEY } from '../helpers/test-app.ts';
import { recordWaitsForFile } from '../helpers/waits.ts';

const fake = startFakeQuickBooks();
afterAll(() => fake.stop());
const clock = skewedClock();
const waited = recordWaitsForFile();
afterEach(() => {
  fake.rateLimit(0);
});
const t = await createTestApp({
  env: {
    SECRETS_KEY: TEST_SECRETS_KEY,
    ...fake.env,
  },
  now: clock.now,
});
const qb = quickBooksJourney(t, fake);
const grantsSince = (index: number) =>
  fake.calls
    .slice(index)
    .filter((call) => call.kind === 'token')
    .map((call) => call.grant);

async function sync(cookie: string, sourceId: string) {
  expect((await t.call('POST', `/api/data-sources/${sourceId}/sync`, { cookie })).status).toBe(202);
  await t.runJobs();
  return (await t.call('GET', `/api/data-sources/${sourceId}/syncs`, { cookie })).json[0];
}

/** A source left with a retrying job is deleted, so the retry never runs in a later test. */
const remove = (cookie: string, sourceId: string) =>
  t.call('DELETE', `/api/data-sources/${sourceId}?keepLines=false`, { cookie });

describe('QuickBooks connector: tokens', () => {
  test('an expired access token is refreshed before the call and the rotated refresh token stored', async () => {
    const { source, cookie, user } = await qb.connected();
    await t.runJobs();
    const before = await storedSession(t, user.companyId, source.id);
    clock.runAhead(2 * 60 * 60 * 1000);
    const mark = fake.calls.length;
    expect(await sync(cookie, source.id)).toMatchObject({ status: 'succeeded', duplicates: 6 });
    expect(grantsSince(mark)).toEqual(['refresh_token']);
    // No API call was made with the expired token: the refresh came first.
    expect(fake.calls.slice(mark).findIndex((call) => call.kind === 'token')).toBe(0);
    const after = await storedSession(t, user.companyId, source.id);
    expect(after.tokens.refreshToken).not.toBe(before.tokens.refreshToken);
    expect(fake.liveRefreshTokens()).toContain(after.tokens.refreshToken);
    expect(fake.liveRefreshTokens()).not.toContain(before.tokens.refreshToken);
    expect(Date.parse(after.tokens.accessTokenExpiresAt)).toBeGreaterThan(clock.now().getTime());
    expect(await databaseText(t)).not.toContain(after.tokens.refreshToken);
  });

  test('a 401 AuthenticationFailed refreshes once and retries', async () => {
    const { source, cookie, user } = await qb.connected();
    await t.runJobs();
    fake.expireAccessTokens();
    const mark = fake.calls.length;
    expect(await sync(cookie, source.id)).toMatchObject({ status: 'succeeded', duplicates: 6 });
    expect(grantsSince(mark)).toEqual(['refresh_token']);
    const session = await storedSession(t, user.companyId, source.id);
    expect(fake.liveAccessTokens()).toContain(session.tokens.accessToken);
  });

  test('a refused refresh (invalid_grant) puts the source in error; connecting again restores it', async () => {
    const { source, cookie, user } = await qb.connected();
    await t.runJobs();
    fake.revokeAll();
    expect(await sync(cookie, source.id)).toMatchObject({ status: 'failed', error: RECONNECT_MESSAGE });
    const [listed] = (await t.call('GET', '/api/data-sources', { cookie })).json;
    expect(listed).toMatchObject({ status: 'error', statusReason: RECONNECT_MESSAGE, lineCount: 6 });
    const tested = await t.call('POST', `/api/data-sources/${source.id}/test`, { cookie });
    expect(tested.json).toEqual({ connected: false, error: RECONNECT_MESSAGE });

    // The same QuickBooks company connected again: the source is reconnected, not duplicated.
    expect(await qb.callback(await qb.consent(await qb.start(cookie, 'Again')), cookie)).toBe(
      '/data-sources?connected=quickbooks',
    );
    const sources = (await t.call('GET', '/api/data-sources', { cookie })).json;
    expect(sources).toMatchObject([
      { id: source.id, name: 'Acme books', status: 'connected', statusReason: null },
    ]);
    await t.runJobs();
    expect((await sourceLines(t, source.id)).length).toBe(6);
    const audit = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.companyId, user.companyId), eq(auditLogs.action, 'data_source_reconnected')))
      .all();
    expect(audit.length).toBe(1);
  });
});

describe('QuickBooks connector: limits and faults', () => {
  test('a 429 with Retry-After is waited out and the sync still succeeds', async () => {
    const { source, cookie } = await qb.connected();
    await t.runJobs();
    fake.rateLimit(1, '1');
    const mark = fake.calls.length;
    expect(await sync(cookie, source.id)).toMatchObject({ status: 'succeeded', duplicates: 6 });
    expect(fake.calls.slice(mark).filter((call) => call.kind === '429').length).toBe(1);
    expect(waited).toEqual([1000]);
  });

  test('throttling beyond the allowed wait leaves the sync to retry, with the reason', async () => {
    const { source, cookie } = await qb.connected();
    fake.rateLimit(50, '120');
    await t.runJobs();
    const [last] = (await t.call('GET', `/api/data-sources/${source.id}/syncs`, { cookie })).json;
    expect(last).toMatchObject({
      status: 'retrying',
      error: 'QuickBooks is limiting requests (HTTP 429); the sync will try again in 120 s',
    });
    expect((await t.call('GET', '/api/data-sources', { cookie })).json[0].status).toBe('error');
    await remove(cookie, source.id);
  });

  test('a 5xx is retried later; a ValidationFault is a provider error with Intuit’s message', async () => {
    const { source, cookie, user } = await qb.connected();
    fake.failWith503(1);
    await t.runJobs();
    const [last] = (await t.call('GET', `/api/data-sources/${source.id}/syncs`, { cookie })).json;
    expect(last).toMatchObject({ status: 'retrying', error: 'QuickBooks answered HTTP 503' });
    const client = new QuickBooksClient(await storedClientSession(t, user.companyId, source.id));
    const refused = await client.get('/query', { query: 'SELECT * FROM Nope' }).catch((error) => error);
    expect(refused).toBeInstanceOf(ConnectorError);
    expect(refused).toMatchObject({
      kind: 'provider',
      message: 'QuickBooks refused the request: Invalid query: QueryValidationError: Unknown entity Nope',
    });
    await remove(cookie, source.id);
  });

  test('a lapsed subscription is explained without asking to connect again; a 403 asks an admin to', async () => {
    const { source, cookie } = await qb.connected();
    await t.runJobs();
    const lines = await sourceLines(t, source.id);
    expect(lines.length).toBeGreaterThan(0);
    await t.call('POST', `/api/data-sources/${source.id}/sync`, { cookie });
    fake.refuseNext(400, {
      Fault: {
        Error: [
          {
            Message:
              'message=Subscription for company has lapsed or Invalid destination URL is used.; errorCode=007001; statusCode=400',
            code: '7001',
          },
        ],
        type: 'ValidationFault',
      },
    });
    await t.runJobs();
    const [lapsed] = (await t.call('GET', `/api/data-sources/${source.id}/syncs`, { cookie })).json;
    expect(lapsed.status).toBe('failed');
    expect(lapsed.error).toContain('subscription has lapsed');
    expect(lapsed.error).toContain('Connecting again will not help');
    expect(await sourceLines(t, source.id)).toEqual(lines);
    fake.refuseNext(403, {
      Fault: {
        Error: [
          {
            Message: 'message=ApplicationAuthorizationFailed; errorCode=003100; statusCode=403',
            code: '3100',
          },
        ],
        type: 'SERVICE',
      },
    });
    await t.call('POST', `/api/data-sources/${source.id}/sync`, { cookie });
    await t.runJobs();
    const [refused] = (await t.call('GET', `/api/data-sources/${source.id}/syncs`, { cookie })).json;
    expect(refused.status).toBe('failed');
    expect(refused.error).toContain('An admin of the company should connect QuickBooks again');
    await remove(cookie, source.id);
  });

  test('a page cut short fails the sync and writes nothing: the ledger keeps the last whole sync', async () => {
    const { source, cookie } = await qb.connected();
    await t.runJobs();
    const lines = await sourceLines(t, source.id);
    // Purchases are read before bills: a partial write would drop the bills' lines.
    fake.truncateNext('Bill');
    await t.call('POST', `/api/data-sources/${source.id}/sync`, { cookie });
    await t.runJobs();
    const [cut] = (await t.call('GET', `/api/data-sources/${source.id}/syncs`, { cookie })).json;
    expect(cut.status).not.toBe('succeeded');
    expect(cut.error).toContain('QuickBooks answered HTTP 200 without the expected JSON');
    expect(await sourceLines(t, source.id)).toEqual(lines);
    await remove(cookie, source.id);
  });

  test('pages through more than 1000 purchases with STARTPOSITION/MAXRESULTS', async () => {
    const { source, cookie } = await qb.connected();
    const original = fake.data.purchases;
    fake.data.purchases = [
      ...original,
      ...Array.from({ length: 1001 }, (_, i) => ({
        Id: String(5000 + i),
        TxnDate: '2025-06-01',
        TotalAmt: 3,
        Line: [expenseLine('1', 3, '10', 'Bank Charges')],
      })),
    ];
    const mark = fake.calls.length;
    try {
      await t.runJobs();
    } finally {
      fake.data.purchases = original;
    }
    const queries = fake.calls
      .slice(mark)
      .map((call) => call.query)
      .filter((query) => query?.includes('FROM Purchase'));
    expect(queries).toEqual([
      'SELECT * FROM Purchase ORDERBY Id STARTPOSITION 1 MAXRESULTS 1000',
      'SELECT * FROM Purchase ORDERBY Id STARTPOSITION 1001 MAXRESULTS 1000',
    ]);
    const [last] = (await t.call('GET', `/api/data-sources/${source.id}/syncs`, { cookie })).json;
    // Bank charges are purchases (decision 086): the 1,001 paged lines are imported too.
    expect(last).toMatchObject({ status: 'succeeded', fetched: 1007, imported: 1007, skipped: 0 });
  });

  test('another company cannot reach the source (404); a viewer cannot sync it (403)', async () => {
    const { source, user } = await qb.connected();
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
    expect((await t.call('GET', '/api/data-sources', { cookie: other.cookie })).json).toEqual([]);
    const viewer = await makeViewer(t, user.companyId);
    expect((await t.call('POST', `/api/data-sources/${source.id}/sync`, { cookie: viewer })).status).toBe(
      403,
    );
    expect((await t.call('GET', '/api/data-sources', { cookie: viewer })).json[0].id).toBe(source.id);
  });
});
