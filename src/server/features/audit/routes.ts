import { Hono } from 'hono';
import { AuditLogQuerySchema } from '../../../domain/contracts/audit.ts';
import type { AppEnv } from '../../context.ts';
import { authedContext, requireRole } from '../../lib/request.ts';
import { validate } from '../../lib/validate.ts';
import { requireEntitlement } from '../account/entitlements.ts';
import { listAuditLogs } from './list.ts';
import { verifyAuditLog } from './verify-service.ts';

/**
 * Settings → Audit Log (admins, on a plan with the audit log). Only reads: entries are never
 * changed or removed through the product (PUT/PATCH/DELETE fall through to the API's 404).
 */
export const auditRoutes = new Hono<AppEnv>()
  .use('/audit-logs', requireRole('admin'))
  .use('/audit-logs/*', requireRole('admin'))
  .get('/audit-logs', validate('query', AuditLogQuerySchema), async (c) => {
    const ctx = authedContext(c, 'admin');
    await requireEntitlement(ctx, 'auditLog');
    return c.json(await listAuditLogs(ctx, c.req.valid('query')));
  })
  .get('/audit-logs/verify', async (c) => {
    const ctx = authedContext(c, 'admin');
    await requireEntitlement(ctx, 'auditLog');
    return c.json(await verifyAuditLog(ctx));
  });
