// The migration to integer ledger keys (decision 088) numbers every company, site and import and
// copies the whole ledger: every line must come through with its company, site and import as
// their keys and every other value unchanged; the keys must keep the foreign keys' actions.
import { describe, expect, test } from 'bun:test';
import { createClient } from '@libsql/client';
import { applyMigrations, migrationStep } from '../helpers/migrations.ts';

const step = migrationStep((name) => name.endsWith('_ledger_integer_keys.sql'));

const COMPANY = `INSERT INTO companies (id, name, created_at, updated_at) VALUES (?, ?, 1, 1)`;
const SITE = `INSERT INTO sites (id, company_id, name, country, created_at, updated_at) VALUES (?, ?, ?, 'GB', 1, 1)`;
const IMPORT = `INSERT INTO activity_imports (id, company_id, file_name, file_sha256, row_count, imported_count,
  duplicate_count, created_at) VALUES (?, ?, 'a.csv', 'ab', 1, 1, 0, 1)`;
const LINE = `INSERT INTO activity_lines (id, company_id, site_id, import_id, date, category, quantity, unit,
  source, data_quality, fingerprint, created_at, updated_at, kg_scope_1, datasets, entries, calculated_at)
  VALUES (?, ?, ?, ?, ?, 'diesel', ?, 'litre', 'csv', 'measured', randomblob(32), 1000, 2000, ?, '["DESNZ 2025"]', '[]', 3000)`;

describe('migration: integer ledger keys', () => {
  test('keeps every line and value, with each company, site and import as its key', async () => {
    const client = createClient({ url: ':memory:' });
    await applyMigrations(client, step.before);
    await client.execute('PRAGMA foreign_keys = ON');
    for (const [id, name] of [
      ['c1', 'One'],
      ['c2', 'Two'],
    ] as const)
      await client.execute({ sql: COMPANY, args: [id, name] });
    for (const [id, company, name] of [
      ['s1', 'c1', 'A'],
      ['s2', 'c1', 'B'],
      ['s3', 'c2', 'A'],
    ] as const)
      await client.execute({ sql: SITE, args: [id, company, name] });
    await client.execute({ sql: IMPORT, args: ['i1', 'c1'] });
    await client.execute({ sql: IMPORT, args: ['i2', 'c2'] });
    const lines = [
      ['l1', 'c1', 's1', 'i1', '2025-03-01', 1, 2.5],
      ['l2', 'c1', 's2', null, '2025-03-02', 2, null],
      ['l3', 'c2', 's3', 'i2', '2025-03-01', 3, 7.5],
    ] as const;
    for (const line of lines) await client.execute({ sql: LINE, args: [...line] });
    const before = (await client.execute('SELECT * FROM activity_lines ORDER BY id')).rows.map(
      ({ company_id: _c, site_id: _s, import_id: _i, ...rest }) => rest,
    );

    await applyMigrations(client, [step.target]);

    const after = (
      await client.execute(`SELECT l.*, c.id AS company, s.id AS site, i.id AS import FROM activity_lines l
        JOIN companies c ON c.ledger_key = l.company_key JOIN sites s ON s.ledger_key = l.site_key
        LEFT JOIN activity_imports i ON i.ledger_key = l.import_key ORDER BY l.id`)
    ).rows;
    expect(after).toHaveLength(3);
    for (const [i, row] of after.entries()) {
      const [, company, site, anImport] = lines[i]!;
      expect(row).toMatchObject({ ...before[i], company, site, import: anImport });
      expect(typeof row.company_key).toBe('number');
    }
    for (const table of ['companies', 'sites', 'activity_imports']) {
      const keys = (await client.execute(`SELECT ledger_key FROM ${table}`)).rows.map(
        (row) => row.ledger_key,
      );
      expect(new Set(keys).size).toBe(keys.length);
      expect(keys).not.toContain(0);
    }

    // The keys keep the foreign keys' actions: an import deleted unlinks its lines, a site in use
    // cannot go, a company deleted takes its lines with it.
    await client.execute('PRAGMA foreign_keys = ON');
    await client.execute("DELETE FROM activity_imports WHERE id = 'i1'");
    expect(
      (await client.execute("SELECT import_key FROM activity_lines WHERE id = 'l1'")).rows[0]?.import_key,
    ).toBe(null);
    await expect(client.execute("DELETE FROM sites WHERE id = 's3'")).rejects.toThrow(/FOREIGN KEY/);
    await client.execute("DELETE FROM companies WHERE id = 'c2'");
    expect(
      (await client.execute('SELECT id FROM activity_lines ORDER BY id')).rows.map((row) => row.id),
    ).toEqual(['l1', 'l2']);
  });
});
