// One libsql connection on a local database file with its prepared statements: what the ledger's
// local writer (ledger-writer-local.ts) and the import's writing thread
// (import/import-write-worker.ts) are built on.
//
// The connection is libSQL's own (`libsql`, which @libsql/client runs on), never a second SQLite
// library such as bun:sqlite, on the ledger's file: two copies of SQLite in one process do not see
// each other's POSIX locks, and a connection of one then reads stale pages of a file the other
// writes (sqlite.org/howtocorrupt.html §2.2.1; seen here as an import thread that could not see
// the import row the app had just written). Only the import's staging files, which its threads
// hand over by message instead of locking, are written through Bun's (import/staging-file.ts,
// decision 100).

/** SQL and its bound values. */
export interface SqlQuery {
  sql: string;
  params: unknown[];
}

/**
 * The part of libsql's (better-sqlite3's) API used here. Values are always passed as one array:
 * spread, libsql gathers and flattens them into new arrays on every call (a staging INSERT binds
 * ~900), and a lone object argument (a blob) would be taken for named parameters.
 */
export interface Statement {
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

/** A value as SQLite stores it: booleans 1/0, dates in ms, nothing as null. */
export function stored(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  return value;
}

/**
 * A connection and its statements, each prepared once. libsql frees a statement only when
 * JavaScriptCore collects it, and a statement holds its connection: a connection is opened once
 * and kept by whoever opens it (decision 098).
 */
export class SqliteFile {
  readonly #database: Database;
  readonly #statements = new Map<string, Statement>();

  private constructor(database: Database) {
    this.#database = database;
  }

  static async open(path: string): Promise<SqliteFile> {
    const Database = await loadSqlite();
    return new SqliteFile(new Database(path));
  }

  exec(text: string): void {
    this.#database.exec(text);
  }

  statement(text: string): Statement {
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

  /** Runs one statement; answers the rows it changed. */
  run(query: SqlQuery): number {
    return this.statement(query.sql).run(query.params.map(stored)).changes;
  }

  /** Answers the first row of a query, as an object. */
  get(query: SqlQuery): Record<string, unknown> | null {
    return this.statement(query.sql).get(query.params.map(stored)) as Record<string, unknown> | null;
  }

  close(): void {
    this.#database.close();
  }
}

/**
 * A connection to the ledger's database file set up as the app's own (db/migrate.ts,
 * db/client.ts): it waits for a busy file, enforces foreign keys and zeroes what is deleted
 * (decision 043); WAL is a property of the file. Its temporary tables and sorts go to a temporary
 * file of SQLite's own (unlinked as it is opened), not to memory, behind a 256 KiB page cache:
 * written once in order and read once, their pages sit in the system's file cache instead, and a
 * connection kept between writes holds no staging memory while idle (decision 096).
 */
export async function openLedgerConnection(path: string): Promise<SqliteFile> {
  const file = await SqliteFile.open(path);
  file.exec('PRAGMA busy_timeout = 5000');
  file.exec('PRAGMA foreign_keys = ON');
  file.exec('PRAGMA secure_delete = ON');
  file.exec('PRAGMA temp_store = FILE');
  file.exec('PRAGMA temp.cache_size = -256');
  return file;
}
