// Entry of the Bun Worker thread that runs CPU-heavy job work (cpu-thread.ts).
import { runThisThreadInBackground } from '../lib/thread-priority.ts';
import { CPU_TASKS, type CpuTaskName, serialiseError } from './cpu-tasks.ts';

interface Request {
  id: number;
  task: CpuTaskName;
  input: unknown;
}

declare const self: {
  onmessage: ((event: MessageEvent<Request>) => void) | null;
  postMessage(message: unknown, transfer?: Transferable[]): void;
};

self.onmessage = async ({ data }) => {
  try {
    const run = CPU_TASKS[data.task] as (input: unknown) => unknown;
    const output = (await run(data.input)) as { bytes?: unknown };
    // Hand the file's bytes over instead of copying them.
    const transfer = output?.bytes instanceof Uint8Array ? [output.bytes.buffer as ArrayBuffer] : [];
    self.postMessage({ id: data.id, ok: true, output }, transfer);
  } catch (error) {
    self.postMessage({ id: data.id, ok: false, error: serialiseError(error) });
  }
};

// Renders take the CPU the API threads leave idle (thread-priority.ts). Not awaited before the
// handler is set, so no message can arrive before there is a handler for it.
void runThisThreadInBackground();
