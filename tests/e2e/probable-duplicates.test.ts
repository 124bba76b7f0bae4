// A CSV row that looks like a line another route put in the ledger (decision 052): the import
// dialog lists it and the file's choice re-sends the file.
import { describe, expect, test } from 'bun:test';
import { seriousAccessibilityViolations, startE2E } from './harness.ts';
import { showActivityData, WAIT_MS } from './helpers.ts';

// 409: the import is refused until the person chooses (decision 052).
const e2e = startE2E({ expectedStatuses: [409] });

const csv = [
  'date,site,category,quantity,unit,reference',
  '2025-01-31,Bakery,electricity,1234,kWh,Octopus January',
  '2025-01-14,Bakery,diesel,100,litres,Fuel card',
].join('\n');

describe('CSV import and probable duplicates', () => {
  test('lists the row that looks like a typed line, and skip imports the rest', async () => {
    const { page } = await e2e.newPage({ width: 1280, height: 1000 });
    await page.goto('/');
    await e2e.signUp(page);
    const headers = { Origin: e2e.baseUrl };
    const site = await page.request.post('/api/sites', { headers, data: { name: 'Bakery', country: 'GB' } });
    expect(site.status()).toBe(201);
    const siteId = (await site.json()).id as string;
    // The same bill, typed by hand for its period.
    const typed = await page.request.post('/api/activities', {
      headers,
      data: {
        siteId,
        date: '2025-01-01',
        periodEnd: '2025-01-31',
        category: 'electricity',
        quantity: 1234,
        unit: 'kWh',
      },
    });
    expect(typed.status()).toBe(201);

    await page.goto('/data-sources');
    await showActivityData(page);
    await page.getByRole('cell', { name: 'Bakery' }).first().waitFor({ timeout: WAIT_MS });
    await page
      .getByLabel('CSV file', { exact: true })
      .setInputFiles({ name: 'bills.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Upload and import' }).click();
    await page
      .getByRole('heading', { name: 'Some rows look like lines already in your ledger' })
      .waitFor({ timeout: WAIT_MS });
    await page
      .getByText(
        'In your ledger: Electricity, 1 Jan 2025 – 31 Jan 2025, Bakery, 1,234 kWh, from Manual entry',
      )
      .waitFor({ timeout: WAIT_MS });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Skip these rows' }).click();
    await page.getByRole('heading', { name: 'Import complete' }).waitFor({ timeout: WAIT_MS });
    await page
      .getByText(
        'Imported 1 line from 2 rows. 1 row that looked like lines already in the ledger was skipped.',
      )
      .first()
      .waitFor({ timeout: WAIT_MS });
    const ledger = await page.request.get('/api/activities');
    const lines = (await ledger.json()).items as { source: string; category: string }[];
    expect(lines.map((line) => [line.category, line.source]).sort()).toEqual([
      ['diesel', 'csv'],
      ['electricity', 'manual'],
    ]);
  }, 90_000);
});
