import { Hono } from 'hono';
import { YearQuerySchema } from '../../../domain/contracts/ledger.ts';
import type { AppEnv } from '../../context.ts';
import { authorize, requirePermission } from '../../lib/permissions.ts';
import { validate } from '../../lib/validate.ts';
import { getDashboardOverview } from './service.ts';

export const dashboardRoutes = new Hono<AppEnv>().get(
  '/dashboard/overview',
  requirePermission('data.read'),
  validate('query', YearQuerySchema),
  async (c) => c.json(await getDashboardOverview(authorize(c, 'data.read'), c.req.valid('query').year)),
);
