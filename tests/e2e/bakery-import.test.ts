import { describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { OCTOPUS_PDF_LINES, renderBillPdf } from '../fixtures/receipts/render.ts';
import { seriousAccessibilityViolations, startE2E } from './harness.ts';
import { showActivityData, WAIT_MS, waitForToast } from './helpers.ts';

// 409: the scanned bill already imported by CSV is refused until the person chooses (decision 052).
const e2e = startE2E({ expectedStatuses: [409] });
/** The first scan starts the OCR worker before reading. */
const SCAN_WAIT_MS = 30_000;

/**
 * A UK bakery's own spreadsheet (issue 17): the site "Bakery" is not set up yet, "Packaging" and
 * "Accountancy" are spend in GBP, the flight has no haul or class. Computed by hand from the
 * DESNZ 2025 flat file and the Defra SIC multipliers (db/reference/factors/datasets/):
 * - electricity 1,234 kWh (the Octopus bill of January, scanned later) × 0.177 = 218.418 kg
 *   scope 2 (location-based);
 * - natural gas 9,000 kWh (gross CV) × 0.18296 = 1,646.64 kg scope 1;
 * - diesel 1,000 L × 2.57082 = 2,570.82 kg scope 1;
 * - packaging £1,240.50 × 0.80499734 kg/£ (SIC 17, paper products) = 998.599 kg scope 3;
 * - accountancy £1,800 × 0.06871343 kg/£ (SIC 69.2) = 123.684 kg scope 3.
 * One file: scope 1 = 1,646.64 + 2,570.82 = 4,217.46 kg; scope 2 = 218.418 kg.
 * The second file repeats the same quantities later in 2025, so the year holds twice each:
 * scope 1 = 8,434.92 kg = 8.43 t; scope 2 = 436.836 kg = 0.44 t.
 * Energy (gross CV, DESNZ 2025 fuel properties): diesel 1,000 L × 0.832361 t/m³ × 45.545 GJ/t ×
 * 277.78 kWh/GJ = 10,530.52 kWh; one file 1,234 + 9,000 + 10,530.52 = 20,764.52 kWh; the year
 * 41,529.04 kWh = 41.5 MWh.
 */
const HEADER = 'Date,Site,Category,Variant,Quantity,Unit,Spend,Currency,Description';
const bakeryCsv = (months: [string, string, string, string, string]) =>
  [
    HEADER,
    `2025-${months[0]}-28,Bakery,Electricity,,1234,kWh,,,Electricity bill`,
    `2025-${months[0]}-28,Bakery,Natural gas,,9000,kWh,,,Gas bill`,
    `2025-${months[1]}-14,Bakery,Diesel,,"1,000",litres,,,Van fuel card`,
    `2025-${months[2]}-02,Bakery,Flight,,1200,passenger_km,,,Trade fair in Lyon`,
    `2025-${months[3]}-10,Bakery,Packaging,,,,1240.50,GBP,Cake boxes`,
    `2025-${months[4]}-30,Bakery,Accountancy,,,,1800.00,GBP,Year-end accounts`,
  ].join('\n');

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function statValue(page: Page, title: string) {
  const card = page
    .locator('section, article, div')
    .filter({ has: page.getByText(title, { exact: true }) })
    .last();
  return (await card.textContent()) ?? '';
}

async function uploadFile(page: Page, name: string, csv: string) {
  await page
    .getByLabel('CSV file', { exact: true })
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Upload and import' }).click();
}

describe('a UK bakery’s first import', () => {
  test('maps the unknown site, categories and flight in the app, imports once, and the next file needs no questions', async () => {
    const { page } = await e2e.newPage({ width: 1280, height: 1100 });
    await page.goto('/');
    await e2e.signUp(page);
    // The remembered answers are fetched once the island has hydrated: only then is the form live.
    const hydrated = page.waitForResponse((response) =>
      response.url().endsWith('/api/activities/import/mappings'),
    );
    await page.goto('/data-sources');
    await showActivityData(page);
    await hydrated;

    await uploadFile(page, 'bakery-2025-h1.csv', bakeryCsv(['01', '02', '03', '03', '04']));
    await page
      .getByRole('heading', { name: 'A few questions before importing' })
      .waitFor({ timeout: WAIT_MS });
    // Nothing is written while the questions are open.
    const before = await page.request.get('/api/activities');
    expect((await before.json()).total).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The site: created with the import (the default answer), in the UK, whole country.
    expect(await page.getByLabel('New site name').inputValue()).toBe('Bakery');
    await choose(page, 'Category “Packaging”', 'Spend: Packaging');
    await choose(page, 'Category “Accountancy”', 'Spend: Accountancy and legal');
    await choose(page, 'Flights without a type', 'Short haul, economy');
    await page.getByRole('button', { name: 'Import with these answers' }).click();
    await page.getByRole('heading', { name: 'Import complete' }).waitFor({ timeout: WAIT_MS });
    expect(await page.getByText('Imported 6 lines from 6 rows.').count()).toBeGreaterThan(0);

    // The ledger shows the lines, the description kept as the line's reference.
    await page.getByRole('cell', { name: 'Diesel' }).first().waitFor({ timeout: WAIT_MS });
    const ledger = await (await page.request.get('/api/activities?pageSize=50')).json();
    expect(ledger.total).toBe(6);
    const lines = ledger.items as { category: string; reference: string; variant: string | null }[];
    expect(lines.find((line) => line.category === 'diesel')?.reference).toBe('Van fuel card');
    expect(lines.find((line) => line.category === 'flight')?.variant).toBe('short_haul_economy');
    expect(
      lines
        .filter((line) => line.category === 'purchased_goods')
        .map((line) => line.variant)
        .sort(),
    ).toEqual(['accountancy_legal', 'packaging']);

    // The second half of the year: the same words, no questions.
    const secondImport = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/activities/import') && response.request().method() === 'POST',
      { timeout: WAIT_MS },
    );
    await uploadFile(page, 'bakery-2025-h2.csv', bakeryCsv(['07', '08', '09', '09', '10']));
    expect((await secondImport).status()).toBe(201);
    expect((await (await page.request.get('/api/activities')).json()).total).toBe(12);
    expect(await page.getByRole('heading', { name: 'A few questions before importing' }).count()).toBe(0);
    await page.getByText(/Remembered answers \([1-9]/).waitFor({ timeout: WAIT_MS });

    await page.goto('/kpi-dashboard');
    await page.getByText('Total emissions', { exact: true }).waitFor({ timeout: WAIT_MS });
    expect(await statValue(page, 'Scope 1 emissions')).toContain('8.43');
    expect(await statValue(page, 'Scope 2 emissions (location-based)')).toContain('0.44');

    // Spend has figures from the cited multipliers, never a silent zero.
    const spend = (
      (await (await page.request.get('/api/activities?pageSize=50')).json()).items as {
        variant: string | null;
        results: { scope: string; kgCO2e: number }[];
      }[]
    ).filter((line) => line.variant === 'packaging' || line.variant === 'accountancy_legal');
    const kg = (line: (typeof spend)[number]) =>
      Math.round(line.results.reduce((sum, result) => sum + result.kgCO2e, 0) * 1000) / 1000;
    expect(spend.map((line) => [line.variant, kg(line)]).sort()).toEqual([
      ['accountancy_legal', 123.684],
      ['accountancy_legal', 123.684],
      ['packaging', 998.599],
      ['packaging', 998.599],
    ]);

    // Nothing that has a factor is left uncounted (decision 051).
    const notCounted = await (await page.request.get('/api/emissions/not-counted?pageSize=0')).json();
    expect(notCounted.lineCount).toBe(0);

    // Fuel in litres reaches energy: 41,529.04 kWh, diesel included.
    await page.getByRole('tab', { name: 'Energy & Water' }).click();
    expect(await statValue(page, 'Energy consumption')).toContain('41.5');
    const summary = await (await page.request.get('/api/metrics/summary?year=2025')).json();
    expect(summary.energy.total.value).toBeCloseTo(41.52904, 4);
    expect(summary.energy.byKind.transportFuels).toBeCloseTo(21.061046, 4);

    // The January electricity bill, scanned after the CSV brought it in, is caught.
    const pdf = await renderBillPdf(OCTOPUS_PDF_LINES);
    await page.goto('/data-sources');
    await page.getByRole('button', { name: 'Upload Receipt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Receipt' });
    await dialog
      .getByLabel('Receipt or bill (image or PDF)')
      .setInputFiles({ name: 'octopus.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdf) });
    await dialog.getByRole('heading', { name: 'Found on the receipt' }).waitFor({ timeout: SCAN_WAIT_MS });
    await dialog.getByRole('button', { name: 'Confirm and add to ledger' }).click();
    await dialog
      .getByRole('heading', { name: 'This looks like a line already in your ledger' })
      .waitFor({ timeout: WAIT_MS });
    await dialog.getByRole('button', { name: "Skip this receipt's line" }).click();
    await waitForToast(page, 'Skipped');
    expect((await (await page.request.get('/api/activities')).json()).total).toBe(12);
  }, 120_000);
});
