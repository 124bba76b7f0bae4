import { afterAll, describe, expect, test } from 'bun:test';
import { fetchExchange, TransportError } from './outbound-transport.ts';

// The Worker's transport (fetch), run under Bun: the same byte limit and no redirect followed.
const chunk = new Uint8Array(16 * 1024).fill(0x20);
let sent = 0;
const server = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch(request) {
    const path = new URL(request.url).pathname;
    if (path === '/redirect') return new Response(null, { status: 302, headers: { Location: '/elsewhere' } });
    if (path === '/small') return new Response('{"ok":true}');
    return new Response(
      new ReadableStream({
        pull(controller) {
          sent += chunk.byteLength;
          controller.enqueue(chunk);
        },
      }),
    );
  },
});
afterAll(() => server.stop(true));

const exchange = (path: string, maxBytes = 64 * 1024) =>
  fetchExchange({
    url: new URL(`http://127.0.0.1:${server.port}${path}`),
    method: 'GET',
    headers: {},
    maxBytes,
    readBody: (status) => status < 300 || status >= 400,
    signal: AbortSignal.timeout(10_000),
    resolver: async () => [],
  });

describe('fetchExchange (the Worker transport)', () => {
  test('stops an endless body at the byte limit', async () => {
    const error = await exchange('/endless').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ failure: 'too_large' });
    // The read stops at the first chunk past the limit; one read of the stream is at most 1 MB.
    expect((error as TransportError).bytesRead).toBeLessThanOrEqual(64 * 1024 + 1024 * 1024);
    expect(sent).toBeGreaterThan(64 * 1024);
  });

  test('hands a redirect back instead of following it, and reads a small body whole', async () => {
    const redirect = await exchange('/redirect');
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe('/elsewhere');
    expect(new TextDecoder().decode((await exchange('/small')).bytes)).toBe('{"ok":true}');
  });
});
