import { afterAll, expect, test } from 'bun:test';
import { Hono } from 'hono';
import { createLibsqlDb } from '../../../db/client.ts';
import { loadConfig } from '../config.ts';
import type { AppEnv } from '../context.ts';
import { Logger } from '../lib/logger.ts';
import { serviceContext } from '../lib/request.ts';
import { requestContext } from './request-context.ts';

const { db, client } = createLibsqlDb({ url: ':memory:' });
afterAll(() => client.close());

/** The middleware in front of a few routes, its log lines kept, its config from `env`. */
function appWith(env: Record<string, string>) {
  const lines: Record<string, unknown>[] = [];
  const log = new Logger('info', { service: 'esg' }, (_level, line) => lines.push(JSON.parse(line)));
  const config = loadConfig({ DATABASE_URL: ':memory:', ...env });
  const app = new Hono<AppEnv>()
    .use('*', requestContext({ db, config, log }))
    .get('/read', (c) => c.json({ ok: true }))
    .get('/whoami', (c) => c.json({ ip: serviceContext(c).ip }))
    .get('/missing', (c) => c.json({ message: 'not here' }, 404))
    .post('/write', (c) => c.json({ ok: true }, 201));
  return { app, lines };
}

/** What Bun.serve passes as the env: the server, which knows each request's socket address. */
function socketServer() {
  const server = {
    lookups: 0,
    requestIP: () => {
      server.lookups += 1;
      return { address: '203.0.113.7' };
    },
  };
  return server;
}

const url = (path: string) => `http://localhost${path}`;

test('writes, refusals and failures always get an access-log line, whatever the sample', async () => {
  const { app, lines } = appWith({ ACCESS_LOG_SAMPLE: '1000000' });
  await app.request(url('/write'), { method: 'POST' });
  await app.request(url('/missing'));
  expect(lines).toEqual([
    expect.objectContaining({
      message: 'request',
      method: 'POST',
      path: '/write',
      status: 201,
      requestId: expect.any(String),
    }),
    expect.objectContaining({ message: 'request', method: 'GET', path: '/missing', status: 404 }),
  ]);
  expect(lines.every((line) => !('sampledOneIn' in line))).toBe(true);
});

test('a read at least ACCESS_LOG_SLOW_MS long is always logged', async () => {
  const { app, lines } = appWith({ ACCESS_LOG_SAMPLE: '1000000', ACCESS_LOG_SLOW_MS: '0' });
  await app.request(url('/read'));
  expect(lines).toEqual([expect.objectContaining({ method: 'GET', path: '/read', status: 200 })]);
});

test('ACCESS_LOG_SAMPLE=1 logs every read, with the request id the answer carries', async () => {
  const { app, lines } = appWith({ ACCESS_LOG_SAMPLE: '1' });
  const responses = [await app.request(url('/read')), await app.request(url('/read'))];
  expect(lines.map((line) => line.requestId)).toEqual(responses.map((r) => r.headers.get('x-request-id')));
});

test('a read looks the caller’s address up only when asked; a write always does', async () => {
  const { app } = appWith({});
  const server = socketServer();
  await app.request(url('/read'), {}, server);
  expect(server.lookups).toBe(0);
  const whoami = await app.request(url('/whoami'), {}, server);
  expect(await whoami.json()).toEqual({ ip: '203.0.113.7' });
  expect(server.lookups).toBe(1);
  await app.request(url('/write'), { method: 'POST' }, server);
  expect(server.lookups).toBe(2);
});
