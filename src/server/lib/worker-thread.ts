// The one way this server runs code on a thread of its own (CONVENTIONS §15b, decision 085): where
// threads exist, how one is started and ended, and how an error crosses back to the caller. The
// CPU thread (jobs/cpu-thread.ts: report renders, the ledger's long reads) and the import threads
// (features/ledger/import/import-thread.ts) are both built on it.
//
// Threads are Bun's Web Workers. The Cloudflare Worker has none (and its build's types have no
// `Worker`): there `hasThreads()` is false and callers run the same code inline.
import { HttpError } from './errors.ts';

/** The part of the Web Worker API used here. */
interface WebWorker {
  postMessage(message: unknown, transfer?: ArrayBuffer[]): void;
  terminate(): void;
  unref?(): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: { message: string }) => void) | null;
}
/** Bun's `smol`: the thread's JavaScriptCore heap is the small one, as `bun --smol` makes the main thread's. */
type WebWorkerClass = new (url: string, options: { smol: boolean }) => WebWorker;

const runtime = globalThis as { Bun?: unknown; Worker?: WebWorkerClass };
const WorkerClass = runtime.Bun !== undefined ? runtime.Worker : undefined;

/** Whether code can run on a thread of its own here (Bun), rather than inline (Cloudflare). */
export const hasThreads = (): boolean => WorkerClass !== undefined;

/** A started thread, as its caller sees it. */
export interface Thread<In> {
  /** Sends a message; the buffers in `transfer` are handed over, unusable here afterwards. */
  post(message: In, transfer?: ArrayBuffer[]): void;
  /** Ends the thread at once, whatever it is doing. */
  stop(): void;
}

export interface ThreadOptions<Out> {
  onMessage(message: Out): void;
  /** The thread died outside any handler of its own (a failed load, an uncaught error). */
  onCrash(error: Error): void;
}

/**
 * Starts the thread whose entry file is `entry` (a module beside its caller). Every thread runs the
 * small heap, as the server does (`bun --smol`, decision 095): a thread's garbage is collected while
 * it is small, so an import's reading stays inside the server's memory budget without forced
 * collections.
 */
export function startThread<In, Out>(entry: URL, options: ThreadOptions<Out>): Thread<In> {
  if (!WorkerClass) throw new Error(`No threads here to run ${entry.pathname}`);
  const worker = new WorkerClass(entry.href, { smol: true });
  worker.onmessage = ({ data }) => options.onMessage(data as Out);
  worker.onerror = (event) => {
    worker.terminate();
    options.onCrash(new Error(`Thread ${entry.pathname} failed: ${event.message}`));
  };
  // Threads live as long as the server (the CPU thread, the import threads, decisions 098, 099):
  // one must not keep a finished test or script running. Work in progress is awaited by its caller.
  worker.unref?.();
  return {
    post: (message, transfer) => worker.postMessage(message, transfer),
    stop: () => worker.terminate(),
  };
}

/**
 * The global scope of a thread's entry file, for `declare const self: ThreadScope<In, Out>` (the
 * server's types describe the main thread, not a worker's).
 */
export interface ThreadScope<In, Out> {
  onmessage: ((event: { data: In }) => void) | null;
  postMessage(message: Out, transfer?: ArrayBuffer[]): void;
}

/** An error as it crosses the thread boundary: refusals keep their status, code and details. */
export interface SerialisedError {
  name: string;
  message: string;
  stack?: string;
  http?: { status: HttpError['status']; code: string | undefined; details?: unknown };
}

export function serialiseError(error: unknown): SerialisedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const serialised: SerialisedError = { name: error.name, message: error.message, stack: error.stack };
  if (error instanceof HttpError) {
    serialised.http = { status: error.status, code: error.code, details: error.details };
  }
  return serialised;
}

/** Error classes a caller recognises with `instanceof`, by their `name`, rebuilt from the message. */
export type KnownErrors = Record<string, new (message: string) => Error>;

/**
 * The error again on the caller's side: an HttpError with its status (the route answers with it),
 * an instance of the `known` class of that name, or else an Error with the thread's name, message
 * and stack.
 */
export function reviveError(error: SerialisedError, known: KnownErrors = {}): Error {
  if (error.http) {
    const { status, code, details } = error.http;
    return new HttpError(status, error.message, code, details);
  }
  const Known = Object.hasOwn(known, error.name) ? known[error.name] : undefined;
  const revived = Known ? new Known(error.message) : new Error(error.message);
  if (!Known) revived.name = error.name;
  if (error.stack) revived.stack = error.stack;
  return revived;
}
