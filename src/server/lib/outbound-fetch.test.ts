import { afterAll, beforeEach, describe, expect, test } from 'bun:test';
import { createServer } from 'node:net';
import { startRawHttpServer } from '../../../tests/fakes/raw-http.ts';
import { OutboundError, outboundFetch } from './outbound-fetch.ts';
import { setOutboundPolicy } from './outbound-url.ts';

// 127.0.0.2 plays a public server (the policy judges that one address public); 127.0.0.1 plays the
// private network the guard must protect. Both are this machine, so nothing leaves it.
const PUBLIC = '127.0.0.2';
beforeEach(() => setOutboundPolicy({ allowPrivateNetwork: false, publicTestAddresses: [PUBLIC] }));
afterAll(() => setOutboundPolicy({ allowPrivateNetwork: false }));

const stops: (() => void)[] = [];
afterAll(() => {
  for (const stop of stops) stop();
});

function serve(hostname: string, handler: (request: Request) => Response | Promise<Response>, port = 0) {
  const hits: string[] = [];
  const server = Bun.serve({
    hostname,
    port,
    fetch: (request) => {
      hits.push(new URL(request.url).pathname);
      return handler(request);
    },
  });
  stops.push(() => server.stop(true));
  return { port: server.port as number, origin: `http://${hostname}:${server.port}`, hits };
}

/** A private service that must never be reached; on 127.0.0.1. */
const internal = serve('127.0.0.1', () => new Response('secret'));

const failureOf = async (promise: Promise<unknown>): Promise<OutboundError> => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (error instanceof OutboundError) return error;
  throw new Error(`expected an OutboundError, got ${String(error)}`);
};

const get = (url: string, extra: Partial<Parameters<typeof outboundFetch>[1]> = {}) =>
  outboundFetch(url, { timeoutMs: 10_000, maxBytes: 1024 * 1024, ...extra });

describe('outboundFetch: DNS answers are checked at connect time', () => {
  test('a name that resolves to loopback is refused and nothing is sent', async () => {
    const error = await failureOf(
      get(`http://erp.example.test:${internal.port}/x`, { resolver: async () => ['127.0.0.1'] }),
    );
    expect(error.failure).toBe('refused');
    expect(error.message).toContain('private or local network');
    const mixed = await failureOf(
      get(`http://erp.example.test:${internal.port}/x`, { resolver: async () => [PUBLIC, '10.0.0.5'] }),
    );
    expect(mixed.failure).toBe('refused');
    expect(internal.hits).toEqual([]);
  });

  test('DNS rebinding: the connection goes to the address that was checked, never to a later answer', async () => {
    const publicSide = serve(PUBLIC, () => new Response('public'));
    // Same port on the private address: a second resolution would land here.
    const privateSide = serve('127.0.0.1', () => new Response('private'), publicSide.port);
    const answers = [[PUBLIC], ['127.0.0.1'], ['127.0.0.1']];
    let lookups = 0;
    const resolver = async () => answers[lookups++] ?? ['127.0.0.1'];
    const answer = await get(`http://rebind.example.test:${publicSide.port}/feed`, { resolver });
    expect(answer.text()).toBe('public');
    expect(lookups).toBe(1);
    // The next request resolves afresh, sees the private answer and is refused before connecting.
    const error = await failureOf(get(`http://rebind.example.test:${publicSide.port}/feed`, { resolver }));
    expect(error.failure).toBe('refused');
    expect(privateSide.hits).toEqual([]);
  });

  test('refuses address literals in any spelling before connecting', async () => {
    for (const host of [
      `[::ffff:127.0.0.1]:${internal.port}`,
      `[::ffff:7f00:1]:${internal.port}`,
      `2130706433:${internal.port}`,
      `0177.0.0.1:${internal.port}`,
      `0x7f.1:${internal.port}`,
      `127.1:${internal.port}`,
      `0.0.0.0:${internal.port}`,
      `[::]:${internal.port}`,
      `localhost.:${internal.port}`,
    ]) {
      expect((await failureOf(get(`http://${host}/x#`))).failure).toBe('refused');
    }
    expect(internal.hits).toEqual([]);
  });
});

describe('outboundFetch: redirects', () => {
  const hops = new Map<string, string>();
  const redirector = serve(PUBLIC, (request) => {
    const target = hops.get(new URL(request.url).pathname);
    if (target) return new Response(null, { status: 302, headers: { Location: target } });
    return new Response('landed');
  });

  test('a public server redirecting to loopback, by any spelling or name, is refused at the hop', async () => {
    const targets = [
      `${internal.origin}/secret`,
      `http://[::ffff:127.0.0.1]:${internal.port}/secret`,
      `http://localhost:${internal.port}/secret`,
      `http://inside.example.test:${internal.port}/secret`,
      'http://[::ffff:169.254.169.254]/latest/meta-data/',
    ];
    for (const [index, target] of targets.entries()) {
      hops.set(`/bounce-${index}`, target);
      const error = await failureOf(
        get(`${redirector.origin}/bounce-${index}`, {
          maxRedirects: 3,
          resolver: async () => ['127.0.0.1'],
        }),
      );
      expect(error).toMatchObject({ failure: 'refused', redirected: true });
      expect(error.message).not.toContain(String(internal.port));
    }
    expect(internal.hits).toEqual([]);
  });

  test('follows a bounded number of public hops, and hands a 3xx back when told to follow none', async () => {
    hops.set('/one', '/two');
    hops.set('/two', '/three');
    expect((await get(`${redirector.origin}/one`, { maxRedirects: 3 })).text()).toBe('landed');
    const unfollowed = await get(`${redirector.origin}/one`);
    expect(unfollowed.status).toBe(302);
    const loop = await failureOf(get(`${redirector.origin}/one`, { maxRedirects: 1 }));
    expect(loop.failure).toBe('redirect');
    hops.set('/file', 'file:///etc/passwd');
    expect((await failureOf(get(`${redirector.origin}/file`, { maxRedirects: 3 }))).failure).toBe('redirect');
  });
});

describe('outboundFetch: the body limit holds while streaming', () => {
  const LIMIT = 256 * 1024;
  /** The read stops at the first chunk past the limit; one socket read is at most this large. */
  const SOCKET_READ = 1024 * 1024;

  test('an endless chunked answer stops at the limit', async () => {
    let sent = 0;
    const chunk = new Uint8Array(16 * 1024).fill(0x20);
    const endless = serve(
      PUBLIC,
      () =>
        new Response(
          new ReadableStream({
            pull(controller) {
              sent += chunk.byteLength;
              controller.enqueue(chunk);
            },
          }),
        ),
    );
    const error = await failureOf(get(`${endless.origin}/`, { maxBytes: LIMIT }));
    expect(error.failure).toBe('too_large');
    expect(error.bytesRead).toBeGreaterThan(LIMIT);
    expect(error.bytesRead).toBeLessThanOrEqual(LIMIT + SOCKET_READ);
    expect(sent).toBeGreaterThan(LIMIT);
  });

  /** A raw HTTP/1.1 server on the "public" address, stopped after the file. */
  function rawServer(head: string, total: number) {
    const raw = startRawHttpServer(head, total, PUBLIC);
    stops.push(raw.stop);
    return raw;
  }

  test('an answer without Content-Length, read until close, stops at the limit', async () => {
    const raw = rawServer(
      'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n',
      64 * 1024 * 1024,
    );
    const port = await raw.port;
    const error = await failureOf(get(`http://${PUBLIC}:${port}/`, { maxBytes: LIMIT }));
    expect(error.failure).toBe('too_large');
    expect(error.bytesRead).toBeLessThanOrEqual(LIMIT + SOCKET_READ);
    // The server could not push the whole 64 MB: the reader stopped and closed the connection.
    expect(raw.written()).toBeLessThan(64 * 1024 * 1024);
  });

  test('a Content-Length above the limit is refused before reading, and one that lies low cuts the body', async () => {
    const declaredHuge = rawServer('HTTP/1.1 200 OK\r\nContent-Length: 999999999999\r\n\r\n', 0);
    const hugePort = await declaredHuge.port;
    const huge = await failureOf(get(`http://${PUBLIC}:${hugePort}/`, { maxBytes: LIMIT }));
    expect(huge).toMatchObject({ failure: 'too_large', bytesRead: 0 });
    const lying = rawServer(
      'HTTP/1.1 200 OK\r\nContent-Length: 10\r\nConnection: close\r\n\r\n',
      4 * 1024 * 1024,
    );
    const lyingPort = await lying.port;
    const outcome = await get(`http://${PUBLIC}:${lyingPort}/`, { maxBytes: LIMIT }).then(
      (answer) => answer.bytes.byteLength,
      (error: OutboundError) => error.failure,
    );
    expect([10, 'unreachable']).toContain(outcome);
  });
});

describe('outboundFetch: failures read alike', () => {
  test('a closed port, a silent server and a reset connection all read "could not be reached"', async () => {
    const closed = serve(PUBLIC, () => new Response(''));
    stops.pop()!();
    const silent = createServer(() => {});
    const reset = createServer((socket) => socket.destroy());
    const listen = (server: ReturnType<typeof createServer>) =>
      new Promise<number>((done) =>
        server.listen(0, PUBLIC, () => done((server.address() as { port: number }).port)),
      );
    const [silentPort, resetPort] = [await listen(silent), await listen(reset)];
    stops.push(
      () => silent.close(),
      () => reset.close(),
    );
    const messages = new Set<string>();
    for (const [port, timeoutMs] of [
      [closed.port, 10_000],
      [silentPort, 300],
      [resetPort, 10_000],
    ] as const) {
      const error = await failureOf(get(`http://${PUBLIC}:${port}/`, { timeoutMs }));
      expect(error.failure).toBe('unreachable');
      messages.add(error.message);
    }
    expect([...messages]).toEqual(['The server could not be reached.']);
  });

  test('credentials in the URL go as Basic authentication to that origin only', async () => {
    const seen: (string | null)[] = [];
    const echo = serve(PUBLIC, (request) => {
      seen.push(request.headers.get('authorization'));
      return new URL(request.url).pathname === '/away'
        ? new Response(null, { status: 302, headers: { Location: `http://${PUBLIC}:${echo2.port}/` } })
        : new Response('ok');
    });
    const echo2 = serve(PUBLIC, (request) => {
      seen.push(request.headers.get('authorization'));
      return new Response('ok');
    });
    await get(`http://feed:s%C3%A9cret@${PUBLIC}:${echo.port}/away`, { maxRedirects: 1 });
    expect(seen).toEqual([`Basic ${btoa('feed:s\u00c3\u00a9cret')}`, null]);
  });
});
