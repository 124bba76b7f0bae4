// The pixel budget of a receipt image, checked on the header before anything decodes it
// (decision 039). Decoding allocates per pixel, not per byte: a 439 KB PNG can claim
// 20000 × 20000 pixels and a gigabyte of memory.
import { HttpError } from '../../lib/errors.ts';
import { fitsPixelBudget, type PixelBudget, readImageHeader } from '../../lib/image-header.ts';
import { UNREADABLE_IMAGE_MESSAGE } from './ocr-pool.ts';

/**
 * 25 megapixels covers the default camera of today's phones (12 MP on most, 24 MP on recent
 * iPhones: 5712 × 4284) with room to spare; the longest side of 12,000 px covers a one-metre till
 * roll scanned at 300 dpi (945 × 11,811). Larger photos add pixels, not legible text.
 */
export const RECEIPT_PIXEL_BUDGET: PixelBudget = { maxPixels: 25_000_000, maxSide: 12_000 };

const megapixels = (pixels: number) => Math.round(pixels / 100_000) / 10;

/** The image's size from its header, or a 422 for a header that cannot be read or is too large. */
export function checkReceiptImage(bytes: Uint8Array): { width: number; height: number } {
  const header = readImageHeader(bytes);
  if (!header) throw new HttpError(422, UNREADABLE_IMAGE_MESSAGE, 'unreadable_image');
  if (!fitsPixelBudget(header, RECEIPT_PIXEL_BUDGET)) {
    const { maxPixels, maxSide } = RECEIPT_PIXEL_BUDGET;
    throw new HttpError(
      422,
      `This image is ${header.width} × ${header.height} pixels; receipts can be read up to ${megapixels(maxPixels)} megapixels and ${maxSide.toLocaleString('en-GB')} pixels on the longest side. Crop the photo or take it at a lower resolution.`,
      'image_too_large',
      { width: header.width, height: header.height, ...RECEIPT_PIXEL_BUDGET },
    );
  }
  return header;
}
