// Shopify connect and callback: browser navigations (spec §7), so the answers are redirects back
// to the Data Sources screen, which shows `?connected=shopify` or `?connect_error=<reason>` as a
// toast. A caller that is not a browser page (no text/html in Accept: API clients, tests) gets
// the usual JSON error instead of a redirect from /connect. The callback never answers a 500.
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../../../context.ts';
import { HttpError } from '../../../lib/errors.ts';
import { publicOrigin } from '../../../lib/origin.ts';
import { authedContext } from '../../../lib/request.ts';
import { ConnectorUnavailable } from '../../data-sources/service.ts';
import { completeShopifyConnect, startShopifyConnect } from './shopify-connect.ts';

const DATA_SOURCES = '/data-sources';

function backWithError(c: Context<AppEnv>, message: string) {
  return c.redirect(`${DATA_SOURCES}?connect_error=${encodeURIComponent(message)}`, 302);
}

/** The words to show for a failure; anything unexpected is logged and answered generically. */
function reasonOf(c: Context<AppEnv>, error: unknown): string {
  if (error instanceof HttpError || error instanceof ConnectorUnavailable) {
    return error instanceof HttpError && error.status === 401
      ? 'Your session has ended: sign in, then connect the store again'
      : error.message;
  }
  c.var.log.warn('shopify connect failed', { error: error instanceof Error ? error.message : String(error) });
  return 'Connecting to Shopify failed; please try again';
}

/** Started from our own page (or typed in the address bar), never from another site. */
function isOwnNavigation(c: Context<AppEnv>): boolean {
  const site = c.req.header('sec-fetch-site');
  return site === undefined || site === 'same-origin' || site === 'none';
}

export const shopifyRoutes = new Hono<AppEnv>()
  .get('/integrations/shopify/connect', async (c) => {
    const browser = (c.req.header('accept') ?? '').includes('text/html');
    try {
      const ctx = authedContext(c, 'member');
      if (!isOwnNavigation(c)) {
        throw new HttpError(403, 'Start the Shopify connection from the Data Sources screen', 'forbidden');
      }
      const url = await startShopifyConnect(
        ctx,
        { shop: c.req.query('shop'), name: c.req.query('name') },
        publicOrigin(c.req.url, ctx.config.PUBLIC_URL),
      );
      return c.redirect(url, 302);
    } catch (error) {
      if (browser) return backWithError(c, reasonOf(c, error));
      if (error instanceof ConnectorUnavailable) {
        return c.json({ message: error.message, code: 'connector_unavailable' }, 501);
      }
      throw error;
    }
  })
  .get('/integrations/shopify/callback', async (c) => {
    try {
      const ctx = authedContext(c, 'member');
      const params = [...new URL(c.req.url).searchParams.entries()];
      await completeShopifyConnect(ctx, params);
      return c.redirect(`${DATA_SOURCES}?connected=shopify`, 302);
    } catch (error) {
      return backWithError(c, reasonOf(c, error));
    }
  });
