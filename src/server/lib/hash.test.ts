import { expect, test } from 'bun:test';
import { sha256Hex } from './hash.ts';

test('gives the standard SHA-256 digest (FIPS 180-4 test vector "abc")', async () => {
  expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
});
