import { type Client, createClient } from '@libsql/client';
import { drizzle as drizzleD1 } from 'drizzle-orm/d1';
import { drizzle as drizzleLibsql, type LibSQLDatabase } from 'drizzle-orm/libsql';
import * as schema from './schema/all.ts';

/**
 * The database handle every feature receives. libSQL (file or remote) and D1 expose the same
 * query builder and an atomic `batch`, which is how services write a change together with its
 * audit row (see docs/decisions/003-batches-not-interactive-transactions.md).
 */
export type Db = LibSQLDatabase<typeof schema>;

export interface LibsqlOptions {
  url: string;
  authToken?: string;
}

/**
 * libSQL: `file:data/esg.db` (embedded), `libsql://…` (Turso) or `:memory:`.
 *
 * A local file gets one connection (decision 043). Per-connection settings such as
 * `secure_delete` (and `busy_timeout`, set at migration) hold only on the connection that ran
 * them, and @libsql/client opens more connections on demand, which never ran them. Statements run
 * synchronously on this thread and the app holds no interactive transactions (decision 003), so a
 * second connection only ever ran a statement that would otherwise have waited a microtask.
 * `secure_delete` is queued before anything else can borrow the connection: SQLite then
 * overwrites deleted rows and freed pages with zeros, so an erased person's data is gone from
 * the file, not only unreachable.
 */
export function createLibsqlDb(options: LibsqlOptions): { db: Db; client: Client } {
  const local = options.url.startsWith('file:');
  const client = createClient({
    url: options.url,
    authToken: options.authToken,
    ...(local ? { concurrency: 1 } : {}),
  });
  if (local) {
    void client.execute('PRAGMA secure_delete = ON').catch(() => undefined);
    writeBatchesImmediately(client);
  }
  const db = drizzleLibsql({ client, schema, casing: 'snake_case' });
  const path = local ? options.url.slice('file:'.length) : '';
  if (path !== '' && !path.includes(':memory:')) databasePaths.set(client, path);
  return { db, client };
}

const databasePaths = new WeakMap<object, string>();

/**
 * The file of a local libSQL database, or null (memory, remote libSQL, D1). The ledger writer
 * opens its own connection on it (decision 068).
 */
export function localDatabasePath(db: Db): string | null {
  const client = (db as { $client?: object }).$client;
  return client ? (databasePaths.get(client) ?? null) : null;
}

/**
 * A batch that writes starts with BEGIN IMMEDIATE rather than @libsql/client's default BEGIN
 * DEFERRED. The ledger writer holds a second connection on the same file (decision 068): a
 * deferred transaction that reads first and then writes while that connection commits fails
 * with SQLITE_BUSY at once (SQLite cannot upgrade a stale read snapshot, sqlite.org/lang_transaction.html),
 * while BEGIN IMMEDIATE takes the write lock first and waits out busy_timeout. Batches of reads
 * only stay deferred, so they never queue behind a write.
 */
function writeBatchesImmediately(client: Client): void {
  const batch = client.batch.bind(client);
  client.batch = (statements, mode) => {
    const readsOnly = statements.every((statement) => /^\s*select\b/i.test(statementText(statement)));
    return batch(statements, mode ?? (readsOnly ? 'deferred' : 'write'));
  };
}

const statementText = (statement: Parameters<Client['batch']>[0][number]): string =>
  typeof statement === 'string'
    ? statement
    : Array.isArray(statement)
      ? String(statement[0])
      : String((statement as { sql: string }).sql);

/**
 * Makes sure the next statements on a local file zero what they delete (the setting could only be
 * missing on a connection the client reopened after an error). Remote libSQL (Turso) and D1 keep
 * their pages on the provider's side: there is nothing to set from here.
 */
export async function ensureSecureDelete(db: Db): Promise<void> {
  await localLibsqlClient(db)?.execute('PRAGMA secure_delete = ON');
}

/**
 * Copies the write-ahead log into the database file and truncates it, so no earlier version of
 * a page (with rows since deleted) stays in the `-wal` file. Another process reading at this
 * moment leaves part of the log in place: the answer says whether the log was emptied.
 */
export async function truncateWriteAheadLog(db: Db): Promise<'truncated' | 'busy' | 'not_local'> {
  const client = localLibsqlClient(db);
  if (!client) return 'not_local';
  const result = await client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
  return Number(result.rows[0]?.[0] ?? 0) === 0 ? 'truncated' : 'busy';
}

/** Cloudflare D1 binding. The builder API used by services is the same as libSQL's. */
export function createD1Db(binding: D1DatabaseLike): Db {
  const db = drizzleD1(binding as never, { schema, casing: 'snake_case' });
  return batchableRawStatements(db, binding) as unknown as Db;
}

type RawMethod = 'run' | 'all' | 'get' | 'values';
interface RawStatement {
  getQuery(): { sql: string };
  stmt?: unknown;
}

/**
 * Lets raw statements (`db.run(sql`…`)`, the guards of decisions 018 and 034) with parameters
 * take part in `db.batch` on D1. Drizzle's D1 session binds a batch member through its prepared
 * `stmt` (drizzle-orm/d1/session.js, `batch`: `preparedQuery.stmt.bind(...params)`), which its
 * raw statements (sqlite-core/query-builders/raw.js, `SQLiteRaw`) never get, so such a batch failed
 * with "Cannot read properties of undefined (reading 'bind')" (found by tests/worker). Giving each
 * raw statement its D1 prepared statement changes nothing else: awaited alone, a raw statement
 * still runs through the session.
 */
function batchableRawStatements<T extends Record<RawMethod, (query: never) => unknown>>(
  db: T,
  binding: D1DatabaseLike,
): T {
  for (const method of ['run', 'all', 'get', 'values'] as const) {
    const original = db[method].bind(db) as (query: unknown) => RawStatement;
    (db as Record<RawMethod, unknown>)[method] = (query: unknown) => {
      const statement = original(query);
      statement.stmt = binding.prepare(statement.getQuery().sql);
      return statement;
    };
  }
  return db;
}

/** The part of Cloudflare's D1Database type we rely on, so Bun code need not load Worker types. */
export interface D1DatabaseLike {
  prepare(query: string): unknown;
  batch(statements: unknown[]): Promise<unknown[]>;
  exec(query: string): Promise<unknown>;
}

/**
 * The libSQL client of a database on this machine (a file, or memory), or null: remote libSQL
 * (Turso) and D1 run their statements elsewhere. Drizzle keeps its driver's client as `$client`;
 * @libsql/client names a local one's protocol "file".
 */
export function localLibsqlClient(db: Db): Client | null {
  const client = (db as { $client?: Partial<Client> }).$client;
  return client?.protocol === 'file' ? (client as Client) : null;
}
