import { afterAll, describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { startFakeShopify } from '../fakes/shopify.ts';
import { seriousAccessibilityViolations, startE2E } from './harness.ts';
import { showActivityData, WAIT_MS, waitForToast } from './helpers.ts';

// The fake store listens on 127.0.0.1 in this process; the app server (a child process started by
// the harness with this process's environment) is pointed at it with the test-only origin.
const shopify = startFakeShopify();
const saved = { ...process.env };
process.env.SHOPIFY_CLIENT_ID = shopify.data.clientId;
process.env.SHOPIFY_CLIENT_SECRET = shopify.data.clientSecret;
process.env.SHOPIFY_API_ORIGIN = shopify.url;
const e2e = startE2E();
afterAll(() => {
  shopify.stop();
  for (const key of ['SHOPIFY_CLIENT_ID', 'SHOPIFY_CLIENT_SECRET', 'SHOPIFY_API_ORIGIN']) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

/** Signed up, with a site (connector lines need one), on Data Sources with the dialog on Shopify. */
async function openShopifyConnect(page: Page, name: string) {
  await page.addInitScript(() => {
    const events: unknown[] = [];
    (window as unknown as { trackedEvents: unknown[] }).trackedEvents = events;
    window.addEventListener('analytics:event', (event) => events.push((event as CustomEvent).detail));
  });
  await page.goto('/');
  await e2e.signUp(page);
  const site = await page.request.post('/api/sites', {
    headers: { Origin: e2e.baseUrl },
    data: { name: 'Warehouse', country: 'FR' },
  });
  expect(site.status()).toBe(201);
  await page.goto('/data-sources');
  // The dialog reads which connectors this server can make when it opens; this file's server has
  // Shopify set up, and the dialog would say so otherwise (and never offer the store-name prompt).
  const availability = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/integrations',
  );
  await page.getByRole('button', { name: 'Connect Your First Source' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect a data source' });
  expect(await (await availability).json()).toContainEqual({
    type: 'shopify',
    isAvailable: true,
    unavailableReason: null,
  });
  await dialog.getByRole('combobox', { name: 'Source type' }).click();
  await page.getByRole('option', { name: 'Shopify (OAuth)' }).click();
  // The choice is made before the name is typed (the field shows it once the list has closed).
  await dialog
    .getByRole('combobox', { name: 'Source type' })
    .filter({ hasText: 'Shopify (OAuth)' })
    .waitFor({ timeout: WAIT_MS });
  await dialog.getByLabel('Display Name').fill(name);
  await dialog
    .getByText('Next you will be asked for your store name', { exact: false })
    .waitFor({ timeout: WAIT_MS });
  await dialog.getByRole('button', { name: 'Connect Data Source' }).click();
  const prompt = page.getByRole('dialog', { name: 'Shopify store name' });
  await prompt.getByLabel('Store name').waitFor({ timeout: WAIT_MS });
  return { dialog, prompt };
}

describe('Shopify connector', () => {
  test('prompt → Shopify consent → back with the toast → Sync → ledger lines', async () => {
    const { page } = await e2e.newPage({ width: 1280, height: 1000 });
    const { prompt } = await openShopifyConnect(page, 'Acme web shop');
    // A name that is not a store name is refused in the prompt, which stays open.
    await prompt.getByLabel('Store name').fill('acme outdoor');
    await prompt.getByRole('button', { name: 'Continue to Shopify' }).click();
    await prompt
      .getByRole('alert')
      .getByText('lowercase letters, digits and hyphens', { exact: false })
      .waitFor();
    // The whole address pasted works too: the prompt keeps only the store name.
    await prompt.getByLabel('Store name').fill('https://acme-outdoor.myshopify.com/');
    await prompt.getByRole('button', { name: 'Continue to Shopify' }).click();

    // Shopify consents at once and sends the browser back through the callback.
    await waitForToast(page, 'Success', 'Data source connected successfully');
    expect(new URL(page.url()).search).toBe('');
    const events = await page.evaluate(
      () => (window as unknown as { trackedEvents: unknown[] }).trackedEvents,
    );
    expect(events).toContainEqual({ eventName: 'data_source_connected', eventData: { type: 'shopify' } });
    expect(
      shopify.calls.some((call) => call.path === '/admin/oauth/access_token' && call.status === 200),
    ).toBe(true);

    await page.getByRole('heading', { name: 'Acme web shop' }).waitFor({ timeout: WAIT_MS });
    await page.getByRole('button', { name: 'Sync Acme web shop' }).click();
    await waitForToast(page, 'Success', 'Data source synced successfully');
    const ledger = await (await page.request.get('/api/activities')).json();
    expect(ledger.total).toBe(24);
    await showActivityData(page);
    await page
      .getByRole('cell', { name: /Purchased goods/ })
      .first()
      .waitFor({ timeout: WAIT_MS });

    await page.getByRole('button', { name: 'Account mapping of Acme web shop' }).click();
    const mapping = page.getByRole('dialog', { name: 'Account mapping: Acme web shop' });
    await mapping.getByText('Shipping: Express').waitFor({ timeout: WAIT_MS });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  }, 60_000);

  test('cancelling the prompt does nothing; a refused store comes back as the error toast', async () => {
    const { page } = await e2e.newPage({ width: 390, height: 844 });
    const { dialog, prompt } = await openShopifyConnect(page, 'Phone shop');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await prompt.getByRole('button', { name: 'Cancel' }).click();
    await prompt.waitFor({ state: 'hidden' });
    await dialog.getByLabel('Display Name').waitFor();
    expect(new URL(page.url()).pathname).toBe('/data-sources');
    // Escape closes the prompt the same way, by keyboard.
    await dialog.getByRole('button', { name: 'Connect Data Source' }).click();
    await prompt.getByLabel('Store name').waitFor();
    await page.keyboard.press('Escape');
    await prompt.waitFor({ state: 'hidden' });
    await dialog.getByLabel('Display Name').waitFor();
    const sources = await (await page.request.get('/api/data-sources')).json();
    expect(sources).toEqual([]);

    // The server's refusal (here a store name typed straight into the address) is shown, then cleaned.
    await page.goto('/api/integrations/shopify/connect?shop=evil.example&name=x');
    await waitForToast(
      page,
      'Error',
      'Failed to connect data source: Enter your store name as it appears in your-store.myshopify.com: lowercase letters, digits and hyphens only',
    );
    expect(new URL(page.url()).pathname).toBe('/data-sources');
    expect(new URL(page.url()).search).toBe('');
  }, 60_000);
});
