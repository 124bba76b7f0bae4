import { describe, expect, test } from 'bun:test';
import {
  appendWaitlistEntry,
  joinWaitlist,
  normaliseWaitlistEmail,
  readWaitlist,
  WAITLIST_STORAGE_KEY,
  WAITLIST_TOASTS,
  type WaitlistStorage,
} from './waitlist';

/** An in-memory stand-in for window.localStorage. */
function createFakeStorage(
  initial: Record<string, string> = {},
): WaitlistStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, String(value));
    },
  };
}

const fixedNow = () => new Date('2025-08-26T10:00:00.000Z');

describe('normaliseWaitlistEmail', () => {
  test('trims surrounding whitespace', () => {
    expect(normaliseWaitlistEmail('  ada@example.com \n')).toBe('ada@example.com');
  });

  test('treats an empty or whitespace-only value as missing', () => {
    expect(normaliseWaitlistEmail('')).toBeNull();
    expect(normaliseWaitlistEmail('   \t')).toBeNull();
  });

  test('applies no format rule beyond non-empty (spec §5)', () => {
    expect(normaliseWaitlistEmail('not-an-email')).toBe('not-an-email');
  });
});

describe('readWaitlist', () => {
  test('returns an empty list when nothing is stored', () => {
    expect(readWaitlist(createFakeStorage())).toEqual([]);
  });

  test('returns an empty list when the stored value is corrupt or not an array', () => {
    expect(readWaitlist(createFakeStorage({ [WAITLIST_STORAGE_KEY]: '{not json' }))).toEqual([]);
    expect(readWaitlist(createFakeStorage({ [WAITLIST_STORAGE_KEY]: '{"email":"a"}' }))).toEqual([]);
  });
});

describe('appendWaitlistEntry', () => {
  test('appends to the existing JSON array under esg-waitlist', () => {
    const existing = {
      email: 'first@example.com',
      timestamp: '2025-01-01T00:00:00.000Z',
      source: 'landing_hero',
    };
    const storage = createFakeStorage({ [WAITLIST_STORAGE_KEY]: JSON.stringify([existing]) });
    appendWaitlistEntry(storage, {
      email: 'second@example.com',
      timestamp: '2025-08-26T10:00:00.000Z',
      source: 'landing_hero',
    });
    expect(JSON.parse(storage.data.get(WAITLIST_STORAGE_KEY)!)).toEqual([
      existing,
      { email: 'second@example.com', timestamp: '2025-08-26T10:00:00.000Z', source: 'landing_hero' },
    ]);
  });
});

describe('joinWaitlist', () => {
  test('stores the trimmed email with an ISO timestamp and source landing_hero', () => {
    const storage = createFakeStorage();
    expect(joinWaitlist('  ada@example.com ', () => storage, fixedNow)).toBe('joined');
    expect(JSON.parse(storage.data.get(WAITLIST_STORAGE_KEY)!)).toEqual([
      { email: 'ada@example.com', timestamp: '2025-08-26T10:00:00.000Z', source: 'landing_hero' },
    ]);
  });

  test('keeps earlier sign-ups, including the same address twice', () => {
    const storage = createFakeStorage();
    joinWaitlist('ada@example.com', () => storage, fixedNow);
    joinWaitlist('ada@example.com', () => storage, fixedNow);
    expect(readWaitlist(storage)).toHaveLength(2);
  });

  test('refuses an empty email without touching storage', () => {
    const storage = createFakeStorage();
    expect(joinWaitlist('   ', () => storage, fixedNow)).toBe('required');
    expect(storage.data.size).toBe(0);
  });

  test('reports a failure when storage refuses the write', () => {
    const storage: WaitlistStorage = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('Quota exceeded', 'QuotaExceededError');
      },
    };
    expect(joinWaitlist('ada@example.com', () => storage, fixedNow)).toBe('failed');
  });

  test('reports a failure when storage cannot be opened at all', () => {
    const blocked = () => {
      throw new DOMException('Access denied', 'SecurityError');
    };
    expect(joinWaitlist('ada@example.com', blocked, fixedNow)).toBe('failed');
  });
});

describe('WAITLIST_TOASTS', () => {
  test('uses the wording of spec §8', () => {
    expect(WAITLIST_TOASTS.required).toEqual({
      title: 'Email Required',
      description: 'Please enter your email address to join the waitlist.',
      variant: 'destructive',
    });
    expect(WAITLIST_TOASTS.failed).toEqual({
      title: 'Error',
      description: 'Something went wrong. Please try again.',
      variant: 'destructive',
    });
    expect(WAITLIST_TOASTS.joined).toEqual({
      title: 'Success!',
      description:
        "You've been added to our early access list. We'll notify you when the product is available.",
    });
  });
});
