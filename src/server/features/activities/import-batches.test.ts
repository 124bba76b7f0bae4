import { describe, expect, test } from 'bun:test';
import { LINE_FIELDS } from '../emissions/line-payloads.ts';
import { type PreparedBatch, prepareImport } from './import-batches.ts';

const SITE = { id: 'site-1', country: 'GB', region: null };

function csv(rows: number): ReadableStream<Uint8Array> {
  const lines = ['date,site,category,quantity,unit'];
  for (let i = 0; i < rows; i++)
    lines.push(`2025-01-${String((i % 28) + 1).padStart(2, '0')},Main site,electricity,${100 + i},kWh`);
  return new Blob([`${lines.join('\n')}\n`]).stream();
}

async function collect(rows: number, rowsPerRead: number, linesPerBatch: number) {
  const batches: PreparedBatch[] = [];
  const generator = prepareImport(csv(rows), { sites: [['main site', SITE]], rowsPerRead, linesPerBatch });
  let step = await generator.next();
  while (!step.done) {
    batches.push(step.value);
    step = await generator.next();
  }
  return { batches, summary: step.value };
}

const rowsOf = (batch: PreparedBatch) =>
  (batch.payloads ?? []).flatMap((payload) => JSON.parse(new TextDecoder().decode(payload)) as unknown[][]);

describe('prepareImport', () => {
  test('starts with one read and doubles each batch up to linesPerBatch', async () => {
    const { batches, summary } = await collect(20, 2, 6);
    expect(batches.map((batch) => batch.lines)).toEqual([2, 4, 6, 6, 2]);
    expect(batches.map((batch) => rowsOf(batch).length)).toEqual([2, 4, 6, 6, 2]);
    expect(summary).toMatchObject({ rowCount: 20, validCount: 20, errorCount: 0 });
    const quantities = batches.flatMap(rowsOf).map((row) => row[LINE_FIELDS.indexOf('quantity')]);
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
    const batches: PreparedBatch[] = [];
    let step = await generator.next();
    while (!step.done) {
      batches.push(step.value);
      step = await generator.next();
    }
    expect(batches.slice(1).every((batch) => batch.payloads?.length === 0 && batch.lines === 0)).toBe(true);
    expect(step.value.errorCount).toBe(2);
    expect(step.value.errors.map((error) => error.line)).toEqual([3, 5]);
  });
});
