import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { attachmentDisposition } from '../../lib/file-name.ts';
import { authorize, requirePermission } from '../../lib/permissions.ts';
import { readUploadForm } from '../../lib/upload-form.ts';
import { readReceiptFile, scanReceipt } from './service.ts';

/** The upload path, for the upload guard's 10 MB allowance (app.ts). */
export const RECEIPT_UPLOAD_PATH = '/api/integrations/ocr/upload';

const scan = requirePermission('receipts.scan');
const read = requirePermission('data.read');

/** spec §7: multipart form, file field 'receipt'. */
const RECEIPT_FORM = {
  field: 'receipt',
  noun: 'the receipt',
  missingMessage: 'Choose a receipt image or PDF',
};

export const receiptRoutes = new Hono<AppEnv>()
  .post('/integrations/ocr/upload', scan, async (c) => {
    const ctx = authorize(c, 'receipts.scan');
    const { file } = await readUploadForm(c.req.raw, RECEIPT_FORM);
    return c.json(await scanReceipt(ctx, file), 201);
  })
  .get('/integrations/ocr/files/:id', read, async (c) => {
    const file = await readReceiptFile(authorize(c, 'data.read'), c.req.param('id'));
    return c.body(file.body, 200, {
      'Content-Type': file.contentType,
      'Content-Length': String(file.size),
      'Content-Disposition': attachmentDisposition(file.fileName),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    });
  });
