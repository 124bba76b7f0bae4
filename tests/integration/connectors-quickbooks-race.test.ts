// QuickBooks connector: operations racing to refresh one source's rotating tokens (decision 033).
// In this process they share one refresh; a pair another process stored first is used instead of
// asking to reconnect; a rotated pair never overwrites newer stored ones; a revoked grant still
// asks to reconnect.
import { afterAll, describe, expect, test } from 'bun:test';
import {
  type QuickBooksTokens,
  quickBooksApp,
  RECONNECT_MESSAGE,
  refreshQuickBooksTokens,
} from '../../src/server/features/connectors/quickbooks/quickbooks-oauth.ts';
import { startFakeQuickBooks } from '../fakes/quickbooks.ts';
import { quickBooksJourney, storedSession } from '../helpers/quickbooks.ts';
import { skewedClock } from '../helpers/skewed-clock.ts';
import { createTestApp, TEST_SECRETS_KEY } from '../helpers/test-app.ts';
import { holdNextRefresh, storeAsAnotherProcess } from '../helpers/token-race.ts';
import { recordWaitsForFile } from '../helpers/waits.ts';

const fake = startFakeQuickBooks();
afterAll(() => fake.stop());
/** The app's clock runs this far ahead of real time (past the access token's hour). */
const clock = skewedClock();
const waited = recordWaitsForFile();
const t = await createTestApp({
  env: {
    SECRETS_KEY: TEST_SECRETS_KEY,
    ...fake.env,
  },
  now: clock.now,
});
const qb = quickBooksJourney(t, fake);

/** The token requests Intuit answered since `mark`, as `grant status`. */
const tokenCallsSince = (mark: number) =>
  fake.calls
    .slice(mark)
    .filter((call) => call.kind === 'token')
    .map((call) => `${call.grant} ${call.status}`);

/** A connected source after its first sync, with its access token past its hour. */
async function dueSource() {
  const connected = await qb.connected();
  await t.runJobs();
  clock.runAhead(2 * 60 * 60 * 1000);
  // The fake forgets the old access tokens too, so only a new pair can make an API call.
  fake.expireAccessTokens();
  return connected;
}

async function syncs(cookie: string, sourceId: string) {
  return (await t.call('GET', `/api/data-sources/${sourceId}/syncs`, { cookie })).json;
}

async function sync(cookie: string, sourceId: string) {
  expect((await t.call('POST', `/api/data-sources/${sourceId}/sync`, { cookie })).status).toBe(202);
  await t.runJobs();
  return (await syncs(cookie, sourceId))[0];
}

/** Another app process refreshes the stored tokens at Intuit first, and stores its new pair. */
async function rotateAsAnotherProcess(companyId: string, sourceId: string, expired = false) {
  const { tokens } = await storedSession(t, companyId, sourceId);
  const theirs = await refreshQuickBooksTokens(quickBooksApp(t.config)!, tokens, clock.now());
  const stored = expired
    ? { ...theirs, accessTokenExpiresAt: new Date(clock.now().getTime() - 1000).toISOString() }
    : theirs;
  await storeAsAnotherProcess(t, sourceId, stored);
  return stored;
}

describe('QuickBooks connector: refreshes racing on one source', () => {
  test('a sync and a Test connection refreshing at once share one refresh at Intuit; both succeed', async () => {
    const { source, cookie, user } = await dueSource();
    const gate = holdNextRefresh(fake);
    const mark = fake.calls.length;
    expect((await t.call('POST', `/api/data-sources/${source.id}/sync`, { cookie })).status).toBe(202);
    const syncing = t.runJobs();
    const testing = t.call('POST', `/api/data-sources/${source.id}/test`, { cookie });
    await gate.arrived;
    // Released at once: the Test connection reaches its refresh while this one is held, or after it
    // was stored; either way one refresh at Intuit serves both (the join itself is unit-tested in
    // token-rotation.test.ts), so the outcome asserted below holds in every order.
    gate.release();
    const [, tested] = await Promise.all([syncing, testing]);
    expect(tested.json).toEqual({ connected: true, error: null });
    expect((await syncs(cookie, source.id))[0]).toMatchObject({ status: 'succeeded', duplicates: 6 });
    expect(tokenCallsSince(mark)).toEqual(['refresh_token 200']);
    const { tokens } = await storedSession(t, user.companyId, source.id);
    expect(fake.liveRefreshTokens()).toContain(tokens.refreshToken);
    expect(fake.liveAccessTokens()).toContain(tokens.accessToken);
  });

  test('tokens another process rotated first are used: no reconnect, no further refresh', async () => {
    const { source, cookie, user } = await dueSource();
    let theirs: QuickBooksTokens | undefined;
    fake.beforeNextRefresh(async () => {
      theirs = await rotateAsAnotherProcess(user.companyId, source.id);
    });
    const mark = fake.calls.length;
    expect(await sync(cookie, source.id)).toMatchObject({ status: 'succeeded', duplicates: 6 });
    // Ours reached Intuit after theirs had rotated the token, and was refused; theirs was fresh.
    expect(tokenCallsSince(mark)).toEqual(['refresh_token 400', 'refresh_token 200']);
    expect((await storedSession(t, user.companyId, source.id)).tokens).toEqual(theirs!);
    const [listed] = (await t.call('GET', '/api/data-sources', { cookie })).json;
    expect(listed).toMatchObject({ status: 'connected', statusReason: null });
  });

  test('when the pair another process stored is due too, it is refreshed in turn and stored', async () => {
    const { source, cookie, user } = await dueSource();
    let theirs: QuickBooksTokens | undefined;
    fake.beforeNextRefresh(async () => {
      theirs = await rotateAsAnotherProcess(user.companyId, source.id, true);
    });
    const mark = fake.calls.length;
    expect(await sync(cookie, source.id)).toMatchObject({ status: 'succeeded', duplicates: 6 });
    expect(tokenCallsSince(mark)).toEqual(['refresh_token 400', 'refresh_token 200', 'refresh_token 200']);
    const { tokens } = await storedSession(t, user.companyId, source.id);
    expect(tokens.refreshToken).not.toBe(theirs!.refreshToken);
    expect(fake.liveRefreshTokens()).toContain(tokens.refreshToken);
    expect(fake.liveRefreshTokens()).not.toContain(theirs!.refreshToken);
  });

  test('a pair refreshed for a sync never overwrites a reconnection stored meanwhile', async () => {
    const { source, cookie, user } = await dueSource();
    let reconnected: QuickBooksTokens | undefined;
    fake.beforeNextRefresh(async () => {
      // The person connects the same QuickBooks company again while the sync is refreshing.
      const back = await qb.callback(await qb.consent(await qb.start(cookie)), cookie);
      expect(back).toBe('/data-sources?connected=quickbooks');
      reconnected = (await storedSession(t, user.companyId, source.id)).tokens;
    });
    // The sync, then the one the reconnection queued, both succeed.
    await sync(cookie, source.id);
    const [queued, first] = await syncs(cookie, source.id);
    expect(first).toMatchObject({ status: 'succeeded', duplicates: 6 });
    expect(queued).toMatchObject({ status: 'succeeded', duplicates: 6 });
    expect((await storedSession(t, user.companyId, source.id)).tokens).toEqual(reconnected!);
  });

  test('deleting a source while its sync refreshes revokes the refresh token that refresh returned', async () => {
    const { source, cookie, user } = await dueSource();
    const { tokens: held } = await storedSession(t, user.companyId, source.id);
    const gate = holdNextRefresh(fake);
    const mark = fake.calls.length;
    const revoked = fake.revoked.length;
    expect((await t.call('POST', `/api/data-sources/${source.id}/sync`, { cookie })).status).toBe(202);
    const syncing = t.runJobs();
    await gate.arrived;
    const deleting = t.call('DELETE', `/api/data-sources/${source.id}?keepLines=false`, { cookie });
    // Released at once: the deletion joins the held refresh or finds the pair it stored; either
    // way the token it revokes is the newest one.
    gate.release();
    const [, deleted] = await Promise.all([syncing, deleting]);
    expect(deleted.json).toEqual({ providerAccess: 'revoked', message: null });
    // One refresh was granted (the sync's); the revocation waited for it and sent its new token.
    // (A sync call after the revocation may still try the revoked token: refused.)
    expect(tokenCallsSince(mark).filter((call) => call.endsWith(' 200'))).toEqual(['refresh_token 200']);
    const sent = fake.revoked.slice(revoked);
    expect(sent.length).toBe(1);
    expect(sent[0]).not.toBe(held.refreshToken);
    expect(sent[0]).toStartWith('qb-refresh-');
  });

  test('a revoked grant still asks to connect QuickBooks again, and the stored tokens stay', async () => {
    const { source, cookie, user } = await dueSource();
    fake.revokeAll();
    const before = await storedSession(t, user.companyId, source.id);
    expect(await sync(cookie, source.id)).toMatchObject({ status: 'failed', error: RECONNECT_MESSAGE });
    const tested = await t.call('POST', `/api/data-sources/${source.id}/test`, { cookie });
    expect(tested.json).toEqual({ connected: false, error: RECONNECT_MESSAGE });
    expect((await storedSession(t, user.companyId, source.id)).sealed).toBe(before.sealed);
    // The sync and the Test each wait once for a winner elsewhere (token-rotation.ts): recorded.
    expect(waited).toEqual([1000, 1000]);
    const [listed] = (await t.call('GET', '/api/data-sources', { cookie })).json;
    expect(listed).toMatchObject({ status: 'error', statusReason: RECONNECT_MESSAGE });
  });
});
