import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';
import { HttpError } from '../lib/errors.ts';
import { publicOrigin } from '../lib/origin.ts';
import { isSafeMethod } from '../lib/safe-method.ts';
import { SESSION_COOKIE } from '../lib/session-cookie.ts';

/**
 * Everything that guards a call that may write, in one layer that reads skip untouched:
 * - CSRF: cookie-authenticated mutations must come from our own pages (OWASP CSRF cheat sheet,
 *   "Verifying origin with standard headers" and Fetch Metadata). Browsers send both headers on
 *   fetch POSTs. A call authenticated by an API key (the auth middleware has already checked it)
 *   that carries no session cookie has no ambient credential and is exempt; a session cookie
 *   sent along with a key still needs our origin, so a header alone never switches the check off.
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
    if (isSafeMethod(c.req.method)) return next();
    const keyWithoutCookie = !!c.var.principal?.apiKeyId && !hasSessionCookie(c.req.header('cookie'));
    if (!keyWithoutCookie && !isSameOrigin(c.req.raw, c.var.deps.config.PUBLIC_URL)) {
      throw new HttpError(403, 'Cross-site request refused: send it from this site', 'csrf_rejected');
    }
    return limitBody(c, next);
  });
}

const sessionCookiePresent = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=`);

function hasSessionCookie(header: string | undefined): boolean {
  return !!header && sessionCookiePresent.test(header);
}

function isSameOrigin(request: Request, publicUrl: string | undefined): boolean {
  const fetchSite = request.headers.get('sec-fetch-site');
  const origin = request.headers.get('origin');
  const ownOrigins = [publicOrigin(request.url, undefined), publicOrigin(request.url, publicUrl)];
  if (fetchSite !== null) return fetchSite === 'same-origin' && (!origin || ownOrigins.includes(origin));
  return origin !== null && ownOrigins.includes(origin);
}
