// Runs a CSV import over a local database file on a thread of its own (decision 068): the thread
// reads and calculates the upload (import-batches.ts), stages the lines in its own connection and
// writes each commit's worth into the ledger (LocalLedgerFile, one statement that is its own
// transaction, decision 096), so the request thread keeps answering while an import works. The
// app's connection waits for such a write's lock like any second writer (busy_timeout), never
// fails on it.
//
// One thread for the process, started by the first import and kept, one import at a time on it
// (decision 098): a thread per import left its libsql connection open after it ended (2.7 MB, two
// file descriptors and a temporary file each time). Imports wait their turn; one file takes one
// writer anyway. The Cloudflare Worker has no threads and no local file: there the import runs
// inline (import-service.ts).
import { factorLibrary } from '../../../../../db/reference/factors/seed.ts';
import type { EmissionFactor } from '../../../../domain/emissions/types.ts';
import {
  hasThreads,
  reviveError,
  type SerialisedError,
  startThread,
  type Thread,
} from '../../../lib/worker-thread.ts';
import type { SqlQuery } from '../lines/ledger-writer-local.ts';
import type { LineOrigin } from '../lines/new-lines.ts';
import type { PreparedSummary, PrepareImportOptions } from './import-batches.ts';

export type ThreadMessage =
  | { type: 'written'; lines: number }
  | { type: 'done'; summary: PreparedSummary }
  | { type: 'failed'; error: SerialisedError };

export interface ThreadImport {
  bytes: ArrayBuffer;
  options: PrepareImportOptions;
  /** Lines staged before each write: one transaction each (decision 096). */
  linesPerCommit: number;
  databasePath: string;
  origin: LineOrigin;
  /** A query that finds the import's row only while this process still owns it (decision 042). */
  stillOurs: SqlQuery;
  /** Set to 1 by the caller to have the thread end the import and answer `failed`. */
  stop: Int32Array;
}

/**
 * What the thread is sent: first this thread's factor library, so the import thread need not build
 * its own; then each import.
 */
export type ThreadRequest =
  | { type: 'library'; factors: readonly EmissionFactor[] }
  | { type: 'import'; job: ThreadImport };

/** True where imports can run on a thread of their own (Bun). */
export const importThreadAvailable = hasThreads();

let thread: Thread<ThreadRequest> | null = null;
/** The running import's handler of the thread's messages and of its crash. */
let running: { onMessage(message: ThreadMessage): void; onCrash(error: Error): void } | null = null;
/** Imports in turn: each starts once the one before has settled. */
let turn: Promise<unknown> = Promise.resolve();

function importThread(): Thread<ThreadRequest> {
  if (!thread) {
    thread = startThread<ThreadRequest, ThreadMessage>(new URL('./import-worker.ts', import.meta.url), {
      onMessage: (message) => running?.onMessage(message),
      onCrash: (error) => {
        // Replaced by the next import; the one running fails.
        thread = null;
        running?.onCrash(error);
      },
    });
    thread.post({ type: 'library', factors: factorLibrary().factors });
  }
  return thread;
}

/**
 * Imports on the import thread, after any import before it: resolves to the summary once every
 * batch is written. `bytes` is handed over to the thread (the caller must not use it afterwards).
 * `afterBatch` runs on this thread after each written batch (the heartbeat); if it throws, the
 * import fails with that error once the thread has stopped it. Refusals of the file arrive as the
 * HttpError the route answers with.
 */
export function importOnThread(
  job: Omit<ThreadImport, 'stop'>,
  afterBatch: () => Promise<void>,
): Promise<PreparedSummary> {
  const result = turn.then(() => runImport(job, afterBatch));
  turn = result.catch(() => undefined);
  return result;
}

function runImport(
  job: Omit<ThreadImport, 'stop'>,
  afterBatch: () => Promise<void>,
): Promise<PreparedSummary> {
  return new Promise<PreparedSummary>((resolve, reject) => {
    // Ending the thread from here could interrupt a write: the thread reads this flag after each
    // read and ends the import itself (decision 095).
    const stop = new Int32Array(new SharedArrayBuffer(4));
    let failure: { error: unknown } | undefined;
    const settle = (settled: () => void) => {
      running = null;
      settled();
    };
    function fail(error: unknown) {
      failure ??= { error };
      Atomics.store(stop, 0, 1);
    }
    running = {
      onMessage(message) {
        if (message.type === 'written') {
          if (!failure) afterBatch().catch(fail);
          return;
        }
        if (failure) settle(() => reject(failure!.error));
        else if (message.type === 'failed') settle(() => reject(reviveError(message.error)));
        else settle(() => resolve(message.summary));
      },
      onCrash: (error) => settle(() => reject(error)),
    };
    importThread().post({ type: 'import', job: { ...job, stop } }, [job.bytes]);
  });
}
