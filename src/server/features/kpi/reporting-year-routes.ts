import { Hono } from 'hono';
import { YearQuerySchema } from '../../../domain/contracts/ledger.ts';
import { SetReportingYearSchema } from '../../../domain/contracts/reporting-year.ts';
import type { AppEnv } from '../../context.ts';
import { authorize, requirePermission } from '../../lib/permissions.ts';
import { validate } from '../../lib/validate.ts';
import { reportingYear, setReportingYear } from './reporting-year.ts';

/** Decision 053: read by everyone; set by members (401/403 before validation). */
export const reportingYearRoutes = new Hono<AppEnv>()
  .get('/reporting-year', requirePermission('data.read'), validate('query', YearQuerySchema), async (c) =>
    c.json(await reportingYear(authorize(c, 'data.read'), c.req.valid('query').year)),
  )
  .put(
    '/reporting-year',
    requirePermission('reportingYear.set'),
    validate('json', SetReportingYearSchema),
    async (c) => c.json(await setReportingYear(authorize(c, 'reportingYear.set'), c.req.valid('json').year)),
  );
