// Entry of the thread that reads and calculates a CSV import (import-thread.ts): it prepares
// batches ahead of the writer, never more than BATCHES_AHEAD untaken, and ends with the summary.
// File refusals travel as the HttpError the route answers with (asHttpError).

import { installFactorLibrary } from '../../../../db/seed/factors/seed.ts';
import {
  collectGarbage,
  type LineStaging,
  type PrepareImportOptions,
  prepareImport,
} from './import-batches.ts';
import { asHttpError } from './import-refusals.ts';
import { BATCHES_AHEAD, type MainMessage, serialiseFailure, type ThreadMessage } from './import-thread.ts';
import { StagedLineFile } from './staged-line-file.ts';

declare const self: {
  onmessage: ((event: MessageEvent<MainMessage>) => void) | null;
  postMessage(message: ThreadMessage, transfer?: ArrayBuffer[]): void;
};

/** Reads between the thread's forced collections. */
const READS_PER_COLLECTION = 3;

let untaken = 0;
let taken: (() => void) | null = null;

self.onmessage = ({ data }) => {
  if (data.type === 'taken') {
    untaken--;
    taken?.();
    return;
  }
  installFactorLibrary(data.factors);
  void run(data.bytes, data.options, data.staging);
};

async function run(bytes: ArrayBuffer, options: PrepareImportOptions, staging: LineStaging | undefined) {
  let reads = 0;
  try {
    const batches = prepareImport(
      new Blob([bytes]).stream(),
      {
        ...options,
        // Each read's rows and calculations are garbage once read. Collected here, on this thread
        // and its small heap, neither the writer nor the API waits. After every read, the
        // collections took ~1.7 s of the thread's ~4.8 s over 100,000 rows (decision 038). Every
        // third read (6,000 rows): with the full factor library in both threads (decision 047)
        // the 100,000-row import's peak was ~300 MB collecting every fifth read and ~280 MB every
        // third, in the same ~2.2 s.
        afterRead: () => {
          if (++reads % READS_PER_COLLECTION === 0) collectGarbage();
        },
      },
      staging ? new StagedLineFile(staging) : undefined,
    );
    let step = await batches.next();
    while (!step.done) {
      while (untaken >= BATCHES_AHEAD) await new Promise<void>((resolve) => (taken = resolve));
      taken = null;
      untaken++;
      // Payloads' buffers move to the writer without a copy; a staged batch is only its path.
      const batch = step.value;
      self.postMessage(
        { type: 'batch', batch },
        (batch.payloads ?? []).map((payload) => payload.buffer as ArrayBuffer),
      );
      step = await batches.next();
    }
    self.postMessage({ type: 'done', summary: step.value });
  } catch (error) {
    self.postMessage({ type: 'failed', error: serialiseFailure(asHttpError(error)) });
  }
}
