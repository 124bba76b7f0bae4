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
  return drizzleD1(binding as never, { schema, casing: 'snake_case' }) as unknown as Db;
}

/** The part of Cloudflare's D1Database type we rely on, so Bun code need not load Worker types. */
export interface D1DatabaseLike {
  prepare(query: string): unknown;
  batch(statements: unknown[]): Promise<unknown[]>;
  exec(query: string): Promise<unknown>;
}
