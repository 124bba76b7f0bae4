import { describe, expect, test } from 'bun:test';
import { sha256Hex } from '../sha256.ts';
import { isAscii } from './canonical-row.ts';
import { canonicalRow, FileFingerprint, RowFingerprinter, rowFingerprint } from './fingerprint.ts';
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
  test('is the first 128 bits of a SHA-256, hex, equal for identical rows', async () => {
    const a = await rowFingerprint(row);
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(await rowFingerprint({ ...row })).toBe(a);
    const expected = new Uint8Array(
      await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonicalRow(row))),
    );
    expect(a).toBe(
      Array.from(expected, (b) => b.toString(16).padStart(2, '0'))
        .join('')
        .slice(0, 32),
    );
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

describe('fingerprint values', () => {
  // Stored in ledgers since the first import (computed with WebCrypto over canonicalRow): they must
  // never change. Ledgers keep their first 128 bits (decision 094), which the migration cut to.
  test('are pinned', async () => {
    expect(await rowFingerprint(row)).toBe('f15f7ef2b10a5a7605aaee8dbcb463d9');
    expect(await rowFingerprint(row, 2)).toBe('4c36325af51cf5e06f7173b815e613c5');
    const gas: ImportedActivityRow = {
      ...row,
      site: 'Zürich  Büro',
      category: 'natural_gas',
      variant: 'R410A',
      quantity: 8320.25,
      reference: ' Café\u00a0n° 7 ',
      calorificBasis: 'gross',
    };
    expect(await rowFingerprint(gas)).toBe('fab2b5caa625974d38056a47232451dc');
    const spend: ImportedActivityRow = {
      ...row,
      periodEnd: null,
      site: '\tLeeds   DEPOT ',
      category: 'purchased_goods',
      variant: '541611',
      quantity: null,
      unit: null,
      spend: 4800,
      currency: 'GBP',
      reference: null,
      dataQuality: 'spend_based',
    };
    expect(await rowFingerprint(spend)).toBe('ff459b6f62a8e49e196f68e12729e35f');
  });

  // ASCII rows are written as bytes directly (no canonical string); others go through canonicalRow.
  // Both must hash exactly what canonicalRow says.
  const texts = [
    'London HQ',
    'LONDON hq',
    '  London \t\r\n HQ  ',
    'a\u000bb\u000cc',
    'x\u001cy', // not whitespace for \s or trim
    'Zürich',
    'Zu\u0308rich', // NFD: NFC makes it the same as the line above
    'Caf\u00e9\u00a0Bar ',
    '\u00a0Leeds\u2003',
    'İstanbul',
    '東京 本社',
    'x'.repeat(500),
    `${'é'.repeat(300)} ${'y'.repeat(400)}`,
    '東'.repeat(500), // three UTF-8 bytes a character
  ];
  const numbers = [0, 7, 10, 99, 100, 12450, 1234.5, 0.1, 1e-7, 2 ** 53, 2 ** 53 + 2, 1e21, 123456789012345];
  const rows: ImportedActivityRow[] = [];
  texts.forEach((text, i) => {
    rows.push({ ...row, site: text });
    rows.push({ ...row, variant: text, reference: null });
    rows.push({ ...row, reference: text, periodEnd: null });
    rows.push({ ...row, site: texts[(i + 3) % texts.length]!, reference: text, variant: text });
  });
  for (const n of numbers) {
    rows.push({ ...row, quantity: n });
    rows.push({ ...row, quantity: null, unit: null, spend: n, currency: 'EUR' });
  }
  const webCrypto = async (text: string) =>
    Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))), (b) =>
      b.toString(16).padStart(2, '0'),
    )
      .join('')
      .slice(0, 32);

  test('equal WebCrypto over canonicalRow, for ASCII and other text, whitespace and numbers', async () => {
    for (const r of rows) expect(await rowFingerprint(r)).toBe(await webCrypto(canonicalRow(r)));
    expect(await rowFingerprint(rows[0]!, 12)).toBe(await webCrypto(`${canonicalRow(rows[0]!)}\u001f#12`));
  });

  test('RowFingerprinter gives the same values, repeats included', async () => {
    const fingerprinter = new RowFingerprinter();
    const twice = [...rows, ...rows, rows[5]!];
    const got = twice.map((r) => fingerprinter.next(r));
    const expected: string[] = [];
    const seen = new Map<string, number>();
    for (const r of twice) {
      const canonical = canonicalRow(r);
      const n = seen.get(canonical) ?? 0;
      seen.set(canonical, n + 1);
      expected.push(await webCrypto(n === 0 ? canonical : `${canonical}\u001f#${n}`));
    }
    expect(got).toEqual(expected);
    expect(fingerprinter.repeats).toBe(twice.length - seen.size);
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
    const oneShot = sha256Hex(bytes);
    for (const size of [1, 63, 64, 65, 4096]) {
      const file = new FileFingerprint();
      for (let i = 0; i < bytes.length; i += size) file.update(bytes.subarray(i, i + size));
      expect(file.digest()).toBe(oneShot);
      expect(file.bytes).toBe(bytes.length);
    }
    const { summary } = await drainImport(streamOf('date,site,category,quantity,unit\n', 5));
    expect(summary.fileSha256).toBe(
      sha256Hex(new TextEncoder().encode('date,site,category,quantity,unit\n')),
    );
  });
});

test('isAscii: only text whose every unit is ASCII takes the byte path', () => {
  expect(isAscii('')).toBe(true);
  expect(isAscii('MPAN 1200012345678\t\u007f')).toBe(true);
  expect(isAscii('Café')).toBe(false);
  expect(isAscii('a\u00a0b')).toBe(false);
});
