// The text layer of a PDF receipt or bill, through unpdf (a serverless build of PDF.js that runs in
// Bun and in the Cloudflare Worker alike).
import { HttpError } from '../../lib/errors.ts';
import { checkPdfUnpackedSize } from './pdf-bounds.ts';

/**
 * Scanned PDFs carry only a picture of each page. Reading them would mean rendering the pages to
 * images first, which needs a canvas implementation (unpdf's renderPageAsImage asks for
 * @napi-rs/canvas); this product does not ship one, so such PDFs are refused with what to do.
 */
export const SCANNED_PDF_MESSAGE =
  'This PDF has no text to read (it looks like a scan). Upload the page as an image (PNG or JPEG) instead, or add the line by hand.';
export const UNREADABLE_PDF_MESSAGE = 'This PDF could not be read. Is it damaged or password-protected?';

/**
 * Pages read at most: receipts and bills are short; a 300-page PDF is not one. Pages past this are
 * never parsed (unpdf's extractText would parse every page first), so the work per scan is bounded
 * by the pages read, not by the pages the file claims (decision 039).
 */
const MAX_PAGES = 10;
/** Characters kept at most: a long utility bill has a few thousand; the rest is not a receipt. */
const MAX_TEXT_CHARS = 100_000;

interface PdfTextItem {
  str?: string;
  hasEOL?: boolean;
}

interface PdfDocument {
  numPages: number;
  getPage(pageNumber: number): Promise<{ getTextContent(): Promise<{ items: PdfTextItem[] }> }>;
  destroy?: () => Promise<void>;
}

async function readPages(document: PdfDocument): Promise<string> {
  let text = '';
  const pages = Math.min(document.numPages, MAX_PAGES);
  for (let pageNumber = 1; pageNumber <= pages && text.length < MAX_TEXT_CHARS; pageNumber += 1) {
    const content = await (await document.getPage(pageNumber)).getTextContent();
    for (const item of content.items) {
      if (item.str != null) text += item.str + (item.hasEOL ? '\n' : '');
    }
    text += '\n';
  }
  return text.slice(0, MAX_TEXT_CHARS);
}

export async function pdfText(bytes: Uint8Array): Promise<string> {
  await checkPdfUnpackedSize(bytes);
  const { getDocumentProxy } = await import('unpdf');
  let text: string;
  let document: PdfDocument | null = null;
  try {
    // PDF.js may detach the buffer it is given: pass a copy, the original is stored as evidence.
    // Verbosity 0: PDF.js logs errors only, not a warning per damaged object.
    document = (await getDocumentProxy(bytes.slice(), { verbosity: 0 })) as unknown as PdfDocument;
    text = await readPages(document);
  } catch {
    throw new HttpError(422, UNREADABLE_PDF_MESSAGE, 'unreadable_pdf');
  } finally {
    await document?.destroy?.().catch(() => undefined);
  }
  text = text.trim();
  if (text.replace(/\s/g, '').length < 10) throw new HttpError(422, SCANNED_PDF_MESSAGE, 'scanned_pdf');
  return text;
}
