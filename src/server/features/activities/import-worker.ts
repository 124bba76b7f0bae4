// Entry of the thread that reads and calculates a CSV import (import-thread.ts): it prepares
// batches ahead of the writer, never more than BATCHES_AHEAD untaken, and ends with the summary.
// File refusals travel as the HttpError the route answers with (asHttpError).
import { prepareImport } from './import-batches.ts';
import { asHttpError } from './import-refusals.ts';
import { BATCHES_AHEAD, type MainMessage, serialiseFailure, type ThreadMessage } from './import-thread.ts';

declare const self: {
  onmessage: ((event: MessageEvent<MainMessage>) => void) | null;
  postMessage(message: ThreadMessage): void;
};

type BunGlobal = { Bun?: { gc(synchronous: boolean): void } };

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

async function run(bytes: ArrayBuffer, options: Parameters<typeof prepareImport>[1]) {
  try {
    const batches = prepareImport(new Blob([bytes]).stream(), options);
    let step = await batches.next();
    while (!step.done) {
      while (untaken >= BATCHES_AHEAD) await new Promise<void>((resolve) => (taken = resolve));
      taken = null;
      untaken++;
      self.postMessage({ type: 'batch', batch: step.value });
      // This batch's rows, lines and payload copies are garbage now. Collecting here costs only
      // this thread's time (the writer goes on) and keeps the import within its memory budget.
      (globalThis as BunGlobal).Bun?.gc(true);
      step = await batches.next();
    }
    self.postMessage({ type: 'done', summary: step.value });
  } catch (error) {
    self.postMessage({ type: 'failed', error: serialiseFailure(asHttpError(error)) });
  }
}
