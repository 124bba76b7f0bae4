import { describe, expect, test } from 'bun:test';
import { z } from 'zod';
import { checkedFormSchema, issuesToErrors } from './checked-form-schema';

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

describe('checkedFormSchema', () => {
  const SizeSchema = z.object({ name: z.string().min(1, 'Enter a name.'), size: z.number() });
  const check = (values: { name: string; size: string }) => {
    const size = Number(values.size);
    if (!values.size.trim() || !Number.isFinite(size))
      return { ok: false as const, errors: { size: 'Enter a number' } };
    const result = SizeSchema.safeParse({ name: values.name, size });
    return result.success
      ? { ok: true as const, payload: result.data }
      : { ok: false as const, errors: issuesToErrors(result.error.issues) };
  };

  test("gives the check's request when the values pass", () => {
    expect(checkedFormSchema(check).parse({ name: 'Head office', size: '3' })).toEqual({
      name: 'Head office',
      size: 3,
    });
  });

  test("puts each of the check's messages on its field, or on the field fieldFor names", () => {
    const issues = (schema: z.ZodType) =>
      schema.safeParse({ name: '', size: '3' }).error?.issues.map((issue) => [issue.path, issue.message]);
    expect(issues(checkedFormSchema(check))).toEqual([[['name'], 'Enter a name.']]);
    expect(issues(checkedFormSchema(check, () => 'title'))).toEqual([[['title'], 'Enter a name.']]);
  });
});
