// The migration to integer line ids (decision 092) copies the whole ledger: every line must come
// through with every value unchanged, its old UUID in legacy_id and an integer id in the order the
// lines were written; every index must be there again, and an id once given is never given again.
import { describe, expect, test } from 'bun:test';
import { createClient } from '@libsql/client';
import { applyMigrations, migrationStep } from '../helpers/migrations.ts';

const step = migrationStep((name) => name.endsWith('_ledger_line_integer_ids.sql'));

const COMPANY = `INSERT INTO companies (id, ledger_key, name, created_at, updated_at) VALUES (?, ?, ?, 1, 1)`;
const SITE = `INSERT INTO sites (id, ledger_key, company_id, name, country, created_at, updated_at)
  VALUES (?, ?, ?, 'A', 'GB', 1, 1)`;
const LINE = `INSERT INTO activity_lines (id, company_key, site_key, date, category, quantity, unit, source,
  data_quality, fingerprint, created_at, updated_at, kg_scope_1, datasets, entries, calculated_at)
  VALUES (?, ?, ?, ?, 'diesel', ?, 'litre', 'manual', 'measured', randomblob(32), 1000, 2000, ?,
  '["DESNZ 2025"]', '[[1]]', 3000)`;
/** Written in this order; the UUIDs sort otherwise, so the ids must follow the writing order. */
const OLD_LINES = [
  ['f0000000-0000-4000-8000-000000000001', 1, 1, '2025-03-01', 1, 2.5],
  ['10000000-0000-4000-8000-000000000002', 2, 2, '2025-01-01', 2, null],
  ['80000000-0000-4000-8000-000000000003', 1, 1, '2024-12-01', 3, 7.5],
] as const;

const indexes = async (client: ReturnType<typeof createClient>) =>
  (
    await client.execute(
      `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'activity_lines' ORDER BY name`,
    )
  ).rows.map((row) => ({ name: row.name, sql: row.sql }));

describe('migration: integer line ids', () => {
  test('keeps every line and value and index, each line numbered in writing order with its UUID kept', async () => {
    const client = createClient({ url: ':memory:' });
    await applyMigrations(client, step.before);
    await client.execute('PRAGMA foreign_keys = ON');
    for (const key of [1, 2]) {
      await client.execute({ sql: COMPANY, args: [`c${key}`, key, `Company ${key}`] });
      await client.execute({ sql: SITE, args: [`s${key}`, key, `c${key}`] });
    }
    for (const line of OLD_LINES) await client.execute({ sql: LINE, args: [...line] });
    const before = (await client.execute('SELECT * FROM activity_lines ORDER BY rowid')).rows;
    const indexesBefore = await indexes(client);

    await applyMigrations(client, [step.target]);

    const after = (await client.execute('SELECT * FROM activity_lines ORDER BY id')).rows;
    expect(after).toHaveLength(OLD_LINES.length);
    for (const [i, row] of after.entries()) {
      const { id: oldId, ...values } = before[i]!;
      expect(row).toMatchObject({ ...values, id: i + 1, legacy_id: oldId });
    }
    // Every index again, by the same definition, less the text key's own and plus legacy_id's.
    const indexesAfter = await indexes(client);
    expect(indexesAfter.filter((index) => index.name !== 'activity_lines_legacy_id_unique')).toEqual(
      indexesBefore.filter((index) => !String(index.name).startsWith('sqlite_autoindex')),
    );
    expect(indexesBefore.some((index) => String(index.name).startsWith('sqlite_autoindex'))).toBe(true);
    expect(indexesAfter.map((index) => index.name)).toContain('activity_lines_legacy_id_unique');

    // New lines take the next id and no legacy id, any number of them; an old UUID stays unique.
    const newLine = `INSERT INTO activity_lines (company_key, site_key, date, category, source, data_quality,
      fingerprint, created_at, updated_at, calculated_at) VALUES (1, 1, '2025-04-01', 'diesel', 'manual',
      'measured', randomblob(32), 1, 1, 1) RETURNING id, legacy_id`;
    expect((await client.execute(newLine)).rows[0]).toMatchObject({ id: 4, legacy_id: null });
    await client.execute('DELETE FROM activity_lines WHERE id = 4');
    // AUTOINCREMENT: the deleted line's id is not given again.
    expect((await client.execute(newLine)).rows[0]).toMatchObject({ id: 5, legacy_id: null });
    await expect(
      client.execute({
        sql: 'UPDATE activity_lines SET legacy_id = ? WHERE id = 5',
        args: [OLD_LINES[0][0]],
      }),
    ).rejects.toThrow(/UNIQUE/);

    // The foreign keys still act: a company deleted takes its lines with it.
    await client.execute("DELETE FROM companies WHERE id = 'c1'");
    expect(
      (await client.execute('SELECT legacy_id FROM activity_lines ORDER BY id')).rows.map(
        (row) => row.legacy_id,
      ),
    ).toEqual([OLD_LINES[1][0]]);
  });
});
