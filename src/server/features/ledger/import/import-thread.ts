// Runs a CSV import over a local database file on a thread of its own (decision 068): the thread
// reads and calculates the upload (import-batches.ts) and writes each batch into the ledger with
// its own connection (LocalLedgerFile, one BEGIN IMMEDIATE transaction per batch), so the request
// thread keeps answering while an import works. The app's connection waits for a batch's write
// lock like any second writer (busy_timeout), never fails on it.
//
// One thread per import, ended with it: imports are rare, and a thread that stays costs tens of
// MB of memory for nothing. The Cloudflare Worker has no threads and no local file: there the
// import runs inline (import-service.ts).
import { factorLibrary } from '../../../../../db/reference/factors/seed.ts';
import type { EmissionFactor } from '../../../../domain/emissions/types.ts';
import { HttpError } from '../../../lib/errors.ts';
import type { SqlQuery } from '../lines/ledger-writer-local.ts';
import type { LineOrigin } from '../lines/new-lines.ts';
import type { PreparedSummary, PrepareImportOptions } from './import-batches.ts';

export type ThreadMessage =
  | { type: 'written'; lines: number }
  | { type: 'done'; summary: PreparedSummary }
  | { type: 'failed'; error: SerialisedFailure };

export interface ThreadImport {
  bytes: ArrayBuffer;
  options: PrepareImportOptions;
  databasePath: string;
  origin: LineOrigin;
  /** A query that finds the import's row only while this process still owns it (decision 042). */
  stillOurs: SqlQuery;
  /** This thread's factor library, so the import thread need not build its own. */
  factors: readonly EmissionFactor[];
}

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
  postMessage(message: ThreadImport, transfer?: ArrayBuffer[]): void;
  terminate(): void;
  onmessage: ((event: { data: ThreadMessage }) => void) | null;
  onerror: ((event: { message: string }) => void) | null;
}
type ThreadConstructor = new (url: string) => ThreadHandle;

const runtime = globalThis as { Bun?: unknown; Worker?: ThreadConstructor };
const ThreadClass = runtime.Bun !== undefined ? runtime.Worker : undefined;

/** True where imports can run on a thread of their own (Bun). */
export const importThreadAvailable = ThreadClass !== undefined;

/**
 * Imports on a thread: resolves to the summary once every batch is written. `bytes` is handed
 * over to the thread (the caller must not use it afterwards). `afterBatch` runs on this thread
 * after each written batch (the heartbeat); if it throws, the thread is stopped and the import
 * fails with that error. Refusals of the file arrive as the HttpError the route answers with.
 */
export function importOnThread(
  job: Omit<ThreadImport, 'factors'>,
  afterBatch: () => Promise<void>,
): Promise<PreparedSummary> {
  if (!ThreadClass) throw new Error('importOnThread: no threads here');
  const thread = new ThreadClass(new URL('./import-worker.ts', import.meta.url).href);
  return new Promise<PreparedSummary>((resolve, reject) => {
    const fail = (error: unknown) => {
      thread.terminate();
      reject(error);
    };
    thread.onerror = (event) => fail(new Error(`import thread: ${event.message}`));
    thread.onmessage = ({ data }) => {
      if (data.type === 'written') afterBatch().catch(fail);
      else if (data.type === 'failed') fail(reviveFailure(data.error));
      else {
        thread.terminate();
        resolve(data.summary);
      }
    };
    thread.postMessage({ ...job, factors: factorLibrary().factors }, [job.bytes]);
  });
}
