// The ledger writer of a local database file (decision 066): a connection of its own, one
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
import { getTableColumns, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/sqlite-proxy';
import type { Db } from '../../../../db/client.ts';
import { activityLines } from '../../../../db/schema/emissions.ts';
import type { LedgerChange, LedgerStatement, LedgerWriter, RecalculatedLine } from './ledger-writer.ts';
import { FIGURE_FIELDS } from './line-figures.ts';
import { inDateOrder, type LineOrigin, type NewLine, originValues } from './new-lines.ts';

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
const COLUMN_KEYS = Object.keys(getTableColumns(activityLines));
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

// Two builders: Drizzle's builders change in place.
const insertLine = () => builder.insert(activityLines).values(placeholders(COLUMN_KEYS) as never);
const INSERT = {
  skip: prepared(insertLine().onConflictDoNothing().toSQL()),
  refuse: prepared(insertLine().toSQL()),
};
const UPDATE_FIGURES = prepared(
  builder
    .update(activityLines)
    .set(placeholders([...FIGURE_FIELDS, 'calculatedAt']) as never)
    .where(
      sql`${activityLines.id} = ${sql.placeholder('id')} AND ${activityLines.updatedAt} = ${sql.placeholder('updatedAt')} AND ${activityLines.companyId} = ${sql.placeholder('companyId')}`,
    )
    .toSQL(),
);

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
    return this.#statement(query.sql).run(...query.params.map(stored)).changes;
  }

  /** Answers the first row of a query, as an object. */
  get(query: SqlQuery): Record<string, unknown> | null {
    return this.#statement(query.sql).get(...query.params.map(stored)) as Record<string, unknown> | null;
  }

  /** Inserts lines in date order (inside transaction()); answers how many went in. */
  insertLines(origin: LineOrigin, lines: readonly NewLine[], duplicates: 'skip' | 'refuse'): number {
    const { sql: text, names } = INSERT[duplicates];
    const insert = this.#statement(text);
    const shared = originValues(origin) as Record<string, unknown>;
    const values: unknown[] = new Array(names.length);
    let inserted = 0;
    for (const line of inDateOrder(lines)) {
      for (let i = 0; i < names.length; i++) {
        const name = names[i]!;
        values[i] = stored(name in shared ? shared[name] : line[name as keyof NewLine]);
      }
      inserted += insert.run(...values).changes;
    }
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
      const before = (change.before ?? []).map(statementQuery);
      const after = (change.after ?? []).map(statementQuery);
      return file.transaction(() => {
        for (const query of before) file.run(query);
        const inserted = change.insert
          ? file.insertLines(change.insert.origin, change.insert.lines, change.insert.duplicates)
          : 0;
        if (change.update)
          file.updateFigures(change.update.companyId, change.update.calculatedAt, change.update.lines);
        for (const query of after) file.run(query);
        return { inserted };
      });
    },
  };
}
