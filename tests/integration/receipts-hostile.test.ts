// Issue 19 item 1: corrupt and oversized receipt files answer 4xx in words, store nothing, and
// leave the OCR pool able to read the next receipt (decision 039). Real tesseract.js, offline.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { and, count, eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit.ts';
import { receiptFileChunks, receiptFiles } from '../../db/schema/receipts.ts';
import { hasRefusedCharacters } from '../../src/domain/contracts/text.ts';
import { closeOcrPool, UNREADABLE_IMAGE_MESSAGE } from '../../src/server/features/receipts/ocr-pool.ts';
import { PDF_TOO_LARGE_UNPACKED_MESSAGE } from '../../src/server/features/receipts/pdf-bounds.ts';
import { UNREADABLE_PDF_MESSAGE } from '../../src/server/features/receipts/pdf-text.ts';
import { gifHeader, jpegHeader, pngImage, webpHeader } from '../fixtures/images/encode.ts';
import { deflate, onePagePdf, pageContent } from '../fixtures/receipts/hostile-pdf.ts';
import {
  launchChromium,
  OCTOPUS_PDF_LINES,
  RECEIPTS,
  reencodeImage,
  renderBillPdf,
  renderReceiptPng,
} from '../fixtures/receipts/render.ts';
import { createTestApp, ORIGIN } from '../helpers/test-app.ts';

const t = await createTestApp({ now: () => new Date('2026-03-15T10:00:00Z') });
let png: Uint8Array;
let jpeg: Uint8Array;
let webp: Uint8Array;
let pdf: Uint8Array;

beforeAll(async () => {
  const browser = await launchChromium();
  try {
    png = await renderReceiptPng(browser, RECEIPTS[0]!);
    jpeg = await reencodeImage(browser, png, 'image/jpeg');
    webp = await reencodeImage(browser, png, 'image/webp');
  } finally {
    await browser.close();
  }
  pdf = await renderBillPdf(OCTOPUS_PDF_LINES);
}, 120_000);
afterAll(() => closeOcrPool());

async function scan(cookie: string, bytes: Uint8Array, name = 'receipt.bin') {
  const form = new FormData();
  form.append('receipt', new File([bytes.slice()], name));
  const response = await t.app.request(`${ORIGIN}/api/integrations/ocr/upload`, {
    method: 'POST',
    headers: { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin', Cookie: cookie },
    body: form,
  });
  // biome-ignore lint/suspicious/noExplicitAny: assertions read whatever JSON the endpoint answered
  return { status: response.status, json: (await response.json()) as any };
}

async function storedFor(companyId: string) {
  const [files] = await t.db
    .select({ n: count() })
    .from(receiptFiles)
    .where(eq(receiptFiles.companyId, companyId));
  const [chunks] = await t.db
    .select({ n: count() })
    .from(receiptFileChunks)
    .where(eq(receiptFileChunks.companyId, companyId));
  const [audits] = await t.db
    .select({ n: count() })
    .from(auditLogs)
    .where(and(eq(auditLogs.companyId, companyId), eq(auditLogs.action, 'receipt_scanned')));
  return { files: files!.n, chunks: chunks!.n, audits: audits!.n };
}

/** A PNG of one pixel whose header claims another size (the CRC no longer matches: never decoded). */
function pngClaiming(width: number, height: number): Uint8Array {
  const bytes = pngImage(1, 1);
  new DataView(bytes.buffer).setUint32(16, width);
  new DataView(bytes.buffer).setUint32(20, height);
  return bytes;
}

const half = (bytes: Uint8Array) => bytes.slice(0, bytes.length >> 1);

/** Files the decoder is handed (their headers read) and that it cannot decode. */
const UNDECODABLE: [string, () => Uint8Array][] = [
  ['the first 33 bytes of a PNG', () => png.slice(0, 33)],
  ['a PNG cut in half', () => half(png)],
  ['a JPEG cut in half', () => half(jpeg)],
  ['a JPEG with a frame header and no scan', () => jpegHeader(200, 100)],
  ['a WebP cut in half', () => half(webp)],
  ['a WebP with only its canvas header', () => webpHeader(100, 100)],
  ['a GIF with a frame and no image data', () => gifHeader(640, 480)],
];

describe('corrupt receipt images', () => {
  for (const [name, bytes] of UNDECODABLE) {
    test(`answers 422 for ${name}, stores nothing, and the process stays up`, async () => {
      const owner = await t.signUpCompany();
      const scanned = await scan(owner.cookie, bytes());
      expect(scanned).toEqual({
        status: 422,
        json: { message: UNREADABLE_IMAGE_MESSAGE, code: 'unreadable_image' },
      });
      expect(await storedFor(owner.user.companyId)).toEqual({ files: 0, chunks: 0, audits: 0 });
    }, 60_000);
  }

  test('refuses a header cut short before its size as unreadable, without decoding', async () => {
    const owner = await t.signUpCompany();
    for (const bytes of [
      jpeg.slice(0, 33),
      new TextEncoder().encode('GIF89a\u0001\u0000'),
      webp.slice(0, 20),
    ]) {
      const scanned = await scan(owner.cookie, bytes);
      expect(scanned.status).toBe(422);
      expect(scanned.json.code).toBe('unreadable_image');
    }
    expect(await storedFor(owner.user.companyId)).toEqual({ files: 0, chunks: 0, audits: 0 });
  });

  test('refuses a small file whose header claims 20000 × 20000 pixels before decoding it', async () => {
    const owner = await t.signUpCompany();
    const scanned = await scan(owner.cookie, pngClaiming(20_000, 20_000));
    expect(scanned.status).toBe(422);
    expect(scanned.json.code).toBe('image_too_large');
    expect(scanned.json.message).toBe(
      'This image is 20000 × 20000 pixels; receipts can be read up to 25 megapixels and 12,000 pixels on the longest side. Crop the photo or take it at a lower resolution.',
    );
    expect(await storedFor(owner.user.companyId)).toEqual({ files: 0, chunks: 0, audits: 0 });
  });

  test('refuses one side longer than 12,000 pixels even when the pixel count is small', async () => {
    const owner = await t.signUpCompany();
    const scanned = await scan(owner.cookie, gifHeader(12_001, 10));
    expect(scanned.status).toBe(422);
    expect(scanned.json.code).toBe('image_too_large');
  });

  test('refuses a zero-byte file with 400 in words', async () => {
    const owner = await t.signUpCompany();
    const scanned = await scan(owner.cookie, new Uint8Array(), 'empty.png');
    expect(scanned.status).toBe(400);
    expect(scanned.json.message).toBe('The file is empty');
    expect(await storedFor(owner.user.companyId)).toEqual({ files: 0, chunks: 0, audits: 0 });
  });

  for (const [name, bytes] of [
    ['a PDF cut in half', () => half(pdf)],
    ['a PDF of its first 100 bytes', () => pdf.slice(0, 100)],
    ['a PDF signature followed by garbage', () => garbagePdf()],
  ] as const) {
    test(`answers 422 for ${name} and stores nothing`, async () => {
      const owner = await t.signUpCompany();
      const scanned = await scan(owner.cookie, bytes());
      expect(scanned).toEqual({
        status: 422,
        json: { message: UNREADABLE_PDF_MESSAGE, code: 'unreadable_pdf' },
      });
      expect(await storedFor(owner.user.companyId)).toEqual({ files: 0, chunks: 0, audits: 0 });
    });
  }

  test('refuses a small PDF whose page unpacks to 40 MB before parsing it, and stores nothing', async () => {
    const owner = await t.signUpCompany();
    const bomb = onePagePdf(deflate(pageContent(40 * 1024 * 1024)), '/FlateDecode');
    const scanned = await scan(owner.cookie, bomb);
    expect(scanned).toEqual({
      status: 422,
      json: { message: PDF_TOO_LARGE_UNPACKED_MESSAGE, code: 'pdf_too_large' },
    });
    expect(await storedFor(owner.user.companyId)).toEqual({ files: 0, chunks: 0, audits: 0 });
  });

  test('reads a real receipt after every corrupt one: the failed engines were replaced', async () => {
    const owner = await t.signUpCompany();
    for (const bytes of [png, jpeg, webp]) {
      const scanned = await scan(owner.cookie, bytes);
      expect(scanned.status).toBe(201);
      expect(scanned.json.ocrResult.receiptData).toMatchObject({ vendor: 'SHELL WOODSTOCK', total: 62.01 });
    }
    expect(await storedFor(owner.user.companyId)).toEqual({ files: 3, chunks: 3, audits: 3 });
  }, 60_000);
});

describe('receipt text and names', () => {
  /**
   * A PDF whose text layer carries controls and half a character: the font's encoding maps the
   * codes 1–4 to glyph names PDF.js turns into U+0001, U+001B, U+0085 and U+D800.
   */
  const hostileTextPdf = () =>
    onePagePdf(
      deflate(
        new TextEncoder().encode(
          'BT /F1 12 Tf 72 720 Td (Octopus\\001Energy\\002bill\\003total\\00412.00) Tj 0 -20 Td (Total 12.00) Tj ET\n',
        ),
      ),
      '/FlateDecode',
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /Type /Encoding /Differences [1 /uni0000 /uni001B /uni0085 /uniD800] >> >>',
    );

  test('the text of a PDF loses its control characters and lone surrogates, in the answer and stored', async () => {
    const owner = await t.signUpCompany();
    const scanned = await scan(owner.cookie, hostileTextPdf(), 'bill.pdf');
    expect(scanned.status).toBe(201);
    const text: string = scanned.json.ocrResult.text;
    expect(text).toContain('Octopus Energy bill total12.00');
    expect(hasRefusedCharacters(text, true)).toBe(false);
    const [stored] = await t.db
      .select({ extracted: receiptFiles.extracted })
      .from(receiptFiles)
      .where(eq(receiptFiles.companyId, owner.user.companyId));
    expect(stored!.extracted).not.toMatch(/\\u00|\\ud8/i);
    expect(hasRefusedCharacters(stored!.extracted)).toBe(false);
  });

  test('a receipt named with C0 and C1 controls is stored under the name without them', async () => {
    const owner = await t.signUpCompany();
    const scanned = await scan(owner.cookie, pdf, 'a\u0085b\u009b\u0000.pdf');
    expect(scanned.status).toBe(201);
    const [stored] = await t.db
      .select({ fileName: receiptFiles.fileName })
      .from(receiptFiles)
      .where(eq(receiptFiles.companyId, owner.user.companyId));
    expect(stored).toEqual({ fileName: 'ab.pdf' });
  });
});

function garbagePdf(): Uint8Array {
  // A fixed pattern, not random: the same bytes on every run.
  const body = Uint8Array.from({ length: 4096 }, (_, i) => (i * 131 + 17) & 0xff);
  return new Uint8Array([...new TextEncoder().encode('%PDF-1.7\n'), ...body]);
}
