import type { Context } from 'hono';
import type { AppEnv, AssetStore } from './context.ts';

/**
 * Pages that exist in two variants: the public one, and the signed-in one built under
 * `src/pages/signed-in/`. The server picks by session, so a visitor never downloads the app and a
 * signed-in user never sees the landing page flash (spec §2 route table).
 */
const sessionAwarePages = new Set(['/', '/terms-of-service', '/privacy-policy']);
const SIGNED_IN_PREFIX = '/signed-in';

/**
 * Pages whose last segment is an identifier the screen reads from the address: a static build has
 * one file for all of them (issue 22: a data request at /requests/{id}; decision 079). The pattern
 * only admits the characters of ids.
 */
const templatePages: readonly { pattern: RegExp; file: string }[] = [
  { pattern: /^\/requests\/[A-Za-z0-9_-]{1,100}$/, file: '/requests/detail/index.html' },
];

/** The built file that answers a page path without a file of its own, or null. */
export function templatePageFile(path: string): string | null {
  return templatePages.find((page) => page.pattern.test(path))?.file ?? null;
}

/** Hashed build files never change under the same name. */
const immutableAsset = /^\/_astro\//;

export async function servePage(c: Context<AppEnv>, assets: AssetStore): Promise<Response> {
  const path = normalise(c.req.path);
  const request = c.req.raw;
  const notFoundPage = async () => {
    const page = await assets.get('/404.html', request);
    return withHeaders(request, page, 404, 'no-cache') ?? c.text('Not found', 404);
  };
  if (
    path === null ||
    path === SIGNED_IN_PREFIX ||
    path.startsWith(`${SIGNED_IN_PREFIX}/`) ||
    path === '/404' ||
    path === '/404.html'
  ) {
    return notFoundPage();
  }
  if (sessionAwarePages.has(path)) {
    const variant = c.var.principal
      ? `${SIGNED_IN_PREFIX}${path === '/' ? '' : path}`
      : path === '/'
        ? ''
        : path;
    const page = await assets.get(`${variant}/index.html`, request);
    // The same URL answers differently per session: caches must not share it.
    if (page) return withHeaders(request, page, 200, 'private, no-cache', 'Cookie')!;
    return notFoundPage();
  }
  if (!/\.[a-z0-9]+$/i.test(path)) {
    const page = await assets.get(`${path}/index.html`, request);
    if (page) return withHeaders(request, page, 200, 'no-cache')!;
    const template = templatePageFile(path);
    const templatePage = template ? await assets.get(template, request) : null;
    if (templatePage) return withHeaders(request, templatePage, 200, 'no-cache')!;
    return notFoundPage();
  }
  const file = await assets.get(path, request);
  if (!file) return notFoundPage();
  return withHeaders(
    request,
    file,
    200,
    immutableAsset.test(path) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
  )!;
}

/** Rejects traversal and odd characters; strips a trailing slash. */
function normalise(path: string): string | null {
  if (path.includes('..') || path.includes('\\') || path.includes('\0')) return null;
  if (path.length > 1 && path.endsWith('/')) return path.slice(0, -1);
  return path;
}

function withHeaders(
  request: Request,
  response: Response | null,
  status: number,
  cacheControl: string,
  vary?: string,
) {
  if (!response) return null;
  const headers = new Headers(response.headers);
  headers.set('Cache-Control', cacheControl);
  if (vary) headers.set('Vary', [vary, headers.get('Vary')].filter(Boolean).join(', '));
  if (status === 200 && unchanged(request, headers)) {
    // RFC 9110 §15.4.5: a 304 carries the validators and caching headers, never a body.
    headers.delete('Content-Length');
    headers.delete('Content-Encoding');
    return new Response(null, { status: 304, headers });
  }
  return new Response(response.body, { status, headers });
}

/** If-None-Match (weak comparison, RFC 9110 §13.1.2) wins over If-Modified-Since, as the RFC says. */
function unchanged(request: Request, headers: Headers): boolean {
  const etag = headers.get('ETag');
  const ifNoneMatch = request.headers.get('If-None-Match');
  if (ifNoneMatch !== null) {
    if (!etag) return false;
    const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
    return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
  }
  const lastModified = headers.get('Last-Modified');
  const ifModifiedSince = request.headers.get('If-Modified-Since');
  if (!lastModified || !ifModifiedSince) return false;
  const since = Date.parse(ifModifiedSince);
  return Number.isFinite(since) && Date.parse(lastModified) <= since;
}
