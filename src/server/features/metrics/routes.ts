import { Hono } from 'hono';
import {
  SaveFinancialsSchema,
  SaveTargetSchema,
  SaveWorkforceSchema,
  YearQuerySchema,
} from '../../../domain/contracts/ledger.ts';
import { MetricsQuerySchema } from '../../../domain/contracts/metrics.ts';
import type { AppEnv } from '../../context.ts';
import { authedContext, requireRole } from '../../lib/request.ts';
import { validate } from '../../lib/validate.ts';
import {
  getTarget,
  listFinancials,
  listWorkforce,
  saveFinancials,
  saveTarget,
  saveWorkforce,
} from './records.ts';
import { getMetrics } from './service.ts';

/** 401/403 come before validation: a caller who may not write learns nothing about the body. */
const member = requireRole('member');
const viewer = requireRole('viewer');

/** `?year=` answers that year's record (or null); without it, every year's, oldest first. */
function pickYear<T extends { year: number }>(records: T[], year: number | undefined): T | T[] | null {
  if (year === undefined) return records;
  return records.find((record) => record.year === year) ?? null;
}

export const metricsRoutes = new Hono<AppEnv>()
  .get('/metrics', viewer, validate('query', MetricsQuerySchema), async (c) =>
    c.json(await getMetrics(authedContext(c, 'viewer'), c.req.valid('query'))),
  )
  .get('/targets', async (c) => c.json(await getTarget(authedContext(c, 'viewer'))))
  .put('/targets', member, validate('json', SaveTargetSchema), async (c) =>
    c.json(await saveTarget(authedContext(c, 'member'), c.req.valid('json'))),
  )
  .get('/financials', viewer, validate('query', YearQuerySchema), async (c) =>
    c.json(pickYear(await listFinancials(authedContext(c, 'viewer')), c.req.valid('query').year)),
  )
  .put('/financials', member, validate('json', SaveFinancialsSchema), async (c) =>
    c.json(await saveFinancials(authedContext(c, 'member'), c.req.valid('json'))),
  )
  .get('/workforce', viewer, validate('query', YearQuerySchema), async (c) =>
    c.json(pickYear(await listWorkforce(authedContext(c, 'viewer')), c.req.valid('query').year)),
  )
  .put('/workforce', member, validate('json', SaveWorkforceSchema), async (c) =>
    c.json(await saveWorkforce(authedContext(c, 'member'), c.req.valid('json'))),
  );
