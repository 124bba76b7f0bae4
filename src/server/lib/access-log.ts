import { isSafeMethod } from './safe-method.ts';

/**
 * Which requests get an access-log line (decision 067). Always: anything that may change data (not
 * GET, HEAD or OPTIONS), any answer of 400 or more, and any request at least `slowMs` long. Of the
 * rest, fast successful reads, about one in `sampleEvery` is kept (1 keeps every one): they are
 * most of the traffic and the least of what a person reading the log looks for.
 */
export interface AccessLogOptions {
  sampleEvery: number;
  slowMs: number;
  /** A number in [0, 1); tests pass a fixed sequence. */
  random?: () => number;
}

/**
 * How many requests the line for this one stands for: 0 (not logged), 1 (always logged), or
 * `sampleEvery` (a sampled read, written on the line so counts from the log can be scaled back).
 */
export type AccessLogWeight = (method: string, status: number, ms: number) => number;

export function accessLogWeight({
  sampleEvery,
  slowMs,
  random = Math.random,
}: AccessLogOptions): AccessLogWeight {
  const keepShare = 1 / sampleEvery;
  return (method, status, ms) => {
    if (sampleEvery <= 1 || !isSafeMethod(method) || status >= 400 || ms >= slowMs) return 1;
    return random() < keepShare ? sampleEvery : 0;
  };
}
