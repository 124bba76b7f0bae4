// The import's writer thread (import-writer.ts, decision 035): each write is one transaction on
// its own connection, a failing statement rolls the whole write back, and it is used only for a
// local database file.
import { describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { openImportWriter } from '../../src/server/features/activities/import-writer.ts';

describe('openImportWriter', () => {
  test('is only for a local database file', () => {
    expect(openImportWriter('libsql://example.turso.io')).toBeNull();
    expect(openImportWriter('file::memory:')).toBeNull();
    expect(openImportWriter('file:')).toBeNull();
  });

  test('commits each write whole, rolls a failing one back whole, and reports why', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'import-writer-'));
    const url = `file:${join(folder, 'w.db')}`;
    const client = createClient({ url });
    await client.execute('PRAGMA journal_mode = WAL');
    await client.execute('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)');
    const writer = openImportWriter(url)!;
    try {
      await writer.write([
        { sql: 'INSERT INTO t (id, v) VALUES (?, ?)', params: [1, 'a'] },
        {
          sql: 'INSERT INTO t (id, v) SELECT value->>0, value->>1 FROM json_each(?)',
          params: ['[[2,"b"],[3,"c"]]'],
        },
      ]);
      const failing = writer.write([
        { sql: 'INSERT INTO t (id, v) VALUES (?, ?)', params: [4, 'd'] },
        { sql: 'INSERT INTO t (id, v) VALUES (?, ?)', params: [5, null] },
      ]);
      // Awaited plainly: bun:test's `expect(…).rejects` does not let a worker's reply arrive.
      const refusal = await failing.then(
        () => null,
        (error: Error) => error.message,
      );
      expect(refusal).toContain('NOT NULL constraint failed');
      // The thread goes on after a failed write.
      await writer.write([{ sql: 'INSERT INTO t (id, v) VALUES (?, ?)', params: [6, 'f'] }]);
    } finally {
      await writer.close();
    }
    const rows = await client.execute('SELECT id FROM t ORDER BY id');
    expect(rows.rows.map((row) => row.id)).toEqual([1, 2, 3, 6]);
    await writer.close();
    client.close();
    rmSync(folder, { recursive: true, force: true });
  });
});
