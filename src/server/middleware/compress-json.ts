import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';
import { chooseEncoding } from '../lib/accept-encoding.ts';

/** Smaller answers gain less than the compression costs (and fit one packet either way). */
const MIN_BYTES = 1024;
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

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
    if (
      c.req.method === 'HEAD' ||
      !response.body ||
      response.headers.has('Content-Encoding') ||
      !JSON_TYPE.test(response.headers.get('Content-Type') ?? '') ||
      /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(response.headers.get('Cache-Control') ?? '')
    ) {
      return;
    }
    const vary = response.headers.get('Vary');
    if (!vary?.toLowerCase().includes('accept-encoding')) {
      response.headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    }
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
    if (!encoding) return;
    const raw = new Uint8Array(await response.arrayBuffer());
    const body =
      raw.length < MIN_BYTES
        ? raw
        : encoding === 'br'
          ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
          : gzipSync(raw, { level: 6 });
    const headers = new Headers(response.headers);
    headers.delete('Content-Length');
    if (body !== raw) headers.set('Content-Encoding', encoding);
    c.res = undefined;
    c.res = new Response(body, { status: response.status, statusText: response.statusText, headers });
  };
}
