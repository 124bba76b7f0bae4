import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { authorize, requirePermission } from '../../lib/permissions.ts';
import { getDashboardOverview } from './service.ts';

export const dashboardRoutes = new Hono<AppEnv>().get(
  '/dashboard/overview',
  requirePermission('data.read'),
  async (c) => c.json(await getDashboardOverview(authorize(c, 'data.read'))),
);
