import { describe, expect, test } from 'bun:test';
import { newLine as line } from '../../../../tests/helpers/new-line.ts';
import {
  LINE_FIELDS,
  LINES_PER_STATEMENT,
  LinePayloadBuilder,
  lineJson,
  linePayloads,
} from './line-payloads.ts';

describe('lineJson', () => {
  test('writes every field in LINE_FIELDS order, text escaped, numbers exact, JSON columns as JSON', () => {
    const value = line();
    const parsed = JSON.parse(lineJson(value)) as unknown[];
    const expected = LINE_FIELDS.map((field) =>
      field === 'datasets' || field === 'entries' ? JSON.parse(value[field]) : value[field],
    );
    expect(parsed).toEqual(expected);
    expect(parsed.length).toBe(LINE_FIELDS.length);
  });

  test('writes nulls and false as JSON does', () => {
    const value = line({
      periodEnd: null,
      variant: null,
      quantity: null,
      radiativeForcing: false,
      reference: null,
    });
    const parsed = JSON.parse(lineJson(value)) as unknown[];
    for (const field of ['periodEnd', 'variant', 'quantity', 'reference'] as const) {
      expect(parsed[LINE_FIELDS.indexOf(field)]).toBeNull();
    }
    expect(parsed[LINE_FIELDS.indexOf('radiativeForcing')]).toBe(false);
  });
});

describe('linePayloads', () => {
  test('chunks the lines per statement, in date order', () => {
    const dates = ['2025-12-01', '2025-01-15', '2025-06-30', '2025-01-15'];
    const lines = Array.from({ length: LINES_PER_STATEMENT + 3 }, (_, i) =>
      line({ id: `id-${i}`, date: dates[i % dates.length]! }),
    );
    const payloads = linePayloads(lines);
    expect(payloads.length).toBe(2);
    const rows = payloads.flatMap((payload) => JSON.parse(new TextDecoder().decode(payload)) as unknown[][]);
    expect(rows.length).toBe(lines.length);
    const written = rows.map((row) => row[LINE_FIELDS.indexOf('date')] as string);
    expect(written).toEqual([...written].sort());
    expect(new Set(rows.map((row) => row[0]))).toEqual(new Set(lines.map((l) => l.id)));
  });
});

describe('LinePayloadBuilder', () => {
  const decode = (payload: Uint8Array) => new TextDecoder().decode(payload);

  test('writes each line as UTF-8, byte for byte, growing past its first buffer', () => {
    const builder = new LinePayloadBuilder();
    // Longer than the builder's first 64 KiB, in 2-, 3- and 4-byte characters.
    const long = `["é😀€",${JSON.stringify('ü🌱'.repeat(20_000))}]`;
    builder.add('2025-02-01', long);
    builder.add('2025-01-01', '["a"]');
    const [payload] = builder.take();
    expect(decode(payload!)).toBe(`[["a"],${long}]`);
    expect(payload!.byteLength).toBe(new TextEncoder().encode(`[["a"],${long}]`).byteLength);
  });

  test('starts empty again after take, and each payload owns its buffer', () => {
    const builder = new LinePayloadBuilder();
    builder.add('2025-01-01', '[1]');
    const first = builder.take();
    expect(builder.size).toBe(0);
    builder.add('2025-01-02', '[2]');
    const second = builder.take();
    expect(first.map(decode)).toEqual(['[[1]]']);
    expect(second.map(decode)).toEqual(['[[2]]']);
    expect(first[0]!.byteOffset).toBe(0);
    expect(first[0]!.buffer.byteLength).toBe(first[0]!.byteLength);
    expect(builder.take()).toEqual([]);
  });
});
