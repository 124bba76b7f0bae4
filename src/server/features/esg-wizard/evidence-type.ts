// What an evidence file is, decided from its bytes. The name and the browser's declared type are
// the sender's claim and are not trusted: a PNG named report.pdf is stored (and later served) as
// image/png, and an executable renamed to .pdf is refused.

/** spec §9: receipt and evidence files are at most 10 MB. */
export const MAX_EVIDENCE_BYTES = 10 * 1024 * 1024;

export const EVIDENCE_TOO_LARGE_MESSAGE = 'File size must be less than 10MB';
export const EVIDENCE_TYPE_MESSAGE = 'Attach a PDF, an image (PNG, JPEG, WebP, GIF) or a CSV file';

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** File signatures (the formats' own specifications: PDF 1.7 §7.5.2, PNG §5.2, JFIF, RIFF/WebP, GIF89a). */
const SIGNATURES: readonly { type: string; matches: (bytes: Uint8Array) => boolean }[] = [
  { type: 'application/pdf', matches: (bytes) => startsWith(bytes, ascii('%PDF-')) },
  {
    type: 'image/png',
    matches: (bytes) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  { type: 'image/jpeg', matches: (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]) },
  {
    type: 'image/webp',
    matches: (bytes) => startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8),
  },
  {
    type: 'image/gif',
    matches: (bytes) => startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a')),
  },
];

/** UTF-8 text without NUL bytes: what a CSV export or a plain-text note is; binaries fail both. */
function isText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * The content type of an evidence file, or null when it is none of the accepted kinds. Text is
 * labelled text/csv when the sender calls it CSV and text/plain otherwise: the label only changes
 * how a download opens, the bytes were checked to be text either way.
 */
export function evidenceContentType(
  bytes: Uint8Array,
  claimed: { fileName: string; type: string },
): string | null {
  const signature = SIGNATURES.find((candidate) => candidate.matches(bytes));
  if (signature) return signature.type;
  if (!isText(bytes)) return null;
  const saysCsv = claimed.type.toLowerCase().startsWith('text/csv') || /\.csv$/i.test(claimed.fileName);
  return saysCsv ? 'text/csv' : 'text/plain';
}
