import { Hono } from 'hono';
import { DeleteAccountSchema } from '../../../domain/contracts/privacy.ts';
import type { AppEnv } from '../../context.ts';
import { authedContext, requireRole } from '../../lib/request.ts';
import { clearSessionCookie } from '../../lib/session-cookie.ts';
import { validate } from '../../lib/validate.ts';
import { eraseUser } from './erase.ts';
import { exportFileName, exportPersonalData } from './export.ts';
import { getDataSummary } from './summary.ts';

/** Privacy & Data Settings (spec §2, §7): any signed-in person, about themselves. */
export const privacyRoutes = new Hono<AppEnv>()
  .get('/privacy/data-summary', async (c) => c.json(await getDataSummary(authedContext(c))))
  .get('/gdpr/export-data', async (c) => {
    const ctx = authedContext(c);
    const data = await exportPersonalData(ctx);
    c.header('Content-Disposition', `attachment; filename="${exportFileName(ctx.now())}"`);
    c.header('Cache-Control', 'no-store');
    return c.body(JSON.stringify(data, null, 2), 200, { 'Content-Type': 'application/json; charset=utf-8' });
  })
  .delete('/gdpr/delete-account', requireRole('viewer'), validate('json', DeleteAccountSchema), async (c) => {
    const ctx = authedContext(c);
    // The reason is not stored anywhere (decision 021); only whether one was given is logged.
    const { reason } = c.req.valid('json');
    const outcome = await eraseUser(ctx, ctx.userId, 'request');
    ctx.log.info('account deletion reason', { reasonGiven: Boolean(reason) });
    clearSessionCookie(c);
    return c.json({ deleted: true as const, companiesDeleted: outcome.companiesDeleted });
  });
