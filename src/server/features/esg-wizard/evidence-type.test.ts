import { describe, expect, test } from 'bun:test';
import { evidenceContentType } from './evidence-type.ts';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(
    values.flatMap((value) => (typeof value === 'string' ? [...value].map((c) => c.charCodeAt(0)) : [value])),
  );
const claim = (fileName: string, type = '') => ({ fileName, type });

describe('evidenceContentType', () => {
  test('recognises PDF, PNG, JPEG, WebP and GIF by their signatures', () => {
    expect(evidenceContentType(bytes('%PDF-1.4\n', 0), claim('a.png'))).toBe('application/pdf');
    expect(evidenceContentType(bytes(0x89, 'PNG\r\n', 0x1a, '\n', 0), claim('a.pdf'))).toBe('image/png');
    expect(evidenceContentType(bytes(0xff, 0xd8, 0xff, 0xe0, 0), claim('a'))).toBe('image/jpeg');
    expect(evidenceContentType(bytes('RIFF', 0x24, 0, 0, 0, 'WEBPVP8 '), claim('a'))).toBe('image/webp');
    expect(evidenceContentType(bytes('GIF89a', 1, 0), claim('a'))).toBe('image/gif');
    expect(evidenceContentType(bytes('GIF87a', 1, 0), claim('a'))).toBe('image/gif');
  });

  test('takes UTF-8 text as CSV when it is called CSV, else as plain text', () => {
    const text = new TextEncoder().encode('date,kWh\n2025-01-31,1 000 – März\n');
    expect(evidenceContentType(text, claim('meter.csv'))).toBe('text/csv');
    expect(evidenceContentType(text, claim('export', 'text/csv'))).toBe('text/csv');
    expect(evidenceContentType(text, claim('notes.txt', 'text/plain'))).toBe('text/plain');
  });

  test('refuses binaries, invalid UTF-8 and near-misses of a signature', () => {
    expect(
      evidenceContentType(bytes('MZ', 0x90, 0, 3, 0), claim('report.pdf', 'application/pdf')),
    ).toBeNull();
    expect(evidenceContentType(bytes('PK', 3, 4, 20, 0), claim('data.csv', 'text/csv'))).toBeNull();
    expect(evidenceContentType(bytes('date,kWh\n', 0xc3, 0x28), claim('data.csv'))).toBeNull();
    expect(evidenceContentType(bytes('RIFF', 0x24, 0, 0, 0, 'WAVEfmt '), claim('a.webp'))).toBeNull();
    expect(evidenceContentType(bytes('%PD', 0), claim('a.pdf'))).toBeNull();
  });
});
