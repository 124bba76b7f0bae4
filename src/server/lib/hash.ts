import { encodeHexLowerCase } from '@oslojs/encoding';

type BunHasher = { hash(algorithm: 'sha256', data: string, encoding: 'hex'): string };
const BunCryptoHasher = (globalThis as { Bun?: { CryptoHasher: BunHasher } }).Bun?.CryptoHasher;

/**
 * Hex SHA-256 with the runtime's native implementation: Bun's synchronous hasher (~1 µs) where it
 * exists, WebCrypto elsewhere (the Worker). Runs on every signed-in request (session id).
 */
export async function sha256Hex(text: string): Promise<string> {
  if (BunCryptoHasher) return BunCryptoHasher.hash('sha256', text, 'hex');
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return encodeHexLowerCase(new Uint8Array(digest));
}
