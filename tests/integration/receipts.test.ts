import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { auditLogs } from '../../db/schema/audit.ts';
import { receiptFileChunks } from '../../db/schema/receipts.ts';
import { closeOcrPool } from '../../src/server/features/receipts/ocr-pool.ts';
import {
  launchChromium,
  OCTOPUS_PDF_LINES,
  RECEIPTS,
  renderBillPdf,
  renderReceiptPng,
  renderScannedPdf,
} from '../fixtures/receipts/render.ts';
import { addSite, makeViewer } from '../helpers/ledger.ts';
import { createTestApp, ORIGIN } from '../helpers/test-app.ts';

const t = await createTestApp({ now: () => new Date('2026-03-15T10:00:00Z') });
const MB = 1024 * 1024;
let browser: Browser;
let fuelPng: Uint8Array;

beforeAll(async () => {
  browser = await launchChromium();
  fuelPng = await renderReceiptPng(browser, RECEIPTS[0]!);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await closeOcrPool();
});

async function scan(cookie: string, file: { bytes: Uint8Array; name: string; type?: string } | null) {
  const form = new FormData();
  if (file) form.append('receipt', new File([file.bytes.slice()], file.name, { type: file.type ?? '' }));
  const response = await t.app.request(`${ORIGIN}/api/integrations/ocr/upload`, {
    method: 'POST',
    headers: { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin', Cookie: cookie },
    body: form,
  });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: assertions read whatever JSON the endpoint answered
  return { status: response.status, json: (text ? JSON.parse(text) : null) as any };
}

const download = (cookie: string, id: string) =>
  t.app.request(`${ORIGIN}/api/integrations/ocr/files/${id}`, { headers: { Cookie: cookie } });

describe('POST /api/integrations/ocr/upload', () => {
  test('reads a fuel receipt image, keeps the file and records receipt_scanned', async () => {
    const owner = await t.signUpCompany();
    const scanned = await scan(owner.cookie, { bytes: fuelPng, name: 'shell.png', type: 'image/png' });
    expect(scanned.status).toBe(201);
    const result = scanned.json.ocrResult;
    expect(result.textSource).toBe('ocr');
    expect(result.receiptData).toMatchObject({ vendor: 'SHELL WOODSTOCK', total: 62.01, litres: 42.5 });
    expect(result.suggestedLine).toMatchObject({ category: 'diesel', quantity: 42.5, unit: 'litre' });
    expect(result.evidenceUrl).toBe(`/api/integrations/ocr/files/${result.evidenceId}`);

    const file = await download(owner.cookie, result.evidenceId);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array(fuelPng));
    const audit = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.companyId, owner.user.companyId), eq(auditLogs.entityId, result.evidenceId)));
    expect(audit).toEqual([{ action: 'receipt_scanned' }]);
  }, 120_000);

  test('reads a PDF bill from its text layer, whatever the file is called', async () => {
    const owner = await t.signUpCompany();
    const pdf = await renderBillPdf(OCTOPUS_PDF_LINES);
    const scanned = await scan(owner.cookie, { bytes: pdf, name: 'bill.png', type: 'image/png' });
    expect(scanned.status).toBe(201);
    expect(scanned.json.ocrResult.textSource).toBe('pdf_text');
    expect(scanned.json.ocrResult.receiptData).toMatchObject({
      vendor: 'Octopus Energy',
      kind: 'energy',
      kWh: 1234,
      total: 318.07,
      currency: 'GBP',
      periodStart: '2025-01-01',
      periodEnd: '2025-01-31',
    });
    const file = await download(owner.cookie, scanned.json.ocrResult.evidenceId);
    expect(file.headers.get('content-type')).toBe('application/pdf');
  });

  test('refuses a scanned PDF without text with 422 and says what to do', async () => {
    const owner = await t.signUpCompany();
    const scanned = await scan(owner.cookie, { bytes: await renderScannedPdf(fuelPng), name: 'scan.pdf' });
    expect(scanned.status).toBe(422);
    expect(scanned.json.message).toContain('no text to read');
  });

  test('refuses a file over 10 MB with 413 in the spec words', async () => {
    const owner = await t.signUpCompany();
    for (const size of [10 * MB + 1, 12 * MB]) {
      const bytes = new Uint8Array(size);
      bytes.set(fuelPng.subarray(0, 8));
      const refused = await scan(owner.cookie, { bytes, name: 'huge.png' });
      expect(refused.status).toBe(413);
      expect(refused.json.message).toBe('File size must be less than 10MB');
    }
  });

  test('refuses a file that is not an image or PDF by its content, not its name', async () => {
    const owner = await t.signUpCompany();
    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0]);
    const refused = await scan(owner.cookie, { bytes: exe, name: 'receipt.png', type: 'image/png' });
    expect(refused.status).toBe(415);
    expect(refused.json.message).toBe('Upload a receipt or bill as an image (PNG, JPEG, WebP, GIF) or a PDF');
    expect((await scan(owner.cookie, null)).status).toBe(400);
  });

  test('refuses viewers with 403 and signed-out callers with 401', async () => {
    const owner = await t.signUpCompany();
    const viewer = await makeViewer(t, owner.user.companyId);
    expect((await scan(viewer, { bytes: fuelPng, name: 'r.png' })).status).toBe(403);
    expect((await scan('', { bytes: fuelPng, name: 'r.png' })).status).toBe(401);
  });
});

describe('receipt evidence and the confirmed ledger line', () => {
  test('a line confirmed from a receipt is sourced "receipt" with the file as evidence', async () => {
    const owner = await t.signUpCompany();
    const siteId = await addSite(t, owner.cookie, 'Depot');
    const scanned = await scan(owner.cookie, {
      bytes: await renderBillPdf(OCTOPUS_PDF_LINES),
      name: 'b.pdf',
    });
    const { suggestedLine, evidenceId, evidenceUrl } = scanned.json.ocrResult;
    const created = await t.call('POST', '/api/activities', {
      cookie: owner.cookie,
      body: { ...suggestedLine, siteId, receiptFileId: evidenceId },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      source: 'receipt',
      evidenceUrl,
      category: 'electricity',
      quantity: 1234,
      date: '2025-01-01',
      periodEnd: '2025-01-31',
    });
    expect(created.json.results.length).toBeGreaterThan(0);
  });

  test("company B cannot download or link company A's receipt (404 like a missing id)", async () => {
    const a = await t.signUpCompany();
    const b = await t.signUpCompany();
    const scanned = await scan(a.cookie, { bytes: await renderBillPdf(OCTOPUS_PDF_LINES), name: 'b.pdf' });
    const id = scanned.json.ocrResult.evidenceId;
    const stolen = await download(b.cookie, id);
    expect(stolen.status).toBe(404);
    expect(await stolen.json()).toEqual(
      (await (await download(b.cookie, crypto.randomUUID())).json()) as never,
    );
    const siteId = await addSite(t, b.cookie, 'B site');
    const linked = await t.call('POST', '/api/activities', {
      cookie: b.cookie,
      body: {
        siteId,
        date: '2025-01-01',
        category: 'electricity',
        quantity: 1,
        unit: 'kWh',
        receiptFileId: id,
      },
    });
    expect(linked.status).toBe(404);
    const viewer = await makeViewer(t, a.user.companyId);
    expect((await download(viewer, id)).status).toBe(200);
    const chunks = await t.db.select().from(receiptFileChunks).where(eq(receiptFileChunks.receiptFileId, id));
    expect(chunks.every((chunk) => chunk.companyId === a.user.companyId)).toBe(true);
  });
});
