// The ledger writer of a local database file (decision 068): a connection of its own, one
// prepared INSERT run per line, the whole change inside BEGIN IMMEDIATE … COMMIT.
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
// and writes its lines where it reads them (activities/import-thread.ts).
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
import { inDedupeOrder, type LineOrigin, lineValue, type NewLine, originValues } from './new-lines.ts';

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
 * Lines per INSERT: the driver is called once per 32 lines instead of once per line (the last
 * lines of a change go one statement each). Measured in bench/notes/ledger-import.md.
 */
export const LINES_PER_INSERT = 32;

/**
 * The INSERT of `rows` lines: each line binds only its own values (a VALUES row), the origin's
 * are bound once, the id and legacy id none: NULL, so SQLite numbers the line (the schema's column
 * order comes from Drizzle, so a new column without a value fails here at once). `skip` leaves out
 * a line whose fingerprint the company already has; `WHERE true` is SQLite's documented way to let
 * an upsert clause follow INSERT … SELECT.
 */
function insertSql(rows: number, duplicates: 'skip' | 'refuse') {
  const select = TABLE_COLUMNS.map((key) =>
    ORIGIN_COLUMNS.includes(key)
      ? boundLineValue(key, sql.placeholder(key))
      : UNBOUND_COLUMNS.includes(key)
        ? sql.raw('NULL')
        : sql.raw(lineValue(key, `column${OWN_COLUMNS.indexOf(key) + 1}`)),
  );
  const row = sql`(${sql.join(
    OWN_COLUMNS.map((key) => sql.placeholder(key)),
    sql`, `,
  )})`;
  const values = sql.join(
    Array.from({ length: rows }, () => row),
    sql`, `,
  );
  const insert = builder
    .insert(activityLines)
    .select(sql`SELECT ${sql.join(select, sql`, `)} FROM (VALUES ${values}) WHERE true`);
  const query = prepared((duplicates === 'skip' ? insert.onConflictDoNothing() : insert).toSQL());
  // The SELECT list's origin placeholders come first in the text, then the rows'.
  const origin = query.names.slice(0, ORIGIN_COLUMNS.length);
  if (
    query.names.length !== origin.length + rows * OWN_COLUMNS.length ||
    origin.some((n) => !ORIGIN_COLUMNS.includes(n))
  )
    throw new Error('ledger writer: unexpected placeholders');
  return { sql: query.sql, origin };
}
const INSERT = {
  skip: { one: insertSql(1, 'skip'), many: insertSql(LINES_PER_INSERT, 'skip') },
  refuse: { one: insertSql(1, 'refuse'), many: insertSql(LINES_PER_INSERT, 'refuse') },
};
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

/** The part of libsql's (better-sqlite3's) API used here. */
interface Statement {
  run(...params: unknown[]): { changes: number };
  get(...params: unknown[]): unknown;
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
    this.begin();
    try {
      const result = work();
      this.commit();
      return result;
    } catch (error) {
      this.rollback();
      throw error;
    }
  }

  /**
   * Opens a BEGIN IMMEDIATE transaction that stays open across awaits until commit() or
   * rollback(): the import thread writes each read's lines as it calculates them (decision 095).
   */
  begin(): void {
    this.#database.exec('BEGIN IMMEDIATE');
  }

  commit(): void {
    this.#database.exec('COMMIT');
  }

  /** Rolls back the open transaction, if any. */
  rollback(): void {
    if (this.#database.inTransaction) this.#database.exec('ROLLBACK');
  }

  /** Runs one statement (inside transaction()); answers the rows it changed. */
  run(query: SqlQuery): number {
    return this.#statement(query.sql).run(...query.params.map(stored)).changes;
  }

  /** Answers the first row of a query, as an object. */
  get(query: SqlQuery): Record<string, unknown> | null {
    return this.#statement(query.sql).get(...query.params.map(stored)) as Record<string, unknown> | null;
  }

  /** Inserts lines in date order (inside transaction()); answers how many went in. */
  insertLines(origin: LineOrigin, lines: readonly NewLine[], duplicates: 'skip' | 'refuse'): number {
    const { one, many } = INSERT[duplicates];
    const shared = originValues(origin) as Record<string, unknown>;
    const originValuesBound = one.origin.map((key) => stored(shared[key]));
    const ordered = inDedupeOrder(lines);
    const values: unknown[] = [];
    const bind = (from: number, to: number) => {
      values.length = 0;
      values.push(...originValuesBound);
      for (let n = from; n < to; n++) {
        const line = ordered[n]!;
        for (const field of OWN_FIELDS) values.push(stored(line[field]));
      }
      return values;
    };
    let inserted = 0;
    let at = 0;
    const insertMany = this.#statement(many.sql);
    for (; at + LINES_PER_INSERT <= ordered.length; at += LINES_PER_INSERT)
      inserted += insertMany.run(...bind(at, at + LINES_PER_INSERT)).changes;
    const insertOne = this.#statement(one.sql);
    for (; at < ordered.length; at++) inserted += insertOne.run(...bind(at, at + 1)).changes;
    return inserted;
  }

  /** Replaces stored results (inside transaction()) while each line is as it was read. */
  updateFigures(companyId: string, calculatedAt: Date, lines: readonly RecalculatedLine[]): void {
    const update = this.#statement(UPDATE_FIGURES.sql);
    const at = calculatedAt.getTime();
    for (const line of lines) {
      const named: Record<string, unknown> = { ...line, companyId, calculatedAt: at };
      update.run(...UPDATE_FIGURES.names.map((name) => stored(named[name])));
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
