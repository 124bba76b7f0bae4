import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { isLocalhost, requestHostname } from './origin.ts';

export const SESSION_COOKIE = 'esg_session';

/** HttpOnly, SameSite=Lax, Secure except on localhost (browsers refuse Secure over plain http). */
export function setSessionCookie(c: Context, token: string, expiresAt: Date): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: !isLocalhost(requestHostname(c.req.url)),
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: !isLocalhost(requestHostname(c.req.url)) });
}

/** Our token is 32 base32 characters; reading just that cookie skips a full header parse. */
const sessionCookiePattern = /(?:^|;\s*)esg_session=([a-z2-7]{32})(?:;|$)/;

export function readSessionCookie(c: Context): string | undefined {
  const header = c.req.header('cookie');
  return header ? sessionCookiePattern.exec(header)?.[1] : undefined;
}
