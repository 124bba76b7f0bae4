import { describe, expect, test } from 'bun:test';
import { OCTOPUS_PDF_LINES, RECEIPTS, renderBillPdf, renderReceiptPng } from '../fixtures/receipts/render.ts';
import { seriousAccessibilityViolations, startE2E } from './harness.ts';
import { expectFocused, showActivityData, WAIT_MS, waitForToast } from './helpers.ts';

// 409: a probable duplicate is refused until the person chooses (decision 052). 400: a unit only
// the server can judge, shown on its field (decision 071).
const e2e = startE2E({ expectedStatuses: [400, 409] });
/** The first scan starts the OCR worker (~1 s) before reading. */
const SCAN_WAIT_MS = 30_000;

describe('Upload Receipt', () => {
  test('reads a fuel receipt, and the confirmed line enters the ledger with the receipt as evidence', async () => {
    const { page } = await e2e.newPage({ width: 1280, height: 1000 });
    await page.goto('/');
    await e2e.signUp(page);
    const site = await page.request.post('/api/sites', {
      headers: { Origin: e2e.baseUrl },
      data: { name: 'Oxford depot', country: 'GB' },
    });
    expect(site.status()).toBe(201);
    const png = await renderReceiptPng(e2e.browser, RECEIPTS[0]!);

    await page.goto('/data-sources');
    await showActivityData(page);
    await page.getByRole('cell', { name: 'Oxford depot' }).first().waitFor({ timeout: WAIT_MS });
    await page.getByRole('button', { name: 'Upload Receipt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Receipt' });
    await dialog
      .getByLabel('Receipt or bill (image or PDF)')
      .setInputFiles({ name: 'shell.png', mimeType: 'image/png', buffer: Buffer.from(png) });
    await waitForToast(page, 'Success', 'Receipt processed successfully. Found: SHELL WOODSTOCK');
    await dialog.getByRole('heading', { name: 'Found on the receipt' }).waitFor({ timeout: SCAN_WAIT_MS });
    const found = await dialog.locator('dl').first().textContent();
    expect(found).toContain('SHELL WOODSTOCK');
    expect(found).toContain('62.01');
    expect(found).toContain('42.5');
    expect(await dialog.getByLabel('Quantity').inputValue()).toBe('42.5');
    expect(await dialog.getByLabel('Date', { exact: true }).inputValue()).toBe('2025-03-14');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The draft is checked with the ledger's contract before it is sent, then by the server, and
    // each message lands on its field with the focus (decision 071).
    const quantity = dialog.getByLabel('Quantity', { exact: true });
    const unit = dialog.getByLabel('Unit', { exact: true });
    await quantity.fill('');
    await dialog.getByRole('button', { name: 'Confirm and add to ledger' }).click();
    await dialog.getByText('Enter the quantity').waitFor({ timeout: WAIT_MS });
    expect(await quantity.getAttribute('aria-invalid')).toBe('true');
    await expectFocused(page, { id: (await quantity.getAttribute('id')) ?? 'no id' });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await quantity.fill('42.5');
    await unit.fill('furlong');
    await dialog.getByRole('button', { name: 'Confirm and add to ledger' }).click();
    await dialog.getByText(/^"furlong" is not a unit we know/).waitFor({ timeout: WAIT_MS });
    expect(await quantity.getAttribute('aria-invalid')).toBeNull();
    expect(await unit.getAttribute('aria-invalid')).toBe('true');
    await expectFocused(page, { id: (await unit.getAttribute('id')) ?? 'no id' });
    await unit.fill('litre');

    await dialog.getByRole('button', { name: 'Confirm and add to ledger' }).click();
    await waitForToast(page, 'Line added');
    await expect(dialog.isVisible()).resolves.toBe(false);
    const row = page.getByRole('cell', { name: 'Diesel' }).first();
    await row.waitFor({ timeout: WAIT_MS });
    await row.click();
    const evidence = page.getByRole('link', { name: /Open evidence/ }).first();
    await evidence.waitFor({ timeout: WAIT_MS });
    const href = await evidence.getAttribute('href');
    expect(href).toMatch(/^\/api\/integrations\/ocr\/files\/[0-9a-f-]+$/);
    const file = await page.request.get(href!);
    expect(file.status()).toBe(200);
    expect(Buffer.from(await file.body()).equals(Buffer.from(png))).toBe(true);
  }, 90_000);

  test('a scanned bill already in the ledger is shown as a probable duplicate, and replace keeps one line', async () => {
    const { page } = await e2e.newPage({ width: 1280, height: 1000 });
    await page.goto('/');
    await e2e.signUp(page);
    const headers = { Origin: e2e.baseUrl };
    const site = await page.request.post('/api/sites', { headers, data: { name: 'Bakery', country: 'GB' } });
    expect(site.status()).toBe(201);
    const siteId = (await site.json()).id as string;
    // The Octopus bill of January 2025 (1,234 kWh), typed in before the scan.
    const typed = await page.request.post('/api/activities', {
      headers,
      data: { siteId, date: '2025-01-31', category: 'electricity', quantity: 1234, unit: 'kWh' },
    });
    expect(typed.status()).toBe(201);
    const pdf = await renderBillPdf(OCTOPUS_PDF_LINES);

    await page.goto('/data-sources');
    await showActivityData(page);
    await page.getByRole('cell', { name: 'Bakery' }).first().waitFor({ timeout: WAIT_MS });
    await page.getByRole('button', { name: 'Upload Receipt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Receipt' });
    await dialog
      .getByLabel('Receipt or bill (image or PDF)')
      .setInputFiles({ name: 'octopus.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdf) });
    await dialog.getByRole('heading', { name: 'Found on the receipt' }).waitFor({ timeout: SCAN_WAIT_MS });
    await dialog.getByRole('button', { name: 'Confirm and add to ledger' }).click();
    const prompt = dialog.getByRole('heading', { name: 'This looks like a line already in your ledger' });
    await prompt.waitFor({ timeout: WAIT_MS });
    await dialog
      .getByText('In your ledger: Electricity, 31 Jan 2025, Bakery, 1,234 kWh, from Manual entry')
      .waitFor({ timeout: WAIT_MS });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Replace this ledger line' }).click();
    await waitForToast(page, 'Line added');
    const ledger = await page.request.get('/api/activities');
    const lines = (await ledger.json()).items as { source: string; periodEnd: string | null }[];
    expect(lines.map((line) => [line.source, line.periodEnd])).toEqual([['receipt', '2025-01-31']]);
  }, 90_000);

  test('refuses a file of 10 MB or more before sending it, in the spec words', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/');
    await e2e.signUp(page);
    await page.goto('/data-sources');
    // The island has loaded its data (and so is hydrated) once the empty state shows.
    await page.getByRole('button', { name: 'Connect Your First Source' }).waitFor({ timeout: WAIT_MS });
    await page.getByRole('button', { name: 'Upload Receipt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Receipt' });
    await dialog.getByLabel('Receipt or bill (image or PDF)').setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(10 * 1024 * 1024 + 1),
    });
    await dialog.getByText('File size must be less than 10MB').waitFor({ timeout: WAIT_MS });
  }, 60_000);
});
