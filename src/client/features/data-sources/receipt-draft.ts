// The receipt dialog's pure parts: the client-side file check and the draft ledger form filled
// from what the server read.
import {
  MAX_RECEIPT_BYTES,
  type OcrUploadResult,
  RECEIPT_TOO_LARGE_MESSAGE,
} from '../../../domain/contracts/receipts';
import { type ActivityFormValues, emptyActivityForm } from '../ledger/activity-form';

export const RECEIPT_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,application/pdf';

/** spec §5: images or PDF, under 10 MB. The server checks the content again. */
export function checkReceiptFile(file: File): string | null {
  if (file.size >= MAX_RECEIPT_BYTES) return RECEIPT_TOO_LARGE_MESSAGE;
  if (file.type && !/^(image\/|application\/pdf$)/.test(file.type)) return 'Choose an image or a PDF file';
  return null;
}

/** spec §8: 'Receipt processed successfully. Found: {vendor or Unknown vendor}'. */
export function scannedMessage(result: OcrUploadResult): string {
  return `Receipt processed successfully. Found: ${result.ocrResult.receiptData.vendor || 'Unknown vendor'}`;
}

const text = (value: number | string | null | undefined) => (value == null ? '' : String(value));

/** The ledger form pre-filled with the suggested line; null when the receipt suggested none. */
export function draftFromScan(
  result: OcrUploadResult,
  defaults: { siteId?: string; today: string },
): ActivityFormValues | null {
  const line = result.ocrResult.suggestedLine;
  if (!line) return null;
  const empty = emptyActivityForm(defaults);
  return {
    ...empty,
    date: line.date ?? '',
    periodEnd: text(line.periodEnd),
    category: line.category,
    variant: text(line.variant),
    amountKind: line.quantity != null ? 'quantity' : 'spend',
    quantity: text(line.quantity),
    unit: text(line.unit),
    spend: text(line.spend),
    currency: text(line.currency),
    instrument: line.instrument ?? '',
    dataQuality: line.dataQuality,
    reference: text(line.reference),
  };
}
