// Background threads (OCR engines, the CPU thread of cpu-thread.ts) run at a lower scheduling
// priority than the threads answering requests, so that on a small machine a scan or a report
// render takes the CPU the API leaves idle instead of sharing it equally (issue 5: API latency
// must not suffer while they work). Linux only: a thread's nice value is set with setpriority(2)
// on its thread id, which an unprivileged process may always raise (lower priority) for its own
// threads. Elsewhere, and wherever libc cannot be loaded, this does nothing.
import { readdirSync, readFileSync } from 'node:fs';

/** nice 10: well below the API threads (0), above truly idle work (19). */
const BACKGROUND_NICE = 10;
const PRIO_PROCESS = 0;

type SetPriority = (which: number, who: number, prio: number) => number;

/** The part of bun:ffi used here (the Worker build's types have no bun:ffi). */
interface BunFfi {
  FFIType: { i32: number; u32: number };
  dlopen(
    path: string,
    symbols: { setpriority: { args: number[]; returns: number } },
  ): { symbols: { setpriority: SetPriority } };
}
let setPriority: SetPriority | null | undefined;

async function loadSetPriority(): Promise<SetPriority | null> {
  if (setPriority !== undefined) return setPriority;
  setPriority = null;
  if (process.platform !== 'linux' || typeof (globalThis as { Bun?: unknown }).Bun === 'undefined')
    return null;
  try {
    // A variable specifier keeps bun:ffi out of the Worker bundle.
    const specifier = 'bun:ffi';
    const ffi = (await import(/* @vite-ignore */ specifier)) as BunFfi;
    const libc = ffi.dlopen('libc.so.6', {
      setpriority: { args: [ffi.FFIType.i32, ffi.FFIType.u32, ffi.FFIType.i32], returns: ffi.FFIType.i32 },
    });
    setPriority = (which, who, prio) => libc.symbols.setpriority(which, who, prio);
  } catch {
    setPriority = null;
  }
  return setPriority;
}

/** Bun names the JavaScript thread of each Worker "Worker" (/proc/self/task/<id>/comm). */
const WORKER_THREAD_NAME = 'Worker';

function threadIds(): Set<number> {
  try {
    return new Set(readdirSync('/proc/self/task').map(Number));
  } catch {
    return new Set();
  }
}

function isWorkerThread(id: number): boolean {
  try {
    return readFileSync(`/proc/self/task/${id}/comm`, 'utf8').trim() === WORKER_THREAD_NAME;
  } catch {
    return false;
  }
}

/**
 * Lowers the priority of the calling thread only: on Linux the nice value is a per-thread
 * attribute, and setpriority(PRIO_PROCESS, 0, …) applies to the caller (setpriority(2), NOTES).
 * For Worker threads whose code is ours (the CPU thread), which can do it themselves at start.
 */
export async function runThisThreadInBackground(): Promise<void> {
  const set = await loadSetPriority();
  set?.(PRIO_PROCESS, 0, BACKGROUND_NICE);
}

/**
 * Runs `start` (which creates Worker threads whose code is not ours: tesseract's) and lowers the priority of the Worker threads that
 * appeared meanwhile. Only threads named "Worker" are touched: Bun's I/O pool and the engine's
 * shared JIT and collector threads, which may also start lazily, serve the API too.
 */
export async function startInBackgroundPriority<T>(start: () => Promise<T>): Promise<T> {
  const before = threadIds();
  const result = await start();
  const set = await loadSetPriority();
  if (set) {
    for (const id of threadIds()) {
      if (!before.has(id) && isWorkerThread(id)) set(PRIO_PROCESS, id, BACKGROUND_NICE);
    }
  }
  return result;
}
