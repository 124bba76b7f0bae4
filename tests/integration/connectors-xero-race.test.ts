// Xero connector: operations racing to refresh one source's rotating tokens (decision 033). In
// this process they share one refresh (a sync, a Test, the revocation of a deleted source); within
// Xero's 30-minute grace a just-rotated token still refreshes, past it a pair another process stored
// first is used instead of asking to reconnect; a revoked grant still asks to reconnect.
import { afterAll, describe, expect, test } from 'bun:test';
import {
  refreshXeroTokens,
  XERO_RECONNECT,
  type XeroCredentials,
} from '../../src/server/features/connectors/xero/xero-oauth.ts';
import { startFakeXero } from '../fakes/xero.ts';
import { addSite } from '../helpers/ledger.ts';
import { skewedClock } from '../helpers/skewed-clock.ts';
import { createTestApp, TEST_SECRETS_KEY } from '../helpers/test-app.ts';
import { holdNextRefresh, storeAsAnotherProcess } from '../helpers/token-race.ts';
import { recordWaitsForFile } from '../helpers/waits.ts';
import { companySources, connectXero, landing, storedCredentials, syncNow } from '../helpers/xero.ts';

const fake = startFakeXero();
afterAll(() => fake.stop());
/** The app's clock runs this far ahead of real time (past the access token's 30 minutes). */
const clock = skewedClock();
const waited = recordWaitsForFile();
const t = await createTestApp({
  env: { SECRETS_KEY: TEST_SECRETS_KEY, ...fake.env },
  now: clock.now,
});

/** A connected source after its first sync, with its access token past its 30 minutes. */
async function dueSource() {
  const company = await t.signUpCompany();
  await addSite(t, company.cookie, 'Head office');
  expect(landing((await connectXero(t, company.cookie, 'Bakery books')).callback).search).toBe(
    '?connected=xero',
  );
  const [source] = await companySources(t, company.user.companyId);
  await t.runJobs();
  clock.runAhead(31 * 60 * 1000);
  // The fake forgets the old access tokens too, so only a new pair can make an API call.
  fake.expireAccessTokens();
  return { ...company, source: source! };
}

/** Another app process refreshes the stored tokens at Xero first, and stores its new pair. */
async function rotateAsAnotherProcess(sourceId: string, expired = false): Promise<XeroCredentials> {
  const theirs = await refreshXeroTokens(t.config, await storedCredentials(t, sourceId), clock.now());
  const stored = expired
    ? { ...theirs, expiresAt: new Date(clock.now().getTime() - 1000).toISOString() }
    : theirs;
  await storeAsAnotherProcess(t, sourceId, stored);
  return stored;
}

describe('Xero connector: refreshes racing on one source', () => {
  test('a sync and a Test connection refreshing at once share one refresh at Xero; both succeed', async () => {
    const { source, cookie } = await dueSource();
    const gate = holdNextRefresh(fake);
    const grants = fake.tokenGrants.length;
    const queued = await t.call('POST', `/api/data-sources/${source.id}/sync`, { cookie });
    expect(queued.status).toBe(202);
    const syncing = t.runJobs();
    const testing = t.call('POST', `/api/data-sources/${source.id}/test`, { cookie });
    await gate.arrived;
    // Released at once: the Test connection reaches its refresh while this one is held, or after it
    // was stored; either way one refresh at Xero serves both (the join itself is unit-tested in
    // token-rotation.test.ts), so the outcome asserted below holds in every order.
    gate.release();
    const [, tested] = await Promise.all([syncing, testing]);
    expect(tested.json).toEqual({ connected: true, error: null });
    const syncs = (await t.call('GET', `/api/data-sources/${source.id}/syncs`, { cookie })).json;
    expect(syncs[0]).toMatchObject({ id: queued.json.syncId, status: 'succeeded', duplicates: 4 });
    expect(fake.tokenGrants.slice(grants)).toEqual(['refresh_token']);
    expect(fake.liveRefreshTokens()).toContain((await storedCredentials(t, source.id)).refreshToken);
  });

  test('within Xero’s 30-minute grace, a token another process just rotated still refreshes; theirs stays stored', async () => {
    const { source, cookie } = await dueSource();
    let theirs: XeroCredentials | undefined;
    fake.beforeNextRefresh(async () => {
      theirs = await rotateAsAnotherProcess(source.id);
    });
    const grants = fake.tokenGrants.length;
    const refused = fake.refusedRefreshes.length;
    const tested = await t.call('POST', `/api/data-sources/${source.id}/test`, { cookie });
    expect(tested.json).toEqual({ connected: true, error: null });
    expect(fake.tokenGrants.slice(grants)).toEqual(['refresh_token', 'refresh_token']);
    expect(fake.refusedRefreshes.length).toBe(refused);
    // Ours was never written over theirs (the conditional write found their pair stored).
    expect(await storedCredentials(t, source.id)).toEqual(theirs!);
    expect(fake.liveRefreshTokens()).toContain(theirs!.refreshToken);
  });

  test('past the grace, a Test connection uses the pair another process rotated first, instead of asking to reconnect', async () => {
    const { source, cookie } = await dueSource();
    const held = await storedCredentials(t, source.id);
    let theirs: XeroCredentials | undefined;
    fake.beforeNextRefresh(async () => {
      theirs = await rotateAsAnotherProcess(source.id);
      fake.endGrace();
    });
    const grants = fake.tokenGrants.length;
    const tested = await t.call('POST', `/api/data-sources/${source.id}/test`, { cookie });
    expect(tested.json).toEqual({ connected: true, error: null });
    // Theirs, and ours refused (the token it presented had just been rotated); no third one.
    expect(fake.tokenGrants.slice(grants)).toEqual(['refresh_token', 'refresh_token']);
    expect(fake.refusedRefreshes).toContain(held.refreshToken);
    expect(await storedCredentials(t, source.id)).toEqual(theirs!);
  });

  test('when the pair another process stored is due too, a sync refreshes it in turn and stores it', async () => {
    const { source, cookie } = await dueSource();
    let theirs: XeroCredentials | undefined;
    fake.beforeNextRefresh(async () => {
      theirs = await rotateAsAnotherProcess(source.id, true);
      fake.endGrace();
    });
    const grants = fake.tokenGrants.length;
    expect(await syncNow(t, cookie, source.id)).toMatchObject({ status: 'succeeded', duplicates: 4 });
    expect(fake.tokenGrants.slice(grants)).toEqual(['refresh_token', 'refresh_token', 'refresh_token']);
    const stored = await storedCredentials(t, source.id);
    expect(stored.refreshToken).not.toBe(theirs!.refreshToken);
    expect(fake.liveRefreshTokens()).toContain(stored.refreshToken);
  });

  test('a revoked grant still asks to connect Xero again, and the stored tokens stay', async () => {
    const { source, cookie } = await dueSource();
    fake.revokeRefreshTokens();
    const before = await storedCredentials(t, source.id);
    expect(await syncNow(t, cookie, source.id)).toMatchObject({ status: 'failed', error: XERO_RECONNECT });
    // Once for a winner elsewhere to store its pair (token-rotation.ts): recorded, not spent.
    expect(waited).toEqual([1000]);
    expect(await storedCredentials(t, source.id)).toEqual(before);
    const listed = await t.call('GET', '/api/data-sources', { cookie });
    expect(listed.json[0]).toMatchObject({ status: 'error', statusReason: XERO_RECONNECT });
  });

  test('deleting a source while its sync refreshes revokes the refreshed grant, with one refresh', async () => {
    const { source, cookie } = await dueSource();
    const held = await storedCredentials(t, source.id);
    const gate = holdNextRefresh(fake);
    const grants = fake.tokenGrants.length;
    const refusedBefore = fake.refusedRefreshes.length;
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
    // The revocation joined the sync's refresh, then revoked the refresh token it returned: Xero
    // granted one refresh. The sync runs on meanwhile; when its next call comes after the
    // revocation (a busy machine), it tries the revoked token once more, refused: that attempt
    // grants nothing, so it is told apart rather than counted.
    const refused = fake.refusedRefreshes.slice(refusedBefore);
    expect(fake.tokenGrants.slice(grants)).toEqual(Array(1 + refused.length).fill('refresh_token'));
    const sent = fake.revoked.slice(revoked);
    expect(sent).toEqual([fake.issued.at(-1)!]);
    expect(refused.every((token) => token === sent[0])).toBe(true);
    expect(sent).not.toContain(held.refreshToken);
    expect(fake.liveRefreshTokens()).not.toContain(sent[0]);
    expect(fake.connectedTenants()).toEqual([]);
  });
});
