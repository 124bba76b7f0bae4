// How long a provider asks us to wait before trying again (HTTP Retry-After, RFC 9110 §10.2.3), for
// every connector and the AI provider: seconds or an HTTP date. Shopify sends seconds with decimals ("2.0", its
// rate-limits guide), so a decimal is read as seconds too.

/**
 * Milliseconds to wait; null when the header is absent or unreadable. `nowMs` is the caller's
 * clock (a session's `now`), against which an HTTP date is read.
 */
export function retryAfterMs(header: string | null, nowMs: number): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.ceil(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}
