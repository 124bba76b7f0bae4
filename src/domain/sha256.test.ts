import { describe, expect, test } from 'bun:test';
import { incrementalSha256, isNativeSha256, sha256Digest, sha256Hex, toHex } from './sha256.ts';

const sha256HexJs = (bytes: Uint8Array, length: number) => sha256Hex(bytes.subarray(0, length), false);

const encoder = new TextEncoder();

async function webCryptoHex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)));
}

/** Deterministic pseudo-random bytes (xorshift), so failures reproduce. */
function bytesOf(length: number, seed: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(length);
  let x = seed | 1;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

describe('sha256', () => {
  test('tests here run on Bun, so both the native and the JavaScript hasher are exercised', () => {
    expect(isNativeSha256).toBe(true);
  });

  test('the JavaScript and the native hasher equal WebCrypto for every length around the block edges', async () => {
    // 55/56 and 119/120 bytes are where the length field spills into one more block.
    for (let length = 0; length <= 300; length++) {
      const bytes = bytesOf(length, length + 1);
      const expected = await webCryptoHex(bytes);
      expect(sha256HexJs(bytes, length)).toBe(expected);
      expect(sha256Hex(bytes.subarray(0, length))).toBe(expected);
    }
  });

  test('only the first `length` bytes count, in a buffer reused and longer than the input', async () => {
    const buffer = bytesOf(4096, 7);
    for (const length of [0, 17, 64, 100, 1000, 4096]) {
      const expected = await webCryptoHex(buffer.slice(0, length));
      expect(sha256HexJs(buffer, length)).toBe(expected);
      expect(sha256Hex(buffer.subarray(0, length))).toBe(expected);
    }
    const long = bytesOf(100_000, 9);
    expect(sha256HexJs(long, long.length)).toBe(await webCryptoHex(long));
    const short = encoder.encode('abc');
    expect(sha256HexJs(short, 3)).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  test('UTF-8 text hashes as WebCrypto hashes its encoding', async () => {
    for (const text of ['', 'Café “quoted” 東京 😀', 'é'.repeat(100), 'activity-row/v1\u001f2025-01-01']) {
      const bytes = encoder.encode(text);
      const expected = await webCryptoHex(bytes);
      expect(sha256HexJs(bytes, bytes.length)).toBe(expected);
      expect(sha256Hex(bytes.subarray(0, bytes.length))).toBe(expected);
    }
  });

  test('the incremental hasher, native or JavaScript, equals the one-shot digest however the bytes are chunked', async () => {
    const bytes = bytesOf(200_003, 3);
    const expected = await webCryptoHex(bytes);
    for (const native of [true, false]) {
      for (const size of [63, 64, 65, 4096, 1 << 21]) {
        const hash = incrementalSha256(native);
        for (let i = 0; i < bytes.length; i += size) hash.update(bytes.subarray(i, i + size));
        expect(toHex(hash.digest())).toBe(expected);
      }
      const small = bytesOf(1000, 5);
      const hash = incrementalSha256(native);
      for (let i = 0; i < small.length; i++) hash.update(small.subarray(i, i + 1));
      expect(toHex(hash.digest())).toBe(await webCryptoHex(small));
    }
  });

  test('text is hashed as its UTF-8 bytes, natively and in JavaScript, hex or bytes', async () => {
    for (const text of ['', 'abc', 'Café “quoted” 東京 😀']) {
      const expected = await webCryptoHex(encoder.encode(text));
      expect(sha256Hex(text)).toBe(expected);
      expect(sha256Hex(text, false)).toBe(expected);
      expect(toHex(sha256Digest(text))).toBe(expected);
      expect(toHex(sha256Digest(text, false))).toBe(expected);
    }
  });
});
