// Entry of the thread that writes a CSV import into a local libSQL file (import-writer.ts): its own
// connection, each write one IMMEDIATE transaction of the statements the main thread built.
import Database from 'libsql';
import type { WriterReply, WriterRequest } from './import-writer.ts';

declare const self: {
  onmessage: ((event: MessageEvent<WriterRequest>) => void) | null;
  postMessage(message: WriterReply): void;
};

type BunGlobal = { Bun?: { gc(synchronous: boolean): void } };

let database: InstanceType<typeof Database> | null = null;
const prepared = new Map<string, ReturnType<InstanceType<typeof Database>['prepare']>>();

function statement(sql: string) {
  let found = prepared.get(sql);
  if (!found) {
    found = database!.prepare(sql);
    prepared.set(sql, found);
  }
  return found;
}

self.onmessage = ({ data }) => {
  if (data.type === 'open') {
    database = new Database(data.path);
    // The same settings as the app's connection (db/migrate.ts): foreign keys enforced, and a
    // busy file waited for rather than refused.
    database.exec('PRAGMA foreign_keys = ON');
    database.exec('PRAGMA busy_timeout = 5000');
    return;
  }
  if (data.type === 'close') {
    database?.close();
    database = null;
    self.postMessage({ type: 'closed', id: data.id });
    return;
  }
  try {
    // IMMEDIATE: take the write lock (waiting for it) before the first statement, all or nothing.
    database!.exec('BEGIN IMMEDIATE');
    try {
      for (const { sql, params } of data.statements) statement(sql).run(params as never);
      database!.exec('COMMIT');
    } catch (error) {
      // SQLite may already have rolled back (a full disk does): only an open transaction is.
      if (database!.inTransaction) database!.exec('ROLLBACK');
      throw error;
    }
    self.postMessage({ type: 'written', id: data.id });
  } catch (error) {
    self.postMessage({
      type: 'failed',
      id: data.id,
      message: error instanceof Error ? error.message : String(error),
    });
  }
  // The write's JSON and its UTF-8 copies are garbage now: collected here, on this thread.
  (globalThis as BunGlobal).Bun?.gc(true);
};
