import type { Context } from 'hono';
import type { AppEnv, AssetStore } from './context.ts';

/**
 * Pages that exist in two variants: the public one, and the signed-in one built under
 * `src/pages/signed-in/`. The server picks by session, so a visitor never downloads the app and a
 * signed-in user never sees the landing page flash (spec §2 route table).
 */
const sessionAwarePages = new Set(['/', '/terms-of-service', '/privacy-policy']);
const SIGNED_IN_PREFIX = '/signed-in';

/** Hashed build files never change under the same name. */
const immutableAsset = /^\/_astro\//;

export async function servePage(c: Context<AppEnv>, assets: AssetStore): Promise<Response> {
  const path = normalise(c.req.path);
  const request = c.req.raw;
  const notFoundPage = async () => {
    const page = await assets.get('/404.html', request);
    return withHeaders(page, 404, 'no-cache') ?? c.text('Not found', 404);
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
    if (page) return withHeaders(page, 200, 'private, no-cache', 'Cookie')!;
    return notFoundPage();
  }
  if (!/\.[a-z0-9]+$/i.test(path)) {
    const page = await assets.get(`${path}/index.html`, request);
    if (page) return withHeaders(page, 200, 'no-cache')!;
    return notFoundPage();
  }
  const file = await assets.get(path, request);
  if (!file) return notFoundPage();
  return withHeaders(
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

function withHeaders(response: Response | null, status: number, cacheControl: string, vary?: string) {
  if (!response) return null;
  const headers = new Headers(response.headers);
  headers.set('Cache-Control', cacheControl);
  if (vary) headers.set('Vary', vary);
  return new Response(response.body, { status, headers });
}
