// One bill, counted once (issue 17 item 6, decision 052): the same electricity bill by CSV and by
// a scanned receipt is shown as a probable duplicate, and each choice does what it says.
import { describe, expect, test } from 'bun:test';
import { and, eq, inArray } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit.ts';
import { activityLines } from '../../db/schema/ledger.ts';
import { companyKeyOf } from '../../src/server/features/ledger/lines/ledger-keys.ts';
import { OCTOPUS_PDF_LINES, renderBillPdf } from '../fixtures/receipts/render.ts';
import { addSite, importCsv, storedCounts } from '../helpers/ledger.ts';
import { createTestApp, ORIGIN } from '../helpers/test-app.ts';

const t = await createTestApp({ now: () => new Date('2026-03-15T10:00:00Z') });
const billPdf = await renderBillPdf(OCTOPUS_PDF_LINES);

const HEADER = 'date,periodEnd,site,category,quantity,unit,spend,currency,reference';
/** The Octopus bill of January 2025 (1,234 kWh) as a spreadsheet row, and a diesel row beside it. */
const BILL_ROW = '2025-01-31,,Bakery,electricity,1234,kWh,,,Octopus January';
const DIESEL_ROW = '2025-01-14,,Bakery,diesel,100,litres,,,Fuel card';

async function bakery() {
  const owner = await t.signUpCompany();
  const siteId = await addSite(t, owner.cookie, 'Bakery');
  return { ...owner, siteId };
}

/** POST /api/activities/import with an optional onDuplicate field. */
async function upload(cookie: string, rows: string[], onDuplicate?: string) {
  const form = new FormData();
  form.append('file', new File([importCsv(rows, HEADER)], 'bills.csv', { type: 'text/csv' }));
  if (onDuplicate) form.append('onDuplicate', onDuplicate);
  const response = await t.app.request(`${ORIGIN}/api/activities/import`, {
    method: 'POST',
    headers: { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin', Cookie: cookie },
    body: form,
  });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: assertions read whatever JSON the endpoint answered
  return { status: response.status, json: (text ? JSON.parse(text) : null) as any };
}

/** Scans the bill PDF and answers the confirmation body the receipt dialog would send. */
async function scanBill(cookie: string, siteId: string) {
  const form = new FormData();
  form.append('receipt', new File([billPdf.slice()], 'octopus.pdf', { type: 'application/pdf' }));
  const response = await t.app.request(`${ORIGIN}/api/integrations/ocr/upload`, {
    method: 'POST',
    headers: { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin', Cookie: cookie },
    body: form,
  });
  expect(response.status).toBe(201);
  const { ocrResult } = (await response.json()) as {
    ocrResult: { evidenceId: string; suggestedLine: Record<string, unknown> };
  };
  // The draft: electricity 2025-01-01 to 2025-01-31, 1,234 kWh, £318.07 (OCTOPUS_PDF_LINES).
  expect(ocrResult.suggestedLine).toMatchObject({
    category: 'electricity',
    date: '2025-01-01',
    periodEnd: '2025-01-31',
    quantity: 1234,
    unit: 'kWh',
  });
  const { category, date, periodEnd, quantity, unit, spend, currency, reference } = ocrResult.suggestedLine;
  return {
    siteId,
    category,
    date,
    periodEnd,
    quantity,
    unit,
    spend,
    currency,
    reference,
    receiptFileId: ocrResult.evidenceId,
  };
}

const confirm = (cookie: string, body: Record<string, unknown>) =>
  t.call('POST', '/api/activities', { cookie, body });

async function sources(companyId: string) {
  const lines = await t.db
    .select({ id: activityLines.id, source: activityLines.source })
    .from(activityLines)
    .where(eq(activityLines.companyKey, companyKeyOf(companyId)))
    .orderBy(activityLines.source);
  // Each line by its public id, as the API names it (decision 092).
  return lines.map((line) => ({ ...line, id: String(line.id) }));
}

describe('a bill imported by CSV, then scanned', () => {
  async function csvThenScan() {
    const owner = await bakery();
    const imported = await upload(owner.cookie, [BILL_ROW]);
    expect(imported.status).toBe(201);
    const draft = await scanBill(owner.cookie, owner.siteId);
    const csvLine = (await sources(owner.user.companyId))[0]!;
    return { owner, draft, csvLine };
  }

  test('confirming the scan without a choice answers 409 probable_duplicates naming the CSV line', async () => {
    const { owner, draft, csvLine } = await csvThenScan();
    const refused = await confirm(owner.cookie, draft);
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('probable_duplicates');
    expect(refused.json.message).toBe(
      'This looks like a line already in your ledger: keep both, replace it, or skip this one',
    );
    expect(refused.json.details.count).toBe(1);
    expect(refused.json.details.duplicates).toEqual([
      {
        line: expect.objectContaining({
          id: null,
          date: '2025-01-01',
          periodEnd: '2025-01-31',
          quantity: 1234,
        }),
        existing: expect.objectContaining({
          id: csvLine.id,
          date: '2025-01-31',
          siteName: 'Bakery',
          quantity: 1234,
          unit: 'kWh',
          source: 'csv',
        }),
      },
    ]);
    expect(await sources(owner.user.companyId)).toEqual([csvLine]);
  });

  test('skip stores nothing', async () => {
    const { owner, draft, csvLine } = await csvThenScan();
    const skipped = await confirm(owner.cookie, { ...draft, onDuplicate: 'skip' });
    expect(skipped.status).toBe(200);
    expect(skipped.json).toEqual({ skipped: true });
    expect(await sources(owner.user.companyId)).toEqual([csvLine]);
  });

  test('keep stores both lines', async () => {
    const { owner, draft } = await csvThenScan();
    const kept = await confirm(owner.cookie, { ...draft, onDuplicate: 'keep' });
    expect(kept.status).toBe(201);
    expect((await sources(owner.user.companyId)).map((line) => line.source)).toEqual(['csv', 'receipt']);
  });

  test('replace deletes the CSV line and stores the receipt line in one audited write', async () => {
    const { owner, draft, csvLine } = await csvThenScan();
    const replaced = await confirm(owner.cookie, {
      ...draft,
      onDuplicate: 'replace',
      replaceLineId: csvLine.id,
    });
    expect(replaced.status).toBe(201);
    expect(replaced.json.source).toBe('receipt');
    expect(await sources(owner.user.companyId)).toEqual([{ id: replaced.json.id, source: 'receipt' }]);
    const audit = await t.db
      .select({ action: auditLogs.action, entityId: auditLogs.entityId })
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.companyId, owner.user.companyId),
          inArray(auditLogs.entityId, [csvLine.id, replaced.json.id]),
        ),
      )
      .orderBy(auditLogs.seq);
    expect(audit).toEqual([
      { action: 'activity_deleted', entityId: csvLine.id },
      { action: 'activity_created', entityId: replaced.json.id },
    ]);
  });

  test('replace takes a line written before decision 092 by its old UUID, and audits its public id', async () => {
    const { owner, draft, csvLine } = await csvThenScan();
    const uuid = crypto.randomUUID();
    await t.db
      .update(activityLines)
      .set({ legacyId: uuid })
      .where(eq(activityLines.id, Number(csvLine.id)));
    const replaced = await confirm(owner.cookie, { ...draft, onDuplicate: 'replace', replaceLineId: uuid });
    expect(replaced.status).toBe(201);
    expect(await sources(owner.user.companyId)).toEqual([{ id: replaced.json.id, source: 'receipt' }]);
    const deleted = await t.db
      .select({ entityId: auditLogs.entityId })
      .from(auditLogs)
      .where(and(eq(auditLogs.companyId, owner.user.companyId), eq(auditLogs.action, 'activity_deleted')));
    expect(deleted).toEqual([{ entityId: csvLine.id }]);
  });

  test('replace refuses a line that is not one of the probable duplicates, storing nothing', async () => {
    const { owner, draft, csvLine } = await csvThenScan();
    const refused = await confirm(owner.cookie, { ...draft, onDuplicate: 'replace', replaceLineId: 'nope' });
    expect(refused.status).toBe(400);
    expect(refused.json.details.fieldErrors.replaceLineId).toBeDefined();
    expect(await sources(owner.user.companyId)).toEqual([csvLine]);
  });

  test('at another site, the same supplier named in the CSV reference still makes it a probable duplicate', async () => {
    const owner = await bakery();
    await addSite(t, owner.cookie, 'Shop');
    const imported = await upload(owner.cookie, [
      '2025-01-31,,Shop,electricity,1234,kWh,,,Octopus Energy January',
    ]);
    expect(imported.status).toBe(201);
    // The scan is confirmed for the Bakery; its supplier (Octopus Energy) is named in the row's reference.
    const refused = await confirm(owner.cookie, await scanBill(owner.cookie, owner.siteId));
    expect(refused.status).toBe(409);
    expect(refused.json.details.duplicates[0].existing).toMatchObject({ siteName: 'Shop', source: 'csv' });
  });

  test('at another site without a named supplier, the scan is stored at once', async () => {
    const owner = await bakery();
    await addSite(t, owner.cookie, 'Shop');
    expect((await upload(owner.cookie, ['2025-01-31,,Shop,electricity,1234,kWh,,,January'])).status).toBe(
      201,
    );
    expect((await confirm(owner.cookie, await scanBill(owner.cookie, owner.siteId))).status).toBe(201);
  });

  test('a different quantity is not a duplicate: the scan is stored at once', async () => {
    const owner = await bakery();
    expect((await upload(owner.cookie, ['2025-01-31,,Bakery,electricity,2400,kWh,,,Octopus'])).status).toBe(
      201,
    );
    const draft = await scanBill(owner.cookie, owner.siteId);
    expect((await confirm(owner.cookie, draft)).status).toBe(201);
  });
});

describe('a bill scanned, then imported by CSV', () => {
  async function scanThenFile() {
    const owner = await bakery();
    const draft = await scanBill(owner.cookie, owner.siteId);
    expect((await confirm(owner.cookie, draft)).status).toBe(201);
    return owner;
  }

  test('the import answers 409 probable_duplicates with the list and counts, and stores nothing', async () => {
    const owner = await scanThenFile();
    const refused = await upload(owner.cookie, [BILL_ROW, DIESEL_ROW]);
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('probable_duplicates');
    expect(refused.json.message).toBe(
      '1 row looks like lines already in your ledger from another source. Choose to skip or keep them; nothing was imported yet.',
    );
    expect(refused.json.details.count).toBe(1);
    expect(refused.json.details.duplicates).toEqual([
      {
        line: expect.objectContaining({ id: null, date: '2025-01-31', quantity: 1234, siteName: 'Bakery' }),
        existing: expect.objectContaining({ date: '2025-01-01', periodEnd: '2025-01-31', source: 'receipt' }),
      },
    ]);
    // The receipt's line only: no import, no line of the file.
    expect(await storedCounts(t, owner.user.companyId)).toMatchObject({ lines: 1, imports: 0 });
  });

  test('skip imports the other rows and reports the skipped duplicate', async () => {
    const owner = await scanThenFile();
    const imported = await upload(owner.cookie, [BILL_ROW, DIESEL_ROW], 'skip');
    expect(imported.status).toBe(201);
    expect(imported.json).toMatchObject({
      rowCount: 2,
      imported: 1,
      duplicates: 0,
      probableDuplicates: { found: 1, skipped: 1, kept: 0 },
    });
    expect((await sources(owner.user.companyId)).map((line) => line.source)).toEqual(['csv', 'receipt']);
  });

  test('keep imports every row and reports the kept duplicate', async () => {
    const owner = await scanThenFile();
    const imported = await upload(owner.cookie, [BILL_ROW, DIESEL_ROW], 'keep');
    expect(imported.status).toBe(201);
    expect(imported.json).toMatchObject({
      imported: 2,
      probableDuplicates: { found: 1, skipped: 0, kept: 1 },
    });
    expect(await storedCounts(t, owner.user.companyId)).toMatchObject({ lines: 3, imports: 1 });
  });

  test('an unknown choice is a 400 naming the field', async () => {
    const owner = await scanThenFile();
    const refused = await upload(owner.cookie, [BILL_ROW], 'maybe');
    expect(refused.status).toBe(400);
    expect(refused.json.details.fieldErrors.onDuplicate).toEqual([
      'Choose skip or keep for the rows that look like lines in your ledger',
    ]);
  });

  test('a file without probable duplicates imports as before and reports none', async () => {
    const owner = await bakery();
    const imported = await upload(owner.cookie, [BILL_ROW, DIESEL_ROW]);
    expect(imported.status).toBe(201);
    expect(imported.json.probableDuplicates).toEqual({ found: 0, skipped: 0, kept: 0 });
  });
});

describe('tenant isolation', () => {
  test("another company's identical CSV line is never a duplicate of a scan", async () => {
    const other = await bakery();
    expect((await upload(other.cookie, [BILL_ROW])).status).toBe(201);
    const owner = await bakery();
    const draft = await scanBill(owner.cookie, owner.siteId);
    expect((await confirm(owner.cookie, draft)).status).toBe(201);
  });

  test("another company's identical scanned line is never a duplicate of a CSV row", async () => {
    const other = await bakery();
    expect((await confirm(other.cookie, await scanBill(other.cookie, other.siteId))).status).toBe(201);
    const owner = await bakery();
    const imported = await upload(owner.cookie, [BILL_ROW]);
    expect(imported.status).toBe(201);
    expect(imported.json.probableDuplicates).toEqual({ found: 0, skipped: 0, kept: 0 });
  });

  test("replace cannot delete another company's line", async () => {
    const other = await bakery();
    expect((await upload(other.cookie, [BILL_ROW])).status).toBe(201);
    const [otherLine] = await sources(other.user.companyId);
    const owner = await bakery();
    const draft = await scanBill(owner.cookie, owner.siteId);
    const refused = await confirm(owner.cookie, {
      ...draft,
      onDuplicate: 'replace',
      replaceLineId: otherLine!.id,
    });
    expect(refused.status).toBe(400);
    expect(await sources(other.user.companyId)).toEqual([otherLine!]);
  });
});
