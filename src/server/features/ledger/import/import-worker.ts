// Entry of the thread that runs a CSV import over a local file (import-thread.ts): reads and
// calculates the upload a read at a time, stages each read's lines in its own connection's
// temporary table and, after a commit's worth, writes them in one statement that first checks the
// import is still this process's; ends with the summary.
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
    // Each read's lines are staged as soon as they are calculated, so no line waits in memory as
    // an object, and the write lock is free while the thread reads (decision 096).
    const batches = prepareImport(uploadStream(job.bytes), {
      ...job.options,
      linesPerBatch: job.options.rowsPerRead,
    });
    let staged = 0;
    const write = () => {
      // One statement, its own transaction: inside an explicit one, SQLite would first copy every
      // page the INSERT … SELECT changes into its statement journal, and those pages grow with the
      // ledger (decision 096). It writes nothing once another process has taken the import for
      // abandoned (decision 042); then the import stops here.
      const inserted = ledger.writeStagedLines(job.origin, 'skip', job.stillOurs);
      if (inserted === 0 && !ledger.get(job.stillOurs)) throw importAbandoned();
      self.postMessage({ type: 'written', lines: staged });
      staged = 0;
    };
    let step = await batches.next();
    while (!step.done) {
      // The caller has failed the import (importOnThread) and answers with its own error: end here.
      if (Atomics.load(job.stop, 0) === 1) throw new Error('import stopped by its caller');
      ledger.stageLines(step.value);
      staged += step.value.length;
      if (staged >= job.linesPerCommit) write();
      step = await batches.next();
    }
    if (staged > 0) write();
    self.postMessage({ type: 'done', summary: step.value });
  } catch (error) {
    self.postMessage({ type: 'failed', error: serialiseError(asHttpError(error)) });
  } finally {
    file?.close();
  }
}
