// The text layer of a PDF receipt or bill, through unpdf (a serverless build of PDF.js that runs in
// Bun and in the Cloudflare Worker alike).
import { HttpError } from '../../lib/errors.ts';

/**
 * Scanned PDFs carry only a picture of each page. Reading them would mean rendering the pages to
 * images first, which needs a canvas implementation (unpdf's renderPageAsImage asks for
 * @napi-rs/canvas); this product does not ship one, so such PDFs are refused with what to do.
 */
export const SCANNED_PDF_MESSAGE =
  'This PDF has no text to read (it looks like a scan). Upload the page as an image (PNG or JPEG) instead, or add the line by hand.';

/** Pages read at most: receipts and bills are short; a 300-page PDF is not one. */
const MAX_PAGES = 10;

export async function pdfText(bytes: Uint8Array): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  let pages: string[];
  try {
    // PDF.js may detach the buffer it is given: pass a copy, the original is stored as evidence.
    const document = await getDocumentProxy(bytes.slice());
    const result = await extractText(document, { mergePages: false });
    pages = result.text.slice(0, MAX_PAGES);
    await (document as { destroy?: () => Promise<void> }).destroy?.();
  } catch {
    throw new HttpError(
      422,
      'This PDF could not be read. Is it damaged or password-protected?',
      'unreadable_pdf',
    );
  }
  const text = pages.join('\n').trim();
  if (text.replace(/\s/g, '').length < 10) throw new HttpError(422, SCANNED_PDF_MESSAGE, 'scanned_pdf');
  return text;
}
