import { describe, expect, test } from 'bun:test';
import type { OcrUploadResult } from '../../../domain/contracts/receipts';
import { extractReceipt } from '../../../domain/receipts/extract';
import { checkReceiptFile, draftFromScan, scannedMessage } from './receipt-draft';

const result = (text: string): OcrUploadResult => {
  const { receiptData, suggestedLine } = extractReceipt(text);
  return {
    ocrResult: { receiptData, suggestedLine, text, textSource: 'ocr', evidenceId: 'r1', evidenceUrl: '/x' },
  };
};

describe('the receipt dialog', () => {
  test('refuses a file of 10 MB or more in the spec words, before sending it', () => {
    const big = new File([new Uint8Array(10 * 1024 * 1024)], 'big.png', { type: 'image/png' });
    expect(checkReceiptFile(big)).toBe('File size must be less than 10MB');
    expect(checkReceiptFile(new File(['x'], 'a.png', { type: 'image/png' }))).toBeNull();
    expect(checkReceiptFile(new File(['x'], 'a.txt', { type: 'text/plain' }))).toBe(
      'Choose an image or a PDF file',
    );
  });

  test('names the vendor, or Unknown vendor, in the success message', () => {
    expect(scannedMessage(result('SHELL OXFORD\nDiesel 10.00 L\nTOTAL £15.00'))).toBe(
      'Receipt processed successfully. Found: SHELL OXFORD',
    );
    expect(scannedMessage(result('12.00'))).toBe('Receipt processed successfully. Found: Unknown vendor');
  });

  test('pre-fills the draft line from the suggestion', () => {
    const draft = draftFromScan(result('SHELL OXFORD\n14/03/2025\nDiesel 10.00 L\nTOTAL £15.00'), {
      siteId: 's1',
      today: '2026-01-01',
    });
    expect(draft).toMatchObject({
      siteId: 's1',
      date: '2025-03-14',
      category: 'diesel',
      amountKind: 'quantity',
      quantity: '10',
      unit: 'litre',
    });
    expect(draftFromScan(result('Café\nTotal £3.20'), { today: '2026-01-01' })).toBeNull();
  });
});
