// The accounting-export import (decision 050): preview, then import with the site and mappings.
// Kept apart from the CSV import's routes (routes.ts) so the two flows compose.
import { Hono } from 'hono';
import { AccountingImportOptionsSchema } from '../../../../domain/contracts/ledger-accounting-import.ts';
import type { AppEnv } from '../../../context.ts';
import { HttpError } from '../../../lib/errors.ts';
import { authorize, requirePermission } from '../../../lib/permissions.ts';
import { readUploadForm } from '../../../lib/upload-form.ts';
import { fieldError } from '../lines/line-input.ts';
import { importAccountingExport, previewAccountingImport } from './accounting-import.ts';

const edit = requirePermission('data.edit');

const EXPORT_FORM = {
  field: 'file',
  noun: 'the export',
  missingMessage: 'Choose the export file from QuickBooks, Xero or Sage to upload',
};

function readOptions(form: FormData) {
  const text = form.get('options');
  let parsed: unknown = {};
  if (typeof text === 'string' && text.trim() !== '') {
    try {
      parsed = JSON.parse(text);
    } catch {
      throw fieldError('options', 'The import options are not valid JSON');
    }
  }
  const options = AccountingImportOptionsSchema.safeParse(parsed);
  if (!options.success) {
    const flat = options.error.flatten();
    throw new HttpError(
      400,
      flat.formErrors[0] ?? Object.values(flat.fieldErrors).flat()[0] ?? 'Invalid options',
      'validation_failed',
      flat,
    );
  }
  return options.data;
}

export const accountingImportRoutes = new Hono<AppEnv>()
  .post('/activities/import/accounting/preview', edit, async (c) => {
    const ctx = authorize(c, 'data.edit');
    const { file } = await readUploadForm(c.req.raw, EXPORT_FORM);
    return c.json(await previewAccountingImport(ctx, file));
  })
  .post('/activities/import/accounting', edit, async (c) => {
    const ctx = authorize(c, 'data.edit');
    const { form, file } = await readUploadForm(c.req.raw, EXPORT_FORM);
    const { status, result } = await importAccountingExport(ctx, file, readOptions(form));
    return c.json(result, status);
  });
