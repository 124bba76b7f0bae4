import { describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import { activityImports, activityLines } from '../../db/schema/ledger.ts';
import { companyKeyOf, importKeyOf, siteKeyOf } from '../../src/server/features/ledger/lines/ledger-keys.ts';
import { companyWithSites, IMPORT_ROWS, importCsv, storedCounts, upload } from '../helpers/ledger.ts';
import { createTestApp } from '../helpers/test-app.ts';

const t = await createTestApp();

const stored = (companyId: string) => storedCounts(t, companyId);
const company = () => companyWithSites(t);
const ROWS = IMPORT_ROWS;
const csv = importCsv;

describe('CSV import atomicity', () => {
  test('a write that fails mid-import leaves nothing behind, and the import threads take the next', async () => {
    const { cookie, user } = await company();
    expect((await upload(t, cookie, csv(ROWS.slice(0, 1)))).status).toBe(201);
    // The ledger refuses one line of the first batch, while the thread still has rows to read.
    await t.client.execute(
      `CREATE TRIGGER refuse_line BEFORE INSERT ON activity_lines WHEN NEW.reference = 'REFUSED'
       BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`,
    );
    try {
      const rows = Array.from(
        { length: 30_000 },
        (_, i) =>
          `2025-01-01,Bristol bakery,electricity,,${100 + i},kWh,,,${i === 7_000 ? 'REFUSED' : `R${i}`}`,
      );
      expect((await upload(t, cookie, csv(rows))).status).toBe(500);
    } finally {
      await t.client.execute('DROP TRIGGER refuse_line');
    }
    expect(await stored(user.companyId)).toEqual({ lines: 1, results: 5, imports: 1 });
    // The thread (import-thread.ts, kept for the server's life) stopped reading the failed upload and
    // kept none of its staged lines: the next import writes its own line only.
    expect((await upload(t, cookie, csv(ROWS.slice(1, 2)))).status).toBe(201);
    expect(await stored(user.companyId)).toMatchObject({ lines: 2, imports: 2 });
  });

  test('an import still being written is invisible to every reader until it completes', async () => {
    const { cookie, user } = await company();
    const response = await upload(t, cookie, csv(ROWS));
    const importId = response.json.importId;
    const metricsBefore = (await t.call('GET', '/api/metrics/summary?year=2025', { cookie })).json;
    // Put the import back in the state it has while its batches are written (decision 069).
    await t.db.update(activityImports).set({ importedCount: -1 }).where(eq(activityImports.id, importId));
    expect((await t.call('GET', '/api/activities', { cookie })).json).toMatchObject({ total: 0, items: [] });
    const hidden = (await t.call('GET', '/api/metrics/summary?year=2025', { cookie })).json;
    expect(hidden.carbon.total.value).toBe(0);
    expect(hidden.energy.total.value).toBe(0);
    await t.db.update(activityImports).set({ importedCount: 4 }).where(eq(activityImports.id, importId));
    expect((await t.call('GET', '/api/activities', { cookie })).json.total).toBe(4);
    const lines = await t.db
      .select({ id: activityLines.id })
      .from(activityLines)
      .where(
        and(
          eq(activityLines.companyKey, companyKeyOf(user.companyId)),
          eq(activityLines.importKey, importKeyOf(user.companyId, importId)),
        ),
      )
      .all();
    expect(lines).toHaveLength(4);
    expect((await t.call('GET', '/api/metrics/summary?year=2025', { cookie })).json.carbon.total).toEqual(
      metricsBefore.carbon.total,
    );
  });

  test('a second import waits for the first; one a crashed process left pending is cleared', async () => {
    const { cookie, user } = await company();
    const [site] = (await t.call('GET', '/api/sites', { cookie })).json;
    const pendingId = crypto.randomUUID();
    const pending = {
      id: pendingId,
      companyId: user.companyId,
      fileName: 'running.csv',
      fileSha256: 'f'.repeat(64),
      rowCount: 0,
      importedCount: -1,
      duplicateCount: 0,
      createdAt: new Date(),
    };
    await t.db.insert(activityImports).values(pending);
    const busy = await upload(t, cookie, csv(ROWS));
    expect(busy.status).toBe(409);
    expect(busy.json.message).toBe(
      'Another file is being imported for this company. Try again when it has finished.',
    );
    // The same import, abandoned an hour ago with a staged line: the next upload removes it.
    await t.db
      .update(activityImports)
      .set({ createdAt: new Date(Date.now() - 60 * 60 * 1000) })
      .where(eq(activityImports.id, pendingId));
    await t.db.insert(activityLines).values({
      companyKey: companyKeyOf(user.companyId),
      siteKey: siteKeyOf(user.companyId, site.id),
      date: '2025-01-01',
      category: 'diesel',
      quantity: 1,
      unit: 'litre',
      source: 'csv',
      importKey: importKeyOf(user.companyId, pendingId),
      dataQuality: 'measured',
      fingerprint: 'f'.repeat(32),
    });
    const response = await upload(t, cookie, csv(ROWS));
    expect(response.status).toBe(201);
    expect(await stored(user.companyId)).toMatchObject({ lines: 4, imports: 1 });
  });
});
