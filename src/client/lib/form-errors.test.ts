import { describe, expect, test } from 'bun:test';
import { z } from 'zod';
import { issuesToErrors, schemaErrors } from './form-errors';

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

describe('schemaErrors', () => {
  const schema = z.object({ name: z.string().min(1, 'Enter a name.'), size: z.number() });

  test('is empty when the values pass the contract', () => {
    expect(schemaErrors(schema, { name: 'Head office', size: 3 })).toEqual({});
  });

  test("gives each failing field the contract's message", () => {
    expect(schemaErrors<'name' | 'size'>(schema, { name: '', size: 3 })).toEqual({ name: 'Enter a name.' });
  });
});
