// Entry of the thread that runs CPU-heavy job work (cpu-thread.ts, lib/worker-thread.ts).
import { serialiseError, type ThreadScope } from '../lib/worker-thread.ts';
import { CPU_TASKS } from './cpu-tasks.ts';
import type { CpuReply, CpuRequest } from './cpu-thread.ts';

declare const self: ThreadScope<CpuRequest, CpuReply>;

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
