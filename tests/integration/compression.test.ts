// Issue 20 item 1: the Bun server sends the build's precompressed copies and compresses its JSON,
// negotiated by Accept-Encoding, with validators on pages so a revisit is a 304.
import { afterAll, describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompress } from '../../scripts/precompress.ts';
import { createDiskAssetStore } from '../../src/server/assets-bun.ts';
import { createTestApp, ORIGIN } from '../helpers/test-app.ts';

const dist = mkdtempSync(join(tmpdir(), 'esg-dist-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const page = `<!doctype html><html lang="en"><head><title>Support</title></head><body>${'<p>How can we help?</p>'.repeat(60)}</body></html>`;
const script = `export const rows = [${Array.from({ length: 200 }, (_, i) => `{id:${i},label:"row ${i}"}`).join(',')}];`;
const files: Record<string, string> = {
  'support/index.html': page,
  'index.html': page.replace('Support', 'Home'),
  '404.html': '<!doctype html><title>Not found</title>',
  '_astro/app.3f9a.js': script,
  'robots.txt': 'User-agent: *\n',
};
for (const [path, body] of Object.entries(files)) {
  mkdirSync(join(dist, path, '..'), { recursive: true });
  writeFileSync(join(dist, path), body);
}
const totals = precompress(dist);

const t = await createTestApp({ assets: createDiskAssetStore(dist), compressResponses: true });
const get = (path: string, headers: Record<string, string> = {}) =>
  t.app.request(`${ORIGIN}${path}`, { headers });
const bytes = async (response: Response) => new Uint8Array(await response.arrayBuffer());

describe('precompressed build files', () => {
  test('the build step writes brotli and gzip copies of text files worth compressing', () => {
    expect(totals.files).toBe(3);
    expect(totals.brotliBytes).toBeLessThan(totals.bytes / 4);
  });

  test('a browser that takes brotli gets the brotli copy of a page, which reads back as the page', async () => {
    const response = await get('/support', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toContain('Accept-Encoding');
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(new TextDecoder().decode(brotliDecompressSync(await bytes(response)))).toBe(page);
  });

  test('gzip when brotli is refused, the file itself when nothing is accepted', async () => {
    const gzip = await get('/_astro/app.3f9a.js', { 'Accept-Encoding': 'gzip, br;q=0' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gzip.headers.get('cache-control')).toContain('immutable');
    expect(new TextDecoder().decode(gunzipSync(await bytes(gzip)))).toBe(script);
    const plain = await get('/_astro/app.3f9a.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  test('a file too small to gain is sent as it is, without Vary', async () => {
    const response = await get('/robots.txt', { 'Accept-Encoding': 'br' });
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('vary')).toBeNull();
    expect(await response.text()).toBe(files['robots.txt']!);
  });

  test('a page revisited with its ETag or date is a 304 without a body; each encoding has its own tag', async () => {
    const first = await get('/support', { 'Accept-Encoding': 'br' });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+-br"$/);
    const plainTag = (await get('/support')).headers.get('etag');
    expect(plainTag).not.toBe(etag);
    const again = await get('/support', { 'Accept-Encoding': 'br', 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect((await bytes(again)).length).toBe(0);
    const byDate = await get('/support', { 'If-Modified-Since': first.headers.get('last-modified')! });
    expect(byDate.status).toBe(304);
    const changed = await get('/support', { 'Accept-Encoding': 'br', 'If-None-Match': '"other"' });
    expect(changed.status).toBe(200);
  });

  test('the session-dependent landing page varies on both Cookie and Accept-Encoding', async () => {
    const response = await get('/', { 'Accept-Encoding': 'br' });
    expect(response.headers.get('vary')).toBe('Cookie, Accept-Encoding');
  });
});

describe('JSON answers', () => {
  test('a large JSON answer is compressed for a browser that takes it, and reads back the same', async () => {
    const { cookie } = await t.signUpCompany();
    const plain = await get('/api/carbon-offsets/projects', { Cookie: cookie });
    const json = await plain.text();
    expect(json.length).toBeGreaterThan(1024);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toContain('Accept-Encoding');
    const brotli = await get('/api/carbon-offsets/projects', { Cookie: cookie, 'Accept-Encoding': 'br' });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    const body = await bytes(brotli);
    expect(body.length).toBeLessThan(json.length / 2);
    expect(new TextDecoder().decode(brotliDecompressSync(body))).toBe(json);
    const gzip = await get('/api/carbon-offsets/projects', { Cookie: cookie, 'Accept-Encoding': 'gzip' });
    expect(new TextDecoder().decode(gunzipSync(await bytes(gzip)))).toBe(json);
  });

  test('a small JSON answer with text outside ASCII reads back exactly as it was written', async () => {
    const { cookie } = await t.signUpCompany({ firstName: 'Zoë', lastName: 'Ångström–Łódź 🌱' });
    const response = await get('/api/auth/user', { Cookie: cookie, 'Accept-Encoding': 'br' });
    expect(response.headers.get('content-encoding')).toBeNull();
    const user = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(await bytes(response)));
    expect(user).toMatchObject({ firstName: 'Zoë', lastName: 'Ångström–Łódź 🌱' });
  });

  test('a small JSON answer is sent as it is', async () => {
    const response = await get('/api/auth/providers', { 'Accept-Encoding': 'br' });
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(JSON.parse(await response.text())).toEqual(expect.any(Object));
  });
});
