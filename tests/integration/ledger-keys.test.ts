// The ledger holds its company, site and import by integer keys (decision 088): each gets its own
// key, and a line is reached only through its own company's key — another company's key, site or
// import, given by id, reaches none of its lines.
import { describe, expect, test } from 'bun:test';
import { and, count, eq, isNull, type SQL } from 'drizzle-orm';
import { companies } from '../../db/schema/auth.ts';
import { nextLedgerKey } from '../../db/schema/columns.ts';
import { activityImports, activityLines, sites } from '../../db/schema/ledger.ts';
import {
  companyKeyOf,
  importKeyOf,
  lineImportId,
  lineSiteId,
  siteKeyOf,
} from '../../src/server/features/ledger/lines/ledger-keys.ts';
import { addLine, companyWithSites, IMPORT_ROWS, importCsv, upload } from '../helpers/ledger.ts';
import { createTestApp } from '../helpers/test-app.ts';

const t = await createTestApp();

/** A company with two sites, one hand-entered line and one import of four lines. */
async function companyWithLedger() {
  const owner = await companyWithSites(t);
  const [site] = (await t.call('GET', '/api/sites', { cookie: owner.cookie })).json;
  const line = await addLine(t, owner.cookie, {
    siteId: site.id,
    category: 'electricity',
    quantity: 100,
    unit: 'kWh',
  });
  const imported = await upload(t, owner.cookie, importCsv(IMPORT_ROWS));
  expect(imported.status).toBe(201);
  return {
    ...owner,
    siteId: site.id as string,
    lineId: line.id as string,
    importId: imported.json.importId as string,
  };
}

const linesWhere = async (condition: SQL | undefined) =>
  (await t.db.select({ n: count() }).from(activityLines).where(condition).get())!.n;

describe('ledger keys', () => {
  test('every company, site and import gets its own key; a line stores them and reads back the ids', async () => {
    const a = await companyWithLedger();
    const b = await companyWithLedger();
    const keys = await t.db.select({ key: companies.ledgerKey }).from(companies);
    expect(new Set(keys.map((row) => row.key)).size).toBe(keys.length);
    expect(keys.every((row) => Number.isInteger(row.key) && row.key > 0)).toBe(true);

    const read = await t.db
      .select({ siteId: lineSiteId, importId: lineImportId, companyKey: activityLines.companyKey })
      .from(activityLines)
      .where(eq(activityLines.companyKey, companyKeyOf(a.user.companyId)));
    expect(read).toHaveLength(5);
    expect(read.filter((row) => row.importId === a.importId)).toHaveLength(4);
    expect(read.filter((row) => row.importId === null).map((row) => row.siteId)).toEqual([a.siteId]);
    const [aKey, bKey] = await Promise.all(
      [a, b].map(
        async (owner) =>
          (await t.db
            .select({ key: companies.ledgerKey })
            .from(companies)
            .where(eq(companies.id, owner.user.companyId))
            .get())!.key,
      ),
    );
    expect(aKey).not.toBe(bKey);
    expect(read.every((row) => row.companyKey === aKey)).toBe(true);
  });

  test("a second company's lines are never reached through the first's key, site or import", async () => {
    const a = await companyWithLedger();
    const b = await companyWithLedger();
    const aCompany = a.user.companyId;
    // B's lines exist, and A's key reaches none of them.
    expect(await linesWhere(eq(activityLines.companyKey, companyKeyOf(b.user.companyId)))).toBe(5);
    expect(
      await linesWhere(
        and(
          eq(activityLines.companyKey, companyKeyOf(aCompany)),
          eq(activityLines.importKey, importKeyOf(aCompany, b.importId)),
        ),
      ),
    ).toBe(0);
    // B's site and import, named with A's company, have no key: they match no line at all.
    expect(await linesWhere(eq(activityLines.siteKey, siteKeyOf(aCompany, b.siteId)))).toBe(0);
    expect(await linesWhere(eq(activityLines.importKey, importKeyOf(aCompany, b.importId)))).toBe(0);
    expect(await linesWhere(eq(activityLines.importKey, importKeyOf(b.user.companyId, b.importId)))).toBe(4);

    // Through the API, as A: B's site filter lists nothing, B's line is a 404, B's import not counted is empty.
    const bySite = await t.call('GET', `/api/activities?siteId=${b.siteId}`, { cookie: a.cookie });
    expect(bySite.status).toBe(200);
    expect(bySite.json.total).toBe(0);
    expect((await t.call('GET', `/api/activities/${b.lineId}`, { cookie: a.cookie })).status).toBe(404);
    expect((await t.call('DELETE', `/api/activities/${b.lineId}`, { cookie: a.cookie })).status).toBe(404);
    const all = await t.call('GET', '/api/activities?pageSize=100', { cookie: a.cookie });
    expect(all.json.total).toBe(5);
    expect(all.json.items.map((line: { id: string }) => line.id)).not.toContain(b.lineId);
    // B's ledger is untouched.
    expect(await linesWhere(eq(activityLines.companyKey, companyKeyOf(b.user.companyId)))).toBe(5);
  });

  test('rows added in one statement each take their own key; one without its offset fails, never shares', async () => {
    const { user } = await t.signUpCompany();
    const now = new Date();
    const site = (name: string, n?: number) => ({
      ...(n === undefined ? {} : { ledgerKey: nextLedgerKey('sites', n) }),
      companyId: user.companyId,
      name,
      country: 'GB',
      createdAt: now,
      updatedAt: now,
    });
    const added = await t.db
      .insert(sites)
      .values([site('One', 1), site('Two', 2), site('Three', 3)])
      .returning({ key: sites.ledgerKey });
    expect(new Set(added.map((row) => row.key)).size).toBe(3);
    const refused = await t.db
      .insert(sites)
      .values([site('Four'), site('Five')])
      .then(
        () => null,
        (error: { cause?: unknown }) => error,
      );
    expect(String(refused?.cause)).toMatch(/UNIQUE constraint failed: sites.ledger_key/);
    const names = await t.db
      .select({ name: sites.name })
      .from(sites)
      .where(eq(sites.companyId, user.companyId));
    expect(names.map((row) => row.name).sort()).toEqual(['One', 'Three', 'Two']);
  });

  test('deleting a company removes its lines through the key; deleting an import keeps its lines, unlinked', async () => {
    const a = await companyWithLedger();
    const b = await companyWithLedger();
    await t.db.delete(activityImports).where(eq(activityImports.id, a.importId));
    expect(await linesWhere(eq(activityLines.companyKey, companyKeyOf(a.user.companyId)))).toBe(5);
    expect(
      await linesWhere(
        and(eq(activityLines.companyKey, companyKeyOf(a.user.companyId)), isNull(activityLines.importKey)),
      ),
    ).toBe(5);
    const keyOfA = (await t.db
      .select({ key: companies.ledgerKey })
      .from(companies)
      .where(eq(companies.id, a.user.companyId))
      .get())!.key;
    await t.db.delete(companies).where(eq(companies.id, a.user.companyId));
    expect(await linesWhere(eq(activityLines.companyKey, keyOfA))).toBe(0);
    expect(await linesWhere(eq(activityLines.companyKey, companyKeyOf(b.user.companyId)))).toBe(5);
  });
});
