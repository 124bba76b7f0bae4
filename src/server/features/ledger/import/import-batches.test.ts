import { describe, expect, test } from 'bun:test';
import type { NewLine } from '../lines/new-lines.ts';
import { prepareImport, uploadStream } from './import-batches.ts';

const SITE = { id: 'site-1', country: 'GB', region: null };

function csv(rows: number): ReadableStream<Uint8Array> {
  const lines = ['date,site,category,quantity,unit'];
  for (let i = 0; i < rows; i++)
    lines.push(`2025-01-${String((i % 28) + 1).padStart(2, '0')},Main site,electricity,${100 + i},kWh`);
  return new Blob([`${lines.join('\n')}\n`]).stream();
}

async function collect(rows: number, rowsPerRead: number, linesPerBatch: number) {
  const batches: NewLine[][] = [];
  const generator = prepareImport(csv(rows), { sites: [['main site', SITE]], rowsPerRead, linesPerBatch });
  let step = await generator.next();
  while (!step.done) {
    batches.push(step.value);
    step = await generator.next();
  }
  return { batches, summary: step.value };
}

describe('prepareImport', () => {
  test('yields batches of linesPerBatch lines, then the rest', async () => {
    const { batches, summary } = await collect(20, 2, 6);
    expect(batches.map((batch) => batch.length)).toEqual([6, 6, 6, 2]);
    expect(summary).toMatchObject({ rowCount: 20, validCount: 20, errorCount: 0 });
    const quantities = batches.flat().map((line) => line.quantity);
    expect(new Set(quantities)).toEqual(new Set(Array.from({ length: 20 }, (_, i) => 100 + i)));
  });

  test('after a bad row, batches carry no lines but every row is still checked', async () => {
    const stream = new Blob([
      'date,site,category,quantity,unit\n2025-01-01,Main site,electricity,1,kWh\n2025-01-02,Nowhere,electricity,2,kWh\n2025-01-03,Main site,electricity,3,kWh\n2025-01-04,Elsewhere,electricity,4,kWh\n',
    ]).stream();
    const generator = prepareImport(stream, {
      sites: [['main site', SITE]],
      rowsPerRead: 1,
      linesPerBatch: 2,
    });
    const batches: NewLine[][] = [];
    let step = await generator.next();
    while (!step.done) {
      batches.push(step.value);
      step = await generator.next();
    }
    expect(batches.every((batch) => batch.length === 0)).toBe(true);
    expect(step.value.errorCount).toBe(2);
    expect(step.value.errors.map((error) => error.line)).toEqual([3, 5]);
  });
});

async function chunksOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
  return chunks;
}

describe('uploadStream', () => {
  test('gives the upload in 64 KiB views of its own bytes, in order, then ends', async () => {
    const bytes = new Uint8Array(150 * 1024).map((_, i) => i % 251).buffer;
    const chunks = await chunksOf(uploadStream(bytes));
    expect(chunks.map((chunk) => chunk.byteLength)).toEqual([65536, 65536, 22528]);
    expect(chunks.every((chunk) => chunk.buffer === bytes)).toBe(true);
    expect(Buffer.concat(chunks).equals(Buffer.from(bytes))).toBe(true);
  });

  test('an empty upload ends at once', async () => {
    expect(await chunksOf(uploadStream(new ArrayBuffer(0)))).toEqual([]);
  });

  test('prepareImport reads a file from it as from any stream', async () => {
    const text = `date,site,category,quantity,unit\n${Array.from({ length: 3000 }, (_, i) => `2025-02-${String((i % 28) + 1).padStart(2, '0')},Main site,electricity,${i + 1},kWh`).join('\n')}\n`;
    const generator = prepareImport(uploadStream(new TextEncoder().encode(text).buffer), {
      sites: [['main site', SITE]],
      rowsPerRead: 1000,
      linesPerBatch: 1000,
    });
    let lines = 0;
    let step = await generator.next();
    while (!step.done) {
      lines += step.value.length;
      step = await generator.next();
    }
    expect(lines).toBe(3000);
    expect(step.value).toMatchObject({ rowCount: 3000, validCount: 3000, errorCount: 0 });
  });
});
