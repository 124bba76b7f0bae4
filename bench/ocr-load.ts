// Issue 5 budget: while 4 OCR scans run, GET /api/auth/user p95 stays under 3× its idle p95; its p99
// and slowest answer show whether any request waited past issue 20's ~50 ms (decision 085).
// The real app serves in a child process (this file with `--serve`, bench/child-app.ts) with its
// real OCR pool (tesseract.js worker threads, ocr-pool.ts); this process renders the receipt,
// measures /api/auth/user idle, then again while it keeps 4 uploads to
// POST /api/integrations/ocr/upload in flight, until at least 8 scans have finished, so the busy
// samples span whole recognitions rather than their first tenth of a second. Prints nothing;
// bench/run.ts reports.
import { closeOcrPool, ocrPool } from '../src/server/features/receipts/ocr-pool.ts';
import { launchChromium, RECEIPTS, renderReceiptPng } from '../tests/fixtures/receipts/render.ts';
import { serveChildApp, signUpBenchUser, startChildApp } from './child-app.ts';

const CONCURRENT_SCANS = 4;
const SAMPLES = 200;
/** Busy samples go on until this many scans have finished (two rounds of the four uploads). */
const SCANS_MEASURED = 8;

function percentile(samples: number[], fraction: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * fraction) - 1]!;
}

/** Sequential GETs, one at a time, as a person's browser makes them, `count` and until `done()`. */
async function userLatencies(
  origin: string,
  cookie: string,
  count: number,
  done: () => boolean = () => true,
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count || !done(); i++) {
    const started = performance.now();
    const response = await fetch(`${origin}/api/auth/user`, { headers: { Cookie: cookie } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`/api/auth/user answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

export interface OcrLoadResult {
  idleP95Ms: number;
  busyP95Ms: number;
  busyP99Ms: number;
  busyMaxMs: number;
  busySamples: number;
  /** How long the busy samples took: 8 scans' time, so what a lower OCR priority costs scans. */
  busySeconds: number;
  scans: number;
}

export async function benchOcrLoad(): Promise<OcrLoadResult> {
  const browser = await launchChromium();
  let png: Uint8Array;
  try {
    png = await renderReceiptPng(browser, RECEIPTS[0]!);
  } finally {
    await browser.close();
  }
  const { child, origin } = await startChildApp(import.meta.path);
  try {
    const cookie = await signUpBenchUser(origin, 'ocr-bench@example.com');
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
    const busyStarted = performance.now();
    const busy = await userLatencies(origin, cookie, SAMPLES, () => scans >= SCANS_MEASURED);
    const busySeconds = (performance.now() - busyStarted) / 1000;
    measuring = false;
    await Promise.all(loops);
    return {
      idleP95Ms: percentile(idle, 0.95),
      busyP95Ms: percentile(busy, 0.95),
      busyP99Ms: percentile(busy, 0.99),
      busyMaxMs: Math.max(...busy),
      busySamples: busy.length,
      busySeconds,
      scans,
    };
  } finally {
    child.kill('SIGTERM');
    await child.exited;
  }
}

if (import.meta.main && process.argv.includes('--serve')) {
  await serveChildApp({
    name: 'ocr',
    env: { AUTH_RATE_LIMIT_PER_IP: '100000' },
    // Warm as `npm start` is after its first scan: the budget is about running scans, not start-up.
    prepare: async () => {
      await ocrPool().warm();
      return closeOcrPool;
    },
  });
} else if (import.meta.main) console.info(await benchOcrLoad());
