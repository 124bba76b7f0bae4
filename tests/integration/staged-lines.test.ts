// Staged lines (decision 038): lines the import thread stages in a scratch file and the writer
// copies into the ledger must be stored exactly as the JSON payloads store them, in date order,
// skipping fingerprints already there, and a failed copy must leave nothing behind.
import { afterAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { activityLines } from '../../db/schema/emissions.ts';
import { importThreadAvailable } from '../../src/server/features/activities/import-thread.ts';
import { StagedLineFile } from '../../src/server/features/activities/staged-line-file.ts';
import {
  canCopyStagedLines,
  copyStagedLines,
  insertLinesStatements,
} from '../../src/server/features/emissions/ledger-writes.ts';
import type { LineOrigin, NewLine } from '../../src/server/features/emissions/line-payloads.ts';
import { addSite } from '../helpers/ledger.ts';
import { newLine } from '../helpers/new-line.ts';
import { createTestApp } from '../helpers/test-app.ts';

const t = await createTestApp();
// A quote in the folder's name: the copy names the file inside its SQL text.
const folder = mkdtempSync(join(tmpdir(), "esg-staged-it's-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

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
  newLine({ id: crypto.randomUUID(), siteId, fingerprint: 'a'.repeat(64) }),
  newLine({
    id: crypto.randomUUID(),
    siteId,
    date: '2025-01-15',
    fingerprint: 'b'.repeat(64),
    periodEnd: null,
    variant: null,
    quantity: null,
    radiativeForcing: false,
    reference: null,
    kgScope1: Number.NaN,
    kgScope2Market: 0,
  }),
  newLine({
    id: crypto.randomUUID(),
    siteId,
    date: '2025-02-01',
    fingerprint: 'c'.repeat(64),
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

function stage(origin: LineOrigin, lines: readonly NewLine[]): string {
  const sink = new StagedLineFile({ dir: folder, origin });
  for (const line of lines) sink.add(line);
  const batch = sink.take();
  if (batch.stagedFile === undefined) throw new Error('nothing staged');
  return batch.stagedFile;
}

/** Every column of a company's lines, each value with SQLite's type, by fingerprint; the ids of the
 * line, company, site and user aside (each company has its own). */
async function storedRows(companyId: string) {
  const columns = (
    await t.db.all<{ name: string }>(sql`SELECT name FROM pragma_table_info('activity_lines')`)
  )
    .map((column) => column.name)
    .filter((name) => !['id', 'company_id', 'site_id', 'created_by'].includes(name));
  const select = columns.map((name) => `${name}, typeof(${name}) AS ${name}_type`).join(', ');
  return t.db.all(
    sql`SELECT ${sql.raw(select)} FROM activity_lines WHERE company_id = ${companyId} ORDER BY fingerprint`,
  );
}

const linesOf = async (companyId: string) =>
  (await t.db.select({ n: count() }).from(activityLines).where(eq(activityLines.companyId, companyId)).get())!
    .n;

const attached = async () =>
  (await t.db.all<{ name: string }>(sql`SELECT name FROM pragma_database_list`)).map((row) => row.name);

describe('staged lines', () => {
  test('are stored exactly as the JSON payloads store the same lines, value and type', async () => {
    const viaJson = await company();
    const viaStaging = await company();
    await t.db.batch(
      insertLinesStatements(t.db, viaJson.origin, fixtureLines(viaJson.siteId)) as [
        ReturnType<typeof insertLinesStatements>[number],
      ],
    );
    const file = stage(viaStaging.origin, fixtureLines(viaStaging.siteId));
    await copyStagedLines(t.db, file);

    const expected = await storedRows(viaJson.origin.companyId);
    expect(expected).toHaveLength(3);
    expect(await storedRows(viaStaging.origin.companyId)).toEqual(expected);
    // Spot checks of what "exactly" means here.
    const [all, nulls, spend] = expected as Record<string, unknown>[];
    expect(all).toMatchObject({ reference: 'INV "7" é 🌱', radiative_forcing: 1, quantity: 0.1 + 0.2 });
    expect(nulls).toMatchObject({ radiative_forcing: 0, kg_scope_1: null, kg_scope_2_market: 0 });
    expect(nulls).toMatchObject({ kg_scope_2_market_type: 'real', quantity_type: 'null' });
    expect(spend).toMatchObject({ variant: '541611', variant_type: 'text', created_at: 1767323045678 });
    expect(await attached()).not.toContain(expect.stringMatching(/^staged_/));
  });

  test('are copied in date order, skipping fingerprints the company already has', async () => {
    const { origin, siteId } = await company();
    await copyStagedLines(t.db, stage(origin, fixtureLines(siteId)));
    const dates = await t.db
      .select({ date: activityLines.date })
      .from(activityLines)
      .where(eq(activityLines.companyId, origin.companyId))
      .orderBy(sql`rowid`);
    expect(dates.map((row) => row.date)).toEqual(['2025-01-15', '2025-02-01', '2025-03-01']);

    const again = fixtureLines(siteId);
    const added = newLine({ id: crypto.randomUUID(), siteId, fingerprint: 'd'.repeat(64) });
    await copyStagedLines(t.db, stage(origin, [...again, added]));
    expect(await linesOf(origin.companyId)).toBe(4);
  });

  test('a copy that fails writes nothing and leaves nothing attached', async () => {
    const { origin, siteId } = await company();
    const lines = fixtureLines(siteId);
    // The last line names a site that does not exist: the ledger's foreign key refuses it.
    lines[2] = { ...lines[2]!, siteId: crypto.randomUUID() };
    await expect(copyStagedLines(t.db, stage(origin, lines))).rejects.toThrow(/FOREIGN KEY/);
    expect(await linesOf(origin.companyId)).toBe(0);
    expect(await attached()).toEqual(['main']);
    // The connection is still fit for the next copy.
    await copyStagedLines(t.db, stage(origin, fixtureLines(siteId)));
    expect(await linesOf(origin.companyId)).toBe(3);
  });

  test('a staging file starts with the first line; clear() deletes it, take() of nothing is empty', async () => {
    const { origin, siteId } = await company();
    const sink = new StagedLineFile({ dir: folder, origin });
    expect(sink.take()).toEqual({ payloads: [] });
    const before = readdirSync(folder).length;
    sink.add(fixtureLines(siteId)[0]!);
    expect(sink.size).toBe(1);
    expect(readdirSync(folder).length).toBe(before + 1);
    sink.clear();
    expect(sink.size).toBe(0);
    expect(readdirSync(folder).length).toBe(before);
    const file = stage(origin, fixtureLines(siteId));
    expect(existsSync(file)).toBe(true);
  });

  test('only a local libSQL database can copy them, and the app imports through them here', async () => {
    expect(canCopyStagedLines(t.db)).toBe(true);
    // So every import in the integration suite goes through staging (the Worker suite covers
    // the JSON payloads).
    expect(importThreadAvailable).toBe(true);
    const remote = { $client: { protocol: 'libsql' } } as unknown as Db;
    const d1 = { $client: { prepare() {} } } as unknown as Db;
    expect(canCopyStagedLines(remote)).toBe(false);
    expect(canCopyStagedLines(d1)).toBe(false);
    await expect(copyStagedLines(remote, 'x.db')).rejects.toThrow(/not a local libSQL file/);
  });
});
