import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { isLocalhost } from './origin.ts';

export const SESSION_COOKIE = 'esg_session';

/** HttpOnly, SameSite=Lax, Secure except on localhost (browsers refuse Secure over plain http). */
export function setSessionCookie(c: Context, token: string, expiresAt: Date): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: !isLocalhost(new URL(c.req.url).hostname),
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: !isLocalhost(new URL(c.req.url).hostname) });
}

export function readSessionCookie(c: Context): string | undefined {
  const value = getCookie(c, SESSION_COOKIE);
  return value && /^[a-z2-7]{32}$/.test(value) ? value : undefined;
}
