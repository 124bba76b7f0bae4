import { describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { seriousAccessibilityViolations, startE2E } from './harness.ts';
import { WAIT_MS } from './helpers.ts';

const e2e = startE2E();

/**
 * A UK bakery's own spreadsheet (issue 17): the site "Bakery" is not set up yet, "Packaging" and
 * "Accountancy" are spend in GBP, the flight has no haul or class. Its activity lines whose factors
 * exist today, computed by hand from db/seed/factors/emission-factors.csv (DESNZ 2025):
 * - electricity 4,200 kWh × 0.177 (uk25-elec-grid) = 743.40 kg scope 2 (location-based);
 * - natural gas 9,000 kWh (gross CV) × 0.18296 (uk25-ng-kwh-gross) = 1,646.64 kg scope 1;
 * - diesel 1,000 L × 2.57082 (uk25-diesel-l) = 2,570.82 kg scope 1.
 * One file: scope 1 = 1,646.64 + 2,570.82 = 4,217.46 kg; scope 2 = 743.40 kg.
 * The second file repeats the same quantities later in 2025, so the year holds twice each:
 * scope 1 = 8,434.92 kg = 8.43 t; scope 2 = 1,486.80 kg = 1.49 t.
 * (Scope 3 — WTT, T&D, the flight and the spend lines — is left to the whole-journey test the
 * lead extends once the spend factors are merged.)
 */
const HEADER = 'Date,Site,Category,Variant,Quantity,Unit,Spend,Currency,Description';
const bakeryCsv = (months: [string, string, string, string, string]) =>
  [
    HEADER,
    `2025-${months[0]}-28,Bakery,Electricity,,4200,kWh,,,Electricity bill`,
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
    await uploadFile(page, 'bakery-2025-h2.csv', bakeryCsv(['07', '08', '09', '09', '10']));
    await page.getByText(/Remembered answers \([1-9]/).waitFor({ timeout: WAIT_MS });
    await page.waitForFunction(
      async () => (await (await fetch('/api/activities')).json()).total === 12,
      undefined,
      { timeout: WAIT_MS, polling: 200 },
    );
    expect(await page.getByRole('heading', { name: 'A few questions before importing' }).count()).toBe(0);
    await page.getByText(/Remembered answers \([1-9]/).waitFor({ timeout: WAIT_MS });

    await page.goto('/kpi-dashboard');
    await page.getByText('Total emissions', { exact: true }).waitFor({ timeout: WAIT_MS });
    expect(await statValue(page, 'Scope 1 emissions')).toContain('8.43');
    expect(await statValue(page, 'Scope 2 emissions (location-based)')).toContain('1.49');
  });
});
