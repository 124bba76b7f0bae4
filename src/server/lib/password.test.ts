import { describe, expect, test } from 'bun:test';
import { PASSWORD_MESSAGES } from '../../domain/account/password-policy.ts';
import {
  assertPasswordAllowed,
  hashPassword,
  PBKDF2_ITERATIONS,
  verifyArgon2idPortable,
  verifyDecoy,
  verifyPassword,
} from './password.ts';

describe('password hashes', () => {
  test('Bun writes argon2id in PHC format and verifies it', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$/);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
  });

  test('the Worker format is PBKDF2-SHA256 at the OWASP iteration count, readable here', async () => {
    expect(PBKDF2_ITERATIONS).toBe(600_000);
    const hash = await hashPassword('correct horse battery', 'pbkdf2');
    expect(hash).toStartWith('$pbkdf2-sha256$i=600000$');
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('wrong', hash)).toBe(false);
  });

  test('the portable argon2id check (used without Bun) accepts what Bun wrote', async () => {
    const hash = await hashPassword('s3cret passphrase');
    expect(await verifyArgon2idPortable('s3cret passphrase', hash)).toBe(true);
    expect(await verifyArgon2idPortable('other', hash)).toBe(false);
  }, 20_000);

  test('the decoy check never succeeds, whatever the password', async () => {
    const hash = await hashPassword('timing');
    expect(await verifyDecoy('timing')).toBe(false);
    expect(await verifyPassword('timing', hash)).toBe(true);
  });

  test('an unknown or damaged format never verifies', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', '$pbkdf2-sha256$i=abc$$')).toBe(false);
    expect(await verifyArgon2idPortable('x', '$argon2id$broken')).toBe(false);
  });
});

describe('the policy at the server', () => {
  test('answers a refused password as a 400 field error in the validate() shape', () => {
    expect(() => assertPasswordAllowed('Password123', 'ana@example.com')).toThrow(
      expect.objectContaining({
        status: 400,
        code: 'validation_failed',
        details: { formErrors: [], fieldErrors: { password: [PASSWORD_MESSAGES.common] } },
      }),
    );
    expect(() => assertPasswordAllowed('ana@example.com', 'ana@example.com', 'newPassword')).toThrow(
      expect.objectContaining({
        details: { formErrors: [], fieldErrors: { newPassword: [PASSWORD_MESSAGES.isEmail] } },
      }),
    );
    expect(() => assertPasswordAllowed('a long enough passphrase', 'ana@example.com')).not.toThrow();
  });
});
