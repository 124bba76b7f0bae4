// Entry of the import thread (import-thread.ts), which lives as long as the server: takes the
// factor library once, then one import at a time. Each import reads and calculates the upload a
// read at a time, stages each read's lines in the connection's temporary table and, after a
// commit's worth, writes them in one statement that first checks the import is still this
// process's; ends with the summary.
import { installFactorLibrary } from '../../../../../db/reference/factors/seed.ts';
import { serialiseError, type ThreadScope } from '../../../lib/worker-thread.ts';
import { LocalLedgerFile } from '../lines/ledger-writer-local.ts';
import { prepareImport, uploadStream } from './import-batches.ts';
import { asHttpError, importAbandoned } from './import-refusals.ts';
import type { ThreadImport, ThreadMessage, ThreadRequest } from './import-thread.ts';

declare const self: ThreadScope<ThreadRequest, ThreadMessage>;

/**
 * The connection to the file of the last import, kept for the next (decision 098): libsql frees a
 * prepared statement only when JavaScriptCore collects it, and a thread that ends is not collected
 * (oven-sh/bun#32912), so a connection per import stayed open after its thread, with its page
 * cache, its file descriptors and its temporary file. Servers import into one file; a new file
 * (tests) replaces the connection.
 */
let ledgerFile: { path: string; file: LocalLedgerFile } | undefined;

async function openLedgerFile(path: string): Promise<LocalLedgerFile> {
  if (ledgerFile?.path !== path) {
    ledgerFile?.file.close();
    ledgerFile = { path, file: await LocalLedgerFile.open(path) };
  }
  return ledgerFile.file;
}

self.onmessage = ({ data }) => {
  if (data.type === 'library') installFactorLibrary(data.factors);
  else void run(data.job);
};

async function run(job: ThreadImport) {
  try {
    const ledger = await openLedgerFile(job.databasePath);
    // Lines a stopped or failed import staged are not the next import's.
    ledger.discardStagedLines();
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
  }
}
