import { Hono } from 'hono';
import {
  EvidenceFieldsSchema,
  InitializeSchema,
  ProgressQuerySchema,
  UpdateProgressSchema,
} from '../../../domain/contracts/esg-wizard.ts';
import type { AppEnv } from '../../context.ts';
import { attachmentDisposition } from '../../lib/file-name.ts';
import { authorize, requirePermission } from '../../lib/permissions.ts';
import { readUploadForm } from '../../lib/upload-form.ts';
import { validate, validationError } from '../../lib/validate.ts';
import { addEvidence, deleteEvidence, readEvidenceFile } from './evidence.ts';
import { getProgress, initializeChecklist, updateProgress } from './service.ts';

/** 401/403 come before validation: a caller who may not write learns nothing about the body. */
const edit = requirePermission('esg.edit');
const read = requirePermission('data.read');

const EVIDENCE_FORM = { field: 'file', noun: 'the file', missingMessage: 'Choose a file to attach' };

/** The evidence form: jurisdiction and indicator validated like JSON fields, and the file. */
async function readEvidenceForm(request: Request) {
  const { form, file } = await readUploadForm(request, EVIDENCE_FORM);
  const fields = EvidenceFieldsSchema.safeParse({
    jurisdiction: form.get('jurisdiction') ?? undefined,
    indicator: form.get('indicator') ?? undefined,
  });
  if (!fields.success) throw validationError(fields.error);
  return { ...fields.data, file };
}

export const esgRoutes = new Hono<AppEnv>()
  .get('/esg/progress', read, validate('query', ProgressQuerySchema), async (c) =>
    c.json(await getProgress(authorize(c, 'data.read'), c.req.valid('query'))),
  )
  .post('/esg/initialize', edit, validate('json', InitializeSchema), async (c) =>
    c.json(await initializeChecklist(authorize(c, 'esg.edit'), c.req.valid('json'))),
  )
  .put('/esg/progress', edit, validate('json', UpdateProgressSchema), async (c) =>
    c.json(await updateProgress(authorize(c, 'esg.edit'), c.req.valid('json'))),
  )
  .post('/esg/evidence', edit, async (c) => {
    const ctx = authorize(c, 'esg.edit');
    return c.json(await addEvidence(ctx, await readEvidenceForm(c.req.raw)), 201);
  })
  .get('/esg/evidence/:id/file', read, async (c) => {
    const file = await readEvidenceFile(authorize(c, 'data.read'), c.req.param('id'));
    // Text is stored as checked UTF-8; say so, so a download never guesses another charset.
    const type = file.contentType.startsWith('text/')
      ? `${file.contentType}; charset=utf-8`
      : file.contentType;
    return c.body(file.body, 200, {
      'Content-Type': type,
      'Content-Length': String(file.size),
      'Content-Disposition': attachmentDisposition(file.fileName),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    });
  })
  .delete('/esg/evidence/:id', requirePermission('evidence.delete'), async (c) => {
    await deleteEvidence(authorize(c, 'evidence.delete'), c.req.param('id'));
    return c.body(null, 204);
  });
