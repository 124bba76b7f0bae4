// Entry of the thread that runs a CSV import over a local file (import-thread.ts): reads and
// calculates the upload a read at a time and writes each read's lines into a transaction of its
// own connection that ends after a write's worth, each opened with the check that the import is
// still this process's; ends with the summary.
import { installFactorLibrary } from '../../../../../db/reference/factors/seed.ts';
import { serialiseError, type ThreadScope } from '../../../lib/worker-thread.ts';
import { LocalLedgerFile } from '../lines/ledger-writer-local.ts';
import { prepareImport, uploadStream } from './import-batches.ts';
import { asHttpError, importAbandoned } from './import-refusals.ts';
import type { ThreadImport, ThreadMessage } from './import-thread.ts';

declare const self: ThreadScope<ThreadImport, ThreadMessage>;

self.onmessage = ({ data }) => {
  // The posted factors are a copy as large as the library built from them: not kept past here.
  const { factors, ...job } = data;
  installFactorLibrary(factors);
  void run(job);
};

async function run(job: Omit<ThreadImport, 'factors'>) {
  let file: LocalLedgerFile | undefined;
  try {
    file = await LocalLedgerFile.open(job.databasePath);
    const ledger = file;
    // Each read's lines go into the open transaction as soon as they are calculated, so no line
    // waits in memory; a transaction ends after `linesPerCommit` lines (decision 095).
    const batches = prepareImport(uploadStream(job.bytes), {
      ...job.options,
      linesPerBatch: job.options.rowsPerRead,
    });
    let linesInWrite = 0;
    const commit = () => {
      ledger.commit();
      self.postMessage({ type: 'written', lines: linesInWrite });
      linesInWrite = 0;
    };
    let step = await batches.next();
    while (!step.done) {
      // The caller has failed the import (importOnThread) and answers with its own error: end here,
      // rolling back what is open.
      if (Atomics.load(job.stop, 0) === 1) throw new Error('import stopped by its caller');
      if (step.value.length > 0) {
        if (linesInWrite === 0) {
          ledger.begin();
          // Had another process taken the import for abandoned, stop here (decision 042).
          if (!ledger.get(job.stillOurs)) throw importAbandoned();
        }
        ledger.insertLines(job.origin, step.value, 'skip');
        linesInWrite += step.value.length;
      }
      if (linesInWrite >= job.linesPerCommit) {
        commit();
        // The next transaction would begin after one read: too soon for a writer waiting on the
        // lock, whose busy handler retries every 100 ms at most (SQLite's
        // sqliteDefaultBusyCallback). Left free this long, the lock goes to every writer that
        // waited through the commit. A stop ends the pause at once (decision 095).
        Atomics.wait(job.stop, 0, 0, job.pauseAfterCommitMs);
      }
      step = await batches.next();
    }
    if (linesInWrite > 0) commit();
    self.postMessage({ type: 'done', summary: step.value });
  } catch (error) {
    file?.rollback();
    self.postMessage({ type: 'failed', error: serialiseError(asHttpError(error)) });
  } finally {
    file?.close();
  }
}
