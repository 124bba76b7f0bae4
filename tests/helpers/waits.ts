import { afterEach, beforeEach } from 'bun:test';
import { waits } from '../../src/server/lib/clock.ts';

/**
 * For files whose code waits between retries (a 429's Retry-After, a token race's settle): each
 * test's waits are recorded, in milliseconds, and return at once instead of being spent
 * (CONVENTIONS.md §16a, decision 085). Read the returned array after the code under test ran.
 */
export function recordWaitsForFile(): number[] {
  const recorded: number[] = [];
  const realSleep = waits.sleep;
  beforeEach(() => {
    recorded.length = 0;
    waits.sleep = async (ms) => {
      recorded.push(ms);
    };
  });
  afterEach(() => {
    waits.sleep = realSleep;
  });
  return recorded;
}
