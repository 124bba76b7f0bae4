import { describe, expect, test } from 'bun:test';
import { chooseEncoding } from './accept-encoding.ts';

describe('chooseEncoding', () => {
  test('brotli before gzip when a browser takes both', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
  });

  test('weights and refusals are honoured', () => {
    expect(chooseEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(chooseEncoding('*;q=0.1, br;q=0')).toBe('gzip');
  });

  test('no header, identity only or an unknown coding sends the file as it is', () => {
    expect(chooseEncoding(null)).toBeNull();
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('compress')).toBeNull();
  });

  test('only what is available is chosen', () => {
    expect(chooseEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(chooseEncoding('br', ['gzip'])).toBeNull();
  });
});
