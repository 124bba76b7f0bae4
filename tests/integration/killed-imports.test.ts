// Leftovers of a killed import (issue 19 item 7, decision 042): a pending import whose owner went
// silent past the lease is not counted anywhere, is removed at process start and before the next
// import, and never blocks it; a live import of another process is left alone. The clock is the
// app's own (injected), so "two minutes of silence" takes no time.
import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { activityImports, activityLines } from '../../db/schema/ledger.ts';
import {
  discardAbandonedImports,
  IMPORT_LEASE_MS,
  processInstance,
} from '../../src/server/features/ledger/import/import-store.ts';
import {
  companyKeyOf,
  importKeyOf,
  lineImportId,
  siteKeyOf,
} from '../../src/server/features/ledger/lines/ledger-keys.ts';
import { enqueueRecurringJobs } from '../../src/server/jobs/recurring.ts';
import { companyWithSites, IMPORT_ROWS, importCsv, storedCounts, upload } from '../helpers/ledger.ts';
import { createTestApp } from '../helpers/test-app.ts';

let clock = new Date('2026-03-02T10:00:00Z');
const t = await createTestApp({ now: () => clock });

/** What a process killed mid-import leaves: the pending row (another instance, its last heartbeat) and staged lines. */
async function leftImport(companyId: string, siteId: string, dataSourceId: string, heartbeatAgoMs: number) {
  const id = crypto.randomUUID();
  const heartbeatAt = new Date(clock.getTime() - heartbeatAgoMs);
  await t.db.insert(activityImports).values({
    id,
    companyId,
    dataSourceId,
    fileName: 'killed.csv',
    fileSha256: 'e'.repeat(64),
    rowCount: 0,
    importedCount: -1,
    duplicateCount: 0,
    createdAt: heartbeatAt,
    ownerInstance: `other-process-${crypto.randomUUID()}`,
    heartbeatAt,
  });
  for (const n of [1, 2, 3]) {
    await t.db.insert(activityLines).values({
      companyKey: companyKeyOf(companyId),
      siteKey: siteKeyOf(companyId, siteId),
      dataSourceId,
      date: `2025-01-0${n}`,
      category: 'diesel',
      quantity: 1000,
      unit: 'litre',
      source: 'csv',
      importKey: importKeyOf(companyId, id),
      dataQuality: 'measured',
      fingerprint: `${id.replaceAll('-', '').slice(0, 24)}${String(n).padStart(8, '0')}`,
      kgScope1: 2500,
    });
  }
  return id;
}

async function setUp() {
  const owner = await companyWithSites(t);
  const [site] = (await t.call('GET', '/api/sites', { cookie: owner.cookie })).json;
  const source = await t.call('POST', '/api/data-sources', {
    cookie: owner.cookie,
    body: { type: 'csv', name: 'Fuel cards' },
  });
  return { ...owner, siteId: site.id as string, sourceId: source.json.id as string };
}

describe('killed imports', () => {
  test('a pending import is counted nowhere: Data Sources, the GDPR export and the KPI', async () => {
    const { cookie, user, siteId, sourceId } = await setUp();
    await leftImport(user.companyId, siteId, sourceId, 2 * IMPORT_LEASE_MS);

    const [source] = (await t.call('GET', '/api/data-sources', { cookie })).json;
    expect(source.lineCount).toBe(0);
    const exported = (await t.call('GET', '/api/gdpr/export-data', { cookie })).json;
    expect(exported.authoredCounts.activityLines).toBe(0);
    expect(exported.files.csvImports).toEqual([]);
    const metrics = (await t.call('GET', '/api/metrics/summary?year=2025', { cookie })).json;
    expect(metrics.carbon.scope1.value).toBe(0);
  });

  test('one left by a dead process is removed before the next import, which it does not block', async () => {
    const { cookie, user, siteId, sourceId } = await setUp();
    await leftImport(user.companyId, siteId, sourceId, IMPORT_LEASE_MS + 1);

    const response = await upload(t, cookie, importCsv(IMPORT_ROWS.slice(0, 2)), { dataSourceId: sourceId });
    expect(response.status).toBe(201);
    expect(await storedCounts(t, user.companyId)).toMatchObject({ lines: 2, imports: 1 });
    const [source] = (await t.call('GET', '/api/data-sources', { cookie })).json;
    expect(source.lineCount).toBe(2);
  });

  test('a live import of another process (fresh heartbeat) blocks the next one and is not removed', async () => {
    const { cookie, user, siteId, sourceId } = await setUp();
    const live = await leftImport(user.companyId, siteId, sourceId, IMPORT_LEASE_MS - 1000);

    const busy = await upload(t, cookie, importCsv(IMPORT_ROWS.slice(0, 2)));
    expect(busy.status).toBe(409);
    await discardAbandonedImports(t.db, clock);
    expect(await storedCounts(t, user.companyId)).toMatchObject({ lines: 3, imports: 1 });

    // Its process dies: once the lease passes with no heartbeat, the next upload goes through.
    clock = new Date(clock.getTime() + 2000);
    const after = await upload(t, cookie, importCsv(IMPORT_ROWS.slice(0, 2)));
    expect(after.status).toBe(201);
    const left = await t.db.select().from(activityImports).where(eq(activityImports.id, live));
    expect(left).toEqual([]);
  });

  test('at process start every company’s abandoned imports go, with their lines; fresh ones stay', async () => {
    const a = await setUp();
    const b = await setUp();
    const dead = await leftImport(a.user.companyId, a.siteId, a.sourceId, 10 * IMPORT_LEASE_MS);
    const alsoDead = await leftImport(b.user.companyId, b.siteId, b.sourceId, IMPORT_LEASE_MS + 1);
    const alive = await leftImport(b.user.companyId, b.siteId, b.sourceId, 0);

    expect(await discardAbandonedImports(t.db, clock)).toBeGreaterThanOrEqual(2);
    const importIds = (await t.db.select({ id: activityImports.id }).from(activityImports)).map(
      (row) => row.id,
    );
    expect(importIds).not.toContain(dead);
    expect(importIds).not.toContain(alsoDead);
    expect(importIds).toContain(alive);
    const staged = await t.db
      .select({ importId: lineImportId })
      .from(activityLines)
      .where(eq(activityLines.companyKey, companyKeyOf(b.user.companyId)));
    expect(staged.map((line) => line.importId)).toEqual([alive, alive, alive]);
  });

  test('the recurring job removes abandoned imports without a restart or a next import; a live one stays', async () => {
    const { user, siteId, sourceId } = await setUp();
    const dead = await leftImport(user.companyId, siteId, sourceId, IMPORT_LEASE_MS + 1);
    const alive = await leftImport(user.companyId, siteId, sourceId, 0);

    // What the Worker's cron and every Bun runner do each minute: enqueue the period's jobs, run them.
    await enqueueRecurringJobs(t.db, clock);
    expect(await t.runJobs()).toBeGreaterThanOrEqual(1);
    const importIds = (
      await t.db
        .select({ id: activityImports.id })
        .from(activityImports)
        .where(eq(activityImports.companyId, user.companyId))
    ).map((row) => row.id);
    expect(importIds).toEqual([alive]);
    const staged = await t.db
      .select({ importId: lineImportId })
      .from(activityLines)
      .where(eq(activityLines.companyKey, companyKeyOf(user.companyId)));
    expect(staged.map((line) => line.importId)).toEqual([alive, alive, alive]);
    expect(importIds).not.toContain(dead);
  });

  test('an import records this process as its owner while pending and clears it when complete', async () => {
    const { cookie, user } = await setUp();
    const response = await upload(t, cookie, importCsv(IMPORT_ROWS.slice(0, 1)));
    expect(response.status).toBe(201);
    const [row] = await t.db
      .select({ owner: activityImports.ownerInstance, heartbeat: activityImports.heartbeatAt })
      .from(activityImports)
      .where(eq(activityImports.companyId, user.companyId));
    expect(row).toEqual({ owner: null, heartbeat: null });
    expect(processInstance()).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('import file names', () => {
  test('are stored without their path and without C0 or C1 control characters, as receipts and evidence', async () => {
    const { cookie, user } = await setUp();
    const response = await upload(t, cookie, importCsv(IMPORT_ROWS.slice(0, 1)), {
      fileName: 'C:\\exports\\bills\u0000\u001b\u0085\u009f.csv',
    });
    expect(response.status).toBe(201);
    const [row] = await t.db
      .select({ fileName: activityImports.fileName })
      .from(activityImports)
      .where(eq(activityImports.companyId, user.companyId));
    expect(row?.fileName).toBe('bills.csv');
  });
});
