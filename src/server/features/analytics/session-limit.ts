// The per-session ceiling of analytics writes (decision 042), counted in this process's memory.
// The database counter (lib/rate-limit.ts) is one write transaction per check, which nearly
// doubled the cost of a page view; a page view is telemetry, so a bound per process (several
// processes or Worker isolates each allow the ceiling) is enough to stop a script filling the
// tables, at no cost to a person.
import { HttpError } from '../../lib/errors.ts';

interface Window {
  count: number;
  resetAt: number;
}

/** Fixed-window counters by key, at most `maxKeys` of them (the oldest window is forgotten first). */
export class WindowCounter {
  private readonly windows = new Map<string, Window>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly maxKeys = 10_000,
  ) {}

  /** Counts one use of `key`; throws 429 with Retry-After seconds past the limit. */
  consume(key: string, now: Date, message: string): void {
    const nowMs = now.getTime();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= nowMs) {
      this.windows.delete(key);
      window = { count: 0, resetAt: nowMs + this.windowMs };
      this.windows.set(key, window);
      if (this.windows.size > this.maxKeys) this.windows.delete(this.windows.keys().next().value!);
    }
    window.count += 1;
    if (window.count > this.limit) {
      throw new HttpError(429, message, 'rate_limited', {
        retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - nowMs) / 1000)),
      });
    }
  }
}
