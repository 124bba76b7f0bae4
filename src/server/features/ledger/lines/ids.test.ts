import { describe, expect, test } from 'bun:test';
import { uuidv7 } from './ids.ts';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('uuidv7', () => {
  test('makes RFC 9562 version 7 ids, each distinct and later than the one before', () => {
    const ids = Array.from({ length: 5000 }, () => uuidv7());
    expect(ids.every((id) => UUID_V7.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id, i) => i === 0 || ids[i - 1]! < id)).toBe(true);
  });
});
