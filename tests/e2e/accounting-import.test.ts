import { describe, expect, test } from 'bun:test';
import { seriousAccessibilityViolations, startE2E } from './harness.ts';
import { showActivityData, WAIT_MS } from './helpers.ts';

const e2e = startE2E();

/**
 * A QuickBooks "Transaction Detail by Account" export as a UK bakery's books give it (decision 050):
 * - Electricity 1,820 kWh (memo) → scope 2 location-based 1,820 × 0.177 (DESNZ 2025 UK grid
 *   generation) = 322.14 kg;
 * - Motor Fuel 58.4 L diesel (memo) → scope 1 58.4 × 2.57082 (DESNZ 2025 diesel, average biofuel
 *   blend) = 150.135888 kg;
 * - Packaging is left out by the person, VAT Control and Wages by their type, the totals rows skipped.
 */
const EXPORT = [
  'Transaction Detail by Account',
  'Crumb & Co Bakery Ltd',
  '"January - March, 2025"',
  '',
  ',Date,Transaction Type,No.,Name,Memo/Description,Split,Amount,Balance',
  'Electricity,,,,,,,,',
  ',15/01/2025,Bill,EL-1001,Octopus Energy,"Electricity December 1,820 kWh",Accounts Payable (A/P),£412.30,£412.30',
  'Total for Electricity,,,,,,,£412.30,',
  'Motor Fuel,,,,,,,,',
  ',03/02/2025,Expense,,Shell,Diesel 58.4 L van,Barclays Business Account,£88.12,£88.12',
  'Total for Motor Fuel,,,,,,,£88.12,',
  'Packaging,,,,,,,,',
  ',10/01/2025,Bill,PK-220,Boxes Direct,Cake boxes,Accounts Payable (A/P),"£1,240.00","£1,240.00"',
  'Total for Packaging,,,,,,,"£1,240.00",',
  'VAT Control,,,,,,,,',
  ',15/01/2025,Bill,EL-1001,Octopus Energy,VAT,Accounts Payable (A/P),£82.46,£82.46',
  'Total for VAT Control,,,,,,,£82.46,',
  'Wages and Salaries,,,,,,,,',
  ',31/01/2025,Journal Entry,PAY-01,,January payroll,PAYE and NI Payable,"£18,450.00","£18,450.00"',
  'Total for Wages and Salaries,,,,,,,"£18,450.00",',
  'TOTAL,,,,,,,"£20,272.88",',
].join('\n');

describe('accounting export import', () => {
  test('a QuickBooks export: pick the site, say what an account is, see what is left out, import', async () => {
    const { page } = await e2e.newPage({ width: 1280, height: 1000 });
    await page.goto('/');
    await e2e.signUp(page);
    const site = await page.request.post('/api/sites', {
      headers: { Origin: e2e.baseUrl },
      data: { name: 'Bakery', country: 'GB' },
    });
    expect(site.status()).toBe(201);

    await page.goto('/data-sources');
    await showActivityData(page);
    await page.getByRole('cell', { name: 'Bakery' }).first().waitFor({ timeout: WAIT_MS });
    await page
      .getByLabel('CSV file', { exact: true })
      .setInputFiles({ name: 'quickbooks.csv', mimeType: 'text/csv', buffer: Buffer.from(EXPORT) });
    await page
      .getByRole('heading', { name: 'QuickBooks Transaction Detail by Account export' })
      .waitFor({ timeout: WAIT_MS });
    // Suggested from the account names: electricity and diesel by the memo's quantity.
    expect(await page.getByLabel('Electricity', { exact: true }).textContent()).toContain('Electricity (kWh');
    expect(await page.getByLabel('Motor Fuel', { exact: true }).textContent()).toContain('Diesel');
    const leftOut = page.getByRole('table', { name: 'What the import leaves out' });
    expect(await leftOut.textContent()).toContain('VAT and sales tax');
    expect(await leftOut.textContent()).toContain('1 line, £82.46');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByLabel('Site for these lines').click();
    await page.getByRole('option', { name: 'Bakery' }).click();
    await page.getByLabel('Packaging', { exact: true }).click();
    await page.getByRole('option', { name: 'Leave out (not a purchase)' }).click();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByRole('heading', { name: 'Import complete' }).waitFor({ timeout: WAIT_MS });
    expect(await page.getByText('Imported 2 lines.').first().isVisible()).toBe(true);
    const summary = page.getByRole('table', { name: 'Left out of the import' });
    expect(await summary.textContent()).toContain('Accounts you chose to leave out');
    expect(await summary.textContent()).toContain('1 line, £1,240.00');
    expect(await summary.textContent()).toContain('Wages, payroll, PAYE and pensions');

    const ledger = await page.request.get('/api/activities');
    const lines = (await ledger.json()) as {
      items: { category: string; quantity: number; results: { scope: string; kgCO2e: number }[] }[];
    };
    const electricity = lines.items.find((line) => line.category === 'electricity');
    // 1,820 kWh × 0.177 = 322.14 kg
    expect(electricity?.results.find((r) => r.scope === 'scope_2_location')?.kgCO2e).toBeCloseTo(322.14, 6);
    const diesel = lines.items.find((line) => line.category === 'diesel');
    // 58.4 L × 2.57082 = 150.135888 kg
    expect(diesel?.results.find((r) => r.scope === 'scope_1')?.kgCO2e).toBeCloseTo(150.135888, 6);
  });
});
