import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Client } from '@libsql/client';
import { migrate } from 'drizzle-orm/libsql/migrator';
import type { Db } from './client.ts';

export const migrationsFolder = join(import.meta.dir, 'migrations');

/** Creates the folder of a `file:` database so a fresh checkout needs no manual step. */
export async function ensureDatabaseFolder(url: string): Promise<void> {
  if (!url.startsWith('file:')) return;
  const path = url.slice('file:'.length);
  if (path === '' || path === ':memory:') return;
  await mkdir(dirname(path), { recursive: true });
}

/** Applies the committed drizzle-kit migrations; safe to run at every start. */
export async function migrateDatabase(db: Db, client: Client, url: string): Promise<void> {
  if (url.startsWith('file:')) {
    // WAL lets readers continue while the job runner writes; wait rather than fail on a busy file.
    await client.execute('PRAGMA journal_mode = WAL');
    await client.execute('PRAGMA busy_timeout = 5000');
  }
  await client.execute('PRAGMA foreign_keys = ON');
  await migrate(db, { migrationsFolder });
}
