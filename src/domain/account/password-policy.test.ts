import { describe, expect, test } from 'bun:test';
import { NewPasswordSchema } from '../contracts/auth.ts';
import { isCommonPassword } from './common-passwords.ts';
import { PASSWORD_MESSAGES, passwordProblem, passwordShapeProblem } from './password-policy.ts';

const policy = (password: string, email = 'ana.silva@example.com') =>
  passwordProblem(password, { email, isCommon: isCommonPassword });

describe('password policy', () => {
  test('refuses the passwords the attack got accepted', () => {
    expect(policy('12345678')).toBe('tooShort');
    expect(policy('password')).toBe('tooShort');
    expect(policy('        ')).toBe('tooShort');
    expect(policy('\u0000'.repeat(8))).toBe('tooShort');
    // The same kinds at the new minimum length.
    expect(policy(' '.repeat(10))).toBe('onlySpaces');
    expect(policy('\u0000'.repeat(10))).toBe('controlCharacters');
  });

  test('counts characters in code points, not UTF-16 units', () => {
    // Five emoji are ten UTF-16 units but five characters.
    expect(passwordShapeProblem('🌍🌍🌍🌍🌍')).toBe('tooShort');
    expect(passwordShapeProblem('🌍🌍🌍🌍🌍🌍🌍🌍🌍🌍')).toBeNull();
    expect(passwordShapeProblem('é'.repeat(10))).toBeNull();
  });

  test('keeps an upper bound on what gets hashed', () => {
    expect(passwordShapeProblem('a'.repeat(128))).toBeNull();
    expect(passwordShapeProblem('a'.repeat(129))).toBe('tooLong');
  });

  test('refuses C0, DEL and C1 control characters anywhere, and accepts spaces between words', () => {
    for (const control of ['\t', '\n', '\r', '\u001f', '\u007f', '\u0085', '\u009f']) {
      expect(passwordShapeProblem(`long enough${control}phrase`)).toBe('controlCharacters');
    }
    expect(passwordShapeProblem('long enough phrase')).toBeNull();
    expect(passwordShapeProblem('\u00a0'.repeat(12))).toBe('onlySpaces');
  });

  test('refuses the email address and its local part, whatever the capitalisation', () => {
    expect(policy('Ana.Silva@Example.com')).toBe('isEmail');
    expect(policy('ANA.SILVA@example.com', 'ana.silva@example.com')).toBe('isEmail');
    expect(policy('ana.silva.example', 'ana.silva.example@example.com')).toBe('isEmail');
    expect(policy('ana.silva example')).toBeNull();
  });

  test('refuses a password from the bundled list, case-insensitively', () => {
    expect(policy('password123')).toBe('common');
    expect(policy('PassWord123')).toBe('common');
    expect(policy('qwertyuiop')).toBe('common');
    expect(policy('1234567890')).toBe('common');
    expect(policy('correct horse battery')).toBeNull();
  });

  test('the contract gives the same message for each rule the client can check', () => {
    const message = (value: unknown) => {
      const result = NewPasswordSchema.safeParse(value);
      return result.success ? null : result.error.issues[0]?.message;
    };
    expect(message(undefined)).toBe(PASSWORD_MESSAGES.required);
    expect(message('')).toBe(PASSWORD_MESSAGES.required);
    expect(message('short')).toBe(PASSWORD_MESSAGES.tooShort);
    expect(message(' '.repeat(10))).toBe(PASSWORD_MESSAGES.onlySpaces);
    expect(message('bad\u0000password!')).toBe(PASSWORD_MESSAGES.controlCharacters);
    expect(message('x'.repeat(129))).toBe(PASSWORD_MESSAGES.tooLong);
    expect(message('a long enough passphrase')).toBeNull();
  });
});
