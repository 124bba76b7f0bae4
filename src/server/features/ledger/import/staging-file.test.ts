// The reading thread stages through Bun's SQLite and the writing thread reads through libsql
// (decision 100): a line staged by StagingFile must read back, through libsql, as one staged by
// libsql itself (the ledger writer's temporary table). The one difference allowed: Bun binds a
// whole number as an integer where libsql binds a real, which the ledger's column turns into its
// own type as the line is written (sqlite.org/datatype3.html §3), the same either way.
import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getTableColumns } from 'drizzle-orm';
import { activityLines } from '../../../../../db/schema/ledger.ts';
import { newLine } from '../../../../../tests/helpers/new-line.ts';
import { OWN_COLUMNS } from '../lines/line-columns.ts';
import { createStagedLines, stagedColumn, stageLines } from '../lines/line-staging.ts';
import { SqliteFile } from '../lines/sqlite-file.ts';
import { StagingFile } from './staging-file.ts';

const folder = mkdtempSync(join(tmpdir(), 'staging-file-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

// Every kind of value a line holds, and enough lines to fill a 32-line INSERT and some single ones.
const lines = Array.from({ length: 35 }, (_, i) =>
  newLine({
    quantity: i % 2 ? 4176 : 0.1 + 0.2,
    radiativeForcing: i % 3 === 0 ? false : i % 3 === 1 ? true : null,
    kgScope1: i % 4 ? Number.NaN : -0,
    reference: i % 5 ? `R${i}` : null,
    fingerprint: i.toString(16).padStart(32, '0'),
  }),
);

/** Each staged row's values, and their SQLite storage classes, in staging order, read through libsql. */
function readBack(reader: SqliteFile, schema: string) {
  const read = (select: (column: string) => string) => {
    const sql = `SELECT ${OWN_COLUMNS.map((key) => `${select(stagedColumn(key))} AS ${key}`).join(', ')} FROM ${schema}.staged_lines WHERE rowid = ?`;
    return Array.from({ length: lines.length }, (_, i) => {
      const row = reader.get({ sql, params: [i + 1] })!;
      return OWN_COLUMNS.map((key) => row[key]);
    });
  };
  return { values: read((column) => column), types: read((column) => `typeof(${column})`) };
}

/** The ledger column's type of each of OWN_COLUMNS (Drizzle's name for it). */
const columnTypes = OWN_COLUMNS.map(
  (key) => getTableColumns(activityLines)[key as keyof typeof activityLines.$inferSelect].columnType,
);

test('a line staged through Bun reads back through libsql as one staged through libsql', async () => {
  const bunPath = join(folder, 'bun.db');
  const staging = new StagingFile(bunPath);
  createStagedLines(staging, 'main');
  staging.exec('BEGIN');
  stageLines(staging, 'main', lines);
  staging.exec('COMMIT');

  const reader = await SqliteFile.open(join(folder, 'ledger.db'));
  reader.run({ sql: 'ATTACH DATABASE ? AS bun', params: [bunPath] });
  createStagedLines(reader, 'temp');
  stageLines(reader, 'temp', lines);

  const throughBun = readBack(reader, 'bun');
  const throughLibsql = readBack(reader, 'temp');
  expect(throughBun.values).toEqual(throughLibsql.values);
  expect(throughBun.values[0]).toContain(lines[0]!.entries);
  // Where the storage classes differ, it is a whole number in a column of a numeric type.
  const differences = new Set<string>();
  for (const [i, row] of throughBun.types.entries())
    for (const [column, type] of row.entries()) {
      const libsqlType = throughLibsql.types[i]![column];
      if (type !== libsqlType)
        differences.add(`${OWN_COLUMNS[column]} ${type} ${libsqlType} ${columnTypes[column]}`);
    }
  // The ledger's numeric columns: REAL, or INTEGER (a boolean is an INTEGER column in Drizzle).
  for (const difference of differences)
    expect(difference).toMatch(/^\w+ integer real (SQLiteReal|SQLiteInteger|SQLiteBoolean)$/);
  reader.close();
  staging.close();
});
