import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import { launchChromium, RECEIPTS, renderReceiptPng } from '../../../../tests/fixtures/receipts/render.ts';
import { extractReceipt } from '../../../domain/receipts/extract.ts';
import { OcrPool } from './ocr-pool.ts';

// Receipts rendered by Chromium, read by the real tesseract.js with the offline English model.
let browser: Browser;
const pool = new OcrPool(1);

beforeAll(async () => {
  browser = await launchChromium();
  await pool.warm();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await pool.close();
});

describe('reading rendered receipts with OCR', () => {
  for (const receipt of RECEIPTS) {
    test(`reads the fields of ${receipt.name}`, async () => {
      const png = await renderReceiptPng(browser, receipt);
      const text = await pool.recognize(png);
      const { receiptData } = extractReceipt(text);
      // The OCR text rides along, so a failure shows what was read.
      expect({ ...receiptData, text }).toMatchObject({ ...receipt.expected, text: expect.any(String) });
    }, 20_000);
  }

  test('keeps the event loop free while a worker thread recognises', async () => {
    const png = await renderReceiptPng(browser, RECEIPTS[0]!);
    // Counted, not timed: recognising a receipt is far more work than a few timer turns, so if it
    // ran on this thread (wasm blocks the loop until it returns) no timer could fire meanwhile.
    let turns = 0;
    const timer = setInterval(() => {
      turns += 1;
    }, 1);
    await pool.recognize(png);
    clearInterval(timer);
    expect(turns).toBeGreaterThan(5);
  }, 20_000);
});
