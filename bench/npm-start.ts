// Issue 20 item 6: `npm start` serves within 1 s when dist/ is up to date. Runs the real
// `npm start` (npm, scripts/build-if-stale.ts, then the server as package.json starts it) on a
// database of its own, twice: the first start creates and seeds the database; the second is the
// figure, from spawning npm to the first 200 from `/`. `npm run bench` builds first, so dist/ is
// up to date here. `bun bench/npm-start.ts` alone needs a current build.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dir, '..');

/** Seconds from spawning `npm start` to the first page it serves, then stopped. */
async function timeStart(folder: string, port: number): Promise<number> {
  const started = performance.now();
  // Its own process group: npm, its shell and the server are stopped together.
  const npm: ChildProcess = spawn('npm', ['start', '--silent'], {
    cwd: root,
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `file:${join(folder, 'start.db')}`,
      LOG_LEVEL: 'warn',
    },
  });
  const exited = new Promise<void>((resolve) => npm.once('exit', () => resolve()));
  try {
    for (;;) {
      const answer = await fetch(`http://127.0.0.1:${port}/`).catch(() => null);
      if (answer?.ok) return (performance.now() - started) / 1000;
      if (npm.exitCode !== null) throw new Error(`npm start ended with ${npm.exitCode} before serving`);
      await Bun.sleep(10);
    }
  } finally {
    process.kill(-npm.pid!, 'SIGTERM');
    await exited;
  }
}

export async function benchNpmStart(): Promise<{ firstSeconds: number; seconds: number }> {
  const folder = mkdtempSync(join(tmpdir(), 'esg-bench-start-'));
  const port = 20000 + Math.floor(Math.random() * 12000);
  try {
    const firstSeconds = await timeStart(folder, port);
    return { firstSeconds, seconds: await timeStart(folder, port) };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

if (import.meta.main) console.info(await benchNpmStart());
