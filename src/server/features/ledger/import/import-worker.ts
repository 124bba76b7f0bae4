// Entry of the thread that runs a CSV import over a local file (import-thread.ts): reads and
// calculates the upload a batch at a time and writes each batch, with the check that the import
// is still this process's, in one transaction of its own connection; ends with the summary.
import { installFactorLibrary } from '../../../../../db/reference/factors/seed.ts';
import { serialiseError, type ThreadScope } from '../../../lib/worker-thread.ts';
import { LocalLedgerFile } from '../lines/ledger-writer-local.ts';
import type { NewLine } from '../lines/new-lines.ts';
import { prepareImport, uploadStream } from './import-batches.ts';
import { asHttpError, importAbandoned } from './import-refusals.ts';
import type { ThreadImport, ThreadMessage } from './import-thread.ts';

type BunGlobal = { Bun?: { gc(synchronous: boolean): void } };
const collectGarbage = () => (globalThis as BunGlobal).Bun?.gc(true);

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
    // Each read's lines wait here until a write's worth. The read's own garbage (its text, rows and
    // calculations) is collected after each read, on this thread's small heap: without it the
    // 100,000-row import goes past its 300 MB budget (decisions 068, 087).
    const batches = prepareImport(uploadStream(job.bytes), {
      ...job.options,
      linesPerBatch: job.options.rowsPerRead,
    });
    let pending: NewLine[] = [];
    const write = () => {
      ledger.transaction(() => {
        // Had another process taken the import for abandoned, stop here (decision 042).
        if (!ledger.get(job.stillOurs)) throw importAbandoned();
        ledger.insertLines(job.origin, pending, 'skip');
      });
      self.postMessage({ type: 'written', lines: pending.length });
      pending = [];
    };
    let step = await batches.next();
    while (!step.done) {
      for (const line of step.value) pending.push(line);
      collectGarbage();
      if (pending.length >= job.options.linesPerBatch) write();
      step = await batches.next();
    }
    if (pending.length > 0) write();
    self.postMessage({ type: 'done', summary: step.value });
  } catch (error) {
    self.postMessage({ type: 'failed', error: serialiseError(asHttpError(error)) });
  } finally {
    file?.close();
  }
}
