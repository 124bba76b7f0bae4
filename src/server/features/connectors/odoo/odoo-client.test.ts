import { afterAll, describe, expect, test } from 'bun:test';
import { setOutboundPolicy } from '../../../lib/outbound-url.ts';
import { ConnectorError } from '../types.ts';
import { BAD_LOGIN_MESSAGE, OdooClient, odooMajorVersion } from './odoo-client.ts';

// The fake Odoo listens on 127.0.0.1.
setOutboundPolicy({ allowPrivateNetwork: true });

/** Answers each request with the next scripted response. */
function scripted(responses: (() => Response)[]) {
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch: () => (responses.shift() ?? (() => new Response('', { status: 500 })))(),
  });
  return { url: `http://127.0.0.1:${server.port}`, stop: () => server.stop(true) };
}
const servers: { stop(): void }[] = [];
afterAll(() => {
  for (const server of servers) server.stop();
});
const credentials = (url: string) => ({ baseUrl: url, database: 'db', username: 'u', apiKey: 'k' });

async function failure(promise: Promise<unknown>): Promise<ConnectorError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ConnectorError) return error;
    throw error;
  }
  throw new Error('expected a ConnectorError');
}

describe('Odoo JSON-RPC client', () => {
  test("reads the major version from Odoo's version info, SaaS releases included", () => {
    expect(
      odooMajorVersion({ server_version: '19.0', server_version_info: [19, 0, 0, 'final', 0, ''] }),
    ).toBe(19);
    expect(odooMajorVersion({ server_version: 'saas~18.3' })).toBe(18);
    expect(odooMajorVersion({ server_version: 'unknown' })).toBeNull();
    expect(odooMajorVersion(null)).toBeNull();
  });

  test('false from authenticate is a credentials error with the login message', async () => {
    const server = scripted([() => Response.json({ jsonrpc: '2.0', id: 1, result: false })]);
    servers.push(server);
    const error = await failure(new OdooClient(credentials(server.url)).authenticate());
    expect(error.kind).toBe('credentials');
    expect(error.message).toBe(BAD_LOGIN_MESSAGE);
  });

  test('a JSON-RPC error object becomes a provider error in our words, without the remote text', async () => {
    const server = scripted([
      () =>
        Response.json({
          jsonrpc: '2.0',
          id: 1,
          error: {
            code: 200,
            message: 'Odoo Server Error',
            data: { name: 'odoo.exceptions.AccessError', message: 'Not allowed <internal detail>' },
          },
        }),
      () =>
        Response.json({
          jsonrpc: '2.0',
          id: 2,
          error: {
            code: 200,
            message: 'root:x:0:0 from a server that is not Odoo',
            data: { name: 'whatever' },
          },
        }),
    ]);
    servers.push(server);
    const client = new OdooClient(credentials(server.url));
    const error = await failure(client.call('object', 'execute_kw', []));
    expect(error).toMatchObject({
      kind: 'provider',
      message:
        'Odoo refused the request: the Odoo user lacks the access rights this needs (give it Accounting read access)',
    });
    const other = await failure(client.call('object', 'execute_kw', []));
    expect(other.message).toBe('Odoo refused the request: Odoo reported an error');
    expect(other.message).not.toContain('root');
  });

  test('gives up on a 429 whose Retry-After is longer than allowed, as retryable', async () => {
    const server = scripted([() => new Response('', { status: 429, headers: { 'Retry-After': '3600' } })]);
    servers.push(server);
    const error = await failure(
      new OdooClient(credentials(server.url), { maxRetryAfterMs: 5000 }).call('common', 'version', []),
    );
    expect(error.kind).toBe('rate_limited');
    expect(error.isRetryable).toBe(true);
  });

  test('waits the Retry-After it is given, then succeeds', async () => {
    const server = scripted([
      () => new Response('', { status: 429, headers: { 'Retry-After': '2' } }),
      () => Response.json({ jsonrpc: '2.0', id: 1, result: 5 }),
    ]);
    servers.push(server);
    const waits: number[] = [];
    const client = new OdooClient(credentials(server.url), { sleep: async (ms) => void waits.push(ms) });
    expect(await client.authenticate()).toBe(5);
    expect(waits).toEqual([2000]);
  });

  test('stored credentials ending in "#" or "?" still call <base>/jsonrpc, never the typed path', async () => {
    const paths: string[] = [];
    const server = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch: (request) => {
        const url = new URL(request.url);
        paths.push(`${url.pathname}${url.search}`);
        return Response.json({ jsonrpc: '2.0', id: 1, result: 7 });
      },
    });
    servers.push({ stop: () => server.stop(true) });
    const base = `http://127.0.0.1:${server.port}`;
    for (const baseUrl of [`${base}/admin/panel#`, `${base}/admin/panel?x=`]) {
      await new OdooClient({ ...credentials(base), baseUrl }).authenticate();
    }
    expect(paths).toEqual(['/admin/panel/jsonrpc', '/admin/panel/jsonrpc']);
  });

  test('HTML instead of JSON-RPC and 5xx are named for what they are', async () => {
    const server = scripted([
      () => new Response('<html>login</html>', { headers: { 'Content-Type': 'text/html' } }),
      () => new Response('', { status: 503 }),
    ]);
    servers.push(server);
    const client = new OdooClient(credentials(server.url));
    expect((await failure(client.call('common', 'version', []))).kind).toBe('protocol');
    expect(await failure(client.call('common', 'version', []))).toMatchObject({
      kind: 'unreachable',
      message: 'The Odoo server answered with an error (HTTP 503)',
    });
  });
});
