import { expect } from 'bun:test';
import { eq } from 'drizzle-orm';
import { activityLines } from '../../db/schema/ledger.ts';
import {
  type QuickBooksTokens,
  quickBooksSession,
} from '../../src/server/features/connectors/quickbooks/quickbooks-oauth.ts';
import { connectorSession, openCredentials } from '../../src/server/features/connectors/registry.ts';
import { createLogger } from '../../src/server/lib/logger.ts';
import type { FakeQuickBooks } from '../fakes/quickbooks.ts';
import { addSite } from './ledger.ts';
import { type createTestApp, ORIGIN } from './test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The OAuth journey of a browser against the app and the fake Intuit: start, consent (the fake
 * redirects back at once), callback. Each step is separate so tests can stop or replay one.
 */
export function quickBooksJourney(t: TestApp, fake: FakeQuickBooks) {
  async function start(cookie: string, name?: string): Promise<string> {
    const response = await t.call('POST', '/api/integrations/quickbooks/connect', {
      cookie,
      body: name === undefined ? {} : { name },
    });
    expect(response.status).toBe(200);
    return response.json.authorizationUrl;
  }

  /** Intuit's consent screen: where it sends the browser back (a path on the app). */
  async function consent(authorizationUrl: string): Promise<string> {
    const response = await fetch(authorizationUrl, { redirect: 'manual' });
    expect(response.status).toBe(302);
    const back = new URL(response.headers.get('Location')!);
    expect(back.origin).toBe(ORIGIN);
    return back.pathname + back.search;
  }

  /** The callback as the browser follows it: where the app sends it next. */
  async function callback(path: string, cookie?: string): Promise<string> {
    const response = await t.call('GET', path, { cookie });
    expect(response.status).toBe(302);
    return response.headers.get('Location')!;
  }

  /** A new company with a site, connected to the fake QuickBooks company. */
  async function connected(name = 'Acme books') {
    const company = await t.signUpCompany();
    await addSite(t, company.cookie, 'Boston store', 'US');
    const location = await callback(await consent(await start(company.cookie, name)), company.cookie);
    expect(location).toBe('/data-sources?connected=quickbooks');
    const sources = (await t.call('GET', '/api/data-sources', { cookie: company.cookie })).json;
    expect(sources.length).toBe(1);
    return { ...company, source: sources[0], fake };
  }

  return { start, consent, callback, connected };
}

/** The session the sync would use for a source: its stored tokens, opened. */
function serviceContext(t: TestApp) {
  return {
    db: t.db,
    config: t.config,
    log: createLogger('silent'),
    requestId: 'test',
    ip: null,
    now: () => new Date(),
  };
}

/** The tokens stored (sealed) for a QuickBooks source, and their sealed text. */
export async function storedSession(t: TestApp, companyId: string, sourceId: string) {
  const stored = await openCredentials(serviceContext(t), companyId, sourceId);
  return { tokens: stored.value as QuickBooksTokens, sealed: stored.sealed };
}

/** A QuickBooks client's session for a stored source, storing rotated tokens as a sync does. */
export async function storedClientSession(t: TestApp, companyId: string, sourceId: string) {
  const { tokens, sealed } = await storedSession(t, companyId, sourceId);
  const connector = adapterSession(t, companyId, sourceId, sealed);
  return quickBooksSession(t.config, () => new Date(), tokens, connector.stored);
}

/**
 * The adapter session a sync gives the QuickBooks adapter; without `sealed` (the stored text the
 * tokens were read as) rotated tokens are used but never stored.
 */
export const adapterSession = (
  t: TestApp,
  companyId: string,
  sourceId: string,
  sealed: string | null = null,
) => connectorSession(serviceContext(t), companyId, sourceId, sealed);

export const sourceLines = (t: TestApp, sourceId: string) =>
  t.db
    .select({
      reference: activityLines.reference,
      variant: activityLines.variant,
      spend: activityLines.spend,
      currency: activityLines.currency,
      date: activityLines.date,
    })
    .from(activityLines)
    .where(eq(activityLines.dataSourceId, sourceId))
    .orderBy(activityLines.reference)
    .all();

/** Every text value in every table, for "is this secret anywhere in clear?" checks. */
export async function databaseText(t: TestApp): Promise<string> {
  const tables = await t.client.execute(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
  );
  let text = '';
  for (const row of tables.rows) {
    const rows = await t.client.execute(`SELECT * FROM "${String(row.name)}"`);
    text += JSON.stringify(rows.rows);
  }
  return text;
}
