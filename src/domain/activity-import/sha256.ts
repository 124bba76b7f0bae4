// Synchronous SHA-256 for import fingerprints (fingerprint.ts): one digest per row, so a promise
// per row (WebCrypto) is too slow. Bun's native hasher where there is one
// (https://bun.com/docs/api/hashing#bun-cryptohasher), else @noble/hashes (the Cloudflare Worker,
// which runs without nodejs_compat). sha256.test.ts holds both to WebCrypto.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/** An incremental SHA-256: `update` with each chunk, `digest` once at the end. */
export interface Sha256Stream {
  update(chunk: Uint8Array): void;
  digest(): Uint8Array;
}

type NativeHasher = (new (
  algorithm: 'sha256',
) => {
  update(data: Uint8Array): unknown;
  digest(): Uint8Array;
}) & { hash(algorithm: 'sha256', data: Uint8Array, encoding: 'hex'): string };
const BunCryptoHasher = (globalThis as { Bun?: { CryptoHasher?: NativeHasher } }).Bun?.CryptoHasher;

/** True when the runtime's native hasher is used (for tests). */
export const isNativeSha256 = BunCryptoHasher !== undefined;

/** Incremental SHA-256; `native: false` takes @noble/hashes even on Bun (tests compare the two). */
export function incrementalSha256(native = true): Sha256Stream {
  const hasher = native && BunCryptoHasher ? new BunCryptoHasher('sha256') : sha256.create();
  return {
    update: (chunk) => {
      hasher.update(chunk);
    },
    digest: () => new Uint8Array(hasher.digest()),
  };
}

export const toHex = (bytes: Uint8Array): string => bytesToHex(bytes);

/** Lowercase hex SHA-256 of `bytes[0..length)`. */
export function sha256Hex(bytes: Uint8Array, length: number, native = true): string {
  if (native && BunCryptoHasher) return BunCryptoHasher.hash('sha256', bytes.subarray(0, length), 'hex');
  const hash = incrementalSha256(native);
  hash.update(bytes.subarray(0, length));
  return toHex(hash.digest());
}

/** True when every UTF-16 unit of `text` is ASCII (then its UTF-8 bytes are its char codes, and it is NFC). */
export function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}
