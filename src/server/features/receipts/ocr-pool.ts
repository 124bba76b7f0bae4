// A small pool of warm tesseract.js workers for receipt images.
//
// Creating a worker costs ~1 s (WASM compile + loading the 3 MB English model), recognising a
// one-page receipt ~0.3 s once warm, so workers are created on first use and kept. Load isolation:
// tesseract.js runs the WASM engine of each worker in its own `worker_threads` thread
// (tesseract.js/src/worker/node/spawnWorker.js), so recognition never blocks this process's event
// loop and other API requests keep their latency (checked in ocr-pool.test.ts). The pool bounds the
// CPU it takes: at most `size` recognitions at once (1 on a 2-core machine, 2 above), the rest wait
// in a bounded queue and beyond that the request is refused with 503 rather than piling up.
//
// Fully offline: the model is the `@tesseract.js-data/eng` package's 4.0.0_best_int data (LSTM,
// gzipped) read from node_modules, the engine is the installed tesseract.js-core; `cacheMethod:
// 'none'` keeps tesseract.js from writing a model cache into the working directory.
import { HttpError } from '../../lib/errors.ts';
import { startInBackgroundPriority } from '../../lib/thread-priority.ts';

interface TesseractWorker {
  recognize(image: Uint8Array): Promise<{ data: { text: string } }>;
  terminate(): Promise<unknown>;
}

interface TesseractModule {
  createWorker(
    lang: string,
    oem: number,
    options: { langPath: string; gzip: boolean; cacheMethod: string },
  ): Promise<TesseractWorker>;
}

/** Tesseract OEM 1: LSTM only, the engine the best_int model was trained for. */
const OEM_LSTM_ONLY = 1;
/** Requests that may wait for a worker before new ones are refused. */
const MAX_WAITING = 16;

export const OCR_BUSY_MESSAGE = 'Receipt scanning is busy. Please try again in a moment.';
export const OCR_UNAVAILABLE_MESSAGE =
  'Reading images needs the Bun server; this deployment reads PDFs with text only. Upload a PDF, or add the line by hand.';

/** Whether image OCR can run here: Bun (or Node) with worker threads, not the Cloudflare Worker. */
export function isOcrAvailable(): boolean {
  return typeof (globalThis as { Bun?: unknown }).Bun !== 'undefined';
}

/**
 * The folder of `eng.traineddata.gz` inside node_modules. Resolved through `import.meta.resolve`
 * (Bun) rather than node:module, so the Worker bundle, which has no Node built-ins, never sees it.
 */
function modelDirectory(): string {
  const meta = import.meta as { resolve?: (specifier: string) => string };
  if (!meta.resolve) throw new HttpError(503, OCR_UNAVAILABLE_MESSAGE, 'ocr_unavailable');
  const packageJson = new URL(meta.resolve('@tesseract.js-data/eng/package.json'));
  return decodeURIComponent(new URL('./4.0.0_best_int', packageJson).pathname);
}

export class OcrPool {
  private readonly workers: Promise<TesseractWorker>[] = [];
  private readonly idle: TesseractWorker[] = [];
  private readonly waiting: ((worker: TesseractWorker) => void)[] = [];
  private closed = false;

  constructor(readonly size: number) {}

  /** Creates every worker now (the first request then needs no start-up). */
  async warm(): Promise<void> {
    while (this.workers.length < this.size) this.workers.push(this.startWorker());
    await Promise.all(this.workers);
  }

  private async startWorker(): Promise<TesseractWorker> {
    // A variable specifier: bundlers (the Worker build) leave it alone, so only Bun loads it.
    const specifier = 'tesseract.js';
    const loaded = (await import(/* @vite-ignore */ specifier)) as TesseractModule & {
      default?: TesseractModule;
    };
    const tesseract = loaded.default ?? loaded;
    // Below the API threads' priority: a scan takes the CPU requests leave idle.
    const worker = await startInBackgroundPriority(() =>
      tesseract.createWorker('eng', OEM_LSTM_ONLY, {
        langPath: modelDirectory(),
        gzip: true,
        cacheMethod: 'none',
      }),
    );
    this.release(worker);
    return worker;
  }

  private release(worker: TesseractWorker) {
    const next = this.waiting.shift();
    if (next) next(worker);
    else this.idle.push(worker);
  }

  private acquire(): Promise<TesseractWorker> {
    const worker = this.idle.pop();
    if (worker) return Promise.resolve(worker);
    if (this.waiting.length >= MAX_WAITING) throw new HttpError(503, OCR_BUSY_MESSAGE, 'ocr_busy');
    if (this.workers.length < this.size) {
      const started = this.startWorker();
      this.workers.push(started);
      // A worker that fails to start is forgotten, so the next request tries again.
      started.catch(() => this.workers.splice(this.workers.indexOf(started), 1));
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** The text tesseract reads in an image (PNG, JPEG, WebP, GIF bytes). */
  async recognize(image: Uint8Array): Promise<string> {
    if (this.closed) throw new Error('The OCR pool is closed');
    const worker = await this.acquire();
    try {
      const result = await worker.recognize(image);
      return result.data.text;
    } finally {
      this.release(worker);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const started = await Promise.allSettled(this.workers);
    this.workers.length = 0;
    this.idle.length = 0;
    await Promise.all(
      started.map((entry) => (entry.status === 'fulfilled' ? entry.value.terminate() : undefined)),
    );
  }
}

let shared: OcrPool | null = null;

/** The process's pool: one worker on two cores (the API keeps the other), two above that. */
export function ocrPool(): OcrPool {
  if (!isOcrAvailable()) throw new HttpError(503, OCR_UNAVAILABLE_MESSAGE, 'ocr_unavailable');
  const cores =
    (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator?.hardwareConcurrency ?? 2;
  shared ??= new OcrPool(cores > 2 ? 2 : 1);
  return shared;
}

/** Terminates the shared pool's workers (tests, shutdown). */
export async function closeOcrPool(): Promise<void> {
  const pool = shared;
  shared = null;
  await pool?.close();
}
