// Receipt and bill scanning: the file's text (OCR for images, the text layer for PDFs), the fields
// and draft ledger line read from it, and the original file kept as evidence. The ledger line is
// not written here: a person confirms or corrects the draft, and POST /api/activities writes it
// with `receiptFileId` (activities/service.ts asks `receiptEvidence` below for the link).
import { and, eq } from 'drizzle-orm';
import { receiptFileChunks, receiptFiles } from '../../../../db/schema/receipts.ts';
import {
  MAX_RECEIPT_BYTES,
  type OcrUploadResult,
  RECEIPT_TOO_LARGE_MESSAGE,
  RECEIPT_TYPE_MESSAGE,
  receiptFileUrl,
} from '../../../domain/contracts/receipts.ts';
import { replaceRefusedCharacters } from '../../../domain/contracts/text.ts';
import { extractReceipt } from '../../../domain/receipts/extract.ts';
import { sha256Hex } from '../../../domain/sha256.ts';
import type { AuthedContext } from '../../context.ts';
import { splitIntoChunks, streamChunks } from '../../lib/chunked-bytes.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import { cleanFileName } from '../../lib/file-name.ts';
import { auditInsert } from '../audit/service.ts';
import { receiptContentType } from './file-type.ts';
import { ocrPool } from './ocr-pool.ts';
import { pdfText } from './pdf-text.ts';
import { checkReceiptImage } from './receipt-image.ts';

export const receiptTooLarge = () => new HttpError(413, RECEIPT_TOO_LARGE_MESSAGE, 'payload_too_large');

/**
 * The text of a receipt image. The size comes from the header and is checked against the budget
 * before any decoder sees the bytes (decision 039); a failed read is logged by reason only.
 */
async function imageText(ctx: AuthedContext, bytes: Uint8Array): Promise<string> {
  checkReceiptImage(bytes);
  try {
    return await ocrPool().recognize(bytes);
  } catch (error) {
    if (error instanceof HttpError)
      ctx.log.warn('receipt image not read', { code: error.code, bytes: bytes.length });
    throw error;
  }
}

/** Reads a receipt, stores it as evidence and answers the fields and the draft line. */
export async function scanReceipt(ctx: AuthedContext, file: File): Promise<OcrUploadResult> {
  if (file.size > MAX_RECEIPT_BYTES) throw receiptTooLarge();
  if (file.size === 0) {
    const message = 'The file is empty';
    throw new HttpError(400, message, 'validation_failed', {
      formErrors: [],
      fieldErrors: { receipt: [message] },
    });
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const contentType = receiptContentType(bytes);
  if (!contentType) throw new HttpError(415, RECEIPT_TYPE_MESSAGE, 'unsupported_media_type');

  const textSource = contentType === 'application/pdf' ? 'pdf_text' : 'ocr';
  const started = performance.now();
  const read = textSource === 'pdf_text' ? await pdfText(bytes) : await imageText(ctx, bytes);
  // A PDF's text layer is whatever its producer wrote (NULs, escapes, half characters), and OCR
  // may misread too: the text keeps its lines and tabs, each other control becomes a space and a
  // lone surrogate half goes (decision 042, follow-ups), before the fields are read from it.
  const text = replaceRefusedCharacters(read, true);
  ctx.log.info('receipt read', {
    textSource,
    ms: Math.round(performance.now() - started),
    bytes: bytes.length,
  });
  const { receiptData, suggestedLine } = extractReceipt(text);

  const id = crypto.randomUUID();
  const sha256 = sha256Hex(bytes);
  const chunkInserts = splitIntoChunks(bytes).map((data, seq) =>
    ctx.db.insert(receiptFileChunks).values({ receiptFileId: id, companyId: ctx.companyId, seq, data }),
  );
  await ctx.db.batch([
    ctx.db.insert(receiptFiles).values({
      id,
      companyId: ctx.companyId,
      fileName: cleanFileName(file.name, 'receipt'),
      contentType,
      size: bytes.length,
      sha256,
      textSource,
      extracted: JSON.stringify({ receiptData, suggestedLine }),
      createdBy: ctx.userId,
      createdAt: ctx.now(),
    }),
    ...chunkInserts,
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'receipt_scanned',
      entityType: 'receipt_file',
      entityId: id,
    }),
  ]);
  return {
    ocrResult: {
      receiptData,
      text,
      textSource,
      suggestedLine,
      evidenceId: id,
      evidenceUrl: receiptFileUrl(id),
    },
  };
}

async function findReceiptFile(ctx: AuthedContext, id: string) {
  const row = await ctx.db
    .select({
      id: receiptFiles.id,
      fileName: receiptFiles.fileName,
      contentType: receiptFiles.contentType,
      size: receiptFiles.size,
    })
    .from(receiptFiles)
    .where(and(eq(receiptFiles.id, id), eq(receiptFiles.companyId, ctx.companyId)))
    .get();
  // Another company's id answers exactly like a missing one.
  if (!row) throw notFound('Receipt file');
  return row;
}

/**
 * The evidence link of a stored receipt of the caller's company, for a ledger line made from it,
 * and the supplier (else the vendor) read from it, which the duplicate check compares (decision
 * 052); 404 for another company's or a missing id.
 */
export async function receiptEvidence(
  ctx: AuthedContext,
  id: string,
): Promise<{ evidenceUrl: string; supplier: string | null }> {
  const row = await findReceiptFile(ctx, id);
  const extracted = await ctx.db
    .select({ extracted: receiptFiles.extracted })
    .from(receiptFiles)
    .where(and(eq(receiptFiles.id, row.id), eq(receiptFiles.companyId, ctx.companyId)))
    .get();
  return { evidenceUrl: receiptFileUrl(row.id), supplier: supplierOf(extracted?.extracted) };
}

/** The supplier, else the vendor, of a stored extraction; null when it names neither. */
function supplierOf(extracted: string | null | undefined): string | null {
  try {
    const data = (JSON.parse(extracted ?? '{}') as { receiptData?: { supplier?: unknown; vendor?: unknown } })
      .receiptData;
    const name = data?.supplier ?? data?.vendor;
    return typeof name === 'string' && name.trim() !== '' ? name : null;
  } catch {
    return null;
  }
}

/** The stored file's type, name and size, and its bytes as a stream read chunk by chunk. */
export async function readReceiptFile(ctx: AuthedContext, id: string) {
  const row = await findReceiptFile(ctx, id);
  const body = streamChunks(async (seq) => {
    const chunk = await ctx.db
      .select({ data: receiptFileChunks.data })
      .from(receiptFileChunks)
      .where(
        and(
          eq(receiptFileChunks.receiptFileId, row.id),
          eq(receiptFileChunks.companyId, ctx.companyId),
          eq(receiptFileChunks.seq, seq),
        ),
      )
      .get();
    return chunk?.data;
  });
  return { fileName: row.fileName, contentType: row.contentType, size: row.size, body };
}
