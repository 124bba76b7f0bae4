// The one SHA-256 of the code base (issue 21): synchronous, so a row fingerprint, a session token's
// hash and a report file's digest are computed the same way on every runtime. Bun's native hasher
// where there is one (https://bun.com/docs/api/hashing#bun-cryptohasher), else @noble/hashes (the
// Cloudflare Worker, which runs without nodejs_compat). WebCrypto is not used: its digest is a
// promise, one per import row is too slow, and two ways to hash would be one too many.
// sha256.test.ts holds both implementations to WebCrypto.
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
}) & { hash(algorithm: 'sha256', data: Uint8Array | string, encoding: 'hex'): string };
const BunCryptoHasher = (globalThis as { Bun?: { CryptoHasher?: NativeHasher } }).Bun?.CryptoHasher;

/** True when the runtime's native hasher is used (for tests). */
export const isNativeSha256 = BunCryptoHasher !== undefined;

const encoder = new TextEncoder();

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

/** The 32-byte SHA-256 of `data` (text is hashed as its UTF-8 bytes). */
export function sha256Digest(data: Uint8Array | string, native = true): Uint8Array {
  const hash = incrementalSha256(native);
  hash.update(typeof data === 'string' ? encoder.encode(data) : data);
  return hash.digest();
}

/** Lowercase hex SHA-256 of `data` (text is hashed as its UTF-8 bytes). */
export function sha256Hex(data: Uint8Array | string, native = true): string {
  if (native && BunCryptoHasher) return BunCryptoHasher.hash('sha256', data, 'hex');
  return toHex(sha256Digest(data, false));
}
