import { describe, expect, test } from 'bun:test';
import {
  canonicalRow,
  FileFingerprint,
  fileSha256,
  RowFingerprinter,
  rowFingerprint,
} from './fingerprint.ts';
import type { ImportedActivityRow } from './rows.ts';
import { drainImport, streamOf } from './test-helpers.ts';

const row: ImportedActivityRow = {
  date: '2025-01-01',
  periodEnd: '2025-01-31',
  site: 'London HQ',
  category: 'electricity',
  variant: null,
  quantity: 12450,
  unit: 'kWh',
  spend: null,
  currency: null,
  dataQuality: 'measured',
  reference: 'MPAN 1200012345678',
  calorificBasis: null,
};

describe('rowFingerprint', () => {
  test('is a SHA-256 hex digest, equal for identical rows', async () => {
    const a = await rowFingerprint(row);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(await rowFingerprint({ ...row })).toBe(a);
    const expected = new Uint8Array(
      await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonicalRow(row))),
    );
    expect(a).toBe(Array.from(expected, (b) => b.toString(16).padStart(2, '0')).join(''));
  });

  test('ignores case and spacing of the site and variant, and descriptive fields', async () => {
    const a = await rowFingerprint(row);
    expect(await rowFingerprint({ ...row, site: 'london  hq ' })).toBe(a);
    expect(await rowFingerprint({ ...row, dataQuality: 'supplier_specific' })).toBe(a);
    const gas: ImportedActivityRow = {
      ...row,
      category: 'natural_gas',
      variant: 'R410A',
      calorificBasis: 'gross',
    };
    expect(await rowFingerprint({ ...gas, variant: 'r410a', calorificBasis: 'net' })).toBe(
      await rowFingerprint(gas),
    );
  });

  test('differs when anything that identifies the line differs', async () => {
    const a = await rowFingerprint(row);
    const variants: Partial<ImportedActivityRow>[] = [
      { date: '2025-01-02' },
      { periodEnd: null },
      { site: 'Leeds Depot' },
      { category: 'district_heat' },
      { variant: 'green_tariff' },
      { quantity: 12450.5 },
      { unit: 'MWh' },
      { spend: 10, currency: 'GBP' },
      { reference: 'MPAN 1200012345679' },
    ];
    const seen = new Set([a]);
    for (const change of variants) seen.add(await rowFingerprint({ ...row, ...change }));
    expect(seen.size).toBe(variants.length + 1);
  });

  test('repeats within one file get distinct, reproducible fingerprints', async () => {
    const first = new RowFingerprinter();
    const other = { ...row, site: 'Leeds Depot' };
    const a = await first.fingerprintAll([row, other, row, row]);
    expect(a[0]).toBe(await rowFingerprint(row));
    expect(a[2]).toBe(await rowFingerprint(row, 1));
    expect(a[3]).toBe(await rowFingerprint(row, 2));
    expect(new Set(a).size).toBe(4);
    expect(first.repeats).toBe(2);
    // Same rows again (one at a time this time): the same fingerprints.
    const second = new RowFingerprinter();
    const b: string[] = [];
    for (const r of [row, other, row, row]) b.push(await second.fingerprint(r));
    expect(b).toEqual(a);
  });

  test('repeat counting holds over many rows (hash set growth) and across batches', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => ({ ...row, quantity: i % 15_000 }));
    const fingerprinter = new RowFingerprinter();
    const all: string[] = [];
    for (let i = 0; i < rows.length; i += 500)
      all.push(...(await fingerprinter.fingerprintAll(rows.slice(i, i + 500))));
    expect(fingerprinter.repeats).toBe(5_000);
    expect(new Set(all).size).toBe(20_000);
    expect(all[15_000]).toBe(await rowFingerprint(rows[0]!, 1));
    expect(all[14_999]).toBe(await rowFingerprint(rows[14_999]!));
  });
});

describe('dedupe across uploads', () => {
  const commaFile =
    'date,site,category,quantity,unit,reference\n' +
    '2025-01-01,London HQ,electricity,"1,234.5",kWh,INV-1\n' +
    '2025-01-01,London HQ,electricity,"1,234.5",kWh,INV-1\n' +
    '2025-01-02,Leeds,diesel,40,litres,INV-2\n';
  const semicolonFile =
    '\uFEFFDatum;Standort;Kategorie;Menge;Einheit;Referenz\r\n' +
    '02/01/2025;leeds;Diesel;40;L;INV-2\r\n' +
    '01/01/2025;London  HQ;Electricity;1.234,5;kwh;INV-1\r\n';

  test('re-uploading the same file gives the same fingerprints', async () => {
    const first = await drainImport(streamOf(commaFile));
    const again = await drainImport(streamOf(commaFile, 7));
    expect(first.lines.map((l) => l.fingerprint)).toEqual(again.lines.map((l) => l.fingerprint));
    expect(new Set(first.lines.map((l) => l.fingerprint)).size).toBe(3);
    expect(first.summary.repeatedRows).toBe(1);
    expect(first.summary.fileSha256).toBe(again.summary.fileSha256);
  });

  test('the same rows in another file, written differently, match', async () => {
    const a = await drainImport(streamOf(commaFile));
    const b = await drainImport(streamOf(semicolonFile));
    const fromA = new Set(a.lines.map((l) => l.fingerprint));
    expect(b.lines).toHaveLength(2);
    for (const line of b.lines) expect(fromA.has(line.fingerprint)).toBe(true);
    expect(b.summary.fileSha256).not.toBe(a.summary.fileSha256);
  });
});

describe('file fingerprint', () => {
  test('the incremental SHA-256 equals the one-shot digest, however the bytes are chunked', async () => {
    const bytes = new TextEncoder().encode('date,site\n'.repeat(10_000));
    const oneShot = await fileSha256(bytes);
    for (const size of [1, 63, 64, 65, 4096]) {
      const file = new FileFingerprint();
      for (let i = 0; i < bytes.length; i += size) file.update(bytes.subarray(i, i + size));
      expect(file.digest()).toBe(oneShot);
      expect(file.bytes).toBe(bytes.length);
    }
    const { summary } = await drainImport(streamOf('date,site,category,quantity,unit\n', 5));
    expect(summary.fileSha256).toBe(
      await fileSha256(new TextEncoder().encode('date,site,category,quantity,unit\n')),
    );
  });
});
