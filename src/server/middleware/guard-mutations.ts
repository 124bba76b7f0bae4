import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';
import { HttpError } from '../lib/errors.ts';
import { publicOrigin } from '../lib/origin.ts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Everything that guards a call that may write, in one layer that reads skip untouched:
 * - CSRF: cookie-authenticated mutations must come from our own pages (OWASP CSRF cheat sheet,
 *   "Verifying origin with standard headers" and Fetch Metadata). Browsers send both headers on
 *   fetch POSTs. Calls carrying a Bearer API key have no ambient credentials and are exempt.
 * - Body size: larger than `maxBytes` answers 413 before the body is read.
 */
export function guardMutations(maxBytes: number) {
  const limitBody = bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new HttpError(413, 'The request is too large', 'payload_too_large');
    },
  });
  return createMiddleware<AppEnv>(async (c, next) => {
    if (safeMethods.has(c.req.method)) return next();
    if (
      !c.req.header('authorization')?.startsWith('Bearer ') &&
      !isSameOrigin(c.req.raw, c.var.deps.config.PUBLIC_URL)
    ) {
      throw new HttpError(403, 'Cross-site request refused: send it from this site', 'csrf_rejected');
    }
    return limitBody(c, next);
  });
}

function isSameOrigin(request: Request, publicUrl: string | undefined): boolean {
  const fetchSite = request.headers.get('sec-fetch-site');
  const origin = request.headers.get('origin');
  const ownOrigins = [publicOrigin(request.url, undefined), publicOrigin(request.url, publicUrl)];
  if (fetchSite !== null) return fetchSite === 'same-origin' && (!origin || ownOrigins.includes(origin));
  return origin !== null && ownOrigins.includes(origin);
}
