import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';
import { isLocalhost, requestHostname } from '../lib/origin.ts';

/**
 * Strict headers on every response. Scripts: our own files plus the exact hashes of the inline
 * scripts Astro emits for island hydration (collected at build time), never 'unsafe-inline'.
 * Styles allow inline attributes because React and Radix position popovers with `style`.
 */
export function contentSecurityPolicy(inlineScriptHashes: readonly string[]): string {
  const scriptSources = ["'self'", ...inlineScriptHashes.map((hash) => `'${hash}'`)].join(' ');
  return [
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
}

/** Built once per app: the policy depends only on the build's inline-script hashes. */
export function securityHeaders(inlineScriptHashes: readonly string[]) {
  const policy = contentSecurityPolicy(inlineScriptHashes);
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('Content-Security-Policy', policy);
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    headers.set('X-Frame-Options', 'DENY');
    headers.set('Cross-Origin-Opener-Policy', 'same-origin');
    headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (!isLocalhost(requestHostname(c.req.url))) {
      headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
    }
  });
}
