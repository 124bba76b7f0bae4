// The ledger writer (decision 068): the local file's staged inserts (decision 096) and the batched
// JSON statements of remote databases must store the same lines exactly alike, in date order,
// skipping or refusing fingerprints already there, all or nothing with the change's other statements.
import { describe, expect, test } from 'bun:test';
import { count, eq, sql } from 'drizzle-orm';
import { localDatabasePath } from '../../db/client.ts';
import { activityLines, sites } from '../../db/schema/ledger.ts';
import { importThreadAvailable } from '../../src/server/features/ledger/import/import-thread.ts';
import { companyKeyOf } from '../../src/server/features/ledger/lines/ledger-keys.ts';
import {
  type LedgerStatement,
  type LedgerWriter,
  ledgerWriter,
} from '../../src/server/features/ledger/lines/ledger-writer.ts';
import { batchedLedgerWriter } from '../../src/server/features/ledger/lines/ledger-writer-batched.ts';
import {
  LocalLedgerFile,
  stagedLinesWrite,
} from '../../src/server/features/ledger/lines/ledger-writer-local.ts';
import {
  createStagedLines,
  discardStagedLines,
  LINES_PER_INSERT,
  stageLines,
} from '../../src/server/features/ledger/lines/line-staging.ts';
import type { LineOrigin, NewLine } from '../../src/server/features/ledger/lines/new-lines.ts';
import { openLedgerConnection, type SqlQuery } from '../../src/server/features/ledger/lines/sqlite-file.ts';
import { addSite } from '../helpers/ledger.ts';
import { newLine } from '../helpers/new-line.ts';
import { createTestApp } from '../helpers/test-app.ts';

const t = await createTestApp();
const local = ledgerWriter(t.db);
const batched = batchedLedgerWriter(t.db);

async function company() {
  const owner = await t.signUpCompany();
  const siteId = await addSite(t, owner.cookie, 'Main site');
  const origin: LineOrigin = {
    companyId: owner.user.companyId,
    source: 'csv',
    dataSourceId: null,
    importId: null,
    createdBy: owner.user.id,
    createdAt: new Date('2026-01-02T03:04:05.678Z'),
  };
  return { origin, siteId };
}

/** Lines in the shapes that are easy to get wrong, dated out of order. */
const fixtureLines = (siteId: string): NewLine[] => [
  newLine({ siteId, fingerprint: 'a'.repeat(32) }),
  newLine({
    siteId,
    date: '2025-01-15',
    fingerprint: 'b'.repeat(32),
    periodEnd: null,
    variant: null,
    quantity: null,
    radiativeForcing: false,
    reference: null,
    kgScope1: Number.NaN,
    kgScope2Market: 0,
  }),
  newLine({
    siteId,
    date: '2025-02-01',
    fingerprint: 'c'.repeat(32),
    category: 'purchased_goods',
    variant: '541611',
    quantity: 12,
    supplierKgCO2ePerKWh: null,
    instrument: null,
    radiativeForcing: null,
    datasets: '[]',
    entries: '[]',
  }),
];

const insert = (
  writer: LedgerWriter,
  origin: LineOrigin,
  lines: readonly NewLine[],
  duplicates: 'skip' | 'refuse' = 'skip',
) => writer.write({ insert: { origin, lines, duplicates } });

/** Every column of a company's lines, each value with SQLite's type, by fingerprint; the line's id,
 * company and site keys and user aside (each company has its own). */
async function storedRows(companyId: string) {
  const columns = (
    await t.db.all<{ name: string }>(sql`SELECT name FROM pragma_table_info('activity_lines')`)
  )
    .map((column) => column.name)
    .filter((name) => !['id', 'company_key', 'site_key', 'created_by'].includes(name));
  const select = columns.map((name) => `${name}, typeof(${name}) AS ${name}_type`).join(', ');
  return t.db.all(
    sql`SELECT ${sql.raw(select)} FROM activity_lines WHERE company_key = ${companyKeyOf(companyId)} ORDER BY fingerprint`,
  );
}

const siteName = async (siteId: string) =>
  (await t.db.select({ name: sites.name }).from(sites).where(eq(sites.id, siteId)).get())?.name;

const linesOf = async (companyId: string) =>
  (await t.db
    .select({ n: count() })
    .from(activityLines)
    .where(eq(activityLines.companyKey, companyKeyOf(companyId)))
    .get())!.n;

describe('the ledger writer', () => {
  test('a local file and remote statements store the same lines exactly alike, value and type', async () => {
    const viaLocal = await company();
    const viaBatch = await company();
    expect(await insert(batched, viaBatch.origin, fixtureLines(viaBatch.siteId))).toEqual({ inserted: 3 });
    expect(await insert(local, viaLocal.origin, fixtureLines(viaLocal.siteId))).toEqual({ inserted: 3 });

    const expected = await storedRows(viaBatch.origin.companyId);
    expect(expected).toHaveLength(3);
    expect(await storedRows(viaLocal.origin.companyId)).toEqual(expected);
    // Spot checks of what "exactly" means here.
    const [all, nulls, spend] = expected as Record<string, unknown>[];
    expect(all).toMatchObject({ reference: 'INV "7" é 🌱', radiative_forcing: 1, quantity: 0.1 + 0.2 });
    expect(nulls).toMatchObject({ radiative_forcing: 0, kg_scope_1: null, kg_scope_2_market: 0 });
    expect(nulls).toMatchObject({ kg_scope_2_market_type: 'real', quantity_type: 'null' });
    expect(spend).toMatchObject({ variant: '541611', variant_type: 'text', created_at: 1767323045678 });
    // The fingerprint goes in as the 32 bytes of its hex (decision 081).
    expect(all).toMatchObject({ fingerprint_type: 'blob' });
    expect(
      await t.db.all(
        sql`SELECT hex(fingerprint) AS hex FROM activity_lines WHERE company_key = ${companyKeyOf(viaLocal.origin.companyId)} ORDER BY fingerprint`,
      ),
    ).toEqual(['a', 'b', 'c'].map((digit) => ({ hex: digit.repeat(32).toUpperCase() })));
    // Drizzle reads it back as the hex the code compares (connectors' sync), and refuses to store
    // anything that is not a digest.
    const read = await t.db
      .select({ fingerprint: activityLines.fingerprint })
      .from(activityLines)
      .where(eq(activityLines.companyKey, companyKeyOf(viaLocal.origin.companyId)))
      .orderBy(activityLines.fingerprint);
    expect(read.map((row) => row.fingerprint)).toEqual(['a', 'b', 'c'].map((digit) => digit.repeat(32)));
    expect(() =>
      t.db
        .update(activityLines)
        .set({ fingerprint: 'not a digest' })
        .where(eq(activityLines.companyKey, companyKeyOf(viaLocal.origin.companyId)))
        .toSQL(),
    ).toThrow('32 hex digits');
  });

  test('lines enough for several statements store alike, with repeats inside one skipped', async () => {
    // More lines than the local writer puts in one statement (LINES_PER_INSERT), two of them
    // already in the ledger, one repeated within the change.
    const many = (siteId: string) =>
      Array.from({ length: 2 * LINES_PER_INSERT + 5 }, (_, i) => {
        const n = i % (2 * LINES_PER_INSERT + 4);
        return newLine({
          siteId,
          date: `2025-${String((n % 12) + 1).padStart(2, '0')}-01`,
          fingerprint: String(n).padStart(32, '0'),
          quantity: n,
        });
      });
    const viaLocal = await company();
    const viaBatch = await company();
    for (const [writer, { origin, siteId }] of [
      [local, viaLocal],
      [batched, viaBatch],
    ] as const) {
      await insert(writer, origin, many(siteId).slice(0, 2));
      expect(await insert(writer, origin, many(siteId))).toEqual({ inserted: 2 * LINES_PER_INSERT + 2 });
    }
    const expected = await storedRows(viaBatch.origin.companyId);
    expect(expected).toHaveLength(2 * LINES_PER_INSERT + 4);
    expect(await storedRows(viaLocal.origin.companyId)).toEqual(expected);
  });

  for (const [name, writer] of [
    ['local', local],
    ['batched', batched],
  ] as const) {
    test(`${name}: writes in date order, skipping fingerprints the company already has`, async () => {
      const { origin, siteId } = await company();
      await insert(writer, origin, fixtureLines(siteId));
      const dates = await t.db
        .select({ date: activityLines.date })
        .from(activityLines)
        .where(eq(activityLines.companyKey, companyKeyOf(origin.companyId)))
        .orderBy(sql`rowid`);
      expect(dates.map((row) => row.date)).toEqual(['2025-01-15', '2025-02-01', '2025-03-01']);

      const added = newLine({ siteId, fingerprint: 'd'.repeat(32) });
      expect(await insert(writer, origin, [...fixtureLines(siteId), added])).toEqual({ inserted: 1 });
      expect(await linesOf(origin.companyId)).toBe(4);
    });

    test(`${name}: refuses a line already there when asked to, and writes nothing of the change`, async () => {
      const { origin, siteId } = await company();
      await insert(writer, origin, fixtureLines(siteId));
      const added = newLine({ siteId, fingerprint: 'e'.repeat(32) });
      const again = fixtureLines(siteId)[0]!;
      await expect(insert(writer, origin, [added, again], 'refuse')).rejects.toThrow(
        /UNIQUE constraint failed/,
      );
      expect(await linesOf(origin.companyId)).toBe(3);
    });

    test(`${name}: a change that fails at its last statement writes nothing, and the writer goes on`, async () => {
      const { origin, siteId } = await company();
      const renamed = t.db.update(sites).set({ name: 'Renamed' }).where(eq(sites.id, siteId));
      // The last line names a site that does not exist: it has no ledger key, which NOT NULL refuses.
      const lines = fixtureLines(siteId);
      lines[2] = { ...lines[2]!, siteId: crypto.randomUUID() };
      await expect(
        writer.write({ before: [renamed], insert: { origin, lines, duplicates: 'skip' } }),
      ).rejects.toThrow(/NOT NULL constraint failed: activity_lines.site_key/);
      expect(await linesOf(origin.companyId)).toBe(0);
      expect(
        (await t.db.select({ name: sites.name }).from(sites).where(eq(sites.id, siteId)).get())?.name,
      ).toBe('Main site');
      await insert(writer, origin, fixtureLines(siteId));
      expect(await linesOf(origin.companyId)).toBe(3);
    });

    test(`${name}: hands a line's statements its id, in its transaction, never a deleted line's id`, async () => {
      const { origin, siteId } = await company();
      const named = (fingerprint: string, after: (id: number) => LedgerStatement[]) =>
        writer.write({
          insert: { origin, lines: [newLine({ siteId, fingerprint })], duplicates: 'refuse' },
          after,
        });
      const renameSite = (id: number) => [
        t.db
          .update(sites)
          .set({ name: `Line ${id}` })
          .where(eq(sites.id, siteId)),
      ];
      const first = await named('1'.repeat(32), renameSite);
      const stored = await t.db
        .select({ id: activityLines.id, legacyId: activityLines.legacyId })
        .from(activityLines)
        .where(eq(activityLines.companyKey, companyKeyOf(origin.companyId)));
      expect(stored).toEqual([{ id: first.lineId!, legacyId: null }]);
      expect(first).toEqual({ inserted: 1, lineId: stored[0]!.id });
      expect(await siteName(siteId)).toBe(`Line ${first.lineId}`);

      // A statement of the change that fails takes the line with it.
      await expect(
        named('2'.repeat(32), () => [
          t.db.update(sites).set({ name: 'Main site' }).where(sql`no_such_column`),
        ]),
      ).rejects.toThrow(/no_such_column/);
      expect(await linesOf(origin.companyId)).toBe(1);

      // AUTOINCREMENT: the highest line deleted, the next line still gets a new id.
      await t.db.delete(activityLines).where(eq(activityLines.id, first.lineId!));
      const second = await named('3'.repeat(32), renameSite);
      expect(second.lineId!).toBeGreaterThan(first.lineId!);
      expect(await siteName(siteId)).toBe(`Line ${second.lineId}`);
    });
  }

  test('batched: a line written between reading the next id and the batch takes it; the change is tried again, then 503', async () => {
    const { origin, siteId } = await company();
    const path = localDatabasePath(t.db);
    if (!path) throw new Error('the test app runs on a local file');
    const other = await LocalLedgerFile.open(path);
    /** Another connection writes a line with this id, outside any batch of the writer's. */
    const takeId = (id: number) =>
      other.run({
        sql: `INSERT INTO activity_lines (id, company_key, site_key, date, category, source, data_quality,
          fingerprint, created_at, updated_at, calculated_at) VALUES (?, (SELECT ledger_key FROM companies
          WHERE id = ?), (SELECT ledger_key FROM sites WHERE id = ?), '2025-01-01', 'diesel', 'manual',
          'measured', randomblob(32), 1, 1, 1)`,
        params: [id, origin.companyId, siteId],
      });
    const offered: number[] = [];
    try {
      const result = await batched.write({
        insert: { origin, lines: [newLine({ siteId, fingerprint: '4'.repeat(32) })], duplicates: 'refuse' },
        after: (id) => {
          // Another connection writes a line with the id this change was offered, once.
          if (offered.push(id) === 1) takeId(id);
          return [
            t.db
              .update(sites)
              .set({ name: `Line ${id}` })
              .where(eq(sites.id, siteId)),
          ];
        },
      });
      expect(offered).toEqual([offered[0]!, offered[0]! + 1]);
      expect(result).toEqual({ inserted: 1, lineId: offered[1]! });
      expect(await siteName(siteId)).toBe(`Line ${offered[1]}`);
      expect(await linesOf(origin.companyId)).toBe(2);

      // Taken at every try: the change answers as a busy database does, with nothing of it stored.
      offered.length = 0;
      const change = batched.write({
        insert: { origin, lines: [newLine({ siteId, fingerprint: '5'.repeat(32) })], duplicates: 'refuse' },
        after: (id) => {
          offered.push(id);
          takeId(id);
          return [t.db.update(sites).set({ name: 'Never' }).where(eq(sites.id, siteId))];
        },
      });
      await expect(change).rejects.toMatchObject({ status: 503, code: 'database_busy' });
      expect(offered).toHaveLength(5);
      expect(await siteName(siteId)).toBe(`Line ${result.lineId}`);
      expect(await linesOf(origin.companyId)).toBe(2 + 5);
    } finally {
      other.close();
    }
  });

  test('another thread cannot take the write lock while a connection holds BEGIN IMMEDIATE, and can after', async () => {
    const path = localDatabasePath(t.db);
    if (!path) throw new Error('the test app runs on a local file');
    const { default: Database } = await import('libsql');
    const holder = new Database(path);
    const probe = () =>
      new Promise<string>((resolve) => {
        const worker = new Worker(new URL('../helpers/write-lock-probe.ts', import.meta.url).href);
        worker.onmessage = ({ data }) => {
          worker.terminate();
          resolve(data as string);
        };
        worker.postMessage({ path });
      });
    try {
      holder.exec('BEGIN IMMEDIATE');
      expect(await probe()).toBe('refused: database is locked');
      holder.exec('COMMIT');
      expect(await probe()).toBe('acquired');
    } finally {
      holder.close();
    }
  });

  test('local: staging takes no lock; the staged lines go in, in the dedupe order, only while the condition holds', async () => {
    const path = localDatabasePath(t.db);
    if (!path) throw new Error('the test app runs on a local file');
    const { origin, siteId } = await company();
    // The ledger writer's staging and its write (LocalLedgerFile, and the import's writing thread
    // with `onlyWhile`), on a connection of their own.
    const file = await openLedgerConnection(path);
    createStagedLines(file, 'temp');
    const write = (onlyWhile: SqlQuery) => {
      const inserted = file.run(stagedLinesWrite(origin, 'skip', 'temp', onlyWhile));
      discardStagedLines(file, 'temp');
      return inserted;
    };
    const { default: Database } = await import('libsql');
    const other = new Database(path);
    other.exec('PRAGMA busy_timeout = 0');
    const sites = (name: string) => ({
      sql: 'SELECT 1 FROM sites WHERE id = ? AND name = ?',
      params: [siteId, name],
    });
    try {
      stageLines(file, 'temp', [
        newLine({ siteId, date: '2025-02-01', fingerprint: 'f'.repeat(32) }),
        newLine({ siteId, date: '2025-01-15', fingerprint: 'e'.repeat(32) }),
        newLine({ siteId, date: '2025-02-01', fingerprint: '0'.repeat(32) }),
      ]);
      // Another connection writes without waiting (busy_timeout 0): staging took no lock.
      other.exec('BEGIN IMMEDIATE');
      other.exec('COMMIT');
      // A condition that finds no row: nothing is written.
      expect(write(sites('Another site'))).toBe(0);
      expect(await linesOf(origin.companyId)).toBe(0);
      stageLines(file, 'temp', fixtureLines(siteId));
      expect(write(sites('Main site'))).toBe(3);
      const written = await t.db
        .select({ date: activityLines.date, fingerprint: sql<string>`hex(${activityLines.fingerprint})` })
        .from(activityLines)
        .where(eq(activityLines.companyKey, companyKeyOf(origin.companyId)))
        .orderBy(activityLines.id);
      expect(written).toEqual([
        { date: '2025-01-15', fingerprint: 'B'.repeat(32) },
        { date: '2025-02-01', fingerprint: 'C'.repeat(32) },
        { date: '2025-03-01', fingerprint: 'A'.repeat(32) },
      ]);
    } finally {
      other.close();
      file.close();
    }
  });

  test('local: lines inserted in one change leave none staged for the next', async () => {
    const path = localDatabasePath(t.db);
    if (!path) throw new Error('the test app runs on a local file');
    const { origin, siteId } = await company();
    const file = await LocalLedgerFile.open(path);
    try {
      expect(file.transaction(() => file.insertLines(origin, fixtureLines(siteId), 'refuse'))).toBe(3);
      const next = [newLine({ siteId, date: '2025-04-01', fingerprint: 'd'.repeat(32) })];
      // Lines left staged by the first change would go in with this one, or refuse it.
      expect(file.transaction(() => file.insertLines(origin, next, 'refuse'))).toBe(1);
      expect(await linesOf(origin.companyId)).toBe(4);
    } finally {
      file.close();
    }
  });

  test('a local file gets the local writer and imports on a thread here', () => {
    expect(localDatabasePath(t.db)).not.toBeNull();
    // So every import in the integration suite writes through the import threads (the Worker
    // suite covers the batched statements).
    expect(importThreadAvailable).toBe(true);
  });
});
