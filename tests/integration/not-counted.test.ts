// Lines that are not counted (decision 051): the import answer, the ledger filter, the summary the
// dashboard, KPI page and wizard show, the report's coverage statement, and tenant isolation.
import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { reports } from '../../db/schema/export-reports.ts';
import { sites } from '../../db/schema/ledger.ts';
import type { ReportSnapshot } from '../../src/domain/reports/snapshot.ts';
import { warmRenderThreadForFile } from '../helpers/cpu-thread.ts';
import { addLine, addSite, importCsv, storeResultEmpty, upload } from '../helpers/ledger.ts';
import { createTestApp, ORIGIN } from '../helpers/test-app.ts';

warmRenderThreadForFile();

const NOW = new Date('2026-03-15T10:00:00Z');
const t = await createTestApp({ now: () => NOW });

// '999999' is shaped like a NAICS code but is none: no spend factor exists for it, in any
// library. The Fresno site's region 'CAMX' (eGRID's code is 'US-CAMX') is written straight to
// the database, as a site saved before regions were checked: grid electricity there has no factor.
const ROWS = [
  '2025-01-31,Bristol bakery,electricity,,10000,kWh,,,MPAN 1',
  '2025-03-10,Bristol bakery,purchased_goods,999999,,,4200.00,GBP,Accountant',
  '2025-05-02,Bristol bakery,purchased_goods,999999,,,9845.50,GBP,Boxes and labels',
  '2025-06-30,Fresno,electricity,,1200,kWh,,,PG&E June',
];

/** A company with a UK bakery and a US site whose region the library does not know. */
async function bakery() {
  const owner = await t.signUpCompany();
  const bristol = await addSite(t, owner.cookie, 'Bristol bakery', 'GB');
  const fresno = await addSite(t, owner.cookie, 'Fresno', 'US');
  await t.db.update(sites).set({ region: 'CAMX' }).where(eq(sites.id, fresno));
  return { ...owner, bristol, fresno };
}

async function importedBakery() {
  const company = await bakery();
  const response = await upload(t, company.cookie, importCsv(ROWS));
  expect(response.status).toBe(201);
  return { ...company, importAnswer: response.json };
}

const SPEND_REASON = "No emission factor for spend category 'NAICS 999999' in United Kingdom";
const REGION_REASON = "The site's region 'CAMX' is not one we have factors for";

describe('import answer', () => {
  test('counts the lines an import could not give figures, with their amounts and reasons', async () => {
    const { importAnswer, fresno } = await importedBakery();
    expect(importAnswer).toMatchObject({ rowCount: 4, imported: 4, duplicates: 0 });
    // Spend not counted: £4,200.00 + £9,845.50 = £14,045.50; quantity: the 1,200 kWh of Fresno.
    expect(importAnswer.notCounted).toEqual({
      lineCount: 3,
      spend: [{ currency: 'GBP', amount: 14_045.5 }],
      quantities: [{ unit: 'kWh', quantity: 1200 }],
      reasons: [
        {
          reason: 'no_spend_factor',
          message: SPEND_REASON,
          fix: { action: 'edit_line', label: 'Choose a factor: pick the nearest spend category' },
          lineCount: 2,
          spend: [{ currency: 'GBP', amount: 14_045.5 }],
          quantities: [],
          site: null,
          from: '2025-03-10',
          to: '2025-05-02',
        },
        {
          reason: 'site_region_unknown',
          message: REGION_REASON,
          fix: { action: 'edit_site', label: "Correct the site's region" },
          lineCount: 1,
          spend: [],
          quantities: [{ unit: 'kWh', quantity: 1200 }],
          site: { id: fresno, name: 'Fresno' },
          from: '2025-06-30',
          to: '2025-06-30',
        },
      ],
    });
  });

  test('the same file again answers the first import’s lines not counted', async () => {
    const { cookie } = await importedBakery();
    const again = await upload(t, cookie, importCsv(ROWS));
    expect(again.status).toBe(200);
    expect(again.json.notCounted.lineCount).toBe(3);
  });
});

describe('ledger filter', () => {
  test('lists only the lines not counted, each with its reason and fix', async () => {
    const { cookie } = await importedBakery();
    const all = await t.call('GET', '/api/activities', { cookie });
    expect(all.json.total).toBe(4);
    const counted = all.json.items.find((line: { reference: string }) => line.reference === 'MPAN 1');
    expect(counted.notCounted).toBeNull();

    const filtered = await t.call('GET', '/api/activities?status=not_counted', { cookie });
    expect(filtered.status).toBe(200);
    expect(filtered.json.total).toBe(3);
    expect(
      filtered.json.items.map(
        (line: { reference: string; results: unknown[]; notCounted: { message: string } }) => [
          line.reference,
          line.results.length,
          line.notCounted.message,
        ],
      ),
    ).toEqual([
      ['PG&E June', 0, REGION_REASON],
      ['Boxes and labels', 0, SPEND_REASON],
      ['Accountant', 0, SPEND_REASON],
    ]);
  });

  test('refuses an unknown status with the choice there is', async () => {
    const { cookie } = await bakery();
    const response = await t.call('GET', '/api/activities?status=zero', { cookie });
    expect(response.status).toBe(400);
    expect(response.text).toContain('not_counted');
  });
});

describe('GET /api/emissions/not-counted (dashboard, KPI page, wizard review)', () => {
  test('sums a period’s lines not counted and pages them newest first', async () => {
    const { cookie } = await importedBakery();
    const year = await t.call('GET', '/api/emissions/not-counted?from=2025-01-01&to=2025-12-31&pageSize=2', {
      cookie,
    });
    expect(year.status).toBe(200);
    expect(year.json).toMatchObject({
      lineCount: 3,
      spend: [{ currency: 'GBP', amount: 14_045.5 }],
      quantities: [{ unit: 'kWh', quantity: 1200 }],
      lines: { total: 3, page: 1, pageSize: 2 },
    });
    expect(year.json.lines.items).toMatchObject([
      { date: '2025-06-30', siteName: 'Fresno', category: 'electricity', quantity: 1200, unit: 'kWh' },
      { date: '2025-05-02', spend: 9845.5, currency: 'GBP', status: { reason: 'no_spend_factor' } },
    ]);
    // From April: the March accountant's £4,200 is outside; £9,845.50 and the kWh remain.
    const fromApril = await t.call('GET', '/api/emissions/not-counted?from=2025-04-01&pageSize=0', {
      cookie,
    });
    expect(fromApril.json).toMatchObject({
      lineCount: 2,
      spend: [{ currency: 'GBP', amount: 9845.5 }],
      lines: { items: [], total: 2 },
    });
    const before = await t.call('GET', '/api/emissions/not-counted?to=2024-12-31', { cookie });
    expect(before.json).toMatchObject({ lineCount: 0, spend: [], quantities: [], reasons: [] });
  });

  test('a line a factor now exists for says "Recalculate", and a recalculation counts it', async () => {
    const { cookie, companyId } = await bakery().then((c) => ({ ...c, companyId: c.user.companyId }));
    const bristol = (await t.call('GET', '/api/sites', { cookie })).json[0].id;
    const line = await addLine(t, cookie, {
      siteId: bristol,
      category: 'electricity',
      quantity: 1000,
      unit: 'kWh',
    });
    // A result stored empty before the library had this factor.
    await storeResultEmpty(t, companyId, line.id);
    const before = await t.call('GET', '/api/emissions/not-counted', { cookie });
    expect(before.json.reasons).toMatchObject([
      { reason: 'factor_now_available', fix: { action: 'recalculate', label: 'Recalculate' }, lineCount: 1 },
    ]);
    const recalculated = await t.call('POST', '/api/emissions/recalculate', {
      cookie,
      body: { from: '2025-01-01', to: '2025-12-31' },
    });
    expect(recalculated.status).toBe(200);
    const after = await t.call('GET', '/api/emissions/not-counted', { cookie });
    expect(after.json.lineCount).toBe(0);
  });

  test('another company sees none of them, even with the import id', async () => {
    const { importAnswer } = await importedBakery();
    const other = await bakery();
    const summary = await t.call('GET', `/api/emissions/not-counted?importId=${importAnswer.importId}`, {
      cookie: other.cookie,
    });
    expect(summary.status).toBe(200);
    expect(summary.json).toMatchObject({ lineCount: 0, reasons: [], lines: { items: [], total: 0 } });
    const ledger = await t.call('GET', '/api/activities?status=not_counted', { cookie: other.cookie });
    expect(ledger.json.total).toBe(0);
  });

  test('needs a session', async () => {
    const response = await t.call('GET', '/api/emissions/not-counted');
    expect(response.status).toBe(401);
  });
});

describe('manual lines', () => {
  test('a line without a factor is stored, and the answer says why it is not counted', async () => {
    const { cookie, bristol } = await bakery();
    const response = await t.call('POST', '/api/activities', {
      cookie,
      body: {
        siteId: bristol,
        date: '2025-03-10',
        category: 'purchased_goods',
        variant: '999999',
        spend: 4200,
        currency: 'GBP',
      },
    });
    expect(response.status).toBe(201);
    expect(response.json.results).toEqual([]);
    expect(response.json.notCounted).toEqual({
      reason: 'no_spend_factor',
      message: SPEND_REASON,
      fix: { action: 'edit_line', label: 'Choose a factor: pick the nearest spend category' },
    });
  });

  test('a counted line carries no not-counted status', async () => {
    const { cookie, bristol } = await bakery();
    const line = await addLine(t, cookie, {
      siteId: bristol,
      category: 'electricity',
      quantity: 10,
      unit: 'kWh',
    });
    expect(line.notCounted).toBeNull();
  });

  test('an unknown category or unit is a 400 that lists the choices', async () => {
    const { cookie, bristol } = await bakery();
    const category = await t.call('POST', '/api/activities', {
      cookie,
      body: { siteId: bristol, date: '2025-03-10', category: 'packaging', spend: 10, currency: 'GBP' },
    });
    expect(category.status).toBe(400);
    expect(category.text).toContain('purchased_goods');
    expect(category.text).toContain('electricity');
    const unit = await t.call('POST', '/api/activities', {
      cookie,
      body: { siteId: bristol, date: '2025-03-10', category: 'diesel', quantity: 10, unit: 'bushel' },
    });
    expect(unit.status).toBe(400);
    expect(unit.json.message).toContain('litre');
  });
});

describe('report coverage statement', () => {
  test('the snapshot freezes the coverage and the PDF states it instead of counting lines as zero', async () => {
    const { cookie, bristol } = await importedBakery();
    const requested = await t.call('POST', '/api/reports/generate', {
      cookie,
      body: { format: 'pdf', framework: 'gri', period: '2025' },
    });
    expect(requested.status).toBe(202);
    await t.runJobs();
    const row = await t.db
      .select({ snapshot: reports.snapshot })
      .from(reports)
      .where(eq(reports.id, requested.json.id))
      .get();
    const snapshot = JSON.parse(row!.snapshot) as ReportSnapshot;
    expect(snapshot.coverage).toMatchObject({
      lineCount: 4,
      notCounted: { lineCount: 3, spend: [{ currency: 'GBP', amount: 14_045.5 }] },
    });

    // Fixing a line afterwards changes the ledger, not the report already generated.
    await addLine(t, cookie, {
      siteId: bristol,
      date: '2025-08-01',
      category: 'electricity',
      quantity: 5,
      unit: 'kWh',
    });
    const again = JSON.parse(
      (await t.db
        .select({ snapshot: reports.snapshot })
        .from(reports)
        .where(eq(reports.id, requested.json.id))
        .get())!.snapshot,
    ) as ReportSnapshot;
    expect(again.coverage?.lineCount).toBe(4);

    const file = await t.app.request(`${ORIGIN}/api/reports/${requested.json.id}/file`, {
      headers: { Cookie: cookie },
    });
    expect(file.status).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await file.arrayBuffer())), {
      mergePages: true,
    });
    const pdf = text.replace(/\s+/g, ' ');
    expect(pdf).toContain('This report covers 4 lines of the ledger dated in the period.');
    expect(pdf).toContain('3 lines (£14,045.50; 1,200 kWh) are not counted');
    expect(pdf).toContain(`${SPEND_REASON}: 2 lines (£14,045.50).`);
    expect(pdf).toContain(
      'The inventory draws on the ledger lines that have figures (1 of 4); the 3 not counted are in no figure of this report',
    );
  });
});
