// Steps shared by the Xero connector tests: the OAuth round trip through tests/fakes/xero.ts.
import { expect } from 'bun:test';
import { eq } from 'drizzle-orm';
import { connectorConnections } from '../../db/schema/connectors.ts';
import { activityLines, dataSources } from '../../db/schema/ledger.ts';
import type { XeroCredentials } from '../../src/server/features/connectors/xero/xero-oauth.ts';
import { lineSiteId } from '../../src/server/features/ledger/lines/ledger-keys.ts';
import { createLogger } from '../../src/server/lib/logger.ts';
import { openSecret } from '../../src/server/lib/secret-box.ts';
import type { createTestApp } from './test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** POST connect → the fake's consent redirect → the callback; the callback's answer. */
export async function connectXero(t: TestApp, cookie: string, name?: string) {
  const start = await t.call('POST', '/api/integrations/xero/connect', {
    cookie,
    body: name === undefined ? {} : { name },
  });
  expect(start.status).toBe(200);
  const back = await consent(start.json.authorizationUrl);
  const callback = await t.call('GET', `${back.pathname}${back.search}`, { cookie });
  return { authorizationUrl: new URL(start.json.authorizationUrl), back, callback };
}

/** What the fake's login page redirects the browser to. */
export async function consent(authorizationUrl: string): Promise<URL> {
  const answer = await fetch(authorizationUrl, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location')!);
}

/** The redirect target of a callback answer, as a URL on the app. */
export function landing(response: { status: number; headers: Headers }): URL {
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location')!, 'http://localhost');
}

export async function companySources(t: TestApp, companyId: string) {
  return t.db.select().from(dataSources).where(eq(dataSources.companyId, companyId)).all();
}

export async function storedCredentials(t: TestApp, sourceId: string): Promise<XeroCredentials> {
  const row = await t.db
    .select()
    .from(connectorConnections)
    .where(eq(connectorConnections.dataSourceId, sourceId))
    .get();
  return JSON.parse(
    await openSecret(t.config, row!.sealedCredentials, `data_source:${sourceId}`, createLogger('silent')),
  );
}

export function sourceLines(t: TestApp, sourceId: string) {
  return t.db
    .select({
      reference: activityLines.reference,
      siteId: lineSiteId,
      spend: activityLines.spend,
      currency: activityLines.currency,
      date: activityLines.date,
      variant: activityLines.variant,
    })
    .from(activityLines)
    .where(eq(activityLines.dataSourceId, sourceId))
    .orderBy(activityLines.reference)
    .all();
}

/** Queues a sync through the API, runs the due jobs, and returns that sync's record. */
export async function syncNow(t: TestApp, cookie: string, sourceId: string) {
  const queued = await t.call('POST', `/api/data-sources/${sourceId}/sync`, { cookie });
  expect(queued.status).toBe(202);
  await t.runJobs();
  const syncs = await t.call('GET', `/api/data-sources/${sourceId}/syncs`, { cookie });
  return syncs.json.find((sync: { id: string }) => sync.id === queued.json.syncId);
}
