// Entry of the thread that reads and calculates a CSV import (import-thread.ts): it prepares
// batches ahead of the writer, never more than BATCHES_AHEAD untaken, and ends with the summary.
// File refusals travel as the HttpError the route answers with (asHttpError).
import { collectGarbage, type PrepareImportOptions, prepareImport } from './import-batches.ts';
import { asHttpError } from './import-refusals.ts';
import { BATCHES_AHEAD, type MainMessage, serialiseFailure, type ThreadMessage } from './import-thread.ts';

declare const self: {
  onmessage: ((event: MessageEvent<MainMessage>) => void) | null;
  postMessage(message: ThreadMessage, transfer?: ArrayBuffer[]): void;
};

let untaken = 0;
let taken: (() => void) | null = null;

self.onmessage = ({ data }) => {
  if (data.type === 'taken') {
    untaken--;
    taken?.();
    return;
  }
  void run(data.bytes, data.options);
};

async function run(bytes: ArrayBuffer, options: PrepareImportOptions) {
  try {
    const batches = prepareImport(new Blob([bytes]).stream(), {
      ...options,
      // Each read's rows and calculations are garbage once read. Collected here, on this thread
      // and its small heap, it costs ~15 ms a time, and neither the writer nor the API waits.
      afterRead: collectGarbage,
    });
    let step = await batches.next();
    while (!step.done) {
      while (untaken >= BATCHES_AHEAD) await new Promise<void>((resolve) => (taken = resolve));
      taken = null;
      untaken++;
      // The payloads' buffers move to the writer without a copy.
      const batch = step.value;
      self.postMessage(
        { type: 'batch', batch },
        batch.payloads.map((payload) => payload.buffer as ArrayBuffer),
      );
      step = await batches.next();
    }
    self.postMessage({ type: 'done', summary: step.value });
  } catch (error) {
    self.postMessage({ type: 'failed', error: serialiseFailure(asHttpError(error)) });
  }
}
