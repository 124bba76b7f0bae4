import { Hono } from 'hono';
import { z } from 'zod';
import { IMPORT_FIELDS } from '../../../../domain/activity-import/headers.ts';
import {
  IMPORT_TEMPLATE_CSV,
  IMPORT_TEMPLATE_FILENAME,
} from '../../../../domain/activity-import/template.ts';
import { ListActivitiesQuerySchema, SaveActivitySchema } from '../../../../domain/contracts/ledger.ts';
import { ImportAnswersSchema } from '../../../../domain/contracts/ledger-import.ts';
import { ImportDuplicateChoiceSchema } from '../../../../domain/contracts/ledger-probable-duplicates.ts';
import type { AppEnv } from '../../../context.ts';
import { authorize, requirePermission } from '../../../lib/permissions.ts';
import { readUploadForm } from '../../../lib/upload-form.ts';
import { validate } from '../../../lib/validate.ts';
import { refuseAccountingExport } from '../import/accounting-import.ts';
import { forgetImportMapping, listImportMappings } from '../import/import-mappings.ts';
import { previewActivitiesImport } from '../import/import-preview.ts';
import { importActivities } from '../import/import-service.ts';
import { fieldError } from './line-input.ts';
import { createActivity, deleteActivity, listActivities, updateActivity } from './service.ts';

/** 401/403 come before validation: a caller who may not write learns nothing about the body. */
const read = requirePermission('data.read');
const edit = requirePermission('data.edit');

/** The mapping step's answer: column header → field or 'ignore' (headers.ts). */
const UserMappingSchema = z.record(z.string(), z.enum([...IMPORT_FIELDS, 'ignore']));

const IMPORT_FORM = { field: 'file', noun: 'the file', missingMessage: 'Choose a CSV file to upload' };

/** The file's answer to its probable duplicates (decision 052): skip, keep, or not given yet. */
function readDuplicateChoice(value: unknown) {
  if (value === null || value === '') return undefined;
  const choice = ImportDuplicateChoiceSchema.safeParse(value);
  if (!choice.success)
    throw fieldError('onDuplicate', 'Choose skip or keep for the rows that look like lines in your ledger');
  return choice.data;
}

async function readUpload(request: Request) {
  const { form, file } = await readUploadForm(request, IMPORT_FORM);
  const mappingText = form.get('mapping');
  let userMapping: z.infer<typeof UserMappingSchema> | undefined;
  if (typeof mappingText === 'string' && mappingText.trim() !== '') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(mappingText);
    } catch {
      throw fieldError('mapping', 'The column mapping is not valid JSON');
    }
    const mapping = UserMappingSchema.safeParse(parsed);
    if (!mapping.success)
      throw fieldError('mapping', `Map each column to one of: ${IMPORT_FIELDS.join(', ')}, or ignore`);
    userMapping = mapping.data;
  }
  const answers = readAnswers(form.get('answers'));
  const dataSourceId = form.get('dataSourceId');
  return {
    file,
    userMapping,
    answers,
    dataSourceId: typeof dataSourceId === 'string' && dataSourceId ? dataSourceId : null,
    onDuplicate: readDuplicateChoice(form.get('onDuplicate')),
  };
}

/** The mapping step's answers (decision 049): a JSON form field, checked like any body. */
function readAnswers(text: unknown) {
  if (typeof text !== 'string' || text.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw fieldError('answers', 'The answers are not valid JSON');
  }
  const answers = ImportAnswersSchema.safeParse(parsed);
  if (!answers.success) {
    const issue = answers.error.issues[0];
    throw fieldError(
      'answers',
      `The answers are not in the expected form: ${issue?.path.join('.')} ${issue?.message}`,
    );
  }
  return answers.data;
}

export const activityRoutes = new Hono<AppEnv>()
  .get('/activities', read, validate('query', ListActivitiesQuerySchema), async (c) =>
    c.json(await listActivities(authorize(c, 'data.read'), c.req.valid('query'))),
  )
  .post('/activities', edit, validate('json', SaveActivitySchema), async (c) => {
    const created = await createActivity(authorize(c, 'data.edit'), c.req.valid('json'));
    // A receipt's line skipped as a probable duplicate (decision 052): nothing was stored.
    return 'skipped' in created ? c.json(created, 200) : c.json(created, 201);
  })
  .get('/activities/import/template', read, (c) => {
    authorize(c, 'data.read');
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="${IMPORT_TEMPLATE_FILENAME}"`);
    return c.body(IMPORT_TEMPLATE_CSV);
  })
  .post('/activities/import', edit, async (c) => {
    const ctx = authorize(c, 'data.edit');
    const upload = await readUpload(c.req.raw);
    await refuseAccountingExport(upload.file);
    const { status, result } = await importActivities(ctx, upload);
    return c.json(result, status);
  })
  .post('/activities/import/preview', edit, async (c) =>
    c.json(await previewActivitiesImport(authorize(c, 'data.edit'), await readUpload(c.req.raw))),
  )
  .get('/activities/import/mappings', read, async (c) =>
    c.json(await listImportMappings(authorize(c, 'data.read'))),
  )
  .delete('/activities/import/mappings/:id', edit, async (c) => {
    await forgetImportMapping(authorize(c, 'data.edit'), c.req.param('id'));
    return c.body(null, 204);
  })
  .put('/activities/:id', edit, validate('json', z.record(z.string(), z.unknown())), async (c) =>
    c.json(await updateActivity(authorize(c, 'data.edit'), c.req.param('id'), c.req.valid('json'))),
  )
  .delete('/activities/:id', edit, async (c) => {
    await deleteActivity(authorize(c, 'data.edit'), c.req.param('id'));
    return c.body(null, 204);
  });
