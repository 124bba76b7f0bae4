// Issue 5 item 2: OCR of a one-page receipt image with a warm worker. Budget: median < 1.5 s.
// The receipt is rendered by Chromium (the tests' fixture), the pool warmed first, then timed
// through `OcrPool.recognize` plus the field extraction, as the upload endpoint does it.
import { extractReceipt } from '../src/domain/receipts/extract.ts';
import { OcrPool } from '../src/server/features/receipts/ocr-pool.ts';
import { launchChromium, RECEIPTS, renderReceiptPng } from '../tests/fixtures/receipts/render.ts';

export async function benchOcr(samples = 9): Promise<{ medianMs: number }> {
  const browser = await launchChromium();
  let png: Uint8Array;
  try {
    png = await renderReceiptPng(browser, RECEIPTS[0]!);
  } finally {
    await browser.close();
  }
  const pool = new OcrPool(1);
  try {
    await pool.warm();
    await pool.recognize(png);
    const times: number[] = [];
    for (let i = 0; i < samples; i++) {
      const started = performance.now();
      extractReceipt(await pool.recognize(png));
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return { medianMs: times[Math.floor(times.length / 2)]! };
  } finally {
    await pool.close();
  }
}

if (import.meta.main) console.info(await benchOcr());
