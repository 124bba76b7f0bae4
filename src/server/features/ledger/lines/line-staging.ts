// Lines staged in SQLite before they are written (decision 096): a table of each line's own
// values as bound, nothing else, filled 32 lines per INSERT and written from there in one
// INSERT … SELECT in the dedupe index's order (ledger-writer-local.ts). A change of the app stages
// in its connection's temporary table; an import's reading thread stages in a staging file that
// the writing thread's connection has attached (decision 099), through a connection of its own
// (import/staging-file.ts, decision 100).
import { OWN_COLUMNS, OWN_FIELDS } from './line-columns.ts';
import type { NewLine } from './new-lines.ts';
import { type SqlQuery, stored } from './sqlite-file.ts';

/**
 * What staging needs of a connection, its values always passed as one array: the ledger writer's
 * SqliteFile (libsql), or the import's reading thread's StagingFile (bun:sqlite, decision 100).
 */
export interface StagingConnection {
  exec(sql: string): void;
  statement(sql: string): { run(params: readonly unknown[]): unknown };
}

/**
 * Lines per staging INSERT: the driver is called once per 32 lines instead of once per line (the
 * last lines of a change go one statement each). Measured in bench/notes/ledger-import.md.
 */
export const LINES_PER_INSERT = 32;

/** The staging table's column of each of OWN_COLUMNS, in their order. */
export const stagedColumn = (key: string) => `column${OWN_COLUMNS.indexOf(key) + 1}`;

/** The staging table of a schema: `temp` (the connection's own) or an attached staging file's. */
export const stagedLines = (schema: string) => `${schema}.staged_lines`;

/** Creates the staging table of `schema`, replacing one an older version may have left in a file. */
export function createStagedLines(file: StagingConnection, schema: string): void {
  file.exec(`DROP TABLE IF EXISTS ${stagedLines(schema)}`);
  file.exec(
    `CREATE ${schema === 'temp' ? 'TEMP ' : ''}TABLE ${stagedLines(schema)} (${OWN_COLUMNS.map(stagedColumn).join(', ')})`,
  );
}

/** The staging INSERT of `rows` lines into `table`. */
const stageSql = (table: string, rows: number) => {
  const row = `(${OWN_COLUMNS.map(() => '?').join(', ')})`;
  return `INSERT INTO ${table} VALUES ${Array.from({ length: rows }, () => row).join(', ')}`;
};

/**
 * Adds lines to the staging table of `schema`. Into a temporary table this takes no lock on the
 * database file; each INSERT is its own transaction unless the caller has one open.
 */
export function stageLines(file: StagingConnection, schema: string, lines: readonly NewLine[]): void {
  const table = stagedLines(schema);
  const values: unknown[] = [];
  const bind = (from: number, to: number) => {
    values.length = 0;
    for (let n = from; n < to; n++) {
      const line = lines[n]!;
      for (const field of OWN_FIELDS) values.push(stored(line[field]));
    }
    return values;
  };
  let at = 0;
  const stageMany = file.statement(stageSql(table, LINES_PER_INSERT));
  for (; at + LINES_PER_INSERT <= lines.length; at += LINES_PER_INSERT)
    stageMany.run(bind(at, at + LINES_PER_INSERT));
  const stageOne = file.statement(stageSql(table, 1));
  for (; at < lines.length; at++) stageOne.run(bind(at, at + 1));
}

/** The statement that empties the staging table of `schema`. */
export const emptyStagedLines = (schema: string): SqlQuery => ({
  sql: `DELETE FROM ${stagedLines(schema)}`,
  params: [],
});

/** Empties the staging table of `schema`. */
export function discardStagedLines(file: StagingConnection, schema: string): void {
  const { sql, params } = emptyStagedLines(schema);
  file.statement(sql).run(params);
}
