import { describe, expect, test } from 'bun:test';
import type { AssetStore } from '../../src/server/context.ts';
import { createTestApp } from '../helpers/test-app.ts';

/** A build with one marker per file, so each test sees which file the server chose. */
const files: Record<string, string> = {
  '/index.html': 'landing',
  '/signed-in/index.html': 'dashboard',
  '/terms-of-service/index.html': 'terms-public',
  '/signed-in/terms-of-service/index.html': 'terms-app',
  '/support/index.html': 'support',
  '/404.html': 'not-found',
  '/_astro/app.123.js': 'js',
};
const assets: AssetStore = {
  inlineScriptHashes: ['sha256-abc='],
  async get(path) {
    const body = files[path];
    return body === undefined ? null : new Response(body, { headers: { 'Content-Type': 'text/html' } });
  },
};
const t = await createTestApp({ assets });

describe('pages', () => {
  test('/ is the landing page for visitors and the dashboard for a session', async () => {
    expect((await t.call('GET', '/')).text).toBe('landing');
    const { cookie } = await t.signUpCompany();
    const signedIn = await t.call('GET', '/', { cookie });
    expect(signedIn.text).toBe('dashboard');
    expect(signedIn.headers.get('cache-control')).toBe('private, no-cache');
    expect(signedIn.headers.get('vary')).toBe('Cookie');
  });

  test('legal pages show the app shell only when signed in', async () => {
    expect((await t.call('GET', '/terms-of-service')).text).toBe('terms-public');
    const { cookie } = await t.signUpCompany();
    expect((await t.call('GET', '/terms-of-service/', { cookie })).text).toBe('terms-app');
  });

  test('unknown paths and the internal variants answer the 404 page', async () => {
    for (const path of [
      '/nope',
      '/signed-in',
      '/signed-in/index.html',
      '/404',
      '/404.html',
      '/a/../signed-in',
    ]) {
      const response = await t.call('GET', path);
      expect(response.status).toBe(404);
      expect(response.text).toBe('not-found');
    }
  });

  test('hashed build files are cached for a year, pages are revalidated', async () => {
    expect((await t.call('GET', '/_astro/app.123.js')).headers.get('cache-control')).toContain('immutable');
    expect((await t.call('GET', '/support')).headers.get('cache-control')).toBe('no-cache');
  });

  test('the CSP allows exactly the build-time hashes of inline scripts', async () => {
    const policy = (await t.call('GET', '/')).headers.get('content-security-policy')!;
    expect(/script-src ([^;]*)/.exec(policy)![1]).toBe("'self' 'sha256-abc='");
    expect(policy).not.toContain("unsafe-inline'; script");
  });

  test('pages carry the whole document policy: CSP, framing, sniffing, referrer, opener, permissions', async () => {
    const { headers } = await t.call('GET', '/support');
    const policy = headers.get('content-security-policy')!;
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(headers.get('permissions-policy')).toContain('camera=()');
  });

  test('other methods on pages answer 405 JSON', async () => {
    const response = await t.call('POST', '/support', { body: {} });
    expect(response.status).toBe(405);
  });
});
