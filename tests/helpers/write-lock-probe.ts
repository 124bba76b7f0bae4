// A Bun Worker that asks once for the database file's write lock on a connection of its own
// (`libsql`, the import threads' driver, decision 068) without waiting (busy_timeout 0), and says
// whether it got it. Used by ledger-writer.test.ts to prove threads exclude each other's writes.
import Database from 'libsql';

declare const self: Worker;

self.onmessage = ({ data }: MessageEvent<{ path: string }>) => {
  const database = new Database(data.path);
  database.exec('PRAGMA busy_timeout = 0');
  try {
    database.exec('BEGIN IMMEDIATE');
    database.exec('ROLLBACK');
    self.postMessage('acquired');
  } catch (error) {
    self.postMessage(`refused: ${(error as Error).message}`);
  } finally {
    database.close();
  }
};
