import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { HttpError } from '../../lib/errors.ts';
import { authorize, requirePermission } from '../../lib/permissions.ts';
import { attachmentDisposition } from './file-type.ts';
import { readReceiptFile, scanReceipt } from './service.ts';

/** The upload path, for the upload guard's 10 MB allowance (app.ts). */
export const RECEIPT_UPLOAD_PATH = '/api/integrations/ocr/upload';

const scan = requirePermission('receipts.scan');
const read = requirePermission('data.read');

/** spec §7: multipart form, file field 'receipt'. */
async function readReceiptForm(request: Request): Promise<File> {
  if (!request.headers.get('content-type')?.toLowerCase().startsWith('multipart/form-data')) {
    throw new HttpError(
      415,
      'Send the receipt as multipart/form-data in a field named "receipt"',
      'unsupported_media_type',
    );
  }
  const file = (await request.formData()).get('receipt');
  if (!(file instanceof File)) {
    const message = 'Choose a receipt image or PDF';
    throw new HttpError(400, message, 'validation_failed', {
      formErrors: [],
      fieldErrors: { receipt: [message] },
    });
  }
  return file;
}

export const receiptRoutes = new Hono<AppEnv>()
  .post('/integrations/ocr/upload', scan, async (c) => {
    const ctx = authorize(c, 'receipts.scan');
    return c.json(await scanReceipt(ctx, await readReceiptForm(c.req.raw)), 201);
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
