// Secrets at rest (connector credentials): AES-256-GCM through WebCrypto, so the same code runs in
// Bun and in the Worker. Sealed text is versioned, `v1:<iv>:<ciphertext+tag>`, both base64url,
// so a later key rotation or algorithm can add `v2` without guessing what old rows hold.
// The caller passes `context` (e.g. the data source id) as additional authenticated data: a
// sealed value copied onto another row does not open there.
// There is no fallback key (decision 042): a Bun process without SECRETS_KEY gets a random local
// one kept beside its database (local-secrets-key.ts); a Worker without it cannot seal, and the
// connection is refused as not configured.
import type { Config } from '../config.ts';
import { HttpError } from './errors.ts';
import type { Logger } from './logger.ts';

const VERSION = 'v1';
const IV_BYTES = 12;
const encoder = new TextEncoder();
const decoder = new TextDecoder();
const keys = new Map<string, Promise<CryptoKey>>();

/** A sealed value that does not open: wrong key, damaged or moved to another row. */
export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
}

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Base64 in either alphabet, padded or not: SECRETS_KEY as `openssl rand -base64 32` prints it. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Thrown where a credential would be sealed or opened without SECRETS_KEY (only a Worker). The
 * message is for the person and names no setting (decision 054); the README names it for admins.
 */
export class SecretsKeyMissing extends HttpError {
  constructor() {
    super(503, 'Connections cannot be stored on this server yet — ask your administrator.', 'not_configured');
  }
}

function keyFor(config: Pick<Config, 'SECRETS_KEY'>, log?: Logger): Promise<CryptoKey> {
  const material = config.SECRETS_KEY;
  if (!material) {
    log?.warn('SECRETS_KEY is not set: connector credentials cannot be sealed or opened');
    throw new SecretsKeyMissing();
  }
  let key = keys.get(material);
  if (!key) {
    key = crypto.subtle.importKey('raw', fromBase64Url(material.trim()), 'AES-GCM', false, [
      'encrypt',
      'decrypt',
    ]);
    keys.set(material, key);
  }
  return key;
}

/** Encrypts `plaintext`, bound to `context`; returns `v1:<iv>:<ciphertext>`. */
export async function sealSecret(
  config: Pick<Config, 'SECRETS_KEY'>,
  plaintext: string,
  context: string,
  log?: Logger,
): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: encoder.encode(context) },
    await keyFor(config, log),
    encoder.encode(plaintext),
  );
  return `${VERSION}:${toBase64Url(iv)}:${toBase64Url(new Uint8Array(sealed))}`;
}

/** Decrypts a value from `sealSecret` with the same `context`; SecretBoxError when it cannot. */
export async function openSecret(
  config: Pick<Config, 'SECRETS_KEY'>,
  sealed: string,
  context: string,
  log?: Logger,
): Promise<string> {
  const [version, iv, body, ...rest] = sealed.split(':');
  if (version !== VERSION || !iv || !body || rest.length > 0) {
    throw new SecretBoxError('The stored secret is not in a known format');
  }
  const key = await keyFor(config, log);
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64Url(iv), additionalData: encoder.encode(context) },
      key,
      fromBase64Url(body),
    );
    return decoder.decode(plain);
  } catch {
    throw new SecretBoxError(
      'The stored secret could not be decrypted: SECRETS_KEY changed or the data was altered',
    );
  }
}
