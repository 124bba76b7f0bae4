import { Hono } from 'hono';
import { AUDIT_TOTAL_HEADER, AuditLogQuerySchema } from '../../../domain/contracts/audit.ts';
import type { AppEnv } from '../../context.ts';
import { authedContext, requireRole } from '../../lib/request.ts';
import { validate } from '../../lib/validate.ts';
import { requireEntitlement } from '../billing/service.ts';
import { listAuditLogFilters, listAuditLogs } from './list.ts';
import { pageLinks } from './page-links.ts';
import { verifyAuditLog } from './verify-service.ts';

/**
 * Settings → Audit Log (admins, on a plan with the audit log). Only reads: entries are never
 * changed or removed through the product (PUT/PATCH/DELETE fall through to the API's 404).
 */
export const auditRoutes = new Hono<AppEnv>()
  .use('/audit-logs', requireRole('admin'))
  .use('/audit-logs/*', requireRole('admin'))
  // spec §7: a list of entries; the total and the page links are headers (decision 054).
  .get('/audit-logs', validate('query', AuditLogQuerySchema), async (c) => {
    const ctx = authedContext(c, 'admin');
    await requireEntitlement(ctx, 'auditLog');
    const query = c.req.valid('query');
    const { entries, total } = await listAuditLogs(ctx, query);
    c.header(AUDIT_TOTAL_HEADER, String(total));
    const links = pageLinks(new URL(c.req.url), query.page, query.pageSize, total);
    if (links) c.header('Link', links);
    return c.json(entries);
  })
  .get('/audit-logs/filters', async (c) => {
    const ctx = authedContext(c, 'admin');
    await requireEntitlement(ctx, 'auditLog');
    return c.json(await listAuditLogFilters(ctx));
  })
  .get('/audit-logs/verify', async (c) => {
    const ctx = authedContext(c, 'admin');
    await requireEntitlement(ctx, 'auditLog');
    return c.json(await verifyAuditLog(ctx));
  });
