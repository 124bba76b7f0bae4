// Issue 5 budget: while 4 OCR scans run, GET /api/auth/user p95 stays under 3× its idle p95.
// The real app serves in a child process (this file with `--serve`, bench/child-app.ts) with its
// real OCR pool (tesseract.js worker threads, ocr-pool.ts); this process renders the receipt,
// measures /api/auth/user idle, then again while it keeps 4 uploads to
// POST /api/integrations/ocr/upload in flight. Prints nothing; bench/run.ts reports.
import { closeOcrPool, ocrPool } from '../src/server/features/receipts/ocr-pool.ts';
import { launchChromium, RECEIPTS, renderReceiptPng } from '../tests/fixtures/receipts/render.ts';
import { serveChildApp, signUpBenchUser, startChildApp } from './child-app.ts';

const CONCURRENT_SCANS = 4;
const SAMPLES = 200;

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
    const busy = await userLatencies(origin, cookie, SAMPLES);
    measuring = false;
    await Promise.all(loops);
    return { idleP95Ms: p95(idle), busyP95Ms: p95(busy), scans };
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
