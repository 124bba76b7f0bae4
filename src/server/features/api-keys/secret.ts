import { encodeBase64urlNoPadding } from '@oslojs/encoding';
import { API_KEY_DISPLAY_PREFIX_LENGTH, API_KEY_PREFIX } from '../../../domain/contracts/api-keys.ts';
import { sha256Hex } from '../../../domain/sha256.ts';

/** `esgp_` + 32 random bytes, base64url: 256 bits, like GitHub's and Stripe's prefixed tokens. */
export function generateApiKey(): string {
  return API_KEY_PREFIX + encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(32)));
}

/** The stored form: SHA-256 only, so a leaked table cannot be replayed (CONVENTIONS §9). */
export function apiKeyHash(key: string): string {
  return sha256Hex(key);
}

/** The few characters kept in clear for the masked display. */
export function apiKeyDisplayPrefix(key: string): string {
  return key.slice(0, API_KEY_DISPLAY_PREFIX_LENGTH);
}

/** A key has the exact shape we issue; anything else is refused without a database lookup. */
export function looksLikeApiKey(token: string): boolean {
  return /^esgp_[A-Za-z0-9_-]{43}$/.test(token);
}

export async function newApiKeySecret() {
  const secret = generateApiKey();
  return { secret, keyHash: await apiKeyHash(secret), prefix: apiKeyDisplayPrefix(secret) };
}
