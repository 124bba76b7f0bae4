// Xero connector (decision 075): the scope set chosen by XERO_SCOPE_SET, Xero's refusals explained
// in the person's words (connecting again only when it helps), and a refresh whose answer was lost
// retried within Xero's 30-minute grace.
import { afterAll, describe, expect, test } from 'bun:test';
import { startFakeXero } from '../fakes/xero.ts';
import { sampleXeroData } from '../fakes/xero-data.ts';
import { addSite } from '../helpers/ledger.ts';
import { createTestApp, TEST_SECRETS_KEY } from '../helpers/test-app.ts';
import {
  companySources,
  connectXero,
  landing,
  sourceLines,
  storedCredentials,
  syncNow,
} from '../helpers/xero.ts';

/** An app created before 2 March 2026: Xero lets it ask for either set. */
const olderApp = startFakeXero(sampleXeroData({ granularOnly: false }));
/** An app created since: the broad scopes are refused. */
const newerApp = startFakeXero();
afterAll(() => {
  olderApp.stop();
  newerApp.stop();
});
let clock = new Date('2025-07-01T09:00:00Z');
const now = () => clock;
const broad = await createTestApp({
  env: { SECRETS_KEY: TEST_SECRETS_KEY, ...olderApp.env, XERO_SCOPE_SET: 'broad' },
  now,
});
const misconfigured = await createTestApp({
  env: { SECRETS_KEY: TEST_SECRETS_KEY, ...newerApp.env, XERO_SCOPE_SET: 'broad' },
  now,
});
const granular = await createTestApp({ env: { SECRETS_KEY: TEST_SECRETS_KEY, ...newerApp.env }, now });

async function connectedSource(t: typeof broad) {
  const company = await t.signUpCompany();
  await addSite(t, company.cookie, 'Head office');
  const { authorizationUrl, callback } = await connectXero(t, company.cookie, 'Bakery books');
  return { ...company, authorizationUrl, landed: landing(callback) };
}

describe('Xero scopes', () => {
  test('an app created before 2 March 2026 asks for the broad set when configured so, and syncs', async () => {
    const { authorizationUrl, landed, user, cookie } = await connectedSource(broad);
    expect(authorizationUrl.searchParams.get('scope')!.split(' ')).toEqual([
      'openid',
      'profile',
      'email',
      'offline_access',
      'accounting.transactions.read',
      'accounting.reports.read',
      'accounting.settings.read',
    ]);
    expect(landed.search).toBe('?connected=xero');
    const [source] = await companySources(broad, user.companyId);
    expect(await syncNow(broad, cookie, source!.id)).toMatchObject({ status: 'succeeded' });
  });

  test('a newer app configured for the broad set is refused at consent, and told connecting again will not help', async () => {
    const { landed, user } = await connectedSource(misconfigured);
    const reason = landed.searchParams.get('connect_error')!;
    expect(reason).toContain('connecting again will not help');
    expect(reason).toContain('XERO_SCOPE_SET');
    expect(reason).toContain('“granular”');
    expect(await companySources(misconfigured, user.companyId)).toEqual([]);
  });

  test('granular scopes connect and sync against an app that refuses the broad ones', async () => {
    const { landed, user, cookie } = await connectedSource(granular);
    expect(landed.search).toBe('?connected=xero');
    const [source] = await companySources(granular, user.companyId);
    expect(await syncNow(granular, cookie, source!.id)).toMatchObject({ status: 'succeeded' });
    expect(await sourceLines(granular, source!.id)).toHaveLength(4);
  });

  test('when the broad scopes retire, a connection granted them is asked to connect again only if the server moved on', async () => {
    const { user, cookie } = await connectedSource(broad);
    const [source] = await companySources(broad, user.companyId);
    expect(await syncNow(broad, cookie, source!.id)).toMatchObject({ status: 'succeeded' });
    const lines = await sourceLines(broad, source!.id);
    olderApp.retireBroadScopes();
    try {
      // Still on the broad set: a new consent would grant the same scopes, so no "connect again".
      const stuck = await syncNow(broad, cookie, source!.id);
      expect(stuck.status).toBe('failed');
      expect(stuck.error).toContain('Xero would not let this connection read bills');
      expect(stuck.error).toContain('XERO_SCOPE_SET');
      expect(stuck.error).not.toContain('connect Xero again');
      // The administrator moves the app to granular scopes: now connecting again does help.
      broad.config.XERO_SCOPE_SET = 'granular';
      const moved = await syncNow(broad, cookie, source!.id);
      expect(moved).toMatchObject({ status: 'failed' });
      expect(moved.error).toBe(
        'This Xero connection was made before ESG Pilot asked to read bills (Xero’s permission “accounting.invoices.read”): connect Xero again from Data Sources and allow it.',
      );
      // A refused sync writes nothing and removes nothing.
      expect(await sourceLines(broad, source!.id)).toEqual(lines);
    } finally {
      broad.config.XERO_SCOPE_SET = 'broad';
    }
  });
});

describe('Xero refresh grace', () => {
  test('a refresh whose answer was lost is asked again with the same token within the grace, and stored', async () => {
    const { user, cookie } = await connectedSource(granular);
    const [source] = await companySources(granular, user.companyId);
    await granular.runJobs();
    const before = await storedCredentials(granular, source!.id);
    clock = new Date(clock.getTime() + 31 * 60 * 1000);
    newerApp.expireAccessTokens();
    newerApp.loseNextRefreshAnswer();
    const grants = newerApp.tokenGrants.length;
    expect(await syncNow(granular, cookie, source!.id)).toMatchObject({ status: 'succeeded' });
    expect(newerApp.tokenGrants.slice(grants)).toEqual(['refresh_token', 'refresh_token']);
    const after = await storedCredentials(granular, source!.id);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    // Once the grace is over, the pair stored is the one that still works.
    newerApp.endGrace();
    newerApp.expireAccessTokens();
    clock = new Date(clock.getTime() + 31 * 60 * 1000);
    expect(await syncNow(granular, cookie, source!.id)).toMatchObject({ status: 'succeeded' });
  });
});
