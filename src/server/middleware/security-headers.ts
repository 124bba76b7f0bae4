import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';
import { isLocalhost } from '../lib/origin.ts';

/**
 * Strict headers on every response. Scripts: our own files plus the exact hashes of the inline
 * scripts Astro emits for island hydration (collected at build time), never 'unsafe-inline'.
 * Styles allow inline attributes because React and Radix position popovers with `style`.
 */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const hashes = c.var.deps.assets?.inlineScriptHashes ?? [];
  const scriptSources = ["'self'", ...hashes.map((hash) => `'${hash}'`)].join(' ');
  const policy = [
    "default-src 'self'",
    `script-src ${scriptSources}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  const headers = c.res.headers;
  headers.set('Content-Security-Policy', policy);
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  headers.set('X-Frame-Options', 'DENY');
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
  if (!isLocalhost(new URL(c.req.url).hostname)) {
    headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  }
});
