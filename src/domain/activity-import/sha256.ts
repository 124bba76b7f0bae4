// Synchronous SHA-256 (FIPS 180-4) of short byte strings, for the per-row fingerprints. A 100,000-row
// import hashes 100,000 canonical rows of ~80 bytes. WebCrypto's `digest` costs a promise per row: it
// took 600–900 ms of the 1.1–1.5 s readImport on Bun (2-core VM, 2026-11-21), and 27–34 µs a row on
// Node 22. Bun's native one-shot hasher takes ~0.2 µs a row (~0.3 µs with the hex). Where there is no
// Bun (the Worker, browsers) the JavaScript below, over reused typed arrays, takes ~1.1–1.5 µs a row
// on Bun and ~1.4 µs on Node 22 (V8): half of @noble/hashes' time on the same rows.
// sha256.test.ts checks both against WebCrypto.

import { SHA256 } from '@oslojs/crypto/sha2';

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);
const INITIAL = new Int32Array([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);
const W = new Int32Array(64);
const H = new Int32Array(8);
/** The padded message; grown (never shrunk) for longer inputs. */
let message = new Uint8Array(256);

/** Copies `bytes[0..length)` plus SHA-256 padding into `message`; returns the number of 64-byte blocks. */
function pad(bytes: Uint8Array, length: number): number {
  const blocks = ((length + 8) >>> 6) + 1;
  const end = blocks * 64;
  if (message.length < end) message = new Uint8Array(Math.max(2 * message.length, end));
  const m = message;
  if (length <= 128)
    for (let i = 0; i < length; i++) m[i] = bytes[i]!; // cheaper than set() + subarray
  else m.set(bytes.subarray(0, length));
  m[length] = 0x80;
  m.fill(0, length + 1, end - 8);
  const bits = length * 8;
  const high = Math.floor(bits / 0x100000000);
  m[end - 8] = high >>> 24;
  m[end - 7] = high >>> 16;
  m[end - 6] = high >>> 8;
  m[end - 5] = high;
  m[end - 4] = bits >>> 24;
  m[end - 3] = bits >>> 16;
  m[end - 2] = bits >>> 8;
  m[end - 1] = bits;
  return blocks;
}

function compress(bytes: Uint8Array, blocks: number): void {
  let h0 = INITIAL[0]!;
  let h1 = INITIAL[1]!;
  let h2 = INITIAL[2]!;
  let h3 = INITIAL[3]!;
  let h4 = INITIAL[4]!;
  let h5 = INITIAL[5]!;
  let h6 = INITIAL[6]!;
  let h7 = INITIAL[7]!;
  for (let block = 0; block < blocks; block++) {
    const o = block * 64;
    for (let t = 0; t < 16; t++) {
      const p = o + 4 * t;
      W[t] = (bytes[p]! << 24) | (bytes[p + 1]! << 16) | (bytes[p + 2]! << 8) | bytes[p + 3]!;
    }
    for (let t = 16; t < 64; t++) {
      const x = W[t - 15]!;
      const y = W[t - 2]!;
      const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      W[t] = (W[t - 16]! + s0 + W[t - 7]! + s1) | 0;
    }
    let a = h0;
    let b = h1;
    let c = h2;
    let d = h3;
    let e = h4;
    let f = h5;
    let g = h6;
    let h = h7;
    for (let t = 0; t < 64; t++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const t1 = (h + S1 + ((e & f) ^ (~e & g)) + K[t]! + W[t]!) | 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    h0 = (h0 + a) | 0;
    h1 = (h1 + b) | 0;
    h2 = (h2 + c) | 0;
    h3 = (h3 + d) | 0;
    h4 = (h4 + e) | 0;
    h5 = (h5 + f) | 0;
    h6 = (h6 + g) | 0;
    h7 = (h7 + h) | 0;
  }
  H[0] = h0;
  H[1] = h1;
  H[2] = h2;
  H[3] = h3;
  H[4] = h4;
  H[5] = h5;
  H[6] = h6;
  H[7] = h7;
}

/** SHA-256 of `bytes[0..length)` into `out[0..32)`, in plain JavaScript (any runtime). */
export function sha256Js(bytes: Uint8Array, length: number, out: Uint8Array): void {
  const blocks = pad(bytes, length); // first: it may replace `message` with a larger buffer
  compress(message, blocks);
  for (let i = 0; i < 8; i++) {
    const word = H[i]!;
    out[4 * i] = word >>> 24;
    out[4 * i + 1] = word >>> 16;
    out[4 * i + 2] = word >>> 8;
    out[4 * i + 3] = word;
  }
}

// Hex via a byte table and one ASCII decode: several times faster than string concatenation.
const HEX_CODES = new Uint8Array(512);
for (let i = 0; i < 256; i++) {
  const pair = i.toString(16).padStart(2, '0');
  HEX_CODES[2 * i] = pair.charCodeAt(0);
  HEX_CODES[2 * i + 1] = pair.charCodeAt(1);
}
const asciiDecoder = new TextDecoder();

/** Lowercase hex. */
export function toHex(bytes: Uint8Array): string {
  const out = new Uint8Array(bytes.length * 2);
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]! * 2;
    out[2 * i] = HEX_CODES[b]!;
    out[2 * i + 1] = HEX_CODES[b + 1]!;
  }
  return asciiDecoder.decode(out);
}

const digest = new Uint8Array(32);

/** Lowercase hex SHA-256 of `bytes[0..length)` in plain JavaScript. */
export function sha256HexJs(bytes: Uint8Array, length: number): string {
  sha256Js(bytes, length, digest);
  return toHex(digest);
}

type BunSha256 = { hash(input: Uint8Array, encoding: 'hex'): string };
/** Bun's native one-shot SHA-256 (https://bun.com/docs/api/hashing#bun-sha256); absent outside Bun. */
const nativeSha256 = (globalThis as { Bun?: { SHA256?: BunSha256 } }).Bun?.SHA256;

/**
 * Lowercase hex SHA-256 of `bytes[0..length)`: Bun's native hasher where there is one (it also writes the
 * hex, ~50 ns a row less than toHex), else JavaScript.
 */
export const sha256Hex: (bytes: Uint8Array, length: number) => string = nativeSha256
  ? (bytes, length) => nativeSha256.hash(viewOf(bytes, length), 'hex')
  : sha256HexJs;

// Views `bytes[0..length)` of the last buffer, one per length: `subarray` was ~15% of a fingerprint.
let viewed: Uint8Array | undefined;
let views: Uint8Array[] = [];
function viewOf(bytes: Uint8Array, length: number): Uint8Array {
  if (bytes !== viewed) {
    viewed = bytes;
    views = [];
  }
  let view = views[length];
  if (view === undefined) {
    view = bytes.subarray(0, length);
    views[length] = view;
  }
  return view;
}

/** True when `sha256Hex` is the runtime's native hasher (for tests). */
export const isNativeSha256 = nativeSha256 !== undefined;

/** True when every UTF-16 unit of `text` is ASCII (then its UTF-8 bytes are its char codes, and it is NFC). */
export function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** An incremental SHA-256: `update` with each chunk, `digest` once at the end. */
export interface Sha256Stream {
  update(chunk: Uint8Array): void;
  digest(): Uint8Array;
}

type BunCryptoHasher = new (
  algorithm: 'sha256',
) => {
  update(data: Uint8Array): unknown;
  digest(): Uint8Array;
};
const NativeHasher = (globalThis as { Bun?: { CryptoHasher?: BunCryptoHasher } }).Bun?.CryptoHasher;

/**
 * Incremental SHA-256 for the whole-file digest: Bun's native `CryptoHasher` where there is one
 * (https://bun.com/docs/api/hashing#bun-cryptohasher), else @oslojs/crypto's JavaScript SHA256. The
 * JavaScript one took ~100 ms of readImport for the 6 MB, 100,000-row file (2-core VM, 2026-11-21).
 * `native: false` forces the JavaScript one (tests compare the two).
 */
export function incrementalSha256(native = true): Sha256Stream {
  if (native && NativeHasher) {
    const hasher = new NativeHasher('sha256');
    return {
      update: (chunk) => {
        hasher.update(chunk);
      },
      digest: () => new Uint8Array(hasher.digest()),
    };
  }
  const hasher = new SHA256();
  return {
    update: (chunk) => {
      hasher.update(chunk);
    },
    digest: () => hasher.digest(),
  };
}
