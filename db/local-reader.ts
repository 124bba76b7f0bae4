import Database from 'libsql';

/**
 * Prepared, cached read statements on a local libSQL file, for the hottest queries (the session
 * lookup runs on every signed-in request). @libsql/client prepares each statement anew on every
 * call, which costs about ten times the query itself; see docs/decisions/004-session-lookup.md.
 * Reads only: every write still goes through Drizzle and its batches.
 */
export interface LocalReader {
  /** First row as an array of column values in select order, or undefined. */
  getRow(sql: string, params: unknown[]): unknown[] | undefined;
  close(): void;
}

export function openLocalReader(url: string): LocalReader | null {
  if (!url.startsWith('file:')) return null;
  const path = url.slice('file:'.length);
  if (path === '' || path.includes(':memory:')) return null;
  const database = new Database(path, { readonly: true });
  const statements = new Map<string, ReturnType<typeof database.prepare>>();
  return {
    getRow(sql, params) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = database.prepare(sql).raw(true);
        statements.set(sql, statement);
      }
      // An array binds positional parameters in order (better-sqlite3 API, which libsql follows).
      return statement.get(params as never) as unknown[] | undefined;
    },
    close: () => database.close(),
  };
}
