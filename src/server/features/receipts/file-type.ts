// What a receipt file is, decided from its first bytes (the formats' signatures: PDF 1.7 §7.5.2;
// images through lib/image-header.ts). The name and the browser's declared type are not trusted.
import { type ImageContentType, imageContentType } from '../../lib/image-header.ts';

export type ReceiptContentType = 'application/pdf' | ImageContentType;

const PDF_SIGNATURE = [...'%PDF-'].map((char) => char.charCodeAt(0));

export function receiptContentType(bytes: Uint8Array): ReceiptContentType | null {
  if (PDF_SIGNATURE.every((byte, i) => bytes[i] === byte)) return 'application/pdf';
  return imageContentType(bytes);
}

/** The name kept for a download: no folders, no control characters, at most 200 characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const printable = [...base].filter((char) => char >= ' ' && char !== '\u007f').join('');
  const cleaned = printable.trim().slice(0, 200);
  return cleaned === '' ? 'receipt' : cleaned;
}

/** `Content-Disposition` for a download, with the name in RFC 5987 / RFC 6266 form. */
export function attachmentDisposition(fileName: string): string {
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename*=UTF-8''${encoded}`;
}
