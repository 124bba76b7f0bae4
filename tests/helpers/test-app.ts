import { afterAll } from 'bun:test';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLibsqlDb } from '../../db/client.ts';
import { openLocalReader } from '../../db/local-reader.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { seedReferenceData } from '../../db/reference/seed.ts';
import { type CreateAppOptions, createApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { AssetStore } from '../../src/server/context.ts';
import { withLocalSecretsKey } from '../../src/server/lib/local-secrets-key.ts';
import { createLogger } from '../../src/server/lib/logger.ts';
import { openReadThread } from '../../src/server/lib/read-thread.ts';
import { createJobRunner } from '../../workers/runner.ts';
import type { FakeSmtp } from '../fakes/smtp.ts';
import { mailBody, signUpLinkToken, waitForMailTo } from './mail.ts';

/** The SECRETS_KEY connector tests seal credentials with (32 bytes, base64; never a real key). */
export const TEST_SECRETS_KEY = 'dGVzdC1vbmx5LXNlY3JldHMta2V5LTMyLWJ5dGVzISE=';
export const ORIGIN = 'http://localhost';

export interface TestAppOptions {
  /**
   * Session lookups and ledger reads through Drizzle only, as on Turso and D1 (default: the local
   * prepared reader, and the ledger's aggregates on the read thread, as `npm start` runs them).
   */
  withoutLocalReader?: boolean;
  env?: Record<string, string>;
  assets?: AssetStore;
  /** As `npm start` does: compress JSON answers (src/server/middleware/compress-json.ts). */
  compressResponses?: boolean;
  now?: () => Date;
  oauthEndpoints?: CreateAppOptions['oauthEndpoints'];
  /**
   * The SMTP fake, where SMTP_URL and PUBLIC_URL are set: sign-up then answers 202 and emails a
   * link (decision 041), which `signUpCompany` opens to finish the account.
   */
  smtp?: FakeSmtp;
}

let template: Promise<string> | undefined;

/**
 * A migrated and seeded database file, made once per test process: migrating and seeding the
 * full factor library (~7,300 rows, decision 047) took ~0.3 s per test file; copying the file
 * takes milliseconds. Each test file still gets a database of its own.
 */
function templateDatabase(): Promise<string> {
  template ??= (async () => {
    const folder = mkdtempSync(join(tmpdir(), 'esg-test-template-'));
    process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
    const path = join(folder, 'template.db');
    const url = `file:${path}`;
    const { db, client } = createLibsqlDb({ url });
    await migrateDatabase(db, client, url);
    await seedReferenceData(db);
    // Everything in the main file before it is copied (no -wal left beside it).
    await client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
    client.close();
    return path;
  })();
  return template;
}

/**
 * A fresh, migrated libSQL file database and the real app over it, one per test file
 * (CONVENTIONS.md §16). The folder is removed when the file's tests end.
 */
export async function createTestApp(options: TestAppOptions = {}) {
  const folder = mkdtempSync(join(tmpdir(), 'esg-test-'));
  const path = join(folder, 'test.db');
  copyFileSync(await templateDatabase(), path);
  const url = `file:${path}`;
  // The fakes listen on 127.0.0.1, which the SSRF guard refuses unless allowed.
  // Without SECRETS_KEY, as `npm start`: a local key file beside the database (decision 042).
  const config = withLocalSecretsKey(
    loadConfig({
      LOG_LEVEL: 'silent',
      DATABASE_URL: url,
      CONNECTOR_ALLOW_PRIVATE_NETWORK: 'true',
      ...options.env,
    }),
  );
  const { db, client } = createLibsqlDb({ url });
  // Already migrated and seeded (as `npm start` leaves it): this finds nothing to do, and sets the
  // connection up as at start.
  await migrateDatabase(db, client, url);
  const log = createLogger('silent');
  const localReader = options.withoutLocalReader ? null : openLocalReader(url);
  const app = createApp({
    db,
    localReader,
    readThread: options.withoutLocalReader ? null : openReadThread(url),
    config,
    log,
    assets: options.assets,
    compressResponses: options.compressResponses,
    now: options.now,
    oauthEndpoints: options.oauthEndpoints,
  });
  afterAll(() => {
    client.close();
    localReader?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  /** A same-origin JSON call, as the browser makes it; `cookie` signs it in. */
  async function call(
    method: string,
    path: string,
    init: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = {
      Origin: ORIGIN,
      'Sec-Fetch-Site': 'same-origin',
      ...init.headers,
    };
    if (init.cookie) headers.Cookie = init.cookie;
    let body: string | undefined;
    if (init.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
    }
    const response = await app.request(`${ORIGIN}${path}`, { method, headers, body });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    // biome-ignore lint/suspicious/noExplicitAny: assertions read whatever JSON the endpoint answered
    return { status: response.status, headers: response.headers, text, json: json as any };
  }

  let counter = 0;
  /** Signs up a new company with its admin; returns the session cookie and the user. */
  async function signUpCompany(overrides: Record<string, unknown> = {}) {
    counter += 1;
    const body = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: `owner${counter}-${crypto.randomUUID().slice(0, 8)}@example.com`,
      password: 'correct horse battery',
      companyName: `Company ${counter}`,
      jurisdiction: 'CSRD',
      ...overrides,
    };
    const sentBefore = options.smtp?.messages.length ?? 0;
    let response = await call('POST', '/api/auth/signup', { body });
    if (response.status === 202 && options.smtp) {
      const mail = await waitForMailTo(options.smtp, body.email as string, sentBefore);
      const token = signUpLinkToken(mailBody(mail.data));
      response = await call('POST', '/api/auth/signup/confirm', { body: { token } });
    }
    if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${response.text}`);
    return { cookie: sessionCookieFrom(response.headers)!, user: response.json, password: body.password };
  }

  // The real JOB_HANDLERS on this database and clock; no loop runs, tests call `runJobs()`.
  const jobRunner = createJobRunner({ db, config, log, now: options.now, workerId: 'test-runner' });
  /** Runs every due job (the app's own clock decides "due"); resolves with how many ran. */
  const runJobs = () => jobRunner.drain();

  return { app, db, client, config, call, signUpCompany, runJobs };
}

/** `esg_session=…` from a response's Set-Cookie, ready to send back. */
export function sessionCookieFrom(headers: Headers): string | null {
  for (const line of headers.getSetCookie()) {
    const match = /^esg_session=([^;]*)/.exec(line);
    if (match?.[1]) return `esg_session=${match[1]}`;
  }
  return null;
}
