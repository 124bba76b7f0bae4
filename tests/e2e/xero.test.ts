import { afterAll, describe, expect, test } from 'bun:test';
import { startFakeXero } from '../fakes/xero.ts';
import { seriousAccessibilityViolations, startE2E } from './harness.ts';
import { expectFocused, WAIT_MS, waitForToast } from './helpers.ts';

// The fake listens on 127.0.0.1 in this process; the app server (a child process) and the
// browser reach it there. It stands in for login.xero.com, identity.xero.com and api.xero.com.
const xero = startFakeXero();
afterAll(() => xero.stop());
const e2e = startE2E({ env: xero.env });

interface Line {
  spend: number | null;
  siteName: string;
}

describe('Xero connector', () => {
  test('connects through Xero’s consent, syncs, and a tracking option’s site can be changed', async () => {
    const { page } = await e2e.newPage({ width: 1280, height: 1000 });
    await page.goto('/');
    await e2e.signUp(page);
    for (const name of ['Head office', 'North', 'South yard']) {
      const site = await page.request.post('/api/sites', {
        headers: { Origin: e2e.baseUrl },
        data: { name, country: 'GB' },
      });
      expect(site.status()).toBe(201);
    }
    await page.goto('/data-sources');
    await page.getByText('No data sources yet').waitFor({ timeout: WAIT_MS });

    const navigations: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) navigations.push(request.url());
    });

    // The Connect dialog, by keyboard: it POSTs, then sends the browser to Xero's consent, which
    // approves at once and redirects back through the callback to /data-sources?connected=xero.
    // The dialog reads which connectors this server can make when it opens; this file's server has
    // Xero set up, and the dialog would say so otherwise (and never offer the redirect).
    const availability = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/integrations',
    );
    await page.getByRole('button', { name: 'Connect New Source' }).focus();
    await page.keyboard.press('Enter');
    const connect = page.getByRole('dialog', { name: 'Connect a data source' });
    const sourceType = connect.getByRole('combobox', { name: 'Source type' });
    await sourceType.waitFor();
    expect(await (await availability).json()).toContainEqual({
      type: 'xero',
      isAvailable: true,
      unavailableReason: null,
    });
    // The dialog puts focus on its first field, the source type (a frame after it opens).
    await expectFocused(page, { role: 'combobox', text: 'Select a source type' });
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'Xero' }).waitFor();
    // The list takes focus a frame after it appears; keys sent before that go nowhere. One letter,
    // since Radix's typeahead forgets what was typed after a second (a busy machine can exceed
    // that between keys), then Enter once Xero is the highlighted option.
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'option');
    await page.keyboard.press('X');
    await page.waitForFunction(
      () =>
        document.activeElement?.getAttribute('role') === 'option' &&
        document.activeElement.textContent === 'Xero',
    );
    await page.keyboard.press('Enter');
    // The choice is made (focus goes back to the field, a frame after the list closes), then the
    // dialog says where Connect leads.
    await expectFocused(page, { role: 'combobox', text: 'Xero' });
    await connect.getByText('You will be redirected to Xero', { exact: false }).waitFor({ timeout: WAIT_MS });
    await page.keyboard.press('Tab');
    await page.keyboard.type('Bakery Xero');
    expect(await connect.getByLabel('Display Name').inputValue()).toBe('Bakery Xero');
    await page.keyboard.press('Enter');

    await waitForToast(page, 'Success', 'Data source connected successfully');
    expect(new URL(page.url()).pathname).toBe('/data-sources');
    expect(new URL(page.url()).search).toBe('');
    expect(navigations.some((url) => url.startsWith(`${xero.url}/identity/connect/authorize?`))).toBe(true);
    expect(navigations.some((url) => url.endsWith('/data-sources?connected=xero'))).toBe(true);

    await page.getByRole('heading', { name: 'Bakery Xero' }).waitFor({ timeout: WAIT_MS });
    await page.getByText('Connected', { exact: true }).first().waitFor({ timeout: WAIT_MS });
    await page.getByRole('button', { name: 'Sync Bakery Xero' }).click();
    await waitForToast(page, 'Success', 'Data source synced successfully');

    const lines = async () =>
      (await (await page.request.get('/api/activities')).json()) as { items: Line[]; total: number };
    const first = await lines();
    expect(first.total).toBe(4);
    expect(first.items.find((line) => line.spend === 250)?.siteName).toBe('Head office');

    await page.getByRole('button', { name: 'Sites of Bakery Xero' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sites: Bakery Xero' });
    await dialog.getByRole('combobox', { name: 'Region: South' }).waitFor({ timeout: WAIT_MS });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    // Phone width: the dialog and its selects stay within the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    if (process.env.XERO_E2E_SCREENSHOT) await page.screenshot({ path: process.env.XERO_E2E_SCREENSHOT });
    await page.setViewportSize({ width: 1280, height: 1000 });
    await dialog.getByRole('combobox', { name: 'Region: South' }).click();
    await page.getByRole('option', { name: 'South yard (GB)' }).click();
    await dialog.getByRole('button', { name: 'Save sites' }).click();
    await waitForToast(page, 'Success', 'Site mapping saved. Sync the source to apply it.');

    await page.getByRole('button', { name: 'Sync Bakery Xero' }).click();
    await waitForToast(page, 'Success', 'Data source synced successfully');
    const moved = await lines();
    expect(moved.total).toBe(4);
    expect(moved.items.find((line) => line.spend === 250)?.siteName).toBe('South yard');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  }, 60_000);
});
