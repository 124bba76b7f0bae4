import { Hono } from 'hono';
import { RecalculateSchema } from '../../../domain/contracts/ledger.ts';
import type { AppEnv } from '../../context.ts';
import { authedContext, requireRole } from '../../lib/request.ts';
import { validate } from '../../lib/validate.ts';
import { recalculate } from './recalculate.ts';

/** 401/403 come before validation: a caller who may not write learns nothing about the body. */
const member = requireRole('member');

export const emissionRoutes = new Hono<AppEnv>().post(
  '/emissions/recalculate',
  member,
  validate('json', RecalculateSchema),
  async (c) => c.json(await recalculate(authedContext(c, 'member'), c.req.valid('json'))),
);
