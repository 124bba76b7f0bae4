import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { authedContext } from '../../lib/request.ts';
import { getDashboardOverview } from './service.ts';

export const dashboardRoutes = new Hono<AppEnv>().get('/dashboard/overview', async (c) =>
  c.json(await getDashboardOverview(authedContext(c))),
);
