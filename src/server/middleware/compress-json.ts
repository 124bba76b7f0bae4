import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';
import { type ContentEncoding, chooseEncoding } from '../lib/accept-encoding.ts';
import { isJsonContentType } from '../lib/content-type.ts';

/** Smaller answers gain less than the compression costs (and fit one packet either way). */
const MIN_BYTES = 1024;

/**
 * Compresses the API's JSON answers on Bun (issue 20 item 1); Cloudflare compresses the Worker's
 * itself. Pages and build files are precompressed at build time (scripts/precompress.ts), streams
 * (text/event-stream) and downloads are not JSON and pass untouched. Brotli at quality 4 is the
 * usual choice for dynamic content: close to gzip's speed, smaller output.
 */
export function compressJson(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const response = c.res;
    const headers = response.headers;
    if (
      c.req.method === 'HEAD' ||
      NULL_BODY_STATUSES.has(response.status) ||
      headers.has('Content-Encoding') ||
      !isJsonContentType(headers.get('Content-Type')) ||
      /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(headers.get('Cache-Control') ?? '')
    ) {
      return;
    }
    const vary = headers.get('Vary');
    if (!vary?.toLowerCase().includes('accept-encoding')) {
      headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    }
    const encoding = acceptedEncoding(c.req.header('Accept-Encoding'));
    if (!encoding) return;
    // Read as text: JSON exchanged between systems is UTF-8 (RFC 8259 §8.1), so the text is exact,
    // and handing a string back to Bun is cheaper than copying bytes. A UTF-16 code unit takes at
    // most 3 bytes in UTF-8, so a short text needs no encoding to know it is small.
    const text = await response.text();
    const raw = text.length * 3 < MIN_BYTES ? null : Buffer.from(text);
    c.res = undefined;
    if (!raw || raw.length < MIN_BYTES) {
      // The body has been read: the same text again, with the response's status and headers.
      c.res = new Response(text, response);
      return;
    }
    const body =
      encoding === 'br'
        ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
        : gzipSync(raw, { level: 6 });
    const compressed = new Headers(headers);
    compressed.delete('Content-Length');
    compressed.set('Content-Encoding', encoding);
    c.res = new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: compressed,
    });
  };
}

/** Statuses whose responses carry no body (Fetch standard, "null body status"). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * `chooseEncoding` remembered per header value: a browser sends the same Accept-Encoding on every
 * call, and parsing it was a visible share of a small API call's time.
 */
const choices = new Map<string, ContentEncoding | null>();
const MAX_REMEMBERED = 64;

function acceptedEncoding(header: string | undefined): ContentEncoding | null {
  if (!header) return null;
  let choice = choices.get(header);
  if (choice === undefined) {
    choice = chooseEncoding(header);
    if (choices.size >= MAX_REMEMBERED) choices.clear();
    choices.set(header, choice);
  }
  return choice;
}
