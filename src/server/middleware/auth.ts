import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';
import { validateSessionToken } from '../features/auth/session.ts';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from '../lib/session-cookie.ts';

/**
 * Resolves the session cookie into `c.var.principal` (user, company, role) or null. Routes that
 * need a signed-in caller use `requirePrincipal`; this middleware never refuses on its own.
 */
export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  const token = readSessionCookie(c);
  if (token) {
    const { db, now, localReader, config } = c.var.deps;
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
