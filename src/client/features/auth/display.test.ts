import { describe, expect, test } from 'bun:test';
import { getCompanyLabel, getDisplayName, getInitials } from './display';

describe('display name (spec §2 user menu)', () => {
  test('is the full name when first and last name exist', () => {
    expect(getDisplayName({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' })).toBe(
      'Ada Lovelace',
    );
  });

  test('falls back to the email when a name part is missing', () => {
    expect(getDisplayName({ firstName: 'Ada', lastName: '', email: 'ada@example.com' })).toBe(
      'ada@example.com',
    );
    expect(getDisplayName({ firstName: '  ', lastName: 'Lovelace', email: 'ada@example.com' })).toBe(
      'ada@example.com',
    );
  });

  test("falls back to 'User' when there is nothing", () => {
    expect(getDisplayName({ firstName: '', lastName: '', email: '' })).toBe('User');
    expect(getDisplayName(null)).toBe('User');
  });
});

describe('avatar initials', () => {
  test('are the first letters of first and last name, upper-cased', () => {
    expect(getInitials({ firstName: 'ada', lastName: 'lovelace', email: 'x@y.z' })).toBe('AL');
  });

  test("fall back to the email's first letter, then 'U'", () => {
    expect(getInitials({ firstName: 'Ada', lastName: '', email: 'ada@example.com' })).toBe('A');
    expect(getInitials({ email: '' })).toBe('U');
    expect(getInitials(undefined)).toBe('U');
  });
});

describe('company label', () => {
  test("is the company name or 'Company'", () => {
    expect(getCompanyLabel('Acme Ltd')).toBe('Acme Ltd');
    expect(getCompanyLabel('')).toBe('Company');
    expect(getCompanyLabel(null)).toBe('Company');
  });
});
