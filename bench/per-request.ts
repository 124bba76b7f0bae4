// Issue 20 item 5: GET /api/auth/user with a valid session against a bare Hono constant-JSON
// route, side by side in alternating rounds, the app configured as `npm start` (default log
// level, its output in a file). Each round's ratio must hold on its own.
import { closeSync, mkdtempSync, openSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverProcess } from '../src/server/runtime-flags.ts';

interface Ports {
  appPort: number;
  uncachedPort: number;
  barePort: number;
  cookie: string;
}

export interface PerRequestRound {
  bareRps: number;
  userRps: number;
  uncachedRps: number;
}

async function requestsPerSecond(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  concurrency = 32,
) {
  let completed = 0;
  const deadline = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
      completed += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return completed / ((performance.now() - started) / 1000);
}

/** Slices per side in each round. */
const SLICES = 4;

export async function benchPerRequest(rounds = 3, seconds = 2) {
  const folder = mkdtempSync(join(tmpdir(), 'esg-bench-log-'));
  const logPath = join(folder, 'server.log');
  const logFile = openSync(logPath, 'w');
  let announce: (ports: Ports) => void = () => {};
  const announced = new Promise<Ports>((resolve) => {
    announce = resolve;
  });
  const { cmd, env } = serverProcess(join(import.meta.dir, 'bench-server.ts'));
  const server = Bun.spawn(cmd, {
    env,
    stdout: logFile,
    stderr: 'inherit',
    ipc: (message) => announce(message as Ports),
  });
  try {
    const { appPort, uncachedPort, barePort, cookie } = await announced;
    const userUrl = `http://127.0.0.1:${appPort}/api/auth/user`;
    const uncachedUrl = `http://127.0.0.1:${uncachedPort}/api/auth/user`;
    const bareUrl = `http://127.0.0.1:${barePort}/bare`;
    await requestsPerSecond(userUrl, { Cookie: cookie }, 1);
    await requestsPerSecond(bareUrl, {}, 1);
    // Each round interleaves short slices of both sides (bare, app, app, bare, …) so that load from
    // elsewhere on a shared machine falls on both alike; the round's ratio is of the slices' sums.
    const results: PerRequestRound[] = [];
    for (let round = 0; round < rounds; round++) {
      let bareRps = 0;
      let userRps = 0;
      for (let slice = 0; slice < SLICES; slice++) {
        const sliceSeconds = seconds / SLICES;
        const bare = () => requestsPerSecond(bareUrl, {}, sliceSeconds);
        const user = () => requestsPerSecond(userUrl, { Cookie: cookie }, sliceSeconds);
        if (slice % 2 === 0) {
          bareRps += (await bare()) / SLICES;
          userRps += (await user()) / SLICES;
        } else {
          userRps += (await user()) / SLICES;
          bareRps += (await bare()) / SLICES;
        }
      }
      const uncachedRps = await requestsPerSecond(uncachedUrl, { Cookie: cookie }, seconds);
      results.push({ bareRps, userRps, uncachedRps });
    }
    return { rounds: results, logBytes: statSync(logPath).size };
  } finally {
    server.kill();
    await server.exited;
    closeSync(logFile);
    rmSync(folder, { recursive: true, force: true });
  }
}
