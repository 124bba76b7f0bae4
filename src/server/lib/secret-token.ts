import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { sha256Hex } from '../../domain/sha256.ts';

/**
 * The one way to make a bearer secret the database must not hold (CONVENTIONS §9: secrets hashed,
 * shown once): session cookies, invitation, email-change, password-reset and sign-up links. 160 random bits,
 * base32, as Lucia's session guide recommends (at least 120 bits of entropy); the only copy travels
 * in the cookie or link.
 */
export function generateSecretToken(): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
}

/** What is stored and looked up instead of the token: SHA-256, so a leaked table cannot be replayed. */
export function secretTokenHash(token: string): string {
  return sha256Hex(token);
}

/** A new single-use link secret, its hash to store, and when it stops working. */
export async function issueLinkToken(now: Date, lifetimeMs: number) {
  const token = generateSecretToken();
  return { token, tokenHash: await secretTokenHash(token), expiresAt: new Date(now.getTime() + lifetimeMs) };
}
