import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit.ts';
import { jpegHeader, pngImage, webpHeader } from '../fixtures/images/encode.ts';
import { callWithKey, createKey, joinCompany } from '../helpers/api-keys.ts';
import { createTestApp, ORIGIN } from '../helpers/test-app.ts';

let clock = new Date('2026-03-02T09:00:00Z');
const t = await createTestApp({ now: () => clock });

/** POST /api/auth/user/photo as the browser sends it: multipart, field `photo`. */
async function upload(cookie: string, bytes: Uint8Array, type = 'image/png', field = 'photo') {
  const form = new FormData();
  form.append(field, new File([bytes as Uint8Array<ArrayBuffer>], 'me.bin', { type }));
  const response = await t.app.request(`${ORIGIN}/api/auth/user/photo`, {
    method: 'POST',
    headers: { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin', Cookie: cookie },
    body: form,
  });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: assertions read whatever JSON the endpoint answered
  return { status: response.status, json: (text ? JSON.parse(text) : null) as any };
}

async function fetchPhoto(path: string, cookie?: string) {
  return t.app.request(`${ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

describe('profile photo', () => {
  test('stores a square photo, points the profile at it and serves it to the company only', async () => {
    const owner = await t.signUpCompany();
    const png = pngImage(512, 512);
    const uploaded = await upload(owner.cookie, png);
    expect(uploaded.status).toBe(200);
    const url = `/api/users/${owner.user.id}/photo?v=${clock.getTime()}`;
    expect(uploaded.json.profileImageUrl).toBe(url);
    expect((await t.call('GET', '/api/auth/user', { cookie: owner.cookie })).json.profileImageUrl).toBe(url);

    const served = await fetchPhoto(url, owner.cookie);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect([...new Uint8Array(await served.arrayBuffer())]).toEqual([...png]);

    const colleague = await joinCompany(t, owner.user.companyId, 'viewer');
    expect((await fetchPhoto(url, colleague.cookie)).status).toBe(200);
    const stranger = await t.signUpCompany();
    expect((await fetchPhoto(url, stranger.cookie)).status).toBe(404);
    expect((await fetchPhoto(url)).status).toBe(401);

    const actions = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.companyId, owner.user.companyId))
      .all();
    expect(actions.map((row) => row.action)).toContain('profile_photo_updated');
  });

  test('a new upload changes the version; the old URL must revalidate', async () => {
    const { cookie, user } = await t.signUpCompany();
    await upload(cookie, pngImage(256, 256));
    const first = `/api/users/${user.id}/photo?v=${clock.getTime()}`;
    clock = new Date(clock.getTime() + 5000);
    const second = await upload(cookie, webpHeader(512, 512), 'image/webp');
    expect(second.json.profileImageUrl).toBe(`/api/users/${user.id}/photo?v=${clock.getTime()}`);
    const stale = await fetchPhoto(first, cookie);
    expect(stale.headers.get('cache-control')).toBe('private, no-cache');
    expect(stale.headers.get('content-type')).toBe('image/webp');
  });

  test('accepts JPEG and WebP by their bytes and refuses anything else with 415', async () => {
    const { cookie } = await t.signUpCompany();
    expect((await upload(cookie, jpegHeader(512, 512), 'application/octet-stream')).status).toBe(200);
    expect((await upload(cookie, webpHeader(400, 400), 'image/png')).status).toBe(200);
    const gif = new TextEncoder().encode('GIF89a\u0010\u0000\u0010\u0000');
    for (const bytes of [gif, new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>')]) {
      const refused = await upload(cookie, bytes, 'image/png');
      expect(refused.status).toBe(415);
      expect(refused.json).toEqual({
        message: 'The photo must be a PNG, JPEG or WebP image',
        code: 'unsupported_media_type',
      });
    }
  });

  test('refuses a photo over 1 MB with 413, and one that is not square or too large with 422', async () => {
    const { cookie, user } = await t.signUpCompany();
    const big = new Uint8Array(1024 * 1024 + 1);
    big.set(pngImage(16, 16));
    const tooBig = await upload(cookie, big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.json.message).toBe('The photo must be 1 MB or smaller');
    // Far above the limit, the body guard refuses it before reading, in the same words.
    const farTooBig = new Uint8Array(3 * 1024 * 1024);
    farTooBig.set(pngImage(16, 16));
    const refusedEarly = await upload(cookie, farTooBig);
    expect(refusedEarly.status).toBe(413);
    expect(refusedEarly.json.message).toBe('The photo must be 1 MB or smaller');

    const oblong = await upload(cookie, pngImage(600, 400));
    expect(oblong.status).toBe(422);
    expect(oblong.json.details.fieldErrors.photo).toEqual([
      'The photo must be square (it is 600×400 pixels)',
    ]);
    const huge = await upload(cookie, jpegHeader(2048, 2048));
    expect(huge.status).toBe(422);
    expect(huge.json.message).toContain('between 32 and 1024 pixels');
    expect((await upload(cookie, pngImage(8, 8), 'image/png', 'file')).status).toBe(400);
    expect((await t.call('GET', '/api/auth/user', { cookie })).json.profileImageUrl).toBeNull();
    expect(user.profileImageUrl).toBeNull();
  });

  test('removing the photo clears the profile and the stored image', async () => {
    const { cookie, user } = await t.signUpCompany();
    const uploaded = await upload(cookie, pngImage(128, 128));
    const removed = await t.call('DELETE', '/api/auth/user/photo', { cookie });
    expect(removed.status).toBe(200);
    expect(removed.json.profileImageUrl).toBeNull();
    expect((await fetchPhoto(uploaded.json.profileImageUrl, cookie)).status).toBe(404);
    expect((await t.call('GET', '/api/auth/user', { cookie })).json.profileImageUrl).toBeNull();
    expect(user.id).toBeTruthy();
  });

  test('an API key can neither upload nor read photos', async () => {
    const { cookie, user } = await t.signUpCompany();
    await upload(cookie, pngImage(64, 64));
    const { secret } = await createKey(t, cookie);
    const read = await callWithKey(t, 'GET', `/api/users/${user.id}/photo`, secret);
    expect(read.status).toBe(403);
    expect(read.json.code).toBe('session_required');
    const remove = await callWithKey(t, 'DELETE', '/api/auth/user/photo', secret);
    expect(remove.status).toBe(403);
  });
});
