import { afterAll, describe, expect, test } from 'bun:test';
import { sampleOdooData, startFakeOdoo } from '../fakes/odoo.ts';
import { seriousAccessibilityViolations, startE2E } from './harness.ts';
import { showActivityData, WAIT_MS, waitForToast } from './helpers.ts';

const e2e = startE2E();
// The fake listens on 127.0.0.1 in this process; the app server (a child process) reaches it there.
const odoo = startFakeOdoo(sampleOdooData());
afterAll(() => odoo.stop());

describe('Odoo connector', () => {
  test('connects through the dialog, syncs, and the bills appear in the ledger as spend-based lines', async () => {
    const { page } = await e2e.newPage({ width: 1280, height: 1000 });
    await page.goto('/');
    await e2e.signUp(page);
    const site = await page.request.post('/api/sites', {
      headers: { Origin: e2e.baseUrl },
      data: { name: 'Lyon office', country: 'FR' },
    });
    expect(site.status()).toBe(201);

    await page.goto('/data-sources');
    await page.getByRole('button', { name: 'Connect Your First Source' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect a data source' });
    await dialog.getByRole('combobox', { name: 'Source type' }).click();
    await page.getByRole('option', { name: 'Odoo ERP' }).click();
    await dialog.getByLabel('Display Name').fill('Acme Odoo');
    // (A refused login is covered by the integration tests: the browser logs its 422 as an error.)
    await dialog.getByLabel('Server URL').fill(odoo.url);
    await dialog.getByLabel('Database name').fill(odoo.data.database);
    await dialog.getByLabel('Username').fill(odoo.data.login);
    // spec §8: a missing detail is said in a toast and the dialog stays open.
    await dialog.getByRole('button', { name: 'Connect Data Source' }).click();
    await waitForToast(page, 'Error', 'Please fill in all Odoo connection details');
    await dialog.getByLabel('API key').fill(odoo.data.apiKey);
    await dialog.getByRole('button', { name: 'Connect Data Source' }).click();
    await waitForToast(page, 'Success', 'Odoo ERP connected successfully');

    await page.getByRole('heading', { name: 'Acme Odoo' }).waitFor({ timeout: WAIT_MS });
    await page.getByRole('button', { name: 'Sync Acme Odoo' }).click();
    await waitForToast(page, 'Success', 'Data source synced successfully');
    await page.getByText('Connected', { exact: true }).first().waitFor({ timeout: WAIT_MS });

    // Three posted bill lines (the draft bill and the tax line are not imported).
    const ledger = await page.request.get('/api/activities');
    const body = await ledger.json();
    expect(body.total).toBe(3);
    await showActivityData(page);
    await page
      .getByRole('cell', { name: /Purchased goods/ })
      .first()
      .waitFor({ timeout: WAIT_MS });

    await page.getByRole('button', { name: 'Account mapping of Acme Odoo' }).click();
    const mapping = page.getByRole('dialog', { name: 'Account mapping: Acme Odoo' });
    await mapping.getByLabel('622600 Legal fees').waitFor({ timeout: WAIT_MS });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await mapping.getByLabel('622600 Legal fees').selectOption('ignore');
    await mapping.getByRole('button', { name: 'Save mapping' }).click();
    await waitForToast(page, 'Success', 'Account mapping saved. Sync the source to apply it.');
    await page.getByRole('button', { name: 'Sync Acme Odoo' }).click();
    await waitForToast(page, 'Success', 'Data source synced successfully');
    expect((await (await page.request.get('/api/activities')).json()).total).toBe(2);

    // Delete asks whether to keep the imported lines.
    await page.getByRole('button', { name: 'Delete Acme Odoo' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove this data source?' });
    await confirm.getByText('Keep the 2 lines it imported, or remove them?', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Remove lines' }).click();
    await waitForToast(page, 'Success', 'Data source removed successfully');
    expect((await (await page.request.get('/api/activities')).json()).total).toBe(0);
  }, 60_000);
});
