// Lines that are not counted, in the browser (decision 051): the import result and the dashboard
// say "N lines, £X, not counted" and link to the ledger filtered to them, where each line shows
// its reason and fix. Axe-clean at a wide and a phone width.
import { describe, expect, test } from 'bun:test';
import { seriousAccessibilityViolations, startE2E } from './harness.ts';
import { showActivityData, WAIT_MS } from './helpers.ts';

const e2e = startE2E();

// '999999' is shaped like a NAICS code but is none: no spend factor exists for it. Not counted:
// £4,200 + £9,845.50 = £14,045.50 over two lines; the electricity line is counted.
const csv = [
  'date,site,category,variant,quantity,unit,spend,currency,reference',
  '2025-01-15,Bristol bakery,electricity,,10000,kWh,,,MPAN 1',
  '2025-03-10,Bristol bakery,purchased_goods,999999,,,4200.00,GBP,Accountant',
  '2025-05-02,Bristol bakery,purchased_goods,999999,,,9845.50,GBP,Boxes and labels',
].join('\n');
const HEADLINE = '2 lines, £14,045.50, not counted';
const REASON = "No emission factor for spend category 'NAICS 999999' in United Kingdom";

describe('lines not counted', () => {
  test('the import, the dashboard and the ledger filter show them with their reason and fix', async () => {
    const { page } = await e2e.newPage({ width: 1280, height: 1000 });
    await page.goto('/');
    await e2e.signUp(page);
    const site = await page.request.post('/api/sites', {
      headers: { Origin: e2e.baseUrl },
      data: { name: 'Bristol bakery', country: 'GB' },
    });
    expect(site.status()).toBe(201);

    await page.goto('/data-sources');
    await showActivityData(page);
    await page.getByRole('cell', { name: 'Bristol bakery' }).first().waitFor({ timeout: WAIT_MS });
    await page
      .getByLabel('CSV file', { exact: true })
      .setInputFiles({ name: 'activity.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Upload and import' }).click();
    await page.getByRole('heading', { name: 'Import complete' }).waitFor({ timeout: WAIT_MS });
    const imported = page.getByRole('region', { name: HEADLINE });
    await imported.waitFor({ timeout: WAIT_MS });
    expect(await imported.textContent()).toContain(REASON);

    await page.goto('/');
    const notice = page.getByRole('region', { name: HEADLINE });
    await notice.waitFor({ timeout: WAIT_MS });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await notice.getByRole('link', { name: /See why and fix them/ }).click();

    // The ledger opens filtered to the two lines, each with its reason and its fix.
    await page.getByText('not counted only', { exact: false }).waitFor({ timeout: WAIT_MS });
    // The table's scroll region carries the name; the table is named by its caption.
    const ledger = page.getByRole('region', { name: 'Activity ledger lines' }).getByRole('table');
    // The filtered page replaces the unfiltered one once it has loaded.
    await ledger.getByText('Not counted', { exact: true }).nth(1).waitFor({ timeout: WAIT_MS });
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"] table'), undefined, {
      timeout: WAIT_MS,
    });
    await expect(ledger.getByText('Not counted', { exact: true }).count()).resolves.toBe(2);
    await expect(ledger.getByText(REASON, { exact: true }).count()).resolves.toBe(2);
    await expect(
      ledger.getByRole('button', { name: /^Choose a factor: pick the nearest spend category/ }).count(),
    ).resolves.toBe(2);
    expect(await ledger.textContent()).not.toContain('Electricity');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});
