// Issue 5 budget: while 4 OCR scans run, GET /api/auth/user p95 stays under 3× its idle p95.
// The real app serves in a child process (this file with `--serve`, as bench/import.ts does) with
// its real OCR pool (tesseract.js worker threads, ocr-pool.ts); this process renders the receipt,
// measures /api/auth/user idle, then again while it keeps 4 uploads to
// POST /api/integrations/ocr/upload in flight. Prints nothing; bench/run.ts reports.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLibsqlDb } from '../db/client.ts';
import { openLocalReader } from '../db/local-reader.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { createApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { closeOcrPool, ocrPool } from '../src/server/features/receipts/ocr-pool.ts';
import { createLogger } from '../src/server/lib/logger.ts';
import { launchChromium, RECEIPTS, renderReceiptPng } from '../tests/fixtures/receipts/render.ts';

const CONCURRENT_SCANS = 4;
const SAMPLES = 200;

async function serve() {
  const folder = mkdtempSync(join(tmpdir(), 'esg-bench-ocr-'));
  const url = `file:${join(folder, 'bench.db')}`;
  const { db, client } = createLibsqlDb({ url });
  await migrateDatabase(db, client, url);
  const config = loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent', AUTH_RATE_LIMIT_PER_IP: '100000' });
  const app = createApp({ db, localReader: openLocalReader(url), config, log: createLogger('silent') });
  // Warm as `npm start` does after its first scan: the budget is about running scans, not start-up.
  await ocrPool().warm();
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: (request, bun) => app.fetch(request, bun),
  });
  const stop = async () => {
    server.stop(true);
    await closeOcrPool();
    client.close();
    rmSync(folder, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.stdout.write(`${server.port}\n`);
}

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * 0.95) - 1]!;
}

/** Sequential GETs, one at a time, as a person's browser makes them. */
async function userLatencies(origin: string, cookie: string, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(`${origin}/api/auth/user`, { headers: { Cookie: cookie } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`/api/auth/user answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

export async function benchOcrLoad(): Promise<{ idleP95Ms: number; busyP95Ms: number; scans: number }> {
  const browser = await launchChromium();
  let png: Uint8Array;
  try {
    png = await renderReceiptPng(browser, RECEIPTS[0]!);
  } finally {
    await browser.close();
  }
  const child = Bun.spawn([process.execPath, import.meta.path, '--serve'], {
    stdout: 'pipe',
    stderr: 'inherit',
  });
  try {
    const { value } = await child.stdout.getReader().read();
    const origin = `http://127.0.0.1:${new TextDecoder().decode(value).trim()}`;
    const signUp = await fetch(`${origin}/api/auth/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin },
      body: JSON.stringify({
        firstName: 'Bench',
        lastName: 'Mark',
        email: 'ocr-bench@example.com',
        password: 'bench password',
        companyName: 'Bench Ltd',
        jurisdiction: 'SECR',
      }),
    });
    const cookie = signUp.headers.getSetCookie()[0]!.split(';')[0]!;
    await userLatencies(origin, cookie, 50);
    const idle = await userLatencies(origin, cookie, SAMPLES);

    let scans = 0;
    let measuring = true;
    const scanLoop = async () => {
      while (measuring) {
        const form = new FormData();
        form.append('receipt', new File([png.slice()], 'receipt.png', { type: 'image/png' }));
        const response = await fetch(`${origin}/api/integrations/ocr/upload`, {
          method: 'POST',
          headers: { Cookie: cookie, Origin: origin },
          body: form,
        });
        await response.arrayBuffer();
        if (response.status !== 200 && response.status !== 201) {
          throw new Error(`OCR upload answered ${response.status}`);
        }
        scans += 1;
      }
    };
    const loops = Array.from({ length: CONCURRENT_SCANS }, scanLoop);
    // Let the four scans reach the workers before sampling.
    await Bun.sleep(300);
    const busy = await userLatencies(origin, cookie, SAMPLES);
    measuring = false;
    await Promise.all(loops);
    return { idleP95Ms: p95(idle), busyP95Ms: p95(busy), scans };
  } finally {
    child.kill('SIGTERM');
    await child.exited;
  }
}

if (import.meta.main && process.argv.includes('--serve')) await serve();
else if (import.meta.main) console.info(await benchOcrLoad());
