import { describe, expect, test } from 'bun:test';
import { parseCsvText } from './csv-reader.ts';
import { IMPORT_FIELDS, recogniseHeaders } from './headers.ts';
import { validateRow } from './rows.ts';
import { IMPORT_TEMPLATE_CSV } from './template.ts';
import { drainImport, streamOf } from './test-helpers.ts';

describe('IMPORT_TEMPLATE_CSV', () => {
  const { separator, records } = parseCsvText(IMPORT_TEMPLATE_CSV);

  test('has the canonical columns, recognised with nothing unknown or missing', () => {
    expect(separator).toBe(',');
    expect(records[0]!.fields).toEqual([...IMPORT_FIELDS]);
    const headers = recogniseHeaders(records[0]!.fields);
    expect(headers.unknownColumns).toEqual([]);
    expect(headers.missingRequired).toEqual([]);
  });

  test('every example row validates', () => {
    const { mapping } = recogniseHeaders(records[0]!.fields);
    const rows = records.slice(1).map((r) => validateRow(r.fields, mapping, { line: r.line, separator }));
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(rows.length).toBeLessThanOrEqual(8);
    for (const result of rows) expect(result.ok ? [] : result.errors).toEqual([]);
  });

  test('covers the promised examples', async () => {
    const { lines, summary } = await drainImport(streamOf(IMPORT_TEMPLATE_CSV));
    expect(summary.invalidCount).toBe(0);
    const seen = lines.map(({ row }) => `${row.category}/${row.variant ?? ''}/${row.unit ?? row.currency}`);
    expect(seen).toEqual([
      'electricity//kWh',
      'natural_gas//kWh',
      'diesel//litre',
      'flight/long_haul_economy/passenger_km',
      'hotel//room_night',
      'water//m3',
      'waste/food_landfill/kg',
      'purchased_goods/541611/GBP',
    ]);
  });
});
