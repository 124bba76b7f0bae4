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

/** libSQL: `file:data/esg.db` (embedded), `libsql://…` (Turso) or `:memory:`. */
export function createLibsqlDb(options: LibsqlOptions): { db: Db; client: Client } {
  const client = createClient({ url: options.url, authToken: options.authToken });
  const db = drizzleLibsql({ client, schema, casing: 'snake_case' });
  return { db, client };
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
