import { expect, test } from 'bun:test';
import { retryAfterMs } from './retry-after.ts';

test('reads Retry-After as seconds (with decimals, as Shopify sends them) or an HTTP date', () => {
  expect(retryAfterMs('3')).toBe(3000);
  expect(retryAfterMs('2.0')).toBe(2000);
  expect(retryAfterMs('0.5')).toBe(500);
  expect(retryAfterMs('Sat, 21 Nov 2026 17:00:10 GMT', Date.parse('Sat, 21 Nov 2026 17:00:00 GMT'))).toBe(
    10_000,
  );
  expect(retryAfterMs('soon')).toBeNull();
  expect(retryAfterMs(null)).toBeNull();
});
