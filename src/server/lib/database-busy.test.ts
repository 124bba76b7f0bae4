// A database locked past busy_timeout answers 503 "try again" (decision 091): the errors here are
// the real ones, from the two libSQL drivers the server uses (the app's @libsql/client and the
// import thread's `libsql`) and through Drizzle, made with busy_timeout 0 so nothing waits.
import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import Database from 'libsql';
import { DATABASE_BUSY_RETRY_SECONDS, databaseBusy, HttpError } from './errors.ts';

const folder = mkdtempSync(join(tmpdir(), 'esgp-busy-'));
const path = join(folder, 'busy.db');
const holder = new Database(path);
holder.exec('PRAGMA journal_mode = WAL');
holder.exec('CREATE TABLE t (x INTEGER PRIMARY KEY)');
afterAll(() => {
  holder.close();
  rmSync(folder, { recursive: true, force: true });
});

/** Runs `attempt` while another connection holds the write lock, and returns what it threw. */
async function thrownWhileLocked(attempt: () => unknown): Promise<unknown> {
  holder.exec('BEGIN IMMEDIATE');
  try {
    await attempt();
  } catch (error) {
    return error;
  } finally {
    holder.exec('ROLLBACK');
  }
  throw new Error('the attempt was not refused');
}

function expectBusyReply(error: unknown) {
  const reply = databaseBusy(error);
  expect(reply).toBeInstanceOf(HttpError);
  expect(reply?.status).toBe(503);
  expect(reply?.code).toBe('database_busy');
  expect(reply?.message).toContain('Nothing was saved');
  expect(reply?.details).toEqual({ retryAfterSeconds: DATABASE_BUSY_RETRY_SECONDS });
}

describe('databaseBusy', () => {
  test("the import threads' driver (libsql) refused for a held lock", async () => {
    const other = new Database(path);
    other.exec('PRAGMA busy_timeout = 0');
    expectBusyReply(await thrownWhileLocked(() => other.exec('BEGIN IMMEDIATE')));
    other.close();
  });

  test("the app's client (@libsql/client), bare and through Drizzle", async () => {
    const client = createClient({ url: `file:${path}` });
    await client.execute('PRAGMA busy_timeout = 0');
    expectBusyReply(await thrownWhileLocked(() => client.execute('INSERT INTO t VALUES (1)')));
    const db = drizzle(client);
    expectBusyReply(await thrownWhileLocked(() => db.run(sql`INSERT INTO t VALUES (2)`)));
    client.close();
  });

  test("D1's wording, and nothing else: a unique violation or a bug stays what it is", async () => {
    expectBusyReply(new Error('D1_ERROR: database is locked: SQLITE_BUSY'));
    holder.exec('INSERT INTO t VALUES (7)');
    let unique: unknown;
    try {
      holder.exec('INSERT INTO t VALUES (7)');
    } catch (error) {
      unique = error;
    }
    expect(unique).toBeDefined();
    expect(databaseBusy(unique)).toBeNull();
    expect(databaseBusy(new TypeError('undefined is not a function'))).toBeNull();
    expect(databaseBusy(undefined)).toBeNull();
  });
});
