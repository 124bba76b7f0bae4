import { Hono } from 'hono';
import { RecalculateSchema } from '../../../../domain/contracts/ledger.ts';
import { NotCountedQuerySchema } from '../../../../domain/contracts/ledger-not-counted.ts';
import type { AppEnv } from '../../../context.ts';
import { authorize, requirePermission } from '../../../lib/permissions.ts';
import { validate } from '../../../lib/validate.ts';
import { getNotCounted } from './not-counted.ts';
import { recalculate } from './recalculate.ts';

/** 401/403 come before validation: a caller who may not write learns nothing about the body. */
const recalculateAllowed = requirePermission('emissions.recalculate');

const read = requirePermission('data.read');

export const emissionRoutes = new Hono<AppEnv>()
  .post('/emissions/recalculate', recalculateAllowed, validate('json', RecalculateSchema), async (c) =>
    c.json(await recalculate(authorize(c, 'emissions.recalculate'), c.req.valid('json'))),
  )
  .get('/emissions/not-counted', read, validate('query', NotCountedQuerySchema), async (c) =>
    c.json(await getNotCounted(authorize(c, 'data.read'), c.req.valid('query'))),
  );
