// Child process for bench/per-request.ts: the real app configured as `npm start` configures it
// (default LOG_LEVEL and access-log sample, JSON compression, log lines batched to stdout, which the
// parent points at a file as `npm start > file` would) on one port, and a bare Hono route returning
// constant JSON on another, in the same process and runtime. Ports go to the parent over IPC:
// stdout carries the log.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { createLibsqlDb } from '../db/client.ts';
import { openLocalReader } from '../db/local-reader.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { createApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { createProcessLogSink } from '../src/server/lib/log-sink.ts';
import { createLogger } from '../src/server/lib/logger.ts';

const url = `file:${join(mkdtempSync(join(tmpdir(), 'esg-bench-')), 'bench.db')}`;
const config = loadConfig({ DATABASE_URL: url });
const log = createLogger(config.LOG_LEVEL, { service: 'esg' }, createProcessLogSink().write);
const { db, client } = createLibsqlDb({ url });
await migrateDatabase(db, client, url);
const app = createApp({ db, localReader: openLocalReader(url), config, log, compressResponses: true });
// The same app asking the database on every request (SESSION_CACHE_MS=0), for reference.
const uncachedApp = createApp({
  db,
  localReader: openLocalReader(url),
  config: { ...config, SESSION_CACHE_MS: 0 },
  log,
  compressResponses: true,
});
const bare = new Hono().get('/bare', (c) => c.json({ ok: true, message: 'constant' }));

const appServer = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch: (request, server) => app.fetch(request, server),
});
const uncachedServer = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch: (request, server) => uncachedApp.fetch(request, server),
});
const bareServer = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (request) => bare.fetch(request) });

const signUp = await fetch(`http://127.0.0.1:${appServer.port}/api/auth/signup`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Origin: `http://127.0.0.1:${appServer.port}` },
  body: JSON.stringify({
    firstName: 'Bench',
    lastName: 'Mark',
    email: 'bench@example.com',
    password: 'bench password',
    companyName: 'Bench Ltd',
    jurisdiction: 'CSRD',
  }),
});
const cookie = signUp.headers.getSetCookie()[0]!.split(';')[0];
process.send?.({
  appPort: appServer.port,
  uncachedPort: uncachedServer.port,
  barePort: bareServer.port,
  cookie,
});
