import { afterAll } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@libsql/client';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { createLibsqlDb } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { jobs } from '../../db/schema/jobs.ts';

/**
 * A fresh migrated libSQL file with nothing in it, for job-runner tests that must not see each
 * other's jobs (no seeds: faster than createTestApp). Removed when the test file ends.
 */
export async function createJobDb(): Promise<{
  db: Db;
  client: Client;
  url: string;
  connect: () => Promise<Db>;
}> {
  const folder = mkdtempSync(join(tmpdir(), 'esg-jobs-'));
  const url = `file:${join(folder, 'jobs.db')}`;
  const clients: Client[] = [];
  const { db, client } = createLibsqlDb({ url });
  clients.push(client);
  await migrateDatabase(db, client, url);
  /** A second connection to the same file, as another runner process would have. */
  async function connect(): Promise<Db> {
    const other = createLibsqlDb({ url });
    clients.push(other.client);
    await other.client.execute('PRAGMA busy_timeout = 5000');
    return other.db;
  }
  afterAll(() => {
    for (const each of clients) each.close();
    rmSync(folder, { recursive: true, force: true });
  });
  return { db, client, url, connect };
}

/** The whole stored row, for assertions on lease and lock columns. */
export async function jobRow(db: Db, id: string) {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  if (!row) throw new Error(`no job ${id}`);
  return row;
}
