import { afterAll, describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { startFakeQuickBooks } from '../fakes/quickbooks.ts';
import { eventually } from '../helpers/eventually.ts';
import { seriousAccessibilityViolations, startE2E } from './harness.ts';
import { showActivityData, WAIT_MS, waitForToast } from './helpers.ts';

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
  let latest: { status: string } | undefined;
  await eventually(
    async () => {
      [latest] = await (await page.request.get(`/api/data-sources/${sourceId}/syncs`)).json();
      expect(['succeeded', 'failed']).toContain(latest?.status ?? 'none');
    },
    { timeout: WAIT_MS },
  );
  return latest!;
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
    // The island has hydrated and loaded its data once the empty state shows.
    await page.getByText('No data sources yet').waitFor({ timeout: WAIT_MS });
    const navigations: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) navigations.push(request.url());
    });

    // The Connect dialog, by clicks: it POSTs, then sends the browser to Intuit's consent, which
    // approves at once and redirects back through the callback to /data-sources?connected=quickbooks.
    await page.getByRole('button', { name: 'Connect New Source' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect a data source' });
    await dialog.getByRole('combobox', { name: 'Source type' }).click();
    await page.getByRole('option', { name: 'QuickBooks Online' }).click();
    await dialog.getByLabel('Display Name').fill('Acme QuickBooks');
    await dialog.getByText('You will be redirected to Intuit QuickBooks', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Connect Data Source' }).click();

    await waitForToast(page, 'Success', 'Data source connected successfully');
    expect(new URL(page.url()).pathname).toBe('/data-sources');
    expect(new URL(page.url()).search).toBe('');
    expect(navigations.some((url) => url.startsWith(`${quickbooks.url}/connect/oauth2?`))).toBe(true);
    expect(navigations.some((url) => url.endsWith('/data-sources?connected=quickbooks'))).toBe(true);

    await page.getByRole('heading', { name: 'Acme QuickBooks' }).waitFor({ timeout: WAIT_MS });
    const [source] = await (await page.request.get('/api/data-sources')).json();
    expect(source).toMatchObject({ type: 'quickbooks', name: 'Acme QuickBooks', status: 'connected' });
    await page.getByText('Connected', { exact: true }).first().waitFor({ timeout: WAIT_MS });
    // The first sync starts on its own: the fake's six bill lines, bank charges included (one
    // account rule table, decision 086).
    expect(await finishedSync(page, source.id)).toMatchObject({
      status: 'succeeded',
      imported: 6,
      skipped: 0,
    });

    // Sync again from the row: nothing is duplicated.
    await page.getByRole('button', { name: 'Sync Acme QuickBooks' }).click();
    await waitForToast(page, 'Success', 'Data source synced successfully');
    expect(await finishedSync(page, source.id)).toMatchObject({ status: 'succeeded', duplicates: 6 });

    await showActivityData(page);
    await page
      .getByRole('cell', { name: /Purchased goods/ })
      .first()
      .waitFor({ timeout: WAIT_MS });
    expect((await (await page.request.get('/api/activities')).json()).total).toBe(6);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  }, 60_000);
});
