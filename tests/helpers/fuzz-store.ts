import type { Client } from '@libsql/client';

/**
 * Records every row a request inserts, updates or deletes, with triggers this test adds to its
 * own throwaway database (decision 044). A trigger sees each write whatever path made it
 * (Drizzle, a batch, a job, an import's INSERT … SELECT), and reading the log is one query, where
 * hashing every table after each request was most of the test's time.
 */
export interface StoreWatch {
  /**
   * "table (n insert)" and the like for each watched table a request left changed since the last
   * call; then starts again. A row inserted and deleted again within that time (a pending row
   * cleaned up on refusal) left nothing and is not counted.
   */
  writesSince(): Promise<string[]>;
}

const LOG = 'fuzz_writes';

export async function watchStore(client: Client, unwatched: ReadonlySet<string>): Promise<StoreWatch> {
  const listed = await client.execute(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
  );
  const tables = listed.rows.map((row) => String(row.name)).filter((name) => !unwatched.has(name));
  const statements = [
    `CREATE TABLE ${LOG} (seq INTEGER PRIMARY KEY, table_name TEXT NOT NULL, operation TEXT NOT NULL, row INTEGER)`,
  ];
  const rowOf = { INSERT: 'NEW.rowid', UPDATE: 'NEW.rowid', DELETE: 'OLD.rowid' };
  for (const [index, table] of tables.entries()) {
    for (const [operation, row] of Object.entries(rowOf)) {
      statements.push(
        `CREATE TRIGGER fuzz_${index}_${operation.toLowerCase()} AFTER ${operation} ON "${table}" BEGIN ` +
          `INSERT INTO ${LOG} (table_name, operation, row) VALUES ('${table}', '${operation.toLowerCase()}', ${row}); END`,
      );
    }
  }
  await client.batch(statements, 'write');
  return {
    async writesSince() {
      const log = await client.execute(`SELECT table_name, operation, row FROM ${LOG} ORDER BY seq`);
      if (log.rows.length === 0) return [];
      await client.execute(`DELETE FROM ${LOG}`);
      return netWrites(
        log.rows.map((entry) => [String(entry.table_name), String(entry.operation), Number(entry.row)]),
      );
    },
  };
}

/** The writes that remain once rows inserted and then deleted are taken out. */
function netWrites(log: [table: string, operation: string, row: number][]): string[] {
  const transient = new Set<string>();
  const inserted = new Set<string>();
  for (const [table, operation, row] of log) {
    const key = `${table}:${row}`;
    if (operation === 'insert') inserted.add(key);
    else if (operation === 'delete' && inserted.has(key)) transient.add(key);
  }
  const counts = new Map<string, number>();
  for (const [table, operation, row] of log) {
    if (transient.has(`${table}:${row}`)) continue;
    const name = `${table} (${operation})`;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts].map(([name, count]) => (count === 1 ? name : `${name} ×${count}`)).sort();
}
