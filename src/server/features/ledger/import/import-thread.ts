// Runs a CSV import over a local database file on a thread of its own (decision 068): the thread
// reads and calculates the upload (import-batches.ts), stages the lines in its own connection and
// writes each commit's worth into the ledger (LocalLedgerFile, one statement that is its own
// transaction, decision 096), so the request thread keeps answering while an import works. The
// app's connection waits for such a write's lock like any second writer (busy_timeout), never
// fails on it.
//
// One thread per import, ended with it: imports are rare, and a thread that stays costs tens of
// MB of memory for nothing. The Cloudflare Worker has no threads and no local file: there the
// import runs inline (import-service.ts).
import { factorLibrary } from '../../../../../db/reference/factors/seed.ts';
import type { EmissionFactor } from '../../../../domain/emissions/types.ts';
import { hasThreads, reviveError, type SerialisedError, startThread } from '../../../lib/worker-thread.ts';
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
  /** Set to 1 by the caller to have the thread end and answer `failed`. */
  stop: Int32Array;
  /** This thread's factor library, so the import thread need not build its own. */
  factors: readonly EmissionFactor[];
}

/** True where imports can run on a thread of their own (Bun). */
export const importThreadAvailable = hasThreads();

/**
 * Imports on a thread: resolves to the summary once every batch is written. `bytes` is handed
 * over to the thread (the caller must not use it afterwards). `afterBatch` runs on this thread
 * after each written batch (the heartbeat); if it throws, the import fails with that error once the
 * thread has ended. Refusals of the file arrive as
 * the HttpError the route answers with.
 */
export function importOnThread(
  job: Omit<ThreadImport, 'factors' | 'stop'>,
  afterBatch: () => Promise<void>,
): Promise<PreparedSummary> {
  return new Promise<PreparedSummary>((resolve, reject) => {
    // Ending the thread from here could interrupt a write and leave its transaction holding the
    // write lock (the connection is not closed with the thread): the thread reads this flag after
    // each read and ends itself (decision 095).
    const stop = new Int32Array(new SharedArrayBuffer(4));
    let failure: { error: unknown } | undefined;
    const thread = startThread<ThreadImport, ThreadMessage>(new URL('./import-worker.ts', import.meta.url), {
      onMessage(message) {
        if (message.type === 'written') {
          if (!failure) afterBatch().catch(fail);
          return;
        }
        thread.stop();
        if (failure) reject(failure.error);
        else if (message.type === 'failed') reject(reviveError(message.error));
        else resolve(message.summary);
      },
      onCrash: reject,
      keepsProcessAlive: true,
    });
    function fail(error: unknown) {
      failure ??= { error };
      Atomics.store(stop, 0, 1);
      Atomics.notify(stop, 0);
    }
    thread.post({ ...job, stop, factors: factorLibrary().factors }, [job.bytes]);
  });
}
