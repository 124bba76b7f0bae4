// The import thread's writes (decision 096): it stages each read's lines and writes them once
// `linesPerCommit` are staged, each write a transaction of its own; an import stopped part-way
// leaves the database writable and its staged lines unwritten; one connection serves every import
// (decision 098).
import { describe, expect, test } from 'bun:test';
import { existsSync, readdirSync, readlinkSync } from 'node:fs';
import { and, count, eq } from 'drizzle-orm';
import { localDatabasePath } from '../../db/client.ts';
import { activityLines, sites } from '../../db/schema/ledger.ts';
import type { AuthedContext } from '../../src/server/context.ts';
import { siteKey } from '../../src/server/features/ledger/import/import-batches.ts';
import { startPendingImport, stillOurs } from '../../src/server/features/ledger/import/import-store.ts';
import { importOnThread } from '../../src/server/features/ledger/import/import-thread.ts';
import { companyKeyOf } from '../../src/server/features/ledger/lines/ledger-keys.ts';
import { statementQuery } from '../../src/server/features/ledger/lines/ledger-writer-local.ts';
import { companyWithSites, importCsv } from '../helpers/ledger.ts';
import { createTestApp } from '../helpers/test-app.ts';

const t = await createTestApp();

/** A pending import of a new company with its Bristol site, and a thread job for `rows` rows. */
async function pendingImport(rows: number, linesPerCommit: number) {
  const { user } = await companyWithSites(t);
  const [bristol] = await t.db
    .select()
    .from(sites)
    .where(and(eq(sites.companyId, user.companyId), eq(sites.name, 'Bristol bakery')));
  // The import row and its ownership check as the import service makes them (import-store.ts).
  const ctx = { db: t.db, companyId: user.companyId, userId: user.id } as AuthedContext;
  const importId = await startPendingImport(ctx, {
    dataSourceId: null,
    fileName: 'a.csv',
    sha: crypto.randomUUID(),
    createdAt: new Date(),
  });
  const csv = importCsv(
    Array.from({ length: rows }, (_, i) => `2025-01-01,Bristol bakery,electricity,,${100 + i},kWh,,,R${i}`),
  );
  const job = {
    bytes: new TextEncoder().encode(csv).buffer as ArrayBuffer,
    options: {
      sites: [[siteKey('Bristol bakery'), { id: bristol!.id, country: 'GB', region: null }]] as [
        string,
        { id: string; country: string; region: null },
      ][],
      rowsPerRead: 2,
      linesPerBatch: 2,
    },
    linesPerCommit,
    databasePath: localDatabasePath(t.db)!,
    origin: {
      companyId: user.companyId,
      source: 'csv',
      dataSourceId: null,
      importId,
      createdBy: null,
      createdAt: new Date(),
    },
    stillOurs: statementQuery(stillOurs(ctx, importId)),
  };
  const lines = async () => {
    const [row] = await t.db
      .select({ n: count() })
      .from(activityLines)
      .where(eq(activityLines.companyKey, companyKeyOf(user.companyId)));
    return row!.n;
  };
  return { job, lines };
}

describe('import thread', () => {
  test('writes once every linesPerCommit lines are staged, and the rest at the end', async () => {
    const { job, lines } = await pendingImport(12, 5);
    let commits = 0;
    const summary = await importOnThread(job, async () => {
      commits++;
    });
    // Reads of 2 lines: the first commit after 6 lines, the second with the last 6.
    expect(commits).toBe(2);
    expect(summary).toMatchObject({ rowCount: 12, validCount: 12, errorCount: 0 });
    expect(await lines()).toBe(12);
  });

  test('stopped part-way, it leaves the database writable and its staged lines unwritten', async () => {
    const { job, lines } = await pendingImport(4_000, 10);
    const refusal = new Error('taken for abandoned');
    // The first write's beat refuses: the thread is stopped while it has staged part of the next.
    await expect(
      importOnThread(job, async () => {
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    // The app's connection takes the write lock (busy_timeout: it would wait, then fail, on a lock
    // the stopped thread still held).
    const write = await t.client.transaction('write');
    await write.rollback();
    const written = await lines();
    expect(written % 10).toBe(0);
    expect(written).toBeLessThan(4_000);
  });

  // Linux shows a process's open files in /proc; CI runs there.
  test.skipIf(!existsSync('/proc/self/fd'))(
    'one connection serves every import: none stays open behind one',
    async () => {
      const path = localDatabasePath(t.db)!;
      const openOnDatabase = () =>
        readdirSync('/proc/self/fd').filter((fd) => {
          try {
            return readlinkSync(`/proc/self/fd/${fd}`) === path;
          } catch {
            return false;
          }
        }).length;
      const importRows = async () => {
        const { job } = await pendingImport(6, 4);
        await importOnThread(job, async () => {});
      };
      await importRows();
      const open = openOnDatabase();
      await importRows();
      await importRows();
      // A thread per import kept each one's connection open after it ended (libsql frees it only when
      // collected, and an ended thread is not).
      expect(openOnDatabase()).toBe(open);
    },
  );
});
