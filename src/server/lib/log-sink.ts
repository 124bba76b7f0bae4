import type { LogLineLevel, LogWrite } from './logger.ts';

/**
 * Where the Bun processes' log lines go (decision 067): standard output, batched. One write every
 * `FLUSH_AFTER_MS` (or per 64 KB) instead of one per line: the access log's synchronous write per
 * request was the largest single cost of a small API call. Warnings and errors are never held
 * back: they go to their stream at once, after whatever was waiting.
 */
export interface LogSink {
  write: LogWrite;
  /** Writes whatever is waiting; the process calls it on exit. */
  flush(): void;
}

export interface LogSinkOptions {
  /** Debug and info lines, in batches. */
  out: (text: string) => void;
  /** Warning and error lines, one at a time. */
  err: (text: string) => void;
  /** Waiting text that forces a write there and then rather than at the next turn. */
  maxPendingBytes?: number;
  /** Runs the deferred write later (tests run it by hand; the process uses a timer). */
  schedule?: (write: () => void) => void;
}

const DEFAULT_MAX_PENDING = 64 * 1024;
/** How long an info line may wait: well under what a person tailing the log would notice. */
const FLUSH_AFTER_MS = 100;

/** A timer that does not keep the process alive on its own (the exit hook writes what is left). */
function scheduleSoon(write: () => void): void {
  setTimeout(write, FLUSH_AFTER_MS).unref();
}

export function createLogSink(options: LogSinkOptions): LogSink {
  const { out, err, maxPendingBytes = DEFAULT_MAX_PENDING, schedule = scheduleSoon } = options;
  let pending = '';
  let scheduled = false;
  const flush = () => {
    if (pending === '') return;
    const text = pending;
    pending = '';
    out(text);
  };
  const scheduledFlush = () => {
    scheduled = false;
    flush();
  };
  return {
    write(level: LogLineLevel, line: string) {
      if (level === 'warn' || level === 'error') {
        flush();
        err(`${line}\n`);
        return;
      }
      pending += `${line}\n`;
      if (pending.length >= maxPendingBytes) flush();
      else if (!scheduled) {
        scheduled = true;
        schedule(scheduledFlush);
      }
    },
    flush,
  };
}

/** The process's own streams, with what is waiting written when the process exits. */
export function createProcessLogSink(): LogSink {
  const sink = createLogSink({
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
  });
  process.on('exit', sink.flush);
  return sink;
}
