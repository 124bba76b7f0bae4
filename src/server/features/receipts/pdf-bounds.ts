// How much a PDF unpacks to, measured before PDF.js parses it (decision 039). PDF.js decodes a
// page's content streams whole on the thread that answers requests, and a Flate stream of 1 MB can
// unpack to 1 GB of operators (seconds of parsing each; a 10 MB upload, minutes). So every Flate
// stream is inflated here first, counting bytes, and the file is refused once the total passes the
// budget. Filters that cannot be measured this way and unpack far beyond their size are refused:
// LZW (a full code table emits thousands of bytes per 12-bit code) and run-length (64:1). Works in
// Bun and in the Cloudflare Worker alike (Web DecompressionStream, no node:zlib).
import { joinChunks } from '../../lib/chunked-bytes.ts';
import { HttpError } from '../../lib/errors.ts';

/**
 * Unpacked bytes at most: a bill's pages, fonts and logos come to a few megabytes (photos inside
 * are JPEG, which is not unpacked for text). Pages may share one content stream, so PDF.js may
 * parse up to 10 pages × this much: the budget is kept well under what blocks for a second.
 */
export const MAX_PDF_UNPACKED_BYTES = 16 * 1024 * 1024;

export const PDF_TOO_LARGE_UNPACKED_MESSAGE =
  'This PDF unpacks to far more data than a receipt or bill holds. Upload the page as an image, or add the line by hand.';
export const PDF_OLD_COMPRESSION_MESSAGE =
  'This PDF uses an old compression (LZW or run-length) that is not read here. Save it again as a new PDF, or upload the page as an image.';

const STREAM_START = /stream(?:\r\n|\n|\r)/g;
const UNMEASURED_FILTERS = /\/(LZWDecode|RunLengthDecode|LZW|RL)\b/;

/** A zlib header: deflate method, window ≤ 32 KB, check bits (RFC 1950 §2.2). */
const looksLikeZlib = (bytes: Uint8Array) =>
  bytes.length >= 2 &&
  (bytes[0]! & 0x0f) === 8 &&
  bytes[0]! >> 4 <= 7 &&
  ((bytes[0]! << 8) | bytes[1]!) % 31 === 0;

/** Names may spell characters as #xx (PDF 1.7 §7.3.5): /LZW#44ecode is /LZWDecode. */
const unescapeNames = (text: string) =>
  text.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

class Budget {
  constructor(public remaining: number) {}
  spend(bytes: number) {
    this.remaining -= bytes;
    if (this.remaining < 0) throw new HttpError(422, PDF_TOO_LARGE_UNPACKED_MESSAGE, 'pdf_too_large');
  }
}

/** Deflate's largest expansion (RFC 1951: a 258-byte match in under two bits), rounded up. */
const MAX_DEFLATE_RATIO = 1032;

/**
 * Inflates one stream, counting as it goes; the output is kept (within the budget) to look into.
 * A damaged stream (or one followed by junk) may lose its last output with the error while PDF.js,
 * which is lenient, unpacks it all: it counts as the most its size could unpack to.
 */
async function inflateCounted(data: Uint8Array, budget: Budget): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  const reader = new Blob([data as Uint8Array<ArrayBuffer>])
    .stream()
    .pipeThrough(new DecompressionStream('deflate'))
    .getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      budget.spend(value.length);
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const counted = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    budget.spend(Math.max(0, data.length * MAX_DEFLATE_RATIO - counted));
  } finally {
    reader.cancel().catch(() => undefined);
  }
  return joinChunks(chunks);
}

/** Object streams and chained filters nest; deeper than this is no bill. */
const MAX_DEPTH = 3;

/** Looks through a file (or an unpacked object stream) for its streams and measures each. */
async function measure(bytes: Uint8Array, budget: Budget, depth: number): Promise<void> {
  const text = new TextDecoder('latin1').decode(bytes);
  if (UNMEASURED_FILTERS.test(unescapeNames(text))) {
    throw new HttpError(422, PDF_OLD_COMPRESSION_MESSAGE, 'pdf_old_compression');
  }
  if (depth >= MAX_DEPTH) return;
  for (const match of text.matchAll(STREAM_START)) {
    const start = match.index + match[0].length;
    const found = text.indexOf('endstream', start);
    // The end of line before `endstream` is not part of the data (PDF 1.7 §7.3.8.1).
    const end =
      found < 0
        ? bytes.length
        : found - (/\r?\n$|\r$/.exec(text.slice(Math.max(start, found - 2), found))?.[0].length ?? 0);
    const data = bytes.subarray(start, Math.max(start, end));
    if (looksLikeZlib(data)) await measureUnpacked(await inflateCounted(data, budget), budget, depth + 1);
  }
}

/** Unpacked data may be zlib again (a chain of Flate filters) or hold more objects (an object stream). */
async function measureUnpacked(bytes: Uint8Array, budget: Budget, depth: number): Promise<void> {
  if (depth >= MAX_DEPTH) {
    // Still compressed this deep: it cannot be measured, and PDF.js would unpack it anyway.
    if (looksLikeZlib(bytes)) throw new HttpError(422, PDF_TOO_LARGE_UNPACKED_MESSAGE, 'pdf_too_large');
    return;
  }
  if (looksLikeZlib(bytes)) return measureUnpacked(await inflateCounted(bytes, budget), budget, depth + 1);
  return measure(bytes, budget, depth);
}

/** Refuses, in words, a PDF whose streams unpack past the budget or that uses LZW or run-length. */
export async function checkPdfUnpackedSize(bytes: Uint8Array): Promise<void> {
  await measure(bytes, new Budget(MAX_PDF_UNPACKED_BYTES), 0);
}
