// Issue 5: "CPU-heavy handlers run in Bun Worker threads so API latency does not suffer while they
// work". Job handlers call `runCpuTask`; under Bun the task runs in one long-lived Worker thread
// (started on first use, restarted if it dies), leaving the event loop that answers API requests
// free. The Cloudflare Worker has no threads (and runs each job inside a request anyway), so
// there the task runs inline.
import {
  CPU_TASKS,
  type CpuTaskInput,
  type CpuTaskName,
  type CpuTaskOutput,
  reviveError,
  type SerialisedError,
} from './cpu-tasks.ts';

type Reply = { id: number; ok: true; output: unknown } | { id: number; ok: false; error: SerialisedError };

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** The part of the Web Worker API used here (the Worker build's types have no Worker). */
interface ThreadHandle {
  postMessage(message: unknown): void;
  terminate(): void;
  unref?(): void;
  onmessage: ((event: { data: Reply }) => void) | null;
  onerror: ((event: { message: string }) => void) | null;
}
type ThreadConstructor = new (url: string) => ThreadHandle;

const runtime = globalThis as { Bun?: unknown; Worker?: ThreadConstructor };
const ThreadClass = runtime.Bun !== undefined ? runtime.Worker : undefined;

let thread: ThreadHandle | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

function failAll(error: Error) {
  for (const entry of pending.values()) entry.reject(error);
  pending.clear();
}

function startThread(Thread: ThreadConstructor): ThreadHandle {
  const worker = new Thread(new URL('./cpu-worker.ts', import.meta.url).href);
  worker.onmessage = ({ data }) => {
    const entry = pending.get(data.id);
    if (!entry) return;
    pending.delete(data.id);
    if (data.ok) entry.resolve(data.output);
    else entry.reject(reviveError(data.error));
  };
  worker.onerror = (event) => {
    // A thread that crashed is replaced on the next task; its tasks fail and their jobs retry.
    thread = null;
    worker.terminate();
    failAll(new Error(`CPU thread failed: ${event.message}`));
  };
  // The thread must not keep a finished process (tests, scripts) alive.
  worker.unref?.();
  return worker;
}

export async function runCpuTask<Name extends CpuTaskName>(
  task: Name,
  input: CpuTaskInput<Name>,
): Promise<CpuTaskOutput<Name>> {
  if (!ThreadClass) {
    return (await (CPU_TASKS[task] as (value: CpuTaskInput<Name>) => unknown)(input)) as CpuTaskOutput<Name>;
  }
  thread ??= startThread(ThreadClass);
  const id = nextId++;
  const result = new Promise<unknown>((resolve, reject) => pending.set(id, { resolve, reject }));
  thread.postMessage({ id, task, input });
  return (await result) as CpuTaskOutput<Name>;
}

/** Whether tasks run on a thread of their own here (Bun), not inline (the Cloudflare Worker). */
export const hasCpuThread = (): boolean => ThreadClass !== undefined;

/**
 * Starts the thread now rather than in the first caller's wait. The report renderers (pdf-lib,
 * fontkit, the embedded fonts) load on the first report (cpu-tasks.ts), so a server that renders
 * none does not hold them. No-op without threads.
 */
export function warmCpuThread(): void {
  if (ThreadClass) thread ??= startThread(ThreadClass);
}

/** Stops the thread (shutdown, tests). Tasks still running fail. */
export function stopCpuThread(): void {
  if (!thread) return;
  thread.terminate();
  thread = null;
  failAll(new Error('CPU thread stopped'));
}
