import Database from 'libsql';

/**
 * Read statements on a connection of their own to a local libSQL file, run by the CPU thread
 * (src/server/jobs/cpu-tasks.ts) for the ledger's aggregates (src/server/lib/read-thread.ts,
 * decision 065). libSQL's local driver runs a statement synchronously on the calling thread, so a
 * scan of a million lines on the API's thread stops every other request for its whole length.
 * Reads only: every write stays on the app's one connection (decision 043); in WAL mode a reader
 * on a second connection sees every committed write and never blocks the writer.
 */
export interface ReadStatement {
  sql: string;
  params: unknown[];
}

/** A statement's answer: column names and the rows as arrays of values in column order. */
export interface ReadResult {
  columns: string[];
  rows: unknown[][];
}

/** Connections kept open, newest last; test runs open a file per test file, so they are bounded. */
const OPEN_LIMIT = 4;
const open = new Map<string, Database.Database>();

function connection(path: string): Database.Database {
  const known = open.get(path);
  if (known) return known;
  // A reader waits (up to 5 s, SQLite's busy timeout) only while the WAL index is being rebuilt.
  const database = new Database(path, { readonly: true, timeout: 5000 });
  open.set(path, database);
  if (open.size > OPEN_LIMIT) {
    const [oldestPath, oldest] = open.entries().next().value!;
    open.delete(oldestPath);
    oldest.close();
  }
  return database;
}

/**
 * Runs `statements` in one read transaction, so they all see the same committed state (as a
 * libSQL or D1 batch does on the app's connection).
 */
export function readStatements(input: { path: string; statements: ReadStatement[] }): ReadResult[] {
  const database = connection(input.path);
  database.exec('BEGIN');
  try {
    return input.statements.map(({ sql, params }) => {
      const statement = database.prepare(sql);
      const columns = (statement.columns() as { name: string }[]).map((column) => column.name);
      return { columns, rows: statement.raw(true).all(params) as unknown[][] };
    });
  } finally {
    database.exec('COMMIT');
  }
}
