// What a receipt file is, decided from its first bytes (the formats' signatures: PDF 1.7 §7.5.2;
// images through lib/image-header.ts). The name and the browser's declared type are not trusted.
import { type ImageContentType, imageContentType } from '../../lib/image-header.ts';

export type ReceiptContentType = 'application/pdf' | ImageContentType;

const PDF_SIGNATURE = [...'%PDF-'].map((char) => char.charCodeAt(0));

export function receiptContentType(bytes: Uint8Array): ReceiptContentType | null {
  if (PDF_SIGNATURE.every((byte, i) => bytes[i] === byte)) return 'application/pdf';
  return imageContentType(bytes);
}
