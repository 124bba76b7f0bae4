import { expect, test } from 'bun:test';
import { retryAfterMs } from './retry-after.ts';

const now = Date.parse('Sat, 21 Nov 2026 17:00:00 GMT');

test('reads Retry-After as seconds (with decimals, as Shopify sends them) or an HTTP date', () => {
  expect(retryAfterMs('3', now)).toBe(3000);
  expect(retryAfterMs('2.0', now)).toBe(2000);
  expect(retryAfterMs('0.5', now)).toBe(500);
  expect(retryAfterMs('Sat, 21 Nov 2026 17:00:10 GMT', now)).toBe(10_000);
  expect(retryAfterMs('Sat, 21 Nov 2026 16:59:00 GMT', now)).toBe(0);
  expect(retryAfterMs('soon', now)).toBeNull();
  expect(retryAfterMs(null, now)).toBeNull();
});
