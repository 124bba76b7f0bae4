/**
 * The reporting year in the browser (decision 053): a company whose ledger holds 2024 only sees
 * 2024 on the dashboard, the KPI page and the marketplace, chosen automatically as the latest year
 * with data; picking a year without data changes every screen to "not recorded", never 0; the
 * purchase dialog offers the claim year, starting from the reporting year.
 */
import { describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { seriousAccessibilityViolations, startE2E } from './harness.ts';
import { WAIT_MS } from './helpers.ts';

const e2e = startE2E();
/** A past year, whatever today is: the automatic choice is the latest year with data. */
const DATA_YEAR = 2024;

async function companyWithDieselIn(page: Page) {
  await e2e.signUp(page);
  const headers = { Origin: e2e.baseUrl };
  const site = await page.request.post('/api/sites', { headers, data: { name: 'Bakery', country: 'GB' } });
  expect(site.status()).toBe(201);
  const line = await page.request.post('/api/activities', {
    headers,
    data: {
      siteId: (await site.json()).id,
      date: `${DATA_YEAR}-06-03`,
      category: 'diesel',
      quantity: 1000,
      unit: 'litre',
    },
  });
  expect(line.status()).toBe(201);
}

const picker = (page: Page) => page.getByRole('combobox', { name: 'Reporting year' });

describe('the reporting year picker', () => {
  test('shows the latest year with data everywhere, and a year without data as not recorded', async () => {
    const { page } = await e2e.newPage({ width: 1280, height: 900 });
    await companyWithDieselIn(page);

    await page.goto('/');
    await page.getByText(`Carbon footprint ${DATA_YEAR}`).waitFor({ timeout: WAIT_MS });
    expect(await picker(page).textContent()).toContain(`${DATA_YEAR} (latest with data)`);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Choose a year with no data: the card says so instead of showing 0.
    await picker(page).click();
    const empty = page.getByRole('option', { name: /\(no data recorded\)$/ }).first();
    const emptyYear = ((await empty.textContent()) ?? '').slice(0, 4);
    await empty.click();
    await page.getByText(`Carbon footprint ${emptyYear}`).waitFor({ timeout: WAIT_MS });
    await page.getByText('Not recorded', { exact: true }).waitFor({ timeout: WAIT_MS });
    expect(await picker(page).textContent()).toContain(`${emptyYear} (chosen for your company)`);

    // The KPI page and the marketplace follow the company's choice.
    await page.goto('/kpi-dashboard');
    await picker(page).getByText(`${emptyYear} (chosen for your company)`).waitFor({ timeout: WAIT_MS });
    await page.goto('/marketplace');
    await page.getByText(`Gross emissions ${emptyYear}`).waitFor({ timeout: WAIT_MS });

    // Back to automatic: the data year again, and the purchase dialog claims against it.
    await picker(page).click();
    await page.getByRole('option', { name: /^Automatic/ }).click();
    await page.getByText(`Gross emissions ${DATA_YEAR}`).waitFor({ timeout: WAIT_MS });
    await page
      .getByRole('button', { name: /^Purchase/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Purchase carbon credits' });
    const claim = dialog.getByRole('combobox', { name: 'Claim against emissions of' });
    await claim.waitFor({ timeout: WAIT_MS });
    expect(await claim.textContent()).toContain(String(DATA_YEAR));
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  }, 60_000);
});
