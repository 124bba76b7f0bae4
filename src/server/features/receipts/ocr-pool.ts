// A small pool of warm tesseract.js workers for receipt images.
//
// Creating a worker compiles the WASM engine and loads the English model, which costs several
// recognitions' time (bench/ocr.ts, decision 017), so workers are created on first use and kept. Load isolation:
// tesseract.js runs the WASM engine of each worker in its own `worker_threads` thread
// (tesseract.js/src/worker/node/spawnWorker.js), so recognition never blocks this process's event
// loop and other API requests keep their latency (checked in ocr.test.ts). The pool bounds the
// CPU it takes: at most `size` recognitions at once (1 on a 2-core machine, 2 above), the rest wait
// in a bounded queue and beyond that the request is refused with 503 rather than piling up.
//
// Hostile images (decision 039): without an `errorHandler`, tesseract.js rethrows a failed job on
// this thread's message handler, where nothing can catch it, and the process exits; a worker
// thread that errors with no 'error' listener does the same. Every engine gets both, a failed or
// slow recognition answers 422, and the engine that failed is terminated and replaced (its WASM
// heap may be left half-written by the decoder's longjmp, and never shrinks), so the next scan
// starts on a fresh one.
//
// Fully offline: the model is the `@tesseract.js-data/eng` package's 4.0.0_best_int data (LSTM,
// gzipped) read from node_modules, the engine is the installed tesseract.js-core; `cacheMethod:
// 'none'` keeps tesseract.js from writing a model cache into the working directory.
import { HttpError } from '../../lib/errors.ts';
import { hasThreads } from '../../lib/worker-thread.ts';

interface TesseractWorker {
  recognize(image: Uint8Array): Promise<{ data: { text: string } }>;
  terminate(): Promise<unknown>;
  /** The `worker_threads` Worker the engine runs in (tesseract.js createWorker's `worker`). */
  worker?: { on(event: 'error' | 'exit', listener: (value: unknown) => void): unknown };
}

interface TesseractModule {
  createWorker(
    lang: string,
    oem: number,
    options: { langPath: string; gzip: boolean; cacheMethod: string; errorHandler: (error: unknown) => void },
  ): Promise<TesseractWorker>;
}

/** One engine, and a promise that rejects when its thread errors or exits. */
interface Engine {
  tesseract: TesseractWorker;
  died: Promise<never>;
  isDead: boolean;
}

interface Waiter {
  resolve: (engine: Engine) => void;
  reject: (error: unknown) => void;
}

/** When a recognition has run too long: `expired` resolves then; `cancel` stops the clock. */
export type TimeLimit = () => { expired: Promise<void>; cancel: () => void };

/** Tesseract OEM 1: LSTM only, the engine the best_int model was trained for. */
const OEM_LSTM_ONLY = 1;
/** Requests that may wait for a worker before new ones are refused. */
const MAX_WAITING = 16;
/**
 * A receipt inside the pixel budget reads in a few seconds; an image of noise of the same size
 * can keep an engine busy for minutes, holding every other scan in the queue (decision 039).
 */
const RECOGNITION_TIME_LIMIT_MS = 30_000;

export const OCR_BUSY_MESSAGE = 'Receipt scanning is busy. Please try again in a moment.';
export const OCR_UNAVAILABLE_MESSAGE =
  'Reading images needs the Bun server; this deployment reads PDFs with text only. Upload a PDF, or add the line by hand.';
export const OCR_START_FAILED_MESSAGE =
  'Receipt scanning could not start on this server. Upload a PDF with text, or add the line by hand.';
export const UNREADABLE_IMAGE_MESSAGE =
  'We could not read this image: the file looks damaged or cut short. Take the photo again, or upload a PDF.';
export const SLOW_IMAGE_MESSAGE =
  'Reading this image took too long. Crop the photo to the receipt and try again, or add the line by hand.';

const ignore = () => undefined;

const defaultTimeLimit: TimeLimit = () => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, RECOGNITION_TIME_LIMIT_MS);
  });
  return { expired, cancel: () => clearTimeout(timer) };
};

/** Whether image OCR can run here: tesseract.js needs threads (Bun's), which the Cloudflare Worker lacks. */
export function isOcrAvailable(): boolean {
  return hasThreads();
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

async function createEngine(): Promise<Engine> {
  // A variable specifier: bundlers (the Worker build) leave it alone, so only Bun loads it.
  const specifier = 'tesseract.js';
  const loaded = (await import(/* @vite-ignore */ specifier)) as TesseractModule & {
    default?: TesseractModule;
  };
  const tesseract = loaded.default ?? loaded;
  const worker = await tesseract.createWorker('eng', OEM_LSTM_ONLY, {
    langPath: modelDirectory(),
    gzip: true,
    cacheMethod: 'none',
    // The failed job's own promise rejects with the reason; this only stops the rethrow.
    errorHandler: ignore,
  });
  const engine = { tesseract: worker, isDead: false } as Engine;
  engine.died = new Promise<never>((_, reject) => {
    const die = (reason: unknown) => {
      engine.isDead = true;
      reject(reason);
    };
    worker.worker?.on('error', die);
    worker.worker?.on('exit', die);
  });
  engine.died.catch(ignore); // nobody may be racing it when an idle thread ends
  return engine;
}

export class OcrPool {
  private readonly engines = new Set<Engine>();
  private readonly idle: Engine[] = [];
  private readonly waiting: Waiter[] = [];
  private readonly pending = new Set<Promise<Engine>>();
  private starting = 0;
  private closed = false;

  constructor(
    readonly size: number,
    private readonly timeLimit: TimeLimit = defaultTimeLimit,
  ) {}

  /** Creates every worker now (the first request then needs no start-up). */
  async warm(): Promise<void> {
    const started: Promise<Engine>[] = [];
    while (this.engines.size + this.starting < this.size) started.push(this.startEngine());
    await Promise.all(started);
  }

  /** Engines alive or starting; at most `size`. */
  get liveEngines(): number {
    return this.engines.size + this.starting;
  }

  private startEngine(): Promise<Engine> {
    this.starting += 1;
    const started = createEngine();
    this.pending.add(started);
    started.finally(() => this.pending.delete(started)).catch(ignore);
    started.then(
      (engine) => {
        this.starting -= 1;
        this.engines.add(engine);
        this.release(engine);
      },
      () => {
        this.starting -= 1;
        // The request that asked for it learns now; the next request tries again.
        this.waiting.shift()?.reject(new HttpError(503, OCR_START_FAILED_MESSAGE, 'ocr_unavailable'));
      },
    );
    return started;
  }

  /** Starts engines for the requests waiting, up to `size`. */
  private fill() {
    while (!this.closed && this.liveEngines < this.size && this.waiting.length > this.starting) {
      this.startEngine().catch(ignore);
    }
  }

  private release(engine: Engine) {
    if (this.closed || engine.isDead) return this.retire(engine);
    const next = this.waiting.shift();
    if (next) next.resolve(engine);
    else this.idle.push(engine);
  }

  /** Terminates an engine that failed or died and starts a replacement if someone is waiting. */
  private retire(engine: Engine) {
    this.engines.delete(engine);
    const index = this.idle.indexOf(engine);
    if (index >= 0) this.idle.splice(index, 1);
    engine.tesseract.terminate().catch(ignore);
    this.fill();
  }

  private acquire(): Promise<Engine> {
    for (let engine = this.idle.pop(); engine; engine = this.idle.pop()) {
      if (!engine.isDead) return Promise.resolve(engine);
      this.retire(engine);
    }
    if (this.waiting.length >= MAX_WAITING) throw new HttpError(503, OCR_BUSY_MESSAGE, 'ocr_busy');
    const next = new Promise<Engine>((resolve, reject) => this.waiting.push({ resolve, reject }));
    this.fill();
    return next;
  }

  /**
   * The text tesseract reads in an image (PNG, JPEG, WebP, GIF bytes). An image the engine cannot
   * decode, or one it is still reading at the time limit, answers 422; its engine is replaced.
   */
  async recognize(image: Uint8Array): Promise<string> {
    if (this.closed) throw new Error('The OCR pool is closed');
    const engine = await this.acquire();
    const limit = this.timeLimit();
    const recognition = engine.tesseract.recognize(image);
    recognition.catch(ignore); // settles after the race when the thread died or time ran out
    const timedOut = limit.expired.then(() =>
      Promise.reject(new HttpError(422, SLOW_IMAGE_MESSAGE, 'image_too_slow')),
    );
    timedOut.catch(ignore);
    try {
      const result = await Promise.race([recognition, engine.died, timedOut]);
      this.release(engine);
      return result.data.text;
    } catch (error) {
      this.retire(engine);
      if (error instanceof HttpError) throw error;
      throw new HttpError(422, UNREADABLE_IMAGE_MESSAGE, 'unreadable_image');
    } finally {
      limit.cancel();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiting.splice(0)) waiter.reject(new Error('The OCR pool is closed'));
    // An engine still starting is terminated as soon as it is up (release → retire).
    await Promise.allSettled([...this.pending]);
    const engines = [...this.engines];
    this.engines.clear();
    this.idle.length = 0;
    await Promise.all(engines.map((engine) => engine.tesseract.terminate().catch(ignore)));
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
