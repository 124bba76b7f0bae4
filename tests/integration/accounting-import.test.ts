import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit.ts';
import { companyAccountMappings } from '../../db/schema/connectors.ts';
import { addSite, makeViewer, storedCounts } from '../helpers/ledger.ts';
import { createTestApp, ORIGIN } from '../helpers/test-app.ts';

const t = await createTestApp();

const fixture = (name: string) => readFileSync(join(import.meta.dir, '../fixtures/accounting', name), 'utf8');
const QUICKBOOKS = fixture('quickbooks-transaction-detail-uk.csv');

async function post(path: string, cookie: string, text: string, options?: unknown, fileName = 'export.csv') {
  const form = new FormData();
  form.append('file', new File([text], fileName, { type: 'text/csv' }));
  if (options !== undefined) form.append('options', JSON.stringify(options));
  const response = await t.app.request(`${ORIGIN}/api/activities/import/accounting${path}`, {
    method: 'POST',
    headers: { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin', Cookie: cookie },
    body: form,
  });
  const body = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: assertions read whatever JSON the endpoint answered
  return { status: response.status, json: (body ? JSON.parse(body) : null) as any };
}
const preview = (cookie: string, text = QUICKBOOKS) => post('/preview', cookie, text);
const importExport = (cookie: string, options: unknown, text = QUICKBOOKS) => post('', cookie, text, options);

/**
 * The spend accounts mapped to a NAICS variant with a factor in today's library (a spend-category
 * key is accepted too; its factors come with the factor library of issue 17).
 */
const MAPPINGS = {
  'kitchen equipment': { category: 'purchased_goods', variant: '541611' },
  'accountancy fees': { category: 'purchased_goods', variant: '541611' },
  'bank charges': { category: 'purchased_goods', variant: '522110' },
  electricity: { category: 'electricity', variant: null },
  'motor fuel': { category: 'diesel', variant: null },
  packaging: { category: 'purchased_goods', variant: '541611' },
};

async function bakery() {
  const owner = await t.signUpCompany();
  const siteId = await addSite(t, owner.cookie, 'Bakery');
  return { ...owner, siteId, companyId: owner.user.companyId as string };
}

describe('accounting export import', () => {
  test('the preview names the format, each account with its suggestion, and what would be left out', async () => {
    const { cookie } = await bakery();
    const response = await preview(cookie);
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      format: 'quickbooks',
      formatLabel: 'QuickBooks Transaction Detail by Account',
      currency: 'GBP',
      transactionCount: 20,
      problemCount: 0,
    });
    const packaging = response.json.accounts.find((a: { name: string }) => a.name === 'Packaging');
    expect(packaging).toMatchObject({
      key: 'packaging',
      excludedAs: null,
      suggested: { category: 'purchased_goods', variant: 'packaging' },
      remembered: null,
      lines: 2,
      amount: 1200,
    });
    const vat = response.json.accounts.find((a: { name: string }) => a.name === 'VAT Control');
    expect(vat).toMatchObject({ excludedAs: 'vat', excludedLabel: 'VAT and sales tax', suggested: null });
    expect(response.json.leftOut.find((r: { reason: string }) => r.reason === 'payroll')).toMatchObject({
      label: 'Wages, payroll, PAYE and pensions',
      lines: 1,
      amount: 18450,
    });
    expect(response.json.choices).toContainEqual({
      category: 'purchased_goods',
      variant: 'packaging',
      label: 'Spend: Packaging',
    });
  });

  test('imports the lines of counted accounts through the CSV import, with kWh and litres from memos, and says what it left out', async () => {
    const { cookie, siteId, companyId } = await bakery();
    const response = await importExport(cookie, { siteId, mappings: MAPPINGS });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({
      format: 'quickbooks',
      currency: 'GBP',
      rowCount: 20,
      imported: 7,
      duplicates: 0,
      errorCount: 0,
    });
    expect(
      response.json.leftOut.map((r: { reason: string; lines: number; amount: number | null }) => [
        r.reason,
        r.lines,
        r.amount,
      ]),
    ).toEqual([
      ['financial', 5, 5175.88],
      ['transfer', 1, 5000],
      ['vat', 2, 330.46],
      ['income', 1, 98000],
      ['zero', 1, 0],
      ['needs_quantity', 1, 12.4],
      ['refund', 1, 40],
      ['payroll', 1, 18450],
      ['totals', 13, null],
    ]);
    const ledger = await t.call('GET', '/api/activities?limit=50', { cookie });
    expect(ledger.json.total).toBe(7);
    type Line = {
      category: string;
      quantity: number | null;
      unit: string | null;
      spend: number | null;
      reference: string;
      siteName: string;
      results: { scope: string; kgCO2e: number }[];
    };
    const lines = ledger.json.items as Line[];
    const electricity = lines.find((l) => l.reference.includes('EL-1001'))!;
    expect(electricity).toMatchObject({
      category: 'electricity',
      quantity: 1820,
      unit: 'kWh',
      siteName: 'Bakery',
    });
    // DESNZ 2025 UK electricity generation 0.177 kgCO2e/kWh: 1,820 kWh × 0.177 = 322.14 kg (scope 2, location-based)
    expect(electricity.results.find((r) => r.scope === 'scope_2_location')?.kgCO2e).toBeCloseTo(322.14, 6);
    const diesel = lines.find((l) => l.reference.includes('350 litres'))!;
    // DESNZ 2025 diesel (average biofuel blend) 2.57082 kgCO2e/litre: 350 L × 2.57082 = 899.787 kg (scope 1)
    expect(diesel.results.find((r) => r.scope === 'scope_1')?.kgCO2e).toBeCloseTo(899.787, 6);
    const oven = lines.find((l) => l.reference.includes('KE-09'))!;
    expect(oven).toMatchObject({ category: 'purchased_goods', spend: 8400 });
    expect(oven.reference).toBe('Kitchen Equipment · Bill KE-09 · Bakers Supplies UK · New deck oven');
    const audit = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.companyId, companyId))
      .all();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['activities_imported', 'account_mappings_saved']),
    );
  });

  test('remembers the mappings: the next preview pre-fills them and the next import needs no answers', async () => {
    const { cookie, siteId } = await bakery();
    const first = await importExport(cookie, {
      siteId,
      mappings: { ...MAPPINGS, packaging: { category: 'ignore', variant: null } },
    });
    expect(first.status).toBe(201);
    const again = await preview(cookie);
    const packaging = again.json.accounts.find((a: { name: string }) => a.name === 'Packaging');
    expect(packaging.remembered).toEqual({ category: 'ignore', variant: null });
    expect(
      again.json.leftOut.find((r: { reason: string }) => r.reason === 'not_counted_account'),
    ).toMatchObject({
      lines: 2,
      amount: 1280,
    });
    // The same export with no answers at all: every account is remembered; nothing is added twice.
    const second = await importExport(cookie, { siteId });
    expect(second.status).toBe(200);
    expect(second.json).toMatchObject({ imported: 0, duplicates: 6 });
  });

  test('the same transactions in another export file are not imported twice', async () => {
    const { cookie, siteId } = await bakery();
    await importExport(cookie, { siteId, mappings: MAPPINGS });
    // A re-export with a different title and footer: another file, the same transactions.
    const reexport = QUICKBOOKS.replace('"January - March, 2025"', '"1 January - 31 March 2025"').replace(
      'Wednesday, 7 January 2026',
      'Thursday, 8 January 2026',
    );
    const response = await importExport(cookie, { siteId, mappings: MAPPINGS }, reexport);
    expect(response.json).toMatchObject({ imported: 0, duplicates: 7 });
  });

  test('an account without a mapping stops the import before anything is written, naming it', async () => {
    const { cookie, siteId, companyId } = await bakery();
    const withTravel = QUICKBOOKS.replace(
      'TOTAL,',
      'Travel,,,,,,,,\n,12/02/2025,Expense,,GWR,Train to supplier,Barclays Business Account,£64.20,£64.20\nTotal for Travel,,,,,,,£64.20,\nTOTAL,',
    );
    const response = await importExport(cookie, { siteId, mappings: MAPPINGS }, withTravel);
    expect(response.status).toBe(422);
    expect(response.json).toMatchObject({ code: 'accounts_unmapped', details: { accounts: ['Travel'] } });
    expect(response.json.message).toContain('"Travel"');
    expect(await storedCounts(t, companyId)).toMatchObject({ lines: 0 });
    const remembered = await t.db
      .select()
      .from(companyAccountMappings)
      .where(eq(companyAccountMappings.companyId, companyId))
      .all();
    expect(remembered).toEqual([]);
  });

  test('a row whose site is unknown stores nothing (all or nothing) and names the export line', async () => {
    const owner = await t.signUpCompany();
    await addSite(t, owner.cookie, 'Downtown', 'US');
    const companyId = owner.user.companyId as string;
    // No site "Uptown": its bill (line 8 of the export) cannot be placed.
    const response = await importExport(
      owner.cookie,
      {
        siteFromColumn: true,
        currency: 'USD',
        mappings: {
          'utilities:electric': { category: 'electricity', variant: null },
          'office supplies': { category: 'purchased_goods', variant: '323111' },
        },
      },
      fixture('quickbooks-transaction-detail-us.csv'),
    );
    expect(response.status).toBe(422);
    expect(response.json.code).toBe('import_rows_invalid');
    expect(response.json.details.errors.map((e: { line: number }) => e.line)).toEqual([8]);
    expect(await storedCounts(t, companyId)).toMatchObject({ lines: 0 });
    const remembered = await t.db
      .select()
      .from(companyAccountMappings)
      .where(eq(companyAccountMappings.companyId, companyId))
      .all();
    expect(remembered).toEqual([]);
  });

  test('a choice that is not a category, an unknown site or a missing currency is a 400 that lists the choices', async () => {
    const { cookie, siteId } = await bakery();
    const badCategory = await importExport(cookie, {
      siteId,
      mappings: { ...MAPPINGS, packaging: { category: 'boxes', variant: null } },
    });
    expect(badCategory.status).toBe(400);
    expect(badCategory.json.message).toContain('Spend: Packaging');
    const badSite = await importExport(cookie, { siteId: 'nope', mappings: MAPPINGS });
    expect(badSite.status).toBe(400);
    expect(badSite.json.message).toBe('Unknown site. Choose one of: Bakery');
    const noSite = await importExport(cookie, { mappings: MAPPINGS });
    expect(noSite.status).toBe(400);
    const us = fixture('quickbooks-transaction-detail-us.csv');
    const noCurrency = await importExport(cookie, { siteId, mappings: {} }, us);
    expect(noCurrency.status).toBe(400);
    expect(noCurrency.json.message).toContain('currency');
  });

  test('the site can come from the export column (QuickBooks class)', async () => {
    const owner = await t.signUpCompany();
    await addSite(t, owner.cookie, 'Downtown', 'US');
    await addSite(t, owner.cookie, 'Uptown', 'US');
    const us = fixture('quickbooks-transaction-detail-us.csv');
    const shown = await post('/preview', owner.cookie, us);
    expect(shown.json).toMatchObject({ siteColumn: 'Class', siteValues: ['Downtown', 'Uptown'] });
    const response = await importExport(
      owner.cookie,
      {
        siteFromColumn: true,
        currency: 'USD',
        mappings: {
          'utilities:electric': { category: 'electricity', variant: null },
          'office supplies': { category: 'purchased_goods', variant: '323111' },
        },
      },
      us,
    );
    expect(response.status).toBe(201);
    // Two electricity bills (2,310 kWh and 2,105 kWh) and the paper; the returned toner is a refund.
    expect(response.json).toMatchObject({ imported: 3 });
    const ledger = await t.call('GET', '/api/activities', { cookie: owner.cookie });
    const sites = ledger.json.items.map((l: { siteName: string; quantity: number | null }) => [
      l.siteName,
      l.quantity,
    ]);
    expect(sites).toEqual(
      expect.arrayContaining([
        ['Downtown', 2310],
        ['Uptown', 2105],
        ['Downtown', null],
      ]),
    );
  });

  test("another company's mappings are never suggested, and a viewer may not import", async () => {
    const a = await bakery();
    await importExport(a.cookie, {
      siteId: a.siteId,
      mappings: { ...MAPPINGS, packaging: { category: 'ignore', variant: null } },
    });
    const b = await bakery();
    const shown = await preview(b.cookie);
    expect(shown.json.accounts.every((account: { remembered: unknown }) => account.remembered === null)).toBe(
      true,
    );
    const rows = await t.db
      .select()
      .from(companyAccountMappings)
      .where(and(eq(companyAccountMappings.companyId, b.companyId)))
      .all();
    expect(rows).toEqual([]);
    const viewer = await makeViewer(t, a.companyId);
    expect((await preview(viewer)).status).toBe(403);
    expect((await importExport(viewer, { siteId: a.siteId })).status).toBe(403);
  });

  test('reads an export saved by Excel on Windows (Windows-1252: "£" is the byte 0xA3)', async () => {
    const { cookie } = await bakery();
    const bytes = Uint8Array.from(
      Array.from(QUICKBOOKS, (char) => (char === '£' ? 0xa3 : char.charCodeAt(0))),
    );
    expect(bytes.includes(0xa3)).toBe(true);
    const form = new FormData();
    form.append('file', new File([bytes], 'qb.csv', { type: 'text/csv' }));
    const response = await t.app.request(`${ORIGIN}/api/activities/import/accounting/preview`, {
      method: 'POST',
      headers: { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin', Cookie: cookie },
      body: form,
    });
    const json = (await response.json()) as {
      currency: string;
      problemCount: number;
      transactionCount: number;
    };
    expect(json).toMatchObject({ currency: 'GBP', problemCount: 0, transactionCount: 20 });
  });

  test('a file that is no accounting export is refused in words', async () => {
    const { cookie } = await bakery();
    const response = await preview(cookie, 'date,site,category\n2025-01-01,Bakery,electricity\n');
    expect(response.status).toBe(422);
    expect(response.json.code).toBe('not_accounting_export');
  });

  test('the CSV import points an accounting export to the accounting import instead of asking for site and unit', async () => {
    const { cookie } = await bakery();
    const form = new FormData();
    form.append('file', new File([QUICKBOOKS], 'qb.csv', { type: 'text/csv' }));
    const response = await t.app.request(`${ORIGIN}/api/activities/import`, {
      method: 'POST',
      headers: { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin', Cookie: cookie },
      body: form,
    });
    expect(response.status).toBe(422);
    const json = (await response.json()) as { code: string; message: string; details: { format: string } };
    expect(json.code).toBe('accounting_export');
    expect(json.details.format).toBe('quickbooks');
    expect(json.message).toContain('QuickBooks Transaction Detail by Account');
  });
});
