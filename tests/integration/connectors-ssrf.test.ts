import { afterAll, describe, expect, test } from 'bun:test';
import { createServer } from 'node:net';
import { setOutboundPolicy } from '../../src/server/lib/outbound-url.ts';
import { sampleOdooData, startFakeOdoo } from '../fakes/odoo.ts';
import { startFakeOffsetFeed } from '../fakes/offset-feed.ts';
import { createTestApp, TEST_SECRETS_KEY } from '../helpers/test-app.ts';

// The SSRF guard as production runs it (CONNECTOR_ALLOW_PRIVATE_NETWORK off), decision 040: a typed
// Odoo URL, the offset feed or a redirect that points at this machine or a private network is
// refused before any request reaches it. 127.0.0.2 plays a public server (the one address the
// policy judges public); the fakes on 127.0.0.1 play the private network and must see nothing.
const t = await createTestApp({
  env: {
    SECRETS_KEY: TEST_SECRETS_KEY,
    CONNECTOR_ALLOW_PRIVATE_NETWORK: 'false',
  },
});
const PUBLIC = '127.0.0.2';
setOutboundPolicy({ allowPrivateNetwork: false, publicTestAddresses: [PUBLIC] });
const fake = startFakeOdoo(sampleOdooData());
const internalFeed = startFakeOffsetFeed();
const stops: (() => void)[] = [() => fake.stop(), () => internalFeed.stop()];
afterAll(() => {
  for (const stop of stops) stop();
  setOutboundPolicy({ allowPrivateNetwork: false });
});

/** A server on the "public" address; `respond` decides each answer. */
function publicServer(respond: (request: Request) => Response) {
  const server = Bun.serve({ hostname: PUBLIC, port: 0, fetch: respond });
  stops.push(() => server.stop(true));
  return `http://${PUBLIC}:${server.port}`;
}

const port = new URL(fake.url).port;
const { cookie } = await t.signUpCompany();
const connect = (baseUrl: string) =>
  t.call('POST', '/api/integrations/odoo/connect', {
    cookie,
    body: { baseUrl, database: 'acme', username: 'admin', apiKey: 'key', name: 'Books' },
  });

describe('Odoo server URL on a private network', () => {
  test.each([
    fake.url,
    `http://[::ffff:127.0.0.1]:${port}`,
    `http://[::ffff:7f00:1]:${port}/any/path`,
    'http://[::ffff:169.254.169.254]',
    'http://169.254.169.254',
    `http://2130706433:${port}`,
    `http://0177.0.0.1:${port}`,
    `http://0x7f.1:${port}`,
    `http://127.1:${port}`,
    `http://0.0.0.0:${port}`,
    `http://[::]:${port}`,
    `http://[::127.0.0.1]:${port}`,
    `http://[64:ff9b::7f00:1]:${port}`,
    `http://localhost.:${port}`,
    'http://10.0.0.8:8069',
    'http://localhost:8069',
  ])('refuses %s with a readable reason and stores nothing', async (baseUrl) => {
    const response = await connect(baseUrl);
    expect(response.status).toBe(422);
    expect(response.json.message).toContain('private or local network');
    expect((await t.call('GET', '/api/data-sources', { cookie })).json).toEqual([]);
  });

  test('refuses a "#", "?" or credentials in the address, so the path cannot be steered', async () => {
    for (const [baseUrl, words] of [
      [`http://[::ffff:127.0.0.1]:${port}/any/path#`, 'without a "?" or "#" part'],
      [`${publicServer(() => new Response(''))}/web/database/manager#`, 'without a "?" or "#" part'],
      ['https://acme.odoo.com/steer?to=/admin', 'without a "?" or "#" part'],
      ['https://acme.odoo.com?', 'without a "?" or "#" part'],
      ['https://admin:secret@acme.odoo.com', 'without a user name or password'],
    ]) {
      const response = await connect(baseUrl!);
      expect(response.status).toBe(400);
      expect(response.json.message).toContain(words);
    }
    expect((await t.call('GET', '/api/data-sources', { cookie })).json).toEqual([]);
  });

  test('the private fake saw no request at all', () => {
    expect(fake.calls).toEqual([]);
  });
});

describe('Odoo answers are not relayed', () => {
  test('a public server redirecting to loopback is refused and the key never reaches loopback', async () => {
    const redirecting = publicServer(
      () => new Response(null, { status: 307, headers: { Location: `${fake.url}/jsonrpc` } }),
    );
    const response = await connect(redirecting);
    expect(response.status).toBe(422);
    expect(response.json.message).toBe(
      `The Odoo server at ${redirecting} redirects to another address (HTTP 307): enter the address Odoo itself answers on`,
    );
    expect(response.json.message).not.toContain(port);
    expect(fake.calls).toEqual([]);
  });

  test('remote error text is not echoed: HTTP errors and JSON-RPC errors read in our words', async () => {
    const secret = 'db_password=hunter2 at /srv/internal';
    const failing = publicServer(() => new Response(secret, { status: 502 }));
    const refusing = publicServer(() =>
      Response.json({ jsonrpc: '2.0', id: 1, error: { code: 200, message: secret, data: { name: secret } } }),
    );
    const htmlServer = publicServer(() => new Response(`<html>${secret}</html>`));
    const messages = [];
    for (const baseUrl of [failing, refusing, htmlServer]) {
      const response = await connect(baseUrl);
      expect(response.status).toBe(422);
      messages.push(response.json.message as string);
    }
    expect(messages).toEqual([
      'The Odoo server answered with an error (HTTP 502)',
      'Odoo refused the request: Odoo reported an error',
      `The server at ${htmlServer} did not answer as Odoo does (no JSON-RPC)`,
    ]);
    expect(messages.join(' ')).not.toContain('hunter2');
  });

  test('a closed port, a reset connection and a server that speaks no HTTP read the same', async () => {
    const closed = Bun.serve({ hostname: PUBLIC, port: 0, fetch: () => new Response('') });
    const closedPort = closed.port;
    closed.stop(true);
    const listen = (onSocket: (socket: import('node:net').Socket) => void) => {
      const server = createServer(onSocket);
      stops.push(() => server.close());
      return new Promise<number>((done) =>
        server.listen(0, PUBLIC, () => done((server.address() as { port: number }).port)),
      );
    };
    const resetPort = await listen((socket) => socket.destroy());
    const sshPort = await listen((socket) => socket.end('SSH-2.0-OpenSSH_9.6\r\n'));
    const messages = new Set<string>();
    for (const scanned of [closedPort, resetPort, sshPort]) {
      const response = await connect(`http://${PUBLIC}:${scanned}`);
      expect(response.status).toBe(422);
      messages.add((response.json.message as string).replace(String(scanned), 'PORT'));
    }
    expect([...messages]).toEqual([
      `Could not reach the Odoo server at http://${PUBLIC}:PORT: check the address and that the server is online`,
    ]);
  });
});

describe('Offset feed and its redirects', () => {
  const sync = async (feed: string) => {
    t.config.CARBON_OFFSET_FEED = feed;
    return t.call('POST', '/api/carbon-offsets/sync', { cookie });
  };

  test('a feed on a private address is refused with a clear message', async () => {
    const response = await sync(internalFeed.url());
    expect(response.status).toBe(502);
    expect(response.json.message).toBe(
      `The offset feed at ${internalFeed.url()} is on a private or local network, which ESG Pilot does not call: serve the feed from a public address or set CARBON_OFFSET_FEED to a file`,
    );
    expect(internalFeed.requestCount()).toBe(0);
  });

  test('a public feed redirecting into loopback is refused at the hop; public hops are followed', async () => {
    const feedServer = publicServer((request) => {
      const path = new URL(request.url).pathname;
      if (path === '/inward') {
        return new Response(null, { status: 302, headers: { Location: internalFeed.url() } });
      }
      if (path === '/mapped') {
        const mapped = internalFeed.url().replace('127.0.0.1', '[::ffff:127.0.0.1]');
        return new Response(null, { status: 301, headers: { Location: mapped } });
      }
      if (path === '/moved') return new Response(null, { status: 308, headers: { Location: '/feed.json' } });
      return Response.json([]);
    });
    for (const path of ['/inward', '/mapped']) {
      const response = await sync(`${feedServer}${path}`);
      expect(response.status).toBe(502);
      expect(response.json.message).toBe(
        `The offset feed at ${feedServer}${path} redirects to a private or local network address, which ESG Pilot does not follow`,
      );
    }
    expect(internalFeed.requestCount()).toBe(0);
    const moved = await sync(`${feedServer}/moved`);
    expect(moved.status).toBe(200);
  });
});
