import { describe, expect, test } from 'bun:test';
import { isPlainIsoDay, parseDate, parseDecimal, plainDecimal } from './row-values.ts';

/** Deterministic pseudo-random integers (xorshift), so failures reproduce. */
function random(seed: number): (below: number) => number {
  let x = seed | 1;
  return (below) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % below;
  };
}

describe('plainDecimal (the fast path of parseDecimal)', () => {
  test('reads the plain forms', () => {
    expect(plainDecimal('1234', '.')).toBe(1234);
    expect(plainDecimal('1234.5', '.')).toBe(1234.5);
    expect(plainDecimal('1234,5', ',')).toBe(1234.5);
    expect(plainDecimal('0', ',')).toBe(0);
    expect(plainDecimal('007', '.')).toBe(7);
    expect(plainDecimal('12.', '.')).toBe(12);
    expect(plainDecimal('999999999999999', '.')).toBe(999999999999999);
    expect(plainDecimal('1,234.5', '.')).toBe(1234.5);
    expect(plainDecimal('1.234,5', ',')).toBe(1234.5);
    expect(plainDecimal('12.345.678', ',')).toBe(12345678);
    expect(plainDecimal('1,234,', '.')).toBe(-1);
  });

  test('leaves everything else to parseDecimal', () => {
    for (const text of [
      '',
      '.5',
      ',5',
      '1.2.3',
      '-5',
      '+3',
      ' 12',
      '1e3',
      '£12',
      '1234567890123456',
      '1 234',
    ]) {
      expect(plainDecimal(text, '.')).toBe(-1);
      expect(plainDecimal(text, ',')).toBe(-1);
    }
    // Groups of other than three digits, other group separators: parseDecimal decides.
    for (const text of ['1234,5', '1,23', '12,3456.7', "1'234.5", '1,234.5.6']) {
      expect(plainDecimal(text, '.')).toBe(-1);
    }
    for (const text of ['1234.5', '1.23', '1\u00a0234,5']) expect(plainDecimal(text, ',')).toBe(-1);
  });

  test('gives exactly the value parseDecimal gives, for 100,000 generated numbers', () => {
    const next = random(42);
    const chars = '0123456789012345678901234567890123456789.,';
    const digits = (count: number) => Array.from({ length: count }, () => next(10)).join('');
    for (let i = 0; i < 100_000; i++) {
      let text = '';
      if (i % 2) {
        // Random characters: mostly refused by one or both.
        const length = 1 + next(20);
        for (let j = 0; j < length; j++) text += chars[next(chars.length)];
      } else {
        // Numbers shaped like real ones: groups (sometimes of the wrong width), a mark, a fraction.
        const separator = next(2) ? '.' : ',';
        const mark = next(2) ? '.' : ',';
        text = digits(1 + next(4));
        for (let g = next(5); g > 0; g--) text += separator + digits(next(8) ? 3 : 1 + next(5));
        if (next(2)) text += mark + digits(next(6));
      }
      for (const mark of ['.', ','] as const) {
        const fast = plainDecimal(text, mark);
        if (fast < 0) continue;
        const full = parseDecimal(text, mark);
        if (!full.ok) throw new Error(`"${text}" (${mark}): fast ${fast}, full refused it`);
        if (!Object.is(full.value, fast))
          throw new Error(`"${text}" (${mark}): fast ${fast}, full ${full.value}`);
      }
    }
  });
});

describe('isPlainIsoDay (the fast path of parseDate)', () => {
  test('agrees with parseDate on every YYYY-MM-DD of the edge years, real or not', () => {
    const pad = (n: number, width: number) => String(n).padStart(width, '0');
    for (const year of [1899, 1900, 2000, 2023, 2024, 2025, 2100, 2101]) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          const text = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
          const parsed = parseDate(text);
          const plain = parsed.ok && parsed.first === text && parsed.last === text && !parsed.wholeMonth;
          if (isPlainIsoDay(text) !== plain)
            throw new Error(`${text}: fast path ${!plain}, parseDate ${plain}`);
        }
      }
    }
  });

  test('anything but exactly YYYY-MM-DD goes to parseDate', () => {
    for (const text of [
      '2025/01/31',
      '2025-1-31',
      '31/01/2025',
      '2025-01',
      '2025-01-31T00:00:00Z',
      ' 2025-01-31',
      '2025-0a-31',
    ]) {
      expect(isPlainIsoDay(text)).toBe(false);
    }
    expect(isPlainIsoDay('2024-02-29')).toBe(true);
    expect(isPlainIsoDay('2025-02-29')).toBe(false);
  });
});
