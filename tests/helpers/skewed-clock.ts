// The app's clock for connector tests that must outlive a real access token (an hour at Intuit,
// 30 minutes at Xero) without waiting: it runs ahead of real time by what a test asks for, and is
// back on real time after each test.
import { afterEach } from 'bun:test';

export function skewedClock() {
  let skewMs = 0;
  afterEach(() => {
    skewMs = 0;
  });
  return {
    /** Pass as createTestApp's `now`. */
    now: () => new Date(Date.now() + skewMs),
    /** The app's clock runs `ms` ahead of real time until the test ends. */
    runAhead(ms: number) {
      skewMs = ms;
    },
  };
}
