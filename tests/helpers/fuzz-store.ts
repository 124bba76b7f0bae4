import Database from 'libsql';

/**
 * Watches what a test database stores, from a read-only connection of its own. `PRAGMA
 * data_version` changes whenever another connection commits, so each fuzzed request costs one
 * pragma, and only a request after which something committed pays for a full snapshot (row count
 * and a hash of every row of every table), compared table by table with the one before.
 */
export interface StoreWatch {
  /** Tables whose rows changed (count or content) since the last call, ignoring `allowed`. */
  changedSince(): string[];
  close(): void;
}

type Snapshot = Map<string, { rows: number; hash: string }>;

export function watchStore(databaseUrl: string, allowed: ReadonlySet<string>): StoreWatch {
  const database = new Database(databaseUrl.slice('file:'.length), { readonly: true });
  const dataVersion = database.prepare('PRAGMA data_version').pluck();
  const tables = (
    database
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .pluck()
      .all() as string[]
  ).filter((name) => !allowed.has(name));

  const snapshot = (): Snapshot => {
    const taken: Snapshot = new Map();
    for (const table of tables) {
      const rows = database.prepare(`SELECT * FROM "${table}" ORDER BY 1`).raw(true).all() as unknown[][];
      const hash = new Bun.CryptoHasher('sha256');
      for (const row of rows) hash.update(JSON.stringify(row, bytesAsHex));
      taken.set(table, { rows: rows.length, hash: hash.digest('hex') });
    }
    return taken;
  };

  let version = dataVersion.get();
  let last = snapshot();
  return {
    changedSince() {
      const now = dataVersion.get();
      if (now === version) return [];
      version = now;
      const next = snapshot();
      const changed = tables.filter((table) => {
        const before = last.get(table);
        const after = next.get(table);
        return before?.hash !== after?.hash;
      });
      const described = changed.map((table) => {
        const before = last.get(table)?.rows ?? 0;
        const after = next.get(table)?.rows ?? 0;
        return before === after ? `${table} (rows changed)` : `${table} (${before} → ${after} rows)`;
      });
      last = next;
      return described;
    },
    close: () => database.close(),
  };
}

function bytesAsHex(_key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString('hex');
  if (value && typeof value === 'object' && (value as { type?: string }).type === 'Buffer') {
    return Buffer.from((value as { data: number[] }).data).toString('hex');
  }
  return value;
}
