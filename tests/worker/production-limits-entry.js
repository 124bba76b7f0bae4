/**
 * The Worker entry with one production limit put back. Cloudflare's hosted runtime refuses WebCrypto
 * PBKDF2 above 100,000 iterations (cloudflare/workerd#1346), while the open-source workerd behind
 * `wrangler dev` has no limit, so a plain local run never reaches the pure-JS fallback that every
 * real deployment uses. tests/worker/worker.test.ts runs this entry next to the plain one.
 *
 * Plain JavaScript on purpose: the main tsconfig (bun-types) would otherwise follow the import into
 * entry-worker.ts, which only type-checks with the Workers types (tsconfig.worker.json).
 */
import worker from '../../src/server/entry-worker.ts';

const PRODUCTION_PBKDF2_MAX_ITERATIONS = 100_000;

const subtle = globalThis.crypto.subtle;
const deriveBits = subtle.deriveBits.bind(subtle);
Object.defineProperty(subtle, 'deriveBits', {
  configurable: true,
  value(algorithm, baseKey, length) {
    const name = typeof algorithm === 'string' ? algorithm : algorithm.name;
    const iterations = typeof algorithm === 'object' ? algorithm.iterations : 0;
    if (name.toUpperCase() === 'PBKDF2' && iterations > PRODUCTION_PBKDF2_MAX_ITERATIONS) {
      // The production runtime's exact refusal.
      const message = `Pbkdf2 failed: iteration counts above ${PRODUCTION_PBKDF2_MAX_ITERATIONS} are not supported (requested ${iterations}).`;
      return Promise.reject(new DOMException(message, 'NotSupportedError'));
    }
    return deriveBits(algorithm, baseKey, length);
  },
});

export default worker;
