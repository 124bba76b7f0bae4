import { isJsonContentType } from '../lib/content-type.ts';
import { isLocalhost, requestHostname } from '../lib/origin.ts';

/**
 * The document policy of pages and files (JSON answers get a shorter, stricter one below).
 * Scripts: our own files plus the exact hashes of the inline scripts Astro emits for island
 * hydration (collected at build time), never 'unsafe-inline'. Styles allow inline attributes
 * because React and Radix position popovers with `style`.
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

/**
 * The policy of JSON answers: they load nothing and are never framed. OWASP's REST Security Cheat
 * Sheet ("Security Headers") lists, for API responses, frame-ancestors 'none', nosniff,
 * X-Frame-Options and HSTS; the referrer, opener and permissions policies only act on documents.
 */
const JSON_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Sets the headers on a finished response. Called by the request-context middleware rather than
 * being a layer of its own: every Hono layer costs a few microseconds per request (bench/).
 */
export function applySecurityHeaders(headers: Headers, requestUrl: string, policy: string): void {
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('X-Frame-Options', 'DENY');
  if (isJsonContentType(headers.get('Content-Type'))) {
    headers.set('Content-Security-Policy', JSON_POLICY);
  } else {
    headers.set('Content-Security-Policy', policy);
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    headers.set('Cross-Origin-Opener-Policy', 'same-origin');
    headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
  }
  if (!isLocalhost(requestHostname(requestUrl))) {
    headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  }
}
