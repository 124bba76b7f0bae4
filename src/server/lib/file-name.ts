// The names of uploaded files (receipts, evidence, CSV imports): one cleaning for all three
// (decision 042, follow-ups), and the header that sends a stored name back with a download.
import { removeRefusedCharacters } from '../../domain/contracts/text.ts';

/** The longest stored file name, in UTF-16 code units. */
export const MAX_FILE_NAME_LENGTH = 200;

/**
 * The name kept for an uploaded file: its last path part (a browser may send a full Windows path),
 * without the characters a text field refuses (C0 and C1 controls, DEL, lone surrogate halves;
 * domain/contracts/text.ts), trimmed, at most MAX_FILE_NAME_LENGTH long, `fallback` when nothing is
 * left. The name is shown in lists and exports and sent back in Content-Disposition, where a lone
 * surrogate would make encodeURIComponent throw.
 */
export function cleanFileName(name: string, fallback: string): string {
  const base = removeRefusedCharacters(name.split(/[\\/]/).pop() ?? '').trim();
  let cut = base.slice(0, MAX_FILE_NAME_LENGTH);
  // A cut between the halves of a pair (an emoji) would leave the first half alone.
  const last = cut.charCodeAt(cut.length - 1);
  if (cut.length < base.length && last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  const cleaned = cut.trim();
  return cleaned === '' ? fallback : cleaned;
}

/** `Content-Disposition` for a download, with the name in RFC 5987 / RFC 6266 form. */
export function attachmentDisposition(fileName: string): string {
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename*=UTF-8''${encoded}`;
}
