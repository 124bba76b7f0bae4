import { describe, expect, test } from 'bun:test';
import { issuesToErrors } from './form-errors';

describe('issuesToErrors', () => {
  test('keeps the first message of each field, in the order zod reported them', () => {
    const errors = issuesToErrors<'email' | 'password'>([
      { path: ['email'], message: 'Enter an email address.' },
      { path: ['password'], message: 'Use at least 12 characters.' },
      { path: ['email'], message: 'A second complaint about the email.' },
    ]);
    expect(errors).toEqual({ email: 'Enter an email address.', password: 'Use at least 12 characters.' });
  });

  test('leaves out issues about the whole object, which belong to no field', () => {
    expect(issuesToErrors([{ path: [], message: 'Choose at least one.' }])).toEqual({});
  });

  test('files an issue about a nested value under its top-level field', () => {
    expect(issuesToErrors([{ path: ['lines', 2, 'amount'], message: 'Too large.' }])).toEqual({
      lines: 'Too large.',
    });
  });
});
