import { Hono } from 'hono';
import { MetricListQuerySchema, MetricsQuerySchema } from '../../../domain/contracts/kpi.ts';
import {
  SaveFinancialsSchema,
  SaveTargetSchema,
  SaveWorkforceSchema,
  YearQuerySchema,
} from '../../../domain/contracts/ledger.ts';
import type { AppEnv } from '../../context.ts';
import { authorize, requirePermission } from '../../lib/permissions.ts';
import { validate } from '../../lib/validate.ts';
import {
  getTarget,
  listFinancials,
  listWorkforce,
  saveFinancials,
  saveTarget,
  saveWorkforce,
} from './records.ts';
import { getMetrics, listMetrics } from './service.ts';

/** 401/403 come before validation: a caller who may not write learns nothing about the body. */
const edit = requirePermission('data.edit');
const read = requirePermission('data.read');

/** `?year=` answers that year's record (or null); without it, every year's, oldest first. */
function pickYear<T extends { year: number }>(records: T[], year: number | undefined): T | T[] | null {
  if (year === undefined) return records;
  return records.find((record) => record.year === year) ?? null;
}

export const metricsRoutes = new Hono<AppEnv>()
  // spec §7: a list of metric objects; the KPI screen's richer object is /metrics/summary (decision 054).
  .get('/metrics', read, validate('query', MetricListQuerySchema), async (c) =>
    c.json(await listMetrics(authorize(c, 'data.read'), c.req.valid('query'))),
  )
  .get('/metrics/summary', read, validate('query', MetricsQuerySchema), async (c) =>
    c.json(await getMetrics(authorize(c, 'data.read'), c.req.valid('query'))),
  )
  .get('/targets', read, async (c) => c.json(await getTarget(authorize(c, 'data.read'))))
  .put('/targets', edit, validate('json', SaveTargetSchema), async (c) =>
    c.json(await saveTarget(authorize(c, 'data.edit'), c.req.valid('json'))),
  )
  .get('/financials', read, validate('query', YearQuerySchema), async (c) =>
    c.json(pickYear(await listFinancials(authorize(c, 'data.read')), c.req.valid('query').year)),
  )
  .put('/financials', edit, validate('json', SaveFinancialsSchema), async (c) =>
    c.json(await saveFinancials(authorize(c, 'data.edit'), c.req.valid('json'))),
  )
  .get('/workforce', read, validate('query', YearQuerySchema), async (c) =>
    c.json(pickYear(await listWorkforce(authorize(c, 'data.read')), c.req.valid('query').year)),
  )
  .put('/workforce', edit, validate('json', SaveWorkforceSchema), async (c) =>
    c.json(await saveWorkforce(authorize(c, 'data.edit'), c.req.valid('json'))),
  );
