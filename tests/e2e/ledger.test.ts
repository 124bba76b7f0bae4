import { describe, expect, test } from 'bun:test';
import { seriousAccessibilityViolations, startE2E } from './harness.ts';
import { showActivityData, WAIT_MS } from './helpers.ts';

const e2e = startE2E();

/**
 * Two lines whose results are the hand-computed worked examples of
 * shared/reference/emission-factors.md §3 (DESNZ 2025):
 * - example 1: 10,000 kWh UK grid electricity → scope 2 (location) 1,770.00 kg; T&D 185.30 +
 *   WTT generation 459.00 + WTT T&D 39.70 = 684.00 kg scope 3 (cat 3).
 * - example 3: 1,000 L forecourt diesel → scope 1 2,570.82 kg; WTT 611.01 kg scope 3; biogenic
 *   140.00 kg outside the scopes (memo, not in totals).
 * Gross total = 2,570.82 + 1,770.00 + 684.00 + 611.01 = 5,635.83 kg = 5.64 t.
 */
const csv = [
  'date,site,category,variant,quantity,unit',
  '2025-01-15,Bristol bakery,electricity,,10000,kWh',
  '2025-02-10,Bristol bakery,diesel,,1000,litre',
].join('\n');

async function statValue(page: import('playwright-core').Page, title: string) {
  const card = page
    .locator('section, article, div')
    .filter({ has: page.getByText(title, { exact: true }) })
    .last();
  return (await card.textContent()) ?? '';
}

describe('CSV import to the KPI dashboard', () => {
  test('imported lines appear in the ledger and the KPI figures match the hand-computed totals', async () => {
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
    // The sites table fills in once the island has hydrated and loaded: only then is the form live.
    await page.getByRole('cell', { name: 'Bristol bakery' }).first().waitFor({ timeout: WAIT_MS });
    await page
      .getByLabel('CSV file', { exact: true })
      .setInputFiles({ name: 'activity.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Upload and import' }).click();
    await page.getByRole('heading', { name: 'Import complete' }).waitFor({ timeout: WAIT_MS });
    await page.getByRole('cell', { name: 'Electricity' }).first().waitFor({ timeout: WAIT_MS });

    await page.goto('/kpi-dashboard');
    await page.getByText('Total emissions', { exact: true }).waitFor({ timeout: WAIT_MS });
    expect(await statValue(page, 'Total emissions')).toContain('5.64');
    expect(await statValue(page, 'Scope 1 emissions')).toContain('2.57');
    expect(await statValue(page, 'Scope 2 emissions (location-based)')).toContain('1.77');
    expect(await statValue(page, 'Scope 3 emissions')).toContain('1.30');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // An explicit recalculation with the same library changes nothing and says so, per scope. The
    // panel's form loads as it is scrolled to (decision 070).
    await page
      .getByRole('heading', { name: 'Recalculate with the current factor library' })
      .scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'Recalculate', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Recalculate' }).click();
    const table = page.getByRole('table', { name: 'Before and after, tCO2e' });
    await table.waitFor({ timeout: WAIT_MS });
    expect(await table.textContent()).toContain('no change');
    expect(await table.textContent()).not.toContain('(up)');

    await page.goto('/data-sources');
    await showActivityData(page);
    await page.getByRole('link', { name: 'Download template' }).waitFor({ timeout: WAIT_MS });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});
