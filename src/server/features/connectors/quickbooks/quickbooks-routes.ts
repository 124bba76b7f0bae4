// QuickBooks Online connection (decision 024). POST …/connect answers the authorisation URL the
// browser navigates to (JSON, so the dialog can show a refusal); Intuit sends the browser back to
// GET …/callback, which always redirects to Data Sources with the outcome in the query string.
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { OAuthConnectSchema } from '../../../../domain/contracts/oauth-connect.ts';
import type { AppEnv } from '../../../context.ts';
import { publicOrigin } from '../../../lib/origin.ts';
import { authedContext, requireRole, serviceContext } from '../../../lib/request.ts';
import { validate } from '../../../lib/validate.ts';
import { oauthConnectorRefusal } from '../registry.ts';
import { finishQuickBooksConnect, startQuickBooksConnect } from './quickbooks-connect.ts';
import { quickBooksApp } from './quickbooks-oauth.ts';

/** Without the app credentials: the 501 "not set up on this server" answer, before the body is looked at. */
const configured = createMiddleware<AppEnv>(async (c, next) => {
  const config = c.var.deps.config;
  if (!quickBooksApp(config)) {
    return c.json(
      { message: oauthConnectorRefusal('quickbooks', config, c.var.log), code: 'connector_unavailable' },
      501,
    );
  }
  await next();
});

export const quickbooksRoutes = new Hono<AppEnv>()
  .post(
    '/integrations/quickbooks/connect',
    requireRole('member'),
    configured,
    validate('json', OAuthConnectSchema),
    async (c) => {
      const ctx = authedContext(c, 'member');
      const origin = publicOrigin(c.req.url, ctx.config.PUBLIC_URL);
      return c.json(await startQuickBooksConnect(ctx, origin, c.req.valid('json')));
    },
  )
  .get('/integrations/quickbooks/callback', async (c) => {
    const ctx = serviceContext(c);
    const location = await finishQuickBooksConnect(
      ctx,
      c.var.principal,
      publicOrigin(c.req.url, ctx.config.PUBLIC_URL),
      {
        code: c.req.query('code'),
        state: c.req.query('state'),
        realmId: c.req.query('realmId'),
        error: c.req.query('error'),
      },
    );
    return c.redirect(location, 302);
  });
