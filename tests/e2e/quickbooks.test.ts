import { afterAll, describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { startFakeQuickBooks } from '../fakes/quickbooks.ts';
import { seriousAccessibilityViolations, startE2E } from './harness.ts';
import { WAIT_MS, waitForPath } from './helpers.ts';

// The fake Intuit (OAuth and API on one origin) listens on 127.0.0.1 in this process; the app
// server, a child process started by the harness, inherits these settings and reaches it there.
const quickbooks = startFakeQuickBooks();
afterAll(() => quickbooks.stop());
Object.assign(process.env, {
  QUICKBOOKS_CLIENT_ID: quickbooks.data.clientId,
  QUICKBOOKS_CLIENT_SECRET: quickbooks.data.clientSecret,
  QUICKBOOKS_OAUTH_ORIGIN: quickbooks.url,
  QUICKBOOKS_API_ORIGIN: quickbooks.url,
});
const e2e = startE2E();

/** The latest sync of a source once it has finished (the job runs in the server process). */
async function finishedSync(page: Page, sourceId: string) {
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    const [latest] = await (await page.request.get(`/api/data-sources/${sourceId}/syncs`)).json();
    if (latest && (latest.status === 'succeeded' || latest.status === 'failed')) return latest;
    await page.waitForTimeout(200);
  }
  throw new Error('the sync did not finish');
}

describe('QuickBooks connector', () => {
  test('connects through Intuit’s consent, lands on Data Sources connected, and syncs bills into the ledger', async () => {
    const { page } = await e2e.newPage({ width: 1280, height: 1000 });
    await page.goto('/');
    await e2e.signUp(page);
    const site = await page.request.post('/api/sites', {
      headers: { Origin: e2e.baseUrl },
      data: { name: 'Boston store', country: 'US' },
    });
    expect(site.status()).toBe(201);
    await page.goto('/data-sources');

    // What the Connect dialog does: POST, then navigate to the authorisation URL.
    const authorizationUrl = await page.evaluate(async () => {
      const response = await fetch('/api/integrations/quickbooks/connect', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Acme QuickBooks' }),
      });
      return (await response.json()).authorizationUrl as string;
    });
    expect(authorizationUrl).toStartWith(`${quickbooks.url}/connect/oauth2?`);
    await page.goto(authorizationUrl);
    await waitForPath(page, '/data-sources');
    expect(new URL(page.url()).searchParams.get('connected')).toBe('quickbooks');

    await page.getByRole('heading', { name: 'Acme QuickBooks' }).waitFor({ timeout: WAIT_MS });
    const [source] = await (await page.request.get('/api/data-sources')).json();
    expect(source).toMatchObject({ type: 'quickbooks', name: 'Acme QuickBooks', status: 'connected' });
    await page.getByText('Connected', { exact: true }).first().waitFor({ timeout: WAIT_MS });
    expect(await finishedSync(page, source.id)).toMatchObject({ status: 'succeeded', imported: 4 });

    // Sync again (the request the row's Sync button sends): nothing is duplicated.
    const queued = await page.evaluate(
      async (id) => (await fetch(`/api/data-sources/${id}/sync`, { method: 'POST' })).status,
      source.id,
    );
    expect(queued).toBe(202);
    expect(await finishedSync(page, source.id)).toMatchObject({ status: 'succeeded', duplicates: 4 });

    await page.reload();
    await page
      .getByRole('cell', { name: /Purchased goods/ })
      .first()
      .waitFor({ timeout: WAIT_MS });
    expect((await (await page.request.get('/api/activities')).json()).total).toBe(4);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  }, 60_000);
});
