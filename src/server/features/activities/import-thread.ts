// Runs the CPU half of a CSV import (import-batches.ts) on a thread of its own, so reading and
// calculating batch n+1 overlaps the main thread writing batch n (decision 035). libSQL's local
// driver writes synchronously on the main thread; without this, reading, calculating and
// writing 100,000 rows add up one after the other. The writes stay on the app's one connection:
// a second writing connection made the app's own read-then-write transactions fail with
// SQLITE_BUSY while an import committed (seen in the browser suite, decision 035).
//
// On a local database the thread also stages each batch's values in a scratch SQLite file, which
// the writer copies with one INSERT … SELECT (decision 038): the values are bound here, on the
// thread, instead of being parsed out of JSON on the writer.
//
// One thread per import, ended with it: imports are rare, and a thread that stays costs tens of
// MB of memory for nothing. At most BATCHES_AHEAD batches wait for the writer, which bounds the
// memory of a file that reads faster than it writes. The Cloudflare Worker has no threads: there
// the same generator runs inline.
import { factorLibrary } from '../../../../db/seed/factors/seed.ts';
import type { EmissionFactor } from '../../../domain/emissions/types.ts';
import { HttpError } from '../../lib/errors.ts';
import {
  type LineStaging,
  type PreparedBatch,
  type PreparedSummary,
  type PrepareImportOptions,
  prepareImport,
} from './import-batches.ts';

/** Batches the thread may prepare before the writer has taken them. */
export const BATCHES_AHEAD = 2;

export type ThreadMessage =
  | { type: 'batch'; batch: PreparedBatch }
  | { type: 'done'; summary: PreparedSummary }
  | { type: 'failed'; error: SerialisedFailure };

export type MainMessage =
  | {
      type: 'start';
      bytes: ArrayBuffer;
      options: PrepareImportOptions;
      staging?: LineStaging;
      /** This thread's factor library, so the import thread need not build its own. */
      factors: readonly EmissionFactor[];
    }
  | { type: 'taken' };

/** An error crossing the thread boundary: refusals keep their status, code and details. */
export interface SerialisedFailure {
  message: string;
  http?: { status: number; code: string | undefined; details?: unknown };
}

export function serialiseFailure(error: unknown): SerialisedFailure {
  if (error instanceof HttpError) {
    return {
      message: error.message,
      http: { status: error.status, code: error.code, details: error.details },
    };
  }
  return { message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
}

function reviveFailure(failure: SerialisedFailure): Error {
  if (failure.http) {
    const { status, code, details } = failure.http;
    return new HttpError(status as HttpError['status'], failure.message, code, details);
  }
  return new Error(`import thread: ${failure.message}`);
}

/** The part of the Web Worker API used here (the Worker build's types have no Worker). */
interface ThreadHandle {
  postMessage(message: MainMessage, transfer?: ArrayBuffer[]): void;
  terminate(): void;
  onmessage: ((event: { data: ThreadMessage }) => void) | null;
  onerror: ((event: { message: string }) => void) | null;
}
type ThreadConstructor = new (url: string) => ThreadHandle;

const runtime = globalThis as { Bun?: unknown; Worker?: ThreadConstructor };
const ThreadClass = runtime.Bun !== undefined ? runtime.Worker : undefined;

/** True where imports read on a thread of their own (Bun); elsewhere they read inline. */
export const importThreadAvailable = ThreadClass !== undefined;

/**
 * The prepared batches of an upload, then its summary. `bytes` is handed over to the thread (the
 * caller must not use it afterwards). With `staging`, the thread stages each batch's lines in a
 * file of that folder (staged-line-file.ts) instead of JSON payloads; without a thread, batches
 * are always payloads. Refusals of the file (too large, malformed, unknown headers) arrive as the
 * HttpError the route answers with.
 */
export async function* preparedBatches(
  bytes: ArrayBuffer,
  options: PrepareImportOptions,
  staging?: LineStaging,
): AsyncGenerator<PreparedBatch, PreparedSummary> {
  if (!ThreadClass) return yield* prepareImport(new Blob([bytes]).stream(), options);
  const thread = new ThreadClass(new URL('./import-worker.ts', import.meta.url).href);
  // Messages arrive while the writer is busy; they wait here in order.
  const inbox: ThreadMessage[] = [];
  let wake: (() => void) | null = null;
  const deliver = (message: ThreadMessage) => {
    inbox.push(message);
    wake?.();
  };
  thread.onmessage = ({ data }) => deliver(data);
  thread.onerror = (event) => deliver({ type: 'failed', error: { message: event.message } });
  try {
    thread.postMessage({ type: 'start', bytes, options, staging, factors: factorLibrary().factors }, [bytes]);
    while (true) {
      if (inbox.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
      const message = inbox.shift()!;
      if (message.type === 'failed') throw reviveFailure(message.error);
      if (message.type === 'done') return message.summary;
      thread.postMessage({ type: 'taken' });
      yield message.batch;
    }
  } finally {
    thread.terminate();
  }
}
