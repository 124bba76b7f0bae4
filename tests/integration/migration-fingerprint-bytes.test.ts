// The migration that stores each ledger line's fingerprint as its 32 bytes (decision 081) copies
// the whole table: every line must come through with every other value unchanged, the hex
// fingerprint as the same digest in bytes, and the dedupe index must still refuse a repeat.
import { describe, expect, test } from 'bun:test';
import { createClient } from '@libsql/client';
import { applyMigrations, migrationStep } from '../helpers/migrations.ts';

const step = migrationStep((name) => name.endsWith('_fingerprint_bytes.sql'));

const LINE = `INSERT INTO activity_lines (id, company_id, site_id, date, category, quantity, unit, source,
  data_quality, fingerprint, created_at, updated_at, kg_scope_1, datasets, entries, calculated_at)
  VALUES (?, 'c1', 's1', ?, 'diesel', ?, 'litre', 'csv', 'measured', ?, 1000, 2000, ?, '["DESNZ 2025"]', ?, 3000)`;
const HEX = 'ab'.repeat(16) + '0123456789ABCDEF'.repeat(2);

describe('migration: fingerprints as bytes', () => {
  test('keeps every line and value, turns each hex fingerprint into its bytes, and still dedupes', async () => {
    const client = createClient({ url: ':memory:' });
    await applyMigrations(client, step.before);
    // Bare rows, without the companies and sites they name: only the copy is under test.
    await client.execute('PRAGMA foreign_keys = OFF');
    const entries = '[["scope_1",null,2.5,"desnz25-1","DESNZ 2025",1,"litre",[]]]';
    await client.execute({ sql: LINE, args: ['l1', '2025-03-01', 1, HEX, 2.5, entries] });
    await client.execute({ sql: LINE, args: ['l2', '2025-03-02', 2, 'c'.repeat(64), null, '[]'] });
    // Never written so by the app, but a line is never lost to its fingerprint.
    await client.execute({ sql: LINE, args: ['l3', '2025-03-03', 3, 'not hex', 7, '[]'] });
    const before = (await client.execute('SELECT * FROM activity_lines ORDER BY id')).rows;

    await applyMigrations(client, [step.target]);

    const after = (
      await client.execute(
        'SELECT *, typeof(fingerprint) AS kind, hex(fingerprint) AS hex FROM activity_lines ORDER BY id',
      )
    ).rows;
    expect(after).toHaveLength(3);
    for (const [i, row] of after.entries()) {
      const { fingerprint: _old, ...rest } = before[i]!;
      expect(row).toMatchObject({ ...rest, kind: 'blob' });
    }
    expect(after.map((row) => row.hex)).toEqual([
      HEX.toUpperCase(),
      'C'.repeat(64),
      Buffer.from('not hex').toString('hex').toUpperCase(),
    ]);
    await expect(
      client.execute({
        sql: `${LINE.replace('?, 1000', 'unhex(?), 1000')}`,
        args: ['l4', '2025-03-01', 1, HEX.toLowerCase(), 2.5, '[]'],
      }),
    ).rejects.toThrow(/UNIQUE/);
  });
});
