/**
 * Cloudflare Worker entry: the same Hono app as `entry-bun.ts`, serving the Astro build through the
 * ASSETS binding and storing data in D1 (binding `DB`) or, when DATABASE_URL names a remote libSQL
 * database, in Turso. Configuration comes from `[vars]` and secrets (wrangler.toml).
 *
 * Migrations are not applied here: `wrangler d1 migrations apply esg-pilot --local|--remote` runs
 * the drizzle-kit SQL files in db/migrations (see docs/decisions/005-cloudflare-worker.md).
 *
 * Build order: `npm run build` first; this file bundles dist/csp-hashes.json (the inline-script
 * hashes for the Content-Security-Policy) that scripts/csp-hashes.ts writes after `astro build`.
 */
import { createClient } from '@libsql/client/web';
import { drizzle as drizzleLibsqlWeb } from 'drizzle-orm/libsql/web';
import { createD1Db, type Db } from '../../db/client.ts';
import * as schema from '../../db/schema/all.ts';
import inlineScriptHashes from '../../dist/csp-hashes.json';
import { createJobRunner, type JobRunner } from '../../workers/runner.ts';
import { type App, createApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import type { AssetStore } from './context.ts';
import { enqueueRecurringJobs } from './jobs/recurring.ts';
import { createLogger, type Logger } from './lib/logger.ts';

export interface WorkerEnv {
  /** D1 database (wrangler.toml `[[d1_databases]]`); unused when DATABASE_URL is a Turso URL. */
  DB?: D1Database;
  /** The Astro build (wrangler.toml `[assets]`). */
  ASSETS: Fetcher;
  /** `[vars]` and secrets: the keys of src/server/config.ts. */
  [key: string]: unknown;
}

/** libSQL over HTTP/WebSockets (Turso); `file:` URLs (the Bun default) mean "use D1" here. */
const remoteLibsql = /^(libsql|https?|wss?):/;

interface Isolate {
  env: WorkerEnv;
  app: App;
  /** No long-running loop in a Worker: due jobs are drained after mutations and by the cron. */
  runner: JobRunner;
  log: Logger;
  db: Db;
}

/** Built once per isolate: config parsing, the Drizzle handle and Hono's router are reused. */
let cached: Isolate | undefined;

function isolateFor(env: WorkerEnv): Isolate {
  if (cached?.env === env) return cached;
  const strings = Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  const config = loadConfig(strings);
  const log = createLogger(config.LOG_LEVEL, { service: 'esg', runtime: 'worker' });
  const db = databaseFor(env, config.DATABASE_URL, config.DATABASE_AUTH_TOKEN);
  const app = createApp({ db, config, log, assets: assetStore(env.ASSETS) });
  const runner = createJobRunner({ db, config, log, slots: config.JOB_SLOTS });
  cached = { env, app, runner, log, db };
  return cached;
}

/** Runs the due jobs after the response is sent (waitUntil); a failure is logged, not thrown. */
function drainJobs(isolate: Isolate, ctx: ExecutionContext) {
  ctx.waitUntil(
    isolate.runner.drain().then(
      () => undefined,
      (error) => isolate.log.warn('job drain failed', { error: String(error) }),
    ),
  );
}

const mutatingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function databaseFor(env: WorkerEnv, url: string, authToken: string | undefined): Db {
  if (remoteLibsql.test(url)) {
    const client = createClient({ url, authToken });
    return drizzleLibsqlWeb({ client, schema, casing: 'snake_case' });
  }
  if (!env.DB) {
    throw new ConfigError(
      'Invalid configuration:\n  DB: bind a D1 database (wrangler.toml [[d1_databases]]) or set DATABASE_URL to a libsql:// URL',
    );
  }
  return createD1Db(env.DB);
}

/** Exact files of the Astro build from the ASSETS binding; a 404 from the binding means "absent". */
function assetStore(assets: Fetcher): AssetStore {
  return {
    inlineScriptHashes,
    async get(path, request) {
      // Only the path is ours to choose: no query, no conditional headers (a 304 must not become
      // an empty 200 in servePage), and a path such as `//host/x` stays a path.
      const url = new URL(request.url);
      url.pathname = path;
      url.search = '';
      const response = await assets.fetch(url.toString());
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`ASSETS answered ${response.status} for ${path}`);
      return response;
    },
  };
}

export default {
  async fetch(request: Request, env: WorkerEnv, ctx: ExecutionContext): Promise<Response> {
    let isolate: Isolate;
    try {
      isolate = isolateFor(env);
    } catch (error) {
      // Same fail-fast rule as the Bun entry, but a Worker cannot exit: log the full list once
      // per request and answer 500 without internals.
      console.error(error instanceof ConfigError ? error.message : error);
      return Response.json(
        { message: 'The server is not configured correctly.', code: 'internal_error' },
        { status: 500 },
      );
    }
    const response = await isolate.app.fetch(request, env, ctx);
    // A mutation may have enqueued a job (report generation, filing): start it now, not at the cron.
    if (mutatingMethods.has(request.method) && new URL(request.url).pathname.startsWith('/api/')) {
      drainJobs(isolate, ctx);
    }
    return response;
  },

  /** wrangler.toml `[triggers] crons`: retries, delayed jobs and jobs whose runner was evicted. */
  async scheduled(_controller: ScheduledController, env: WorkerEnv, ctx: ExecutionContext): Promise<void> {
    let isolate: Isolate;
    try {
      isolate = isolateFor(env);
    } catch (error) {
      console.error(error instanceof ConfigError ? error.message : error);
      return;
    }
    // Scheduled work (audit sealing, retention, abandoned imports) is enqueued here, once per period (decision 021).
    await enqueueRecurringJobs(isolate.db, new Date()).catch((error) =>
      isolate.log.warn('recurring jobs not enqueued', { error: String(error) }),
    );
    drainJobs(isolate, ctx);
  },
} satisfies ExportedHandler<WorkerEnv>;
