// Entry of the thread that runs a CSV import over a local file (import-thread.ts): reads and
// calculates the upload a read at a time and writes each read's lines at once into the open
// batch transaction of its own connection, which first checks that the import is still this
// process's; commits every linesPerBatch lines; ends with the summary.
import { installFactorLibrary } from '../../../../../db/reference/factors/seed.ts';
import { serialiseError, type ThreadScope } from '../../../lib/worker-thread.ts';
import { LocalLedgerFile } from '../lines/ledger-writer-local.ts';
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
    // Each read's lines go into the open batch transaction as soon as they are calculated: none
    // wait in memory for a write's worth (decision 087). The read's garbage (its text, rows,
    // calculations and lines) is then collected, on this thread's small heap: without that
    // collection the 100,000-row import goes past its 300 MB budget (decisions 068, 087).
    const reads = prepareImport(uploadStream(job.bytes), {
      ...job.options,
      linesPerBatch: job.options.rowsPerRead,
    });
    let inBatch = 0;
    const commit = () => {
      ledger.commit();
      self.postMessage({ type: 'written', lines: inBatch });
      inBatch = 0;
    };
    let step = await reads.next();
    while (!step.done) {
      if (step.value.length > 0) {
        if (inBatch === 0) {
          ledger.begin();
          // Had another process taken the import for abandoned, stop here (decision 042).
          if (!ledger.get(job.stillOurs)) throw importAbandoned();
        }
        ledger.insertLines(job.origin, step.value, 'skip');
        inBatch += step.value.length;
        if (inBatch >= job.options.linesPerBatch) commit();
      }
      collectGarbage();
      step = await reads.next();
    }
    if (inBatch > 0) commit();
    self.postMessage({ type: 'done', summary: step.value });
  } catch (error) {
    file?.rollback();
    self.postMessage({ type: 'failed', error: serialiseError(asHttpError(error)) });
  } finally {
    file?.close();
  }
}
