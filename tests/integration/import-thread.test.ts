// The import thread's transactions (decision 095): it writes each read's lines into a transaction
// that stays open across reads and commits after `linesPerCommit` lines, then leaves the write lock
// free for a pause; a thread stopped while a transaction is open leaves the database writable.
import { describe, expect, test } from 'bun:test';
import { count, eq } from 'drizzle-orm';
import Database from 'libsql';
import { localDatabasePath } from '../../db/client.ts';
import { activityLines, sites } from '../../db/schema/ledger.ts';
import { siteKey } from '../../src/server/features/ledger/import/import-batches.ts';
import { importOnThread } from '../../src/server/features/ledger/import/import-thread.ts';
import { companyKeyOf } from '../../src/server/features/ledger/lines/ledger-keys.ts';
import { companyWithSites, importCsv } from '../helpers/ledger.ts';
import { createTestApp } from '../helpers/test-app.ts';

const t = await createTestApp();

/** A pending import of a new company with its Bristol site, and a thread job for `rows` rows. */
async function pendingImport(rows: number, linesPerCommit: number, pauseAfterCommitMs = 0) {
  const { user } = await companyWithSites(t);
  const [bristol] = await t.db.select().from(sites).where(eq(sites.name, 'Bristol bakery'));
  const importId = crypto.randomUUID();
  await t.client.execute({
    sql: `INSERT INTO activity_imports (id, ledger_key, company_id, file_name, file_sha256, row_count,
      imported_count, duplicate_count, created_at)
      VALUES (?, (SELECT coalesce(max(ledger_key), 0) + 1 FROM activity_imports), ?, 'a.csv', ?, 0, -1, 0, ?)`,
    args: [importId, user.companyId, importId, Date.now()],
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
    pauseAfterCommitMs,
    databasePath: localDatabasePath(t.db)!,
    origin: {
      companyId: user.companyId,
      source: 'csv',
      dataSourceId: null,
      importId,
      createdBy: null,
      createdAt: new Date(),
    },
    stillOurs: {
      sql: 'SELECT id FROM activity_imports WHERE id = ? AND imported_count < 0',
      params: [importId],
    },
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
  test('keeps one transaction open across reads and commits every linesPerCommit lines', async () => {
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

  test('stopped with a transaction open, it leaves the database writable and its open lines unwritten', async () => {
    const { job, lines } = await pendingImport(4_000, 10);
    const refusal = new Error('taken for abandoned');
    // The first commit's beat refuses: the thread is stopped while it has read on into the next.
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

  test('leaves the write lock free after each commit, and a stop ends that pause', async () => {
    // A pause longer than the test's timeout: the import can only end because the stop cuts it short.
    const { job, lines } = await pendingImport(4_000, 10, 10 * 60_000);
    const probe = new Database(job.databasePath);
    probe.exec('PRAGMA busy_timeout = 0');
    const refusal = new Error('stopped after the first commit');
    let lockFree = false;
    try {
      await expect(
        importOnThread(job, async () => {
          // Right after the first commit: no waiting, the lock is free or this throws SQLITE_BUSY.
          probe.exec('BEGIN IMMEDIATE');
          probe.exec('ROLLBACK');
          lockFree = true;
          throw refusal;
        }),
      ).rejects.toBe(refusal);
    } finally {
      probe.close();
    }
    expect(lockFree).toBe(true);
    expect(await lines()).toBe(10);
  });
});
