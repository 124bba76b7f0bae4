import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';
import {
  authenticateApiKey,
  bearerToken,
  hasBearerScheme,
  invalidApiKey,
} from '../features/api-keys/authenticate.ts';
import { assertApiKeyMayCall } from '../features/api-keys/session-only.ts';
import { validateSessionToken } from '../features/auth/session.ts';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from '../lib/session-cookie.ts';

/**
 * Resolves the caller into `c.var.principal` (user, company, role) or null. An API call with
 * `Authorization: Bearer` is authenticated by that key alone (never by a cookie sent alongside,
 * and a bad key never falls back to one): 401 for an unknown, revoked or regenerated key, 403 for
 * a call outside the public API. Otherwise the session cookie decides; this never refuses a
 * cookie request on its own (routes call `authedContext`).
 */
export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  const authorization = c.req.header('authorization');
  if (c.req.path.startsWith('/api/') && hasBearerScheme(authorization)) {
    const token = bearerToken(authorization);
    if (!token) throw invalidApiKey();
    const { db, now, config } = c.get('deps');
    const principal = await authenticateApiKey(
      { db, config, ip: c.get('clientIp')(), now: now ? now() : new Date() },
      token,
    );
    assertApiKeyMayCall(c.req.method, c.req.path);
    c.set('principal', principal);
    return next();
  }
  const token = readSessionCookie(c);
  if (token) {
    // c.get, not c.var: Hono's `c.var` copies every variable into a new object on each read.
    const { db, now, localReader, config } = c.get('deps');
    const validation = await validateSessionToken(db, token, now ? now() : new Date(), {
      reader: localReader,
      cacheMs: config.SESSION_CACHE_MS,
    });
    if (validation) {
      c.set('principal', validation.principal);
      c.set('currentUser', validation.user);
      if (validation.renewedExpiresAt) setSessionCookie(c, token, validation.renewedExpiresAt);
    } else {
      clearSessionCookie(c);
    }
  }
  await next();
});
