// The import threads' writes (decisions 096, 099): the reading thread stages each read's lines in
// one of two staging files and hands the slot over once `linesPerCommit` are staged; the writing
// thread writes each slot in a transaction of its own and empties it. An import stopped part-way
// leaves the database writable and its staged lines unwritten; no staged line outlives its import;
// one connection serves every import (decision 098).
import { describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { localDatabasePath } from '../../db/client.ts';
import { activityLines, sites } from '../../db/schema/ledger.ts';
import type { AuthedContext } from '../../src/server/context.ts';
import { siteKey } from '../../src/server/features/ledger/import/import-batches.ts';
import {
  removeStaleStagingFiles,
  SLOTS,
  stagingFilePath,
} from '../../src/server/features/ledger/import/import-staging.ts';
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

/**
 * Lines left in each staging file of this process beside the test database, read by another
 * process: a connection here would be a third user of files the threads hand over without locks
 * (decision 100), and a libsql one would stay open until collected (decision 098).
 */
function linesStaged(): number[] {
  const paths = SLOTS.map((slot) => stagingFilePath(localDatabasePath(t.db)!, slot));
  const script = `import { Database } from 'bun:sqlite';
    console.log(JSON.stringify(process.argv.slice(1).map((path) => {
      const file = new Database(path, { readonly: true });
      const { n } = file.query('SELECT count(*) AS n FROM staged_lines').get();
      file.close();
      return n;
    })));`;
  const read = Bun.spawnSync([process.execPath, '-e', script, ...paths]);
  if (!read.success) throw new Error(read.stderr.toString());
  return JSON.parse(read.stdout.toString());
}

/** Imports `rows` rows of a new pending import, `linesPerCommit` to a slot, counting the writes. */
async function importCountingWrites(rows: number, linesPerCommit: number) {
  const { job, lines } = await pendingImport(rows, linesPerCommit);
  let commits = 0;
  const summary = await importOnThread(job, async () => {
    commits++;
  });
  return { commits, summary, written: await lines() };
}

describe('import thread', () => {
  test('writes once every linesPerCommit lines are staged, and the rest at the end', async () => {
    const { commits, summary, written } = await importCountingWrites(12, 5);
    // Reads of 2 lines: the first commit after 6 lines, the second with the last 6.
    expect(commits).toBe(2);
    expect(summary).toMatchObject({ rowCount: 12, validCount: 12, errorCount: 0 });
    expect(written).toBe(12);
  });

  test('hands the two slots over in turn: every line is written once, and none stays staged', async () => {
    const { commits, summary, written } = await importCountingWrites(23, 4);
    // Reads of 2 lines, a slot handed over every 4: five of 4 lines and the last 3, each slot
    // filled three times.
    expect(commits).toBe(6);
    expect(summary).toMatchObject({ rowCount: 23, validCount: 23, errorCount: 0 });
    expect(written).toBe(23);
    expect(linesStaged()).toEqual([0, 0]);
  });

  test('once another process has taken the import, a slot writes nothing and the import answers it was abandoned', async () => {
    const { job, lines } = await pendingImport(9, 4);
    // The import's row as another process leaves it after taking it for abandoned: not ours.
    const taken = { ...job, stillOurs: { sql: 'SELECT 1 WHERE 0', params: [] } };
    await expect(importOnThread(taken, async () => {})).rejects.toMatchObject({
      status: 409,
      code: 'import_abandoned',
    });
    expect(await lines()).toBe(0);
    expect(linesStaged()).toEqual([0, 0]);
    // The threads go on: the next import is written.
    const next = await importCountingWrites(5, 4);
    expect(next.written).toBe(5);
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
    // Neither the slot being filled nor one handed over keeps its lines: the next import writes
    // its own only.
    expect(linesStaged()).toEqual([0, 0]);
    const next = await pendingImport(7, 3);
    await importOnThread(next.job, async () => {});
    expect(await next.lines()).toBe(7);
  });

  // Linux shows a process's open files in /proc; CI runs there.
  test.skipIf(!existsSync('/proc/self/fd'))(
    'one connection serves every import: none stays open behind one',
    async () => {
      const path = localDatabasePath(t.db)!;
      // The database, its WAL and shared memory, and the staging files.
      const openOnDatabase = () =>
        readdirSync('/proc/self/fd').filter((fd) => {
          try {
            return readlinkSync(`/proc/self/fd/${fd}`).startsWith(path);
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

describe('staging files', () => {
  test('those of ended processes and this one are removed; a running process keeps its own', () => {
    const folder = mkdtempSync(join(tmpdir(), 'esg-staging-'));
    try {
      const database = join(folder, 'esg.db');
      // Above any pid Linux or macOS hands out: no such process runs.
      const ended = 4_194_305;
      const names = [
        `esg.db-import-${ended}-0`,
        `esg.db-import-${ended}-1`,
        `esg.db-import-${process.pid}-0`,
        `esg.db-import-${process.ppid}-1`,
        'esg.db',
        'esg.db-wal',
        'esg.db-import-notes',
        `other.db-import-${ended}-0`,
      ];
      for (const name of names) writeFileSync(join(folder, name), '');
      removeStaleStagingFiles(database);
      expect(readdirSync(folder).sort()).toEqual(
        [
          `esg.db-import-${process.ppid}-1`,
          'esg.db',
          'esg.db-wal',
          'esg.db-import-notes',
          `other.db-import-${ended}-0`,
        ].sort(),
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
