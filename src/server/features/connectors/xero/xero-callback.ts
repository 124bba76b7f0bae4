// GET /api/integrations/xero/callback: a browser navigation back from Xero's consent page, so
// every outcome is a redirect to Data Sources (`?connected=xero` or `?connect_error=<reason>`),
// never a JSON error page or a 500.
import type { Context } from 'hono';
import type { AppEnv } from '../../../context.ts';
import { HttpError } from '../../../lib/errors.ts';
import { publicOrigin } from '../../../lib/origin.ts';
import { authedContext, serviceContext } from '../../../lib/request.ts';
import { ConnectorUnavailable } from '../../data-sources/service.ts';
import { ConnectorError } from '../types.ts';
import { finishXeroConnect } from './xero-connect.ts';

/** The origin Xero must send the browser back to (PUBLIC_URL behind a proxy). */
export const requestOrigin = (c: Context<AppEnv>) => publicOrigin(c.req.url, c.var.deps.config.PUBLIC_URL);

const backTo = (c: Context<AppEnv>, query: Record<string, string>) =>
  c.redirect(`/data-sources?${new URLSearchParams(query)}`, 302);

export async function xeroCallback(c: Context<AppEnv>) {
  const query = { code: c.req.query('code'), state: c.req.query('state'), error: c.req.query('error') };
  try {
    const ctx = authedContext(c, 'member');
    await finishXeroConnect(ctx, query, requestOrigin(c));
    return backTo(c, { connected: 'xero' });
  } catch (error) {
    if (error instanceof ConnectorError || error instanceof ConnectorUnavailable) {
      return backTo(c, { connect_error: error.message });
    }
    if (error instanceof HttpError) {
      const reason =
        error.status === 401
          ? 'Sign in, then connect Xero again from Data Sources.'
          : error.status === 403
            ? 'Only members and admins can connect data sources.'
            : error.message;
      return backTo(c, { connect_error: reason });
    }
    serviceContext(c).log.error('xero callback failed', {
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    return backTo(c, { connect_error: 'Connecting Xero failed on our side. Please try again.' });
  }
}
