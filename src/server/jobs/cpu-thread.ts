// Issue 5: "CPU-heavy handlers run in Bun Worker threads so API latency does not suffer while they
// work". Job handlers call `runCpuTask`; under Bun the task runs in one long-lived thread (started
// on first use, restarted if it dies; lib/worker-thread.ts), leaving the event loop that answers
// API requests free. The Cloudflare Worker has no threads (and runs each job inside a request
// anyway), so there the task runs inline.
import {
  hasThreads,
  reviveError,
  type SerialisedError,
  startThread,
  type Thread,
} from '../lib/worker-thread.ts';
import {
  CPU_TASK_ERRORS,
  CPU_TASKS,
  type CpuTaskInput,
  type CpuTaskName,
  type CpuTaskOutput,
} from './cpu-tasks.ts';

export interface CpuRequest {
  id: number;
  task: CpuTaskName;
  input: unknown;
}
export type CpuReply =
  | { id: number; ok: true; output: unknown }
  | { id: number; ok: false; error: SerialisedError };

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

let thread: Thread<CpuRequest> | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

function failAll(error: Error) {
  for (const entry of pending.values()) entry.reject(error);
  pending.clear();
}

function answer(reply: CpuReply) {
  const entry = pending.get(reply.id);
  if (!entry) return;
  pending.delete(reply.id);
  if (reply.ok) entry.resolve(reply.output);
  else entry.reject(reviveError(reply.error, CPU_TASK_ERRORS));
}

function cpuThread(): Thread<CpuRequest> {
  thread ??= startThread<CpuRequest, CpuReply>(new URL('./cpu-worker.ts', import.meta.url), {
    onMessage: answer,
    onCrash: (error) => {
      // A thread that crashed is replaced on the next task; its tasks fail and their jobs retry.
      thread = null;
      failAll(error);
    },
  });
  return thread;
}

export async function runCpuTask<Name extends CpuTaskName>(
  task: Name,
  input: CpuTaskInput<Name>,
): Promise<CpuTaskOutput<Name>> {
  if (!hasThreads()) {
    return (await (CPU_TASKS[task] as (value: CpuTaskInput<Name>) => unknown)(input)) as CpuTaskOutput<Name>;
  }
  const id = nextId++;
  const result = new Promise<unknown>((resolve, reject) => pending.set(id, { resolve, reject }));
  cpuThread().post({ id, task, input });
  return (await result) as CpuTaskOutput<Name>;
}

/**
 * Starts the thread now rather than in the first caller's wait. The report renderers (pdf-lib,
 * fontkit, the embedded fonts) load on the first report (cpu-tasks.ts), so a server that renders
 * none does not hold them. No-op without threads.
 */
export function warmCpuThread(): void {
  if (hasThreads()) cpuThread();
}

/** Stops the thread (shutdown, tests). Tasks still running fail. */
export function stopCpuThread(): void {
  if (!thread) return;
  thread.stop();
  thread = null;
  failAll(new Error('CPU thread stopped'));
}
