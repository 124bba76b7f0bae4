import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { createLibsqlDb } from '../../../db/client.ts';
import { migrateDatabase } from '../../../db/migrate.ts';
import { companies } from '../../../db/schema/auth.ts';
import { nextLedgerKey } from '../../../db/schema/columns.ts';
import { sites } from '../../../db/schema/ledger.ts';
import { openReadThread } from './read-thread.ts';

const folder = mkdtempSync(join(tmpdir(), 'esg-read-thread-'));
const url = `file:${join(folder, 'test.db')}`;
const { db, client } = createLibsqlDb({ url });
await migrateDatabase(db, client, url);
afterAll(() => {
  client.close();
  rmSync(folder, { recursive: true, force: true });
});

const now = new Date('2026-01-01T00:00:00Z');
await db.insert(companies).values({ id: 'company-a', name: 'A Ltd', createdAt: now, updatedAt: now });
await db.insert(sites).values([
  // One statement, two rows: each its own ledger key (decision 088).
  {
    id: 'site-1',
    ledgerKey: nextLedgerKey('sites', 1),
    companyId: 'company-a',
    name: 'Bristol',
    country: 'GB',
    createdAt: now,
  },
  {
    id: 'site-2',
    ledgerKey: nextLedgerKey('sites', 2),
    companyId: 'company-a',
    name: 'Lyon',
    country: 'FR',
    createdAt: now,
  },
]);

const queries = () =>
  [
    db
      .select({ country: sites.country, sites: count(), names: sql<string>`group_concat(${sites.name})` })
      .from(sites)
      .groupBy(sites.country)
      .orderBy(sites.country),
    db.select().from(sites).where(eq(sites.id, 'site-1')).limit(1),
    db.all<{ name: string; total: number }>(sql`SELECT name, 1 + 1 AS total FROM sites ORDER BY name`),
    db.select({ id: sites.id }).from(sites).where(eq(sites.country, 'US')),
  ] as const;

describe('reads on the read thread', () => {
  const thread = openReadThread(url);

  test('is there under Bun for a local file, and not for a memory database or a remote one', () => {
    expect(thread).not.toBeNull();
    expect(openReadThread('file::memory:')).toBeNull();
    expect(openReadThread('libsql://example.turso.io')).toBeNull();
  });

  test('answers a batch exactly as the app connection does: typed columns, whole rows, raw SQL, nothing', async () => {
    const onThread = await thread!.batch(queries());
    const onConnection = await db.batch(queries());
    expect(onThread).toEqual([...onConnection]);
    expect(onThread[1]).toEqual([expect.objectContaining({ id: 'site-1', createdAt: now })]);
  });

  test('sees a write committed on the app connection at the next read', async () => {
    await db
      .insert(sites)
      .values({ id: 'site-3', companyId: 'company-a', name: 'Leeds', country: 'GB', createdAt: now });
    const [groups] = await thread!.batch([queries()[0]]);
    expect(groups).toContainEqual({ country: 'GB', sites: 2, names: expect.stringContaining('Leeds') });
  });
});
