// The ledger writer of a local database file (decision 068): a connection of its own, the lines
// staged in its temporary table and written from there in one INSERT … SELECT (decision 096), the
// whole change inside BEGIN IMMEDIATE … COMMIT.
// BEGIN IMMEDIATE takes the write lock before reading anything, so a second writer (the app's
// own connection, another process, an import thread) waits out busy_timeout instead of failing.
// The change's other statements (audit rows, deletes) are the caller's Drizzle statements, run as
// their SQL on this connection, inside the same transaction.
//
// The connection is libSQL's own (`libsql`, which @libsql/client runs on), never a second SQLite
// library such as bun:sqlite: two copies of SQLite in one process do not see each other's POSIX
// locks, and a connection of one then reads stale pages of a file the other writes
// (sqlite.org/howtocorrupt.html §2.2.1; seen here as an import thread that could not see the import
// row the app had just written).
//
// `LocalLedgerFile` needs only a file path, no Drizzle database: the import thread opens one too
// and writes its lines where it reads them (ledger/import/import-worker.ts).
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/sqlite-proxy';
import type { Db } from '../../../../../db/client.ts';
import { companies } from '../../../../../db/schema/auth.ts';
import { activityLines } from '../../../../../db/schema/ledger.ts';
import { FIGURE_FIELDS } from '../figures/line-figures.ts';
import {
  type LedgerChange,
  type LedgerStatement,
  type LedgerWriter,
  namesItsLine,
  type RecalculatedLine,
} from './ledger-change.ts';
import { boundLineValue } from './ledger-keys.ts';
import { ORIGIN_COLUMNS, OWN_COLUMNS, OWN_FIELDS, TABLE_COLUMNS, UNBOUND_COLUMNS } from './line-columns.ts';
import { type LineOrigin, lineValue, type NewLine, originValues } from './new-lines.ts';

/** SQL and its bound values. */
export interface SqlQuery {
  sql: string;
  params: unknown[];
}

/** Builds SQL only (never runs): the schema's column names and order, with named placeholders. */
const builder = drizzle(
  async () => ({ rows: [] }),
  async () => [],
  { casing: 'snake_case' },
);
const placeholders = (keys: readonly string[]): Record<string, unknown> =>
  Object.fromEntries(keys.map((key) => [key, sql.placeholder(key)]));

/** A query with named placeholders, and the names in the order its `?`s bind them. */
function prepared(query: { sql: string; params: unknown[] }): { sql: string; names: string[] } {
  // A placeholder in values() or set() comes wrapped in the column's Param.
  const name = (param: unknown) => {
    const placeholder = (param as { value?: { name?: string } }).value ?? (param as { name?: string });
    if (typeof placeholder.name !== 'string') throw new Error('ledger writer: a value without a placeholder');
    return placeholder.name;
  };
  return { sql: query.sql, names: query.params.map(name) };
}

/**
 * Lines per staging INSERT: the driver is called once per 32 lines instead of once per line (the
 * last lines of a change go one statement each). Measured in bench/notes/ledger-import.md.
 */
export const LINES_PER_INSERT = 32;

/** The staging table's column of each of OWN_COLUMNS, in their order. */
const stagedColumn = (key: string) => `column${OWN_COLUMNS.indexOf(key) + 1}`;

/**
 * The connection's staging table (decision 096): each line's own values as bound, nothing else. A
 * temporary table is the connection's alone, so staging takes no lock on the database file.
 */
const CREATE_STAGED = `CREATE TEMP TABLE staged_lines (${OWN_COLUMNS.map(stagedColumn).join(', ')})`;

/** The staging INSERT of `rows` lines. */
const stageSql = (rows: number) => {
  const row = `(${OWN_COLUMNS.map(() => '?').join(', ')})`;
  return `INSERT INTO temp.staged_lines VALUES ${Array.from({ length: rows }, () => row).join(', ')}`;
};

/**
 * The INSERT of the staged lines, in the order of the dedupe index (company_key, date, fingerprint;
 * the hex sorts as its bytes do): each index page the write touches is visited once, in order, so
 * it stays in SQLite's page cache until the write has passed it (decision 096). Each line binds
 * nothing, the origin's values are bound once, the id and legacy id are NULL, so SQLite numbers the
 * line (the schema's column order comes from Drizzle, so a new column without a value fails here
 * at once). `skip` leaves out a line whose fingerprint the company already has; `WHERE true` is
 * SQLite's documented way to let an upsert clause follow INSERT … SELECT.
 */
function writeStagedSql(duplicates: 'skip' | 'refuse') {
  const select = TABLE_COLUMNS.map((key) =>
    ORIGIN_COLUMNS.includes(key)
      ? boundLineValue(key, sql.placeholder(key))
      : UNBOUND_COLUMNS.includes(key)
        ? sql.raw('NULL')
        : sql.raw(lineValue(key, stagedColumn(key))),
  );
  const order = sql.raw(`${stagedColumn('date')}, ${stagedColumn('fingerprint')}`);
  const insert = builder
    .insert(activityLines)
    .select(sql`SELECT ${sql.join(select, sql`, `)} FROM temp.staged_lines WHERE true ORDER BY ${order}`);
  const query = prepared((duplicates === 'skip' ? insert.onConflictDoNothing() : insert).toSQL());
  if (query.names.length !== ORIGIN_COLUMNS.length || query.names.some((n) => !ORIGIN_COLUMNS.includes(n)))
    throw new Error('ledger writer: unexpected placeholders');
  return query;
}
const STAGE = { one: stageSql(1), many: stageSql(LINES_PER_INSERT) };
const WRITE_STAGED = { skip: writeStagedSql('skip'), refuse: writeStagedSql('refuse') };
const EMPTY_STAGED = 'DELETE FROM temp.staged_lines';
/** The write's condition, which `onlyWhile` replaces. */
const ALL_STAGED = 'WHERE true';
const UPDATE_FIGURES = prepared(
  builder
    .update(activityLines)
    .set(placeholders([...FIGURE_FIELDS, 'calculatedAt']) as never)
    .where(
      sql`${activityLines.id} = ${sql.placeholder('id')} AND ${activityLines.updatedAt} = ${sql.placeholder('updatedAt')} AND ${activityLines.companyKey} = (SELECT ${companies.ledgerKey} FROM ${companies} WHERE ${companies.id} = ${sql.placeholder('companyId')})`,
    )
    .toSQL(),
);

const LAST_ROWID: SqlQuery = { sql: 'SELECT last_insert_rowid() AS id', params: [] };

/** A value as SQLite stores it: booleans 1/0, dates in ms, nothing as null. */
function stored(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  return value;
}

/** The SQL of a caller's Drizzle statement (a query builder, or a raw `db.run(sql…)`). */
export function statementQuery(statement: LedgerStatement): SqlQuery {
  const built = statement as { toSQL?: () => SqlQuery; getQuery?: () => SqlQuery };
  const query = built.toSQL?.() ?? built.getQuery?.();
  if (!query) throw new Error('ledger writer: a statement without SQL');
  return { sql: query.sql, params: query.params };
}

/**
 * The part of libsql's (better-sqlite3's) API used here. Values are always passed as one array:
 * spread, libsql gathers and flattens them into new arrays on every call (a staging INSERT binds
 * ~900), and a lone object argument (a blob) would be taken for named parameters.
 */
interface Statement {
  run(params: readonly unknown[]): { changes: number };
  get(params: readonly unknown[]): unknown;
}
interface Database {
  readonly inTransaction: boolean;
  exec(sql: string): void;
  prepare(sql: string): Statement;
  close(): void;
}
type DatabaseConstructor = new (path: string) => Database;

/** libsql, loaded on first use: the Cloudflare Worker bundle must not name a native module. */
let sqlite: DatabaseConstructor | undefined;
async function loadSqlite(): Promise<DatabaseConstructor> {
  const specifier = 'libsql';
  sqlite ??= ((await import(/* @vite-ignore */ specifier)) as { default: DatabaseConstructor }).default;
  return sqlite;
}

/** One connection on the database file with its prepared statements. */
export class LocalLedgerFile {
  readonly #database: Database;
  readonly #statements = new Map<string, Statement>();

  private constructor(database: Database) {
    this.#database = database;
    // As the app's own connection (db/migrate.ts, db/client.ts): wait for a busy file, enforce
    // foreign keys, zero what is deleted (decision 043). WAL is a property of the file.
    database.exec('PRAGMA busy_timeout = 5000');
    database.exec('PRAGMA foreign_keys = ON');
    database.exec('PRAGMA secure_delete = ON');
    // The staging table in a temporary file of SQLite's own (unlinked as it is opened), not in
    // memory, with a 256 KiB page cache: its pages, written once in order and read once by the
    // write's sort, sit in the system's file cache instead, and the import thread's connection,
    // kept between imports (decision 098), holds no staging memory while idle (decision 096).
    database.exec('PRAGMA temp_store = FILE');
    database.exec('PRAGMA temp.cache_size = -256');
    database.exec(CREATE_STAGED);
  }

  static async open(path: string): Promise<LocalLedgerFile> {
    const Database = await loadSqlite();
    return new LocalLedgerFile(new Database(path));
  }

  #statement(text: string): Statement {
    let statement = this.#statements.get(text);
    if (!statement) {
      statement = this.#database.prepare(text);
      this.#statements.set(text, statement);
    }
    return statement;
  }

  /** Runs `work` in one BEGIN IMMEDIATE transaction: committed when it returns, rolled back if it throws. */
  transaction<T>(work: () => T): T {
    this.#database.exec('BEGIN IMMEDIATE');
    try {
      const result = work();
      this.#database.exec('COMMIT');
      return result;
    } catch (error) {
      if (this.#database.inTransaction) this.#database.exec('ROLLBACK');
      throw error;
    }
  }

  /** Runs one statement (inside transaction()); answers the rows it changed. */
  run(query: SqlQuery): number {
    return this.#statement(query.sql).run(query.params.map(stored)).changes;
  }

  /** Answers the first row of a query, as an object. */
  get(query: SqlQuery): Record<string, unknown> | null {
    return this.#statement(query.sql).get(query.params.map(stored)) as Record<string, unknown> | null;
  }

  /**
   * Holds lines in this connection's staging table until writeStagedLines(). Outside a transaction
   * this takes no lock on the database file: the import thread stages a commit's worth of lines
   * while the app writes (decision 096).
   */
  stageLines(lines: readonly NewLine[]): void {
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
    const stageMany = this.#statement(STAGE.many);
    for (; at + LINES_PER_INSERT <= lines.length; at += LINES_PER_INSERT)
      stageMany.run(bind(at, at + LINES_PER_INSERT));
    const stageOne = this.#statement(STAGE.one);
    for (; at < lines.length; at++) stageOne.run(bind(at, at + 1));
  }

  /**
   * Writes the staged lines into the ledger and empties the staging table; answers how many went
   * in. Inside transaction(), or alone with `onlyWhile`: then the INSERT is its own transaction and
   * writes only if that query finds a row, checked inside it (decision 096).
   */
  writeStagedLines(origin: LineOrigin, duplicates: 'skip' | 'refuse', onlyWhile?: SqlQuery): number {
    const write = WRITE_STAGED[duplicates];
    const shared = originValues(origin) as Record<string, unknown>;
    const values = write.names.map((key) => stored(shared[key]));
    const inserted = onlyWhile
      ? this.#statement(write.sql.replace(ALL_STAGED, `WHERE EXISTS (${onlyWhile.sql})`)).run([
          ...values,
          ...onlyWhile.params.map(stored),
        ]).changes
      : this.#statement(write.sql).run(values).changes;
    this.discardStagedLines();
    return inserted;
  }

  /** Empties the staging table: what a stopped or failed write left there is not written. */
  discardStagedLines(): void {
    this.#statement(EMPTY_STAGED).run([]);
  }

  /** Inserts lines (inside transaction()), in the dedupe index's order; answers how many went in. */
  insertLines(origin: LineOrigin, lines: readonly NewLine[], duplicates: 'skip' | 'refuse'): number {
    this.stageLines(lines);
    return this.writeStagedLines(origin, duplicates);
  }

  /** Replaces stored results (inside transaction()) while each line is as it was read. */
  updateFigures(companyId: string, calculatedAt: Date, lines: readonly RecalculatedLine[]): void {
    const update = this.#statement(UPDATE_FIGURES.sql);
    const at = calculatedAt.getTime();
    for (const line of lines) {
      const named: Record<string, unknown> = { ...line, companyId, calculatedAt: at };
      update.run(UPDATE_FIGURES.names.map((name) => stored(named[name])));
    }
  }

  close(): void {
    this.#database.close();
  }
}

/** One writer per database handle, closed with the handle's client. */
const files = new WeakMap<object, Promise<LocalLedgerFile>>();

function ledgerFile(db: Db, path: string): Promise<LocalLedgerFile> {
  const client = (db as unknown as { $client: { close(): void } }).$client;
  let file = files.get(client);
  if (!file) {
    file = LocalLedgerFile.open(path);
    files.set(client, file);
    const close = client.close.bind(client);
    client.close = () => {
      void file!.then((opened) => opened.close());
      close();
    };
  }
  return file;
}

export function localLedgerWriter(db: Db, path: string): LedgerWriter {
  return {
    async write(change: LedgerChange) {
      const file = await ledgerFile(db, path);
      const namesLine = namesItsLine(change);
      const before = (change.before ?? []).map(statementQuery);
      return file.transaction(() => {
        for (const query of before) file.run(query);
        const inserted = change.insert
          ? file.insertLines(change.insert.origin, change.insert.lines, change.insert.duplicates)
          : 0;
        if (change.update)
          file.updateFigures(change.update.companyId, change.update.calculatedAt, change.update.lines);
        // The one line just inserted (namesItsLine): its id is the connection's last rowid.
        const lineId = namesLine ? Number(file.get(LAST_ROWID)!.id) : undefined;
        const after = typeof change.after === 'function' ? change.after(lineId!) : (change.after ?? []);
        for (const statement of after) file.run(statementQuery(statement));
        return lineId === undefined ? { inserted } : { inserted, lineId };
      });
    },
  };
}
