import { describe, expect, test } from 'bun:test';
import { deflate, onePagePdf, pageContent } from '../../../../tests/fixtures/receipts/hostile-pdf.ts';
import { OCTOPUS_PDF_LINES, renderBillPdf } from '../../../../tests/fixtures/receipts/render.ts';
import { HttpError } from '../../lib/errors.ts';
import { checkPdfUnpackedSize, MAX_PDF_UNPACKED_BYTES } from './pdf-bounds.ts';
import { pdfText } from './pdf-text.ts';

const MB = 1024 * 1024;

async function refusalCode(bytes: Uint8Array) {
  const error = await checkPdfUnpackedSize(bytes).then(
    () => null,
    (reason: unknown) => reason,
  );
  return error instanceof HttpError ? { status: error.status, code: error.code } : error;
}

describe('PDF unpacked size', () => {
  test('lets a bill through and its text is read', async () => {
    const bill = await renderBillPdf(OCTOPUS_PDF_LINES);
    expect(await refusalCode(bill)).toBeNull();
    expect(await pdfText(bill)).toContain('Octopus Energy');
  });

  test('reads a page whose stream unpacks to a few megabytes', async () => {
    const pdf = onePagePdf(deflate(pageContent(4 * MB)), '/FlateDecode');
    expect(await refusalCode(pdf)).toBeNull();
    expect(await pdfText(pdf)).toContain('Octopus Energy bill total 12.00');
  });

  test('refuses a small file whose stream unpacks past the budget, before PDF.js parses it', async () => {
    const pdf = onePagePdf(deflate(pageContent(MAX_PDF_UNPACKED_BYTES + MB)), '/FlateDecode');
    expect(pdf.length).toBeLessThan(100 * 1024);
    expect(await refusalCode(pdf)).toEqual({ status: 422, code: 'pdf_too_large' });
  });

  test('counts a chain of Flate filters at every step', async () => {
    const twice = deflate(deflate(pageContent(MAX_PDF_UNPACKED_BYTES + MB)));
    expect(await refusalCode(onePagePdf(twice, '[/FlateDecode /FlateDecode]'))).toEqual({
      status: 422,
      code: 'pdf_too_large',
    });
  });

  test('counts a damaged stream as the most its size could unpack to', async () => {
    const damaged = deflate(pageContent(MAX_PDF_UNPACKED_BYTES + MB));
    damaged.fill(0xff, damaged.length - 64, damaged.length - 8);
    expect(await refusalCode(onePagePdf(damaged, '/FlateDecode'))).toEqual({
      status: 422,
      code: 'pdf_too_large',
    });
  });

  test('refuses LZW and run-length streams, also when the name is spelt with #xx escapes', async () => {
    const content = pageContent(10);
    for (const filter of ['/LZWDecode', '/LZW#44ecode', '/RunLengthDecode', '[/FlateDecode /LZWDecode]']) {
      expect({ filter, refusal: await refusalCode(onePagePdf(content, filter)) }).toEqual({
        filter,
        refusal: { status: 422, code: 'pdf_old_compression' },
      });
    }
  });
});
