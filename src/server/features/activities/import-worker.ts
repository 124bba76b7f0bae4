// Entry of the thread that runs a CSV import over a local file (import-thread.ts): reads and
// calculates the upload a batch at a time and writes each batch, with the check that the import
// is still this process's, in one transaction of its own connection; ends with the summary.
import { installFactorLibrary } from '../../../../db/seed/factors/seed.ts';
import { LocalLedgerFile } from '../emissions/ledger-writer-local.ts';
import { prepareImport } from './import-batches.ts';
import { asHttpError, importAbandoned } from './import-refusals.ts';
import { serialiseFailure, type ThreadImport, type ThreadMessage } from './import-thread.ts';

type BunGlobal = { Bun?: { gc(synchronous: boolean): void } };
const collectGarbage = () => (globalThis as BunGlobal).Bun?.gc(true);

declare const self: {
  onmessage: ((event: MessageEvent<ThreadImport>) => void) | null;
  postMessage(message: ThreadMessage): void;
};

self.onmessage = ({ data }) => {
  installFactorLibrary(data.factors);
  void run(data);
};

async function run(job: ThreadImport) {
  let file: LocalLedgerFile | undefined;
  try {
    file = await LocalLedgerFile.open(job.databasePath);
    const ledger = file;
    const batches = prepareImport(new Blob([job.bytes]).stream(), job.options);
    let step = await batches.next();
    while (!step.done) {
      const lines = step.value;
      if (lines.length > 0) {
        ledger.transaction(() => {
          // Had another process taken the import for abandoned, stop here (decision 042).
          if (!ledger.get(job.stillOurs)) throw importAbandoned();
          ledger.insertLines(job.origin, lines, 'skip');
        });
        self.postMessage({ type: 'written', lines: lines.length });
        // The batch's rows, calculations and lines are garbage now. Collected here, on this
        // thread's heap, once a batch: without it the 100,000-row import peaked ~100 MB higher,
        // past its budget (bench/import.ts; the numbers are in decision 066).
        collectGarbage();
      }
      step = await batches.next();
    }
    self.postMessage({ type: 'done', summary: step.value });
  } catch (error) {
    self.postMessage({ type: 'failed', error: serialiseFailure(asHttpError(error)) });
  } finally {
    file?.close();
  }
}
