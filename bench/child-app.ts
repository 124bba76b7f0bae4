// The app served by a bench's child process (bench/import.ts, bench/ocr-load.ts): a fresh
// database file, the real app on a free port printed to stdout, stopped by SIGTERM. A child
// process, so its resident memory and CPU are the server's own, not the measuring client's.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLibsqlDb } from '../db/client.ts';
import { openLocalReader } from '../db/local-reader.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { seedReferenceData } from '../db/reference/seed.ts';
import { createApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { createLogger } from '../src/server/lib/logger.ts';
import { openReadThread } from '../src/server/lib/read-thread.ts';
import { serverProcess } from '../src/server/runtime-flags.ts';

export async function serveChildApp(options: {
  name: string;
  env?: Record<string, string>;
  /** Work before the port is announced (warming a pool); its stop runs on SIGTERM. */
  prepare?: () => Promise<() => Promise<void>>;
  /** A database file to keep (built once, reused by later runs) instead of a fresh one removed at exit. */
  databaseFile?: string;
  /** Seconds a request may wait for its answer (Bun's default is 10). */
  idleTimeout?: number;
}): Promise<void> {
  const folder = options.databaseFile ? null : mkdtempSync(join(tmpdir(), `esg-bench-${options.name}-`));
  const url = `file:${options.databaseFile ?? join(folder!, 'bench.db')}`;
  const { db, client } = createLibsqlDb({ url });
  await migrateDatabase(db, client, url);
  await seedReferenceData(db);
  const config = loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent', ...options.env });
  const app = createApp({
    db,
    localReader: openLocalReader(url),
    readThread: openReadThread(url),
    config,
    log: createLogger('silent'),
  });
  const release = options.prepare ? await options.prepare() : async () => {};
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    idleTimeout: options.idleTimeout,
    fetch: (request, bun) => app.fetch(request, bun),
  });
  process.on('SIGTERM', async () => {
    server.stop(true);
    await release();
    client.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
    process.exit(0);
  });
  // The port, then the database file (bench/import-million.ts measures its size).
  process.stdout.write(`${server.port} ${url.slice('file:'.length)}\n`);
}

/** Spawns `script --serve` and resolves to its origin once it has printed its port. */
export async function startChildApp(script: string) {
  const { cmd, env } = serverProcess(script, ['--serve']);
  const child = Bun.spawn(cmd, {
    env,
    stdout: 'pipe',
    stderr: 'inherit',
  });
  const { value } = await child.stdout.getReader().read();
  const [port, databasePath] = new TextDecoder().decode(value).trim().split(' ');
  return { child, origin: `http://127.0.0.1:${port}`, databasePath: databasePath! };
}

/** Signs a bench user up and returns the session cookie header value. */
export async function signUpBenchUser(origin: string, email: string, jurisdiction = 'SECR'): Promise<string> {
  const response = await fetch(`${origin}/api/auth/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({
      firstName: 'Bench',
      lastName: 'Mark',
      email,
      password: 'bench password',
      companyName: 'Bench Ltd',
      jurisdiction,
    }),
  });
  return response.headers.getSetCookie()[0]!.split(';')[0]!;
}
