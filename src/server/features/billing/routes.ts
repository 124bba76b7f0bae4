import { Hono } from 'hono';
import { CreatePlanChangeRequestSchema } from '../../../domain/contracts/billing.ts';
import type { AppEnv } from '../../context.ts';
import { authedContext, requireRole } from '../../lib/request.ts';
import { validate } from '../../lib/validate.ts';
import { getBilling, requestPlanChange } from './service.ts';

/** Settings → Billing (issue 9; docs/decisions/018). */
export const billingRoutes = new Hono<AppEnv>()
  .get('/billing', async (c) => c.json(await getBilling(authedContext(c))))
  .post(
    '/billing/plan-change-requests',
    requireRole('admin'),
    validate('json', CreatePlanChangeRequestSchema),
    async (c) => c.json(await requestPlanChange(authedContext(c, 'admin'), c.req.valid('json').plan), 201),
  );
