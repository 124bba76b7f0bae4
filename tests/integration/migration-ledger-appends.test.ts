// The migration of decision 094 cuts each ledger line's stored fingerprint to its first 16 bytes,
// the length lineDigest computes now, so a line imported before it still stops the same row
// imported again; and it rebuilds the covering index in its new column order. Every other value
// of every line must come through unchanged.
import { describe, expect, test } from 'bun:test';
import { createClient } from '@libsql/client';
import { canonicalRow, rowFingerprint } from '../../src/domain/activity-import/fingerprint.ts';
import type { ImportedActivityRow } from '../../src/domain/activity-import/rows.ts';
import { applyMigrations, migrationStep } from '../helpers/migrations.ts';

const step = migrationStep((name) => name.endsWith('_ledger_appends.sql'));

const LINE = `INSERT INTO activity_lines (id, company_key, site_key, import_key, date, category, quantity, unit,
  source, data_quality, fingerprint, created_at, updated_at, kg_scope_1, datasets, entries, calculated_at)
  VALUES (?, 1, 1, ?, ?, 'diesel', ?, 'litres', 'csv', 'measured', unhex(?), 1000, 2000, ?, '["DESNZ 2025"]', '[]', 3000)`;

const row: ImportedActivityRow = {
  date: '2025-03-01',
  periodEnd: null,
  site: 'Leeds depot',
  category: 'diesel',
  variant: null,
  quantity: 40,
  unit: 'litre',
  spend: null,
  currency: null,
  reference: 'Fuel card 7',
  dataQuality: 'measured',
  calorificBasis: null,
};

/** The whole SHA-256 a line was stored with before decision 094. */
const fullDigest = async (text: string) =>
  Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))).toString('hex');

describe('migration: ledger appends', () => {
  test('cuts each fingerprint to what lineDigest computes and keeps every other value', async () => {
    const client = createClient({ url: ':memory:' });
    await applyMigrations(client, step.before);
    // Bare rows, without the companies, sites and imports they name: only the change is under test.
    await client.execute('PRAGMA foreign_keys = OFF');
    const stored = await fullDigest(canonicalRow(row));
    await client.execute({ sql: LINE, args: ['1', 7, '2025-03-01', 40, stored, 107.2] });
    await client.execute({ sql: LINE, args: ['2', null, '2025-03-02', 2, 'c'.repeat(64), null] });
    const before = (await client.execute('SELECT * FROM activity_lines ORDER BY id')).rows;

    await applyMigrations(client, [step.target]);

    const after = (
      await client.execute('SELECT *, lower(hex(fingerprint)) AS hex FROM activity_lines ORDER BY id')
    ).rows;
    expect(after).toHaveLength(2);
    for (const [i, line] of after.entries()) {
      const { fingerprint: _old, ...rest } = before[i]!;
      expect(line).toMatchObject(rest);
    }
    expect(after.map((line) => line.hex)).toEqual([await rowFingerprint(row), 'c'.repeat(32)]);
    // The same row imported again is refused by the dedupe index.
    await expect(
      client.execute({
        sql: LINE,
        args: ['3', 8, '2025-03-01', 40, await rowFingerprint(row), 107.2],
      }),
    ).rejects.toThrow(/UNIQUE/);
    const columns = (
      await client.execute(`SELECT name FROM pragma_index_info('activity_lines_company_date_idx')`)
    ).rows.map((column) => column.name);
    expect(columns.slice(0, 8)).toEqual([
      'company_key',
      'date',
      'datasets',
      'category',
      'unit',
      'instrument',
      'import_key',
      'quantity',
    ]);
    expect(columns.at(-1)).toBe('site_key');
  });
});
