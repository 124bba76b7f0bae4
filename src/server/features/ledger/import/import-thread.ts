// Runs a CSV import over a local database file on two threads of its own, so the request thread
// keeps answering while an import works (decision 068) and the import uses both of the machine's
// cores (decision 099):
// - the reading thread (import-read-worker.ts) reads and calculates the upload (import-batches.ts)
//   and stages each read's lines in one of two staging files (import-staging.ts);
// - once a commit's worth is staged, this thread hands that slot to the writing thread
//   (import-write-worker.ts), which writes it into the ledger in one statement that is its own
//   transaction (decision 096), while the reading thread fills the other slot.
// The app's connection waits for such a write's lock like any second writer (busy_timeout), never
// fails on it.
//
// One pair of threads for the process, started by the first import and kept, one import at a time
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
import { stagedLinesWrite } from '../lines/ledger-writer-local.ts';
import { emptyStagedLines } from '../lines/line-staging.ts';
import type { LineOrigin } from '../lines/new-lines.ts';
import type { SqlQuery } from '../lines/sqlite-file.ts';
import type { PreparedSummary, PrepareImportOptions } from './import-batches.ts';
import { importAbandoned } from './import-refusals.ts';
import { SLOTS, type Slot, stagingSchema } from './import-staging.ts';

export interface ThreadImport {
  bytes: ArrayBuffer;
  options: PrepareImportOptions;
  /** Lines staged in a slot before it is written: one transaction each (decision 096). */
  linesPerCommit: number;
  databasePath: string;
  origin: LineOrigin;
  /** A query that finds the import's row only while this process still owns it (decision 042). */
  stillOurs: SqlQuery;
}

/** What the reading thread needs of an import. */
export type ReadJob = Pick<ThreadImport, 'bytes' | 'options' | 'linesPerCommit' | 'databasePath'> & {
  /** Set to 1 by this thread to have the reading thread end the import and answer `failed`. */
  stop: Int32Array;
};

/**
 * What the reading thread is sent: first the factor library, so it need not build its own; then
 * each import, and each slot given back (emptied by the writing thread).
 */
export type ReadRequest =
  | { type: 'library'; factors: readonly EmissionFactor[] }
  | { type: 'import'; job: ReadJob }
  | { type: 'free'; slot: Slot };

export type ReadMessage =
  | { type: 'staged'; slot: Slot }
  | { type: 'done'; summary: PreparedSummary }
  | { type: 'failed'; error: SerialisedError };

/**
 * What the writing thread is sent for a slot handed over: the statements it runs, built here so it
 * loads no query builder (its memory, decision 099).
 */
export interface SlotWrite {
  slot: Slot;
  databasePath: string;
  /** The slot's lines into the ledger while the import is still ours; none after a failure. */
  write: SqlQuery | null;
  /** After a write that added nothing: whether the import is still ours, or was taken (decision 042). */
  stillOurs: SqlQuery;
  /** Empties the slot, written or not. */
  empty: SqlQuery;
}

export type WriteMessage =
  | { type: 'written' | 'abandoned'; slot: Slot }
  | { type: 'failed'; slot: Slot; error: SerialisedError };

/** Each slot's statements for the writing thread, by slot. */
const slotWrites = ({ databasePath, origin, stillOurs }: ThreadImport): SlotWrite[] =>
  SLOTS.map((slot) => ({
    slot,
    databasePath,
    write: stagedLinesWrite(origin, 'skip', stagingSchema(slot), stillOurs),
    stillOurs,
    empty: emptyStagedLines(stagingSchema(slot)),
  }));

/** True where imports can run on threads of their own (Bun). */
export const importThreadAvailable = hasThreads();

interface ImportThreads {
  reader: Thread<ReadRequest>;
  writer: Thread<SlotWrite>;
}

/** The running import's handlers of the threads' messages and of a crash. */
interface Running {
  fromReader(message: ReadMessage): void;
  fromWriter(message: WriteMessage): void;
  onCrash(error: Error): void;
}

let threads: ImportThreads | null = null;
let running: Running | null = null;
/** Imports in turn: each starts once the one before has settled. */
let turn: Promise<unknown> = Promise.resolve();

function importThreads(): ImportThreads {
  if (threads) return threads;
  const onCrash = (error: Error) => {
    // Both go, so the next import starts a pair whose staging files and connection agree; the one
    // running fails.
    threads?.reader.stop();
    threads?.writer.stop();
    threads = null;
    running?.onCrash(error);
  };
  const reader = startThread<ReadRequest, ReadMessage>(new URL('./import-read-worker.ts', import.meta.url), {
    onMessage: (message) => running?.fromReader(message),
    onCrash,
  });
  const writer = startThread<SlotWrite, WriteMessage>(new URL('./import-write-worker.ts', import.meta.url), {
    onMessage: (message) => running?.fromWriter(message),
    onCrash,
  });
  reader.post({ type: 'library', factors: factorLibrary().factors });
  threads = { reader, writer };
  return threads;
}

/**
 * Imports on the import threads, after any import before it: resolves to the summary once every
 * slot is written. `bytes` is handed over to the reading thread (the caller must not use it
 * afterwards). `afterBatch` runs on this thread after each written slot (the heartbeat); if it
 * throws, the import fails with that error once the threads have stopped it. Refusals of the file
 * arrive as the HttpError the route answers with.
 */
export function importOnThread(job: ThreadImport, afterBatch: () => Promise<void>): Promise<PreparedSummary> {
  const result = turn.then(() => runImport(job, afterBatch));
  turn = result.catch(() => undefined);
  return result;
}

function runImport(job: ThreadImport, afterBatch: () => Promise<void>): Promise<PreparedSummary> {
  return new Promise<PreparedSummary>((resolve, reject) => {
    const { reader, writer } = importThreads();
    const writes = slotWrites(job);
    // Ending a thread from here could interrupt a write: the reading thread reads this flag after
    // each read and ends the import itself (decision 095).
    const stop = new Int32Array(new SharedArrayBuffer(4));
    let failure: { error: unknown } | undefined;
    let summary: PreparedSummary | undefined;
    let readerDone = false;
    /** Slots the writing thread has and has not answered for. */
    const writing = new Set<Slot>();
    function fail(error: unknown) {
      failure ??= { error };
      Atomics.store(stop, 0, 1);
    }
    // Settled once the reading thread has ended and every slot handed over is answered for.
    function settleWhenDone() {
      if (!readerDone || writing.size > 0) return;
      running = null;
      if (failure) reject(failure.error);
      else resolve(summary!);
    }
    running = {
      fromReader(message) {
        if (message.type === 'staged') {
          // After a failure nothing more is written; the slot is emptied all the same.
          writing.add(message.slot);
          const slotWrite = writes[message.slot]!;
          writer.post(failure ? { ...slotWrite, write: null } : slotWrite);
          return;
        }
        readerDone = true;
        if (message.type === 'failed') fail(reviveError(message.error));
        else summary = message.summary;
        settleWhenDone();
      },
      fromWriter(message) {
        if (message.type === 'failed') fail(reviveError(message.error));
        else if (message.type === 'abandoned') fail(importAbandoned());
        else if (!failure) afterBatch().catch(fail);
        writing.delete(message.slot);
        reader.post({ type: 'free', slot: message.slot });
        settleWhenDone();
      },
      onCrash(error) {
        fail(error);
        readerDone = true;
        writing.clear();
        settleWhenDone();
      },
    };
    const { bytes, options, linesPerCommit, databasePath } = job;
    reader.post({ type: 'import', job: { bytes, options, linesPerCommit, databasePath, stop } }, [bytes]);
  });
}
