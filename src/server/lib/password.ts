import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { decodeBase64, encodeBase64 } from '@oslojs/encoding';
import { isCommonPassword } from '../../domain/account/common-passwords.ts';
import { PASSWORD_MESSAGES, passwordProblem } from '../../domain/account/password-policy.ts';
import { HttpError } from './errors.ts';

/**
 * Password hashes name their algorithm, so Bun and the Cloudflare Worker read each other's:
 * - `$argon2id$v=19$m=…,t=…,p=…$salt$hash`: Bun.password (argon2id, PHC string format).
 * - `$pbkdf2-sha256$i=600000$salt$hash`: WebCrypto PBKDF2-HMAC-SHA256, used where Bun is absent.
 * OWASP Password Storage Cheat Sheet: argon2id first choice; PBKDF2-HMAC-SHA256 at 600,000
 * iterations where argon2id is not available.
 */
export const PBKDF2_ITERATIONS = 600_000;
const PBKDF2_PREFIX = '$pbkdf2-sha256$';

type BunPassword = {
  hash(password: string, options: { algorithm: 'argon2id' }): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
};
const bunPassword = (globalThis as { Bun?: { password: BunPassword } }).Bun?.password;

/**
 * Hashes of a random password nobody knows, in each runtime's own format. Verifying against one
 * when an email is unknown costs the same as a real check, so response time does not reveal
 * which emails have accounts (OWASP Authentication Cheat Sheet, "Authentication responses").
 */
const decoyHashes = {
  argon2id:
    '$argon2id$v=19$m=65536,t=2,p=1$2+bVC1ivfEm4oGDpvaURyYG9cBESPogeTAVL39iy7V0$Y9u1hSqJaXrDuhkfK45li7OqUajbMXr6+Moz78UgPKE',
  pbkdf2: '$pbkdf2-sha256$i=600000$FH6hwTbiWIJgCSwM4rhyKw==$+YmhYTVSe136Unkzr5GLnOYHsxZjVnvQNXK5dy2nsEU=',
};

/** Burns the time of one verification in this runtime's format; always false. */
export async function verifyDecoy(password: string): Promise<false> {
  await verifyPassword(password, bunPassword ? decoyHashes.argon2id : decoyHashes.pbkdf2);
  return false;
}

export async function hashPassword(
  password: string,
  prefer: 'argon2id' | 'pbkdf2' = 'argon2id',
): Promise<string> {
  if (prefer === 'argon2id' && bunPassword) return bunPassword.hash(password, { algorithm: 'argon2id' });
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const derived = await pbkdf2Sha256(password, salt, PBKDF2_ITERATIONS);
  return `${PBKDF2_PREFIX}i=${PBKDF2_ITERATIONS}$${encodeBase64(salt)}$${encodeBase64(derived)}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith(PBKDF2_PREFIX)) return verifyPbkdf2(password, stored);
  if (stored.startsWith('$argon2')) {
    if (bunPassword) return bunPassword.verify(password, stored);
    return verifyArgon2idPortable(password, stored);
  }
  return false;
}

async function verifyPbkdf2(password: string, stored: string): Promise<boolean> {
  const [iterationsPart, saltPart, hashPart] = stored.slice(PBKDF2_PREFIX.length).split('$');
  const iterations = Number(iterationsPart?.replace('i=', ''));
  if (!Number.isInteger(iterations) || iterations < 1 || !saltPart || !hashPart) return false;
  const expected = decodeBase64(hashPart);
  const derived = await pbkdf2Sha256(password, decodeBase64(saltPart), iterations, expected.length);
  return constantTimeEqual(derived, expected);
}

async function pbkdf2Sha256(password: string, salt: Uint8Array, iterations: number, length = 32) {
  const passwordBytes = new TextEncoder().encode(password);
  try {
    const key = await crypto.subtle.importKey('raw', passwordBytes, 'PBKDF2', false, ['deriveBits']);
    const bits = await crypto.subtle.deriveBits(
      { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
      key,
      length * 8,
    );
    return new Uint8Array(bits);
  } catch {
    // Cloudflare's WebCrypto refuses more than 100,000 PBKDF2 iterations; the audited pure-JS
    // implementation gives the same bytes at the OWASP count.
    const { pbkdf2Async } = await import('@noble/hashes/pbkdf2.js');
    const { sha256 } = await import('@noble/hashes/sha2.js');
    return pbkdf2Async(sha256, passwordBytes, salt, { c: iterations, dkLen: length });
  }
}

/** argon2id verification without Bun (Worker): parses the PHC string Bun wrote. */
export async function verifyArgon2idPortable(password: string, stored: string): Promise<boolean> {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([^$]+)\$([^$]+)$/.exec(stored);
  if (!match) return false;
  const [, memory, time, parallelism, saltText, hashText] = match;
  const expected = decodeUnpaddedBase64(hashText!);
  const { argon2idAsync } = await import('@noble/hashes/argon2.js');
  const derived = await argon2idAsync(new TextEncoder().encode(password), decodeUnpaddedBase64(saltText!), {
    m: Number(memory),
    t: Number(time),
    p: Number(parallelism),
    dkLen: expected.length,
  });
  return constantTimeEqual(derived, expected);
}

function decodeUnpaddedBase64(text: string): Uint8Array {
  return decodeBase64(text.padEnd(Math.ceil(text.length / 4) * 4, '='));
}

/**
 * The whole password policy (decision 045) for a new password of the account with `email`: 400
 * `validation_failed` with the rule's message on `field`, in the shape `validate()` answers, so a
 * form shows it beside the input like the rules its contract checked already.
 */
export function assertPasswordAllowed(password: string, email: string, field = 'password'): void {
  const problem = passwordProblem(password, { email, isCommon: isCommonPassword });
  if (!problem) return;
  const message = PASSWORD_MESSAGES[problem];
  throw new HttpError(400, message, 'validation_failed', {
    formErrors: [],
    fieldErrors: { [field]: [message] },
  });
}
