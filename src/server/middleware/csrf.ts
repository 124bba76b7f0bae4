import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';
import { HttpError } from '../lib/errors.ts';
import { publicOrigin } from '../lib/origin.ts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cookie-authenticated mutations must come from our own pages (OWASP CSRF cheat sheet, "Verifying
 * origin with standard headers" and Fetch Metadata). Browsers send both headers on fetch POSTs.
 * Calls carrying a Bearer API key have no ambient credentials and are exempt.
 */
export const csrfProtection = createMiddleware<AppEnv>(async (c, next) => {
  if (safeMethods.has(c.req.method) || c.req.header('authorization')?.startsWith('Bearer ')) {
    return next();
  }
  const fetchSite = c.req.header('sec-fetch-site');
  const origin = c.req.header('origin');
  const ownOrigin = publicOrigin(c.req.url, c.var.deps.config.PUBLIC_URL);
  const sameSite =
    fetchSite !== undefined
      ? fetchSite === 'same-origin' && (!origin || origin === ownOrigin)
      : origin === ownOrigin;
  if (!sameSite) {
    throw new HttpError(403, 'Cross-site request refused: send it from this site', 'csrf_rejected');
  }
  return next();
});
