import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit.ts';
import { activityImports, activityLines } from '../../db/schema/ledger.ts';
import { companyKeyOf } from '../../src/server/features/ledger/lines/ledger-keys.ts';
import {
  companyWithSites,
  IMPORT_HEADER,
  IMPORT_ROWS,
  importCsv,
  makeViewer,
  storedCounts,
  upload,
} from '../helpers/ledger.ts';
import { createTestApp, ORIGIN } from '../helpers/test-app.ts';

const t = await createTestApp();

const stored = (companyId: string) => storedCounts(t, companyId);
const company = () => companyWithSites(t);
const HEADER = IMPORT_HEADER;
const ROWS = IMPORT_ROWS;
const csv = importCsv;

describe('CSV import', () => {
  test('imports every row with its results, an import record and one audit row', async () => {
    const { cookie, user } = await company();
    const response = await upload(t, cookie, csv(ROWS), { fileName: 'january.csv' });
    expect(response.status).toBe(201);
    expect(response.json).toEqual({
      importId: expect.any(String),
      rowCount: 4,
      imported: 4,
      duplicates: 0,
      errors: [],
      errorCount: 0,
      // Every line of the file has figures (decision 051).
      notCounted: { lineCount: 0, spend: [], quantities: [], reasons: [] },
      // No line of another source looks like a row (decision 052).
      probableDuplicates: { found: 0, skipped: 0, kept: 0 },
    });
    const ledger = await t.call('GET', '/api/activities', { cookie });
    expect(ledger.json.total).toBe(4);
    const diesel = ledger.json.items.find((line: { category: string }) => line.category === 'diesel');
    expect(diesel).toMatchObject({
      source: 'csv',
      reference: 'Fuel card, January',
      unit: 'litre',
      siteName: 'Bristol bakery',
    });
    expect(diesel.results.find((r: { scope: string }) => r.scope === 'scope_1').kgCO2e).toBeCloseTo(
      2570.82,
      6,
    );
    const record = await t.db
      .select()
      .from(activityImports)
      .where(eq(activityImports.id, response.json.importId))
      .get();
    expect(record).toMatchObject({
      fileName: 'january.csv',
      rowCount: 4,
      importedCount: 4,
      duplicateCount: 0,
      createdBy: user.id,
    });
    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entityId, response.json.importId))
      .all();
    expect(audit).toMatchObject([{ action: 'activities_imported', entityType: 'activity_import' }]);
  });

  test('reads a BOM, CRLF line ends, a ; separator with decimal commas, quoted separators and empty lines', async () => {
    const { cookie } = await company();
    const text =
      '\uFEFFdate;site;category;quantity;unit;reference\r\n' +
      '2025-03-01;Bristol bakery;natural_gas;1.234,5;kWh;"Meter; main"\r\n' +
      '\r\n' +
      ';;;;;\r\n' +
      '01/04/2025;Lyon shop;electricity;10000;kWh;\r\n';
    const response = await upload(t, cookie, text);
    expect(response.json).toMatchObject({ rowCount: 2, imported: 2, errorCount: 0 });
    const ledger = await t.call('GET', '/api/activities', { cookie });
    expect(
      ledger.json.items.map((line: { date: string; quantity: number; reference: string | null }) => [
        line.date,
        line.quantity,
        line.reference,
      ]),
    ).toEqual([
      ['2025-04-01', 10000, null],
      ['2025-03-01', 1234.5, 'Meter; main'],
    ]);
  });

  test('reports a wrong unit with its line and writes nothing', async () => {
    const { cookie, user } = await company();
    const response = await upload(
      t,
      cookie,
      csv([ROWS[0]!, '2025-01-14,Bristol bakery,diesel,,40,kWh-ish,,,x', ROWS[2]!]),
    );
    expect(response.status).toBe(422);
    expect(response.json.details.errorCount).toBe(1);
    expect(response.json.details.errors).toEqual([
      { line: 3, message: expect.stringMatching(/^unit "kWh-ish" is not a unit we know/) },
    ]);
    expect(response.json.message).toBe(
      '1 of 3 rows have problems; nothing was imported. Fix them and upload the file again.',
    );
    expect(await stored(user.companyId)).toEqual({ lines: 0, results: 0, imports: 0 });
  });

  test('an unknown site is a row error pointing to the mapping step', async () => {
    const { cookie, user } = await company();
    const response = await upload(t, cookie, csv([ROWS[0]!, '2025-01-14,Leeds depot,diesel,,40,litre,,,x']));
    expect(response.status).toBe(422);
    expect(response.json.details.errors).toEqual([
      {
        line: 3,
        message: 'no site named "Leeds depot"; choose one of your sites or create it in the mapping step',
      },
    ]);
    expect(await stored(user.companyId)).toEqual({ lines: 0, results: 0, imports: 0 });
  });

  test('an unrecognised header asks for a mapping, then imports with it', async () => {
    const { cookie, user } = await company();
    const text = csv(['2025-01-31,Bristol bakery,electricity,500,kWh'], 'date,site,category,How much,unit');
    const first = await upload(t, cookie, text);
    expect(first.status).toBe(400);
    expect(first.json.code).toBe('mapping_required');
    expect(first.json.details).toMatchObject({
      unknownColumns: ['How much'],
      missingFields: ['quantity or spend'],
    });
    expect(first.json.details.fields).toContain('quantity');
    expect(await stored(user.companyId)).toEqual({ lines: 0, results: 0, imports: 0 });
    const second = await upload(t, cookie, text, { mapping: { 'How much': 'quantity' } });
    expect(second.status).toBe(201);
    expect(second.json).toMatchObject({ imported: 1, rowCount: 1 });
    const bad = await upload(t, cookie, text, { mapping: { 'How much': 'weight' } });
    expect(bad.status).toBe(400);
  });

  test('the same file again adds nothing: 200, imported 0, every row a duplicate', async () => {
    const { cookie, user } = await company();
    const first = await upload(t, cookie, csv(ROWS));
    const again = await upload(t, cookie, csv(ROWS), { fileName: 'renamed.csv' });
    expect(again.status).toBe(200);
    expect(again.json).toEqual({
      importId: first.json.importId,
      rowCount: 4,
      imported: 0,
      duplicates: 4,
      errors: [],
      errorCount: 0,
      // Every line of the file has figures (decision 051).
      notCounted: { lineCount: 0, spend: [], quantities: [], reasons: [] },
    });
    expect(await stored(user.companyId)).toMatchObject({ lines: 4, imports: 1 });
  });

  test('rows already in the ledger are skipped by fingerprint, the new ones imported', async () => {
    const { cookie, user } = await company();
    await upload(t, cookie, csv(ROWS.slice(0, 2)));
    const before = await stored(user.companyId);
    // Same rows typed differently (unit spelling, spacing) are the same lines.
    const overlap = csv([ROWS[0]!.replace('kWh', 'KWH'), ROWS[1]!.replace('litres', 'L'), ROWS[2]!]);
    const response = await upload(t, cookie, overlap);
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ rowCount: 3, imported: 1, duplicates: 2 });
    const after = await stored(user.companyId);
    expect(after.lines).toBe(before.lines + 1);
    expect(after.results).toBe(before.results + 1); // a German hotel stay has one result
  });

  test('refuses a body far over 10 MB before reading it, with the same message', async () => {
    const { cookie, user } = await company();
    const response = await upload(t, cookie, `${HEADER}\n${'x'.repeat(11 * 1024 * 1024)}\n`);
    expect(response.status).toBe(413);
    expect(response.json.message).toBe('The file is larger than 10 MB. Split it into smaller files.');
    expect(await stored(user.companyId)).toEqual({ lines: 0, results: 0, imports: 0 });
  });

  test('refuses a file over 10 MB with 413', async () => {
    const { cookie, user } = await company();
    const row = `${ROWS[0]!}\n`;
    const big = `${HEADER}\n${row.repeat(Math.ceil((10 * 1024 * 1024) / row.length) + 10)}`;
    const response = await upload(t, cookie, big);
    expect(response.status).toBe(413);
    expect(response.json.message).toBe('The file is larger than 10 MB. Split it into smaller files.');
    expect(await stored(user.companyId)).toEqual({ lines: 0, results: 0, imports: 0 });
  });

  test('a line typed by hand and the same CSV row are one line', async () => {
    const { cookie } = await company();
    await upload(t, cookie, csv(ROWS));
    const [bristol] = (await t.call('GET', '/api/sites', { cookie })).json;
    const typed = await t.call('POST', '/api/activities', {
      cookie,
      body: {
        siteId: bristol.id,
        date: '2025-01-14',
        category: 'diesel',
        quantity: 1000,
        unit: 'litre',
        reference: 'Fuel card, January',
      },
    });
    expect(typed.status).toBe(409);
    expect(typed.json.message).toBe('This line is already in the ledger');
  });

  test('an imported line stores exactly what the same line typed by hand stores', async () => {
    // The import writes through SQLite's JSON functions (ledger-writes.ts), a manual line through
    // bound values: the stored result must be the same text, digits included (decision 069).
    const a = await company();
    const b = await company();
    const row = '2025-01-31,Bristol bakery,electricity,,12345.678,kWh,,,MPAN 1';
    expect((await upload(t, a.cookie, csv([row]))).status).toBe(201);
    const siteId = (await t.call('GET', '/api/sites', { cookie: b.cookie })).json.find(
      (site: { name: string }) => site.name === 'Bristol bakery',
    ).id;
    const typed = await t.call('POST', '/api/activities', {
      cookie: b.cookie,
      body: {
        siteId,
        date: '2025-01-31',
        category: 'electricity',
        quantity: 12345.678,
        unit: 'kWh',
        reference: 'MPAN 1',
      },
    });
    expect(typed.status).toBe(201);
    const storedOf = (companyId: string) =>
      t.db
        .select({
          entries: activityLines.entries,
          datasets: activityLines.datasets,
          kgScope2Location: activityLines.kgScope2Location,
          kgScope3Cat3: activityLines.kgScope3Cat3,
        })
        .from(activityLines)
        .where(eq(activityLines.companyKey, companyKeyOf(companyId)))
        .get();
    const imported = await storedOf(a.user.companyId);
    expect(imported).toEqual((await storedOf(b.user.companyId))!);
    expect(JSON.parse(imported!.entries).length).toBe(5);
  });

  test('links the import to a CSV data source and records its sync time', async () => {
    const { cookie } = await company();
    const source = await t.call('POST', '/api/data-sources', {
      cookie,
      body: { type: 'csv', name: 'Bills' },
    });
    const response = await upload(t, cookie, csv(ROWS), { dataSourceId: source.json.id });
    expect(response.status).toBe(201);
    const sources = await t.call('GET', '/api/data-sources', { cookie });
    expect(sources.json[0].lastSyncAt).toEqual(expect.any(String));
    const other = await company();
    const foreign = await upload(t, other.cookie, csv(ROWS), { dataSourceId: source.json.id });
    expect(foreign.status).toBe(404);
  });

  test("company B's import uses B's sites and never shows A's lines", async () => {
    const a = await company();
    const b = await company();
    await upload(t, a.cookie, csv(ROWS));
    const response = await upload(t, b.cookie, csv(ROWS));
    expect(response.json).toMatchObject({ imported: 4, duplicates: 0 });
    const ledger = await t.call('GET', '/api/activities', { cookie: b.cookie });
    expect(ledger.json.total).toBe(4);
    expect(new Set(ledger.json.items.map((line: { siteId: string }) => line.siteId)).size).toBe(2);
    const aSites = (await t.call('GET', '/api/sites', { cookie: a.cookie })).json.map(
      (s: { id: string }) => s.id,
    );
    for (const line of ledger.json.items) expect(aSites).not.toContain(line.siteId);
  });

  test('a viewer cannot import', async () => {
    const admin = await company();
    const viewer = await makeViewer(t, admin.user.companyId);
    expect((await upload(t, viewer, csv(ROWS))).status).toBe(403);
    expect(await stored(admin.user.companyId)).toMatchObject({ lines: 0 });
  });

  test('needs a file in a multipart form', async () => {
    const { cookie } = await company();
    const json = await t.call('POST', '/api/activities/import', { cookie, body: { file: 'x' } });
    expect(json.status).toBe(415);
    const form = new FormData();
    form.append('other', 'x');
    const response = await t.app.request(`${ORIGIN}/api/activities/import`, {
      method: 'POST',
      headers: { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin', Cookie: cookie },
      body: form,
    });
    expect(response.status).toBe(400);
    expect((await response.json()).details.fieldErrors.file).toEqual(['Choose a CSV file to upload']);
  });

  test('downloads the template as an attachment', async () => {
    const { cookie } = await company();
    const response = await t.call('GET', '/api/activities/import/template', { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="activity-import-template.csv"',
    );
    expect(response.text.split('\r\n')[0]).toBe(
      'date,periodEnd,site,category,variant,quantity,unit,spend,currency,dataQuality,reference,calorificBasis',
    );
  });
});
