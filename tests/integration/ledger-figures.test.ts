import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { factorLibrary, factorRows, insertMissingFactors } from '../../db/reference/factors/seed.ts';
import { auditLogs } from '../../db/schema/audit.ts';
import { activityLines, emissionFactors, recalculations } from '../../db/schema/ledger.ts';
import { storedEntries } from '../../src/server/features/ledger/figures/stored-entries.ts';
import { addLine, addSite, makeViewer, storedResults } from '../helpers/ledger.ts';
import { createTestApp } from '../helpers/test-app.ts';

const t = await createTestApp();

/** A line's stored result: its entries, per-scope sums, datasets and when it was calculated. */
async function storedLine(id: string) {
  const row = await t.db
    .select({
      entries: activityLines.entries,
      datasets: activityLines.datasets,
      kgScope1: activityLines.kgScope1,
      kgScope2Location: activityLines.kgScope2Location,
      kgScope2Market: activityLines.kgScope2Market,
      kgScope3: activityLines.kgScope3,
      kgScope3Cat3: activityLines.kgScope3Cat3,
      calculatedAt: activityLines.calculatedAt,
    })
    .from(activityLines)
    .where(eq(activityLines.id, Number(id)))
    .get();
  return { ...row!, entries: storedEntries(row!.entries), datasets: JSON.parse(row!.datasets) as string[] };
}

describe('factor library', () => {
  test('is seeded with every library factor and the market-based pseudo-factors', async () => {
    const stored = await t.db.select({ id: emissionFactors.id }).from(emissionFactors).all();
    expect(stored.length).toBe(factorLibrary().factors.length + 2);
    const ids = new Set(stored.map((row) => row.id));
    for (const id of [
      'uk25-elec-grid',
      'uk24-elec-grid',
      'ember24-grid-fra',
      'market:supplier-specific',
      'market:contractual-instrument',
    ]) {
      expect(ids.has(id)).toBe(true);
    }
  });

  test('seeding again inserts new ids only and never rewrites a stored factor', async () => {
    await t.db
      .update(emissionFactors)
      .set({ kgCO2ePerUnit: 0.5 })
      .where(eq(emissionFactors.id, 'uk25-elec-grid'));
    await t.db.delete(emissionFactors).where(eq(emissionFactors.id, 'uk25-hotel-germany'));
    expect(await insertMissingFactors(t.db)).toBe(1);
    const grid = await t.db
      .select()
      .from(emissionFactors)
      .where(eq(emissionFactors.id, 'uk25-elec-grid'))
      .get();
    expect(grid!.kgCO2ePerUnit).toBe(0.5);
    expect(await insertMissingFactors(t.db)).toBe(0);
    await t.db
      .update(emissionFactors)
      .set({ kgCO2ePerUnit: 0.177 })
      .where(eq(emissionFactors.id, 'uk25-elec-grid'));
    expect(factorRows().find((row) => row.id === 'uk25-elec-grid')!.kgCO2ePerUnit).toBe(0.177);
  });

  test('migration 0020 cuts the GitHub carrier from stored source URLs and changes nothing else', async () => {
    const row = factorRows().find((r) => r.id === 'uk25-ng-kwh-gross')!;
    const carried =
      'https://www.gov.uk/government/publications/greenhouse-gas-reporting-conversion-factors-2025 ; read from repo Ariaryy/ibm-hackathon-aphelion@c0b66a0:ghg-conversion-factors-2025-flat-format.csv (8,740 rows)';
    await t.db.insert(emissionFactors).values({ ...row, id: 'test-carried', sourceUrl: carried });
    const sql = await Bun.file(
      new URL('../../db/migrations/0020_factor_library_sets.sql', import.meta.url),
    ).text();
    for (const statement of sql.split('--> statement-breakpoint')) await t.client.execute(statement);
    const after = await t.db
      .select()
      .from(emissionFactors)
      .where(eq(emissionFactors.id, 'test-carried'))
      .get();
    expect(after).toMatchObject({
      sourceUrl:
        'https://www.gov.uk/government/publications/greenhouse-gas-reporting-conversion-factors-2025',
      kgCO2ePerUnit: row.kgCO2ePerUnit,
      notes: row.notes,
    });
    await t.db.delete(emissionFactors).where(eq(emissionFactors.id, 'test-carried'));
  });

  test('a new dataset version changes no stored result', async () => {
    const { cookie, user } = await t.signUpCompany();
    const siteId = await addSite(t, cookie, 'Bristol');
    const line = await addLine(t, cookie, { siteId, category: 'electricity', quantity: 10000, unit: 'kWh' });
    const before = await storedLine(line.id);
    await t.db.insert(emissionFactors).values({
      ...factorRows().find((row) => row.id === 'uk25-elec-grid')!,
      id: 'uk25-elec-grid-revised',
      dataset: 'DESNZ 2025 (revised)',
      kgCO2ePerUnit: 0.2,
    });
    await insertMissingFactors(t.db);
    const after = await storedLine(line.id);
    expect(after).toEqual(before);
    expect(await storedResults(t, user.companyId)).toEqual(
      after.entries.map((entry) => ({ activityLineId: line.id, ...entry })),
    );
    expect(after.entries.find((r) => r.scope === 'scope_2_location')).toMatchObject({
      factorId: 'desnz25-7_400_4000_5_1',
      dataset: 'DESNZ 2025',
      kgCO2e: 1770,
    });
  });
});

describe('POST /api/emissions/recalculate', () => {
  test('recomputes the period with the current library and reports before and after per scope', async () => {
    const { cookie, user } = await t.signUpCompany();
    const siteId = await addSite(t, cookie, 'Bristol');
    const march = await addLine(t, cookie, {
      siteId,
      date: '2025-03-01',
      category: 'electricity',
      quantity: 10000,
      unit: 'kWh',
    });
    const july = await addLine(t, cookie, {
      siteId,
      date: '2025-07-01',
      category: 'diesel',
      quantity: 1000,
      unit: 'litre',
    });
    // Results stored under an older library: the grid figure was 2,000 kg then.
    const stale = await storedLine(march.id);
    const entries = stale.entries.map((entry) =>
      entry.scope === 'scope_2_location'
        ? { ...entry, kgCO2e: 2000, factorId: 'uk24-elec-grid', dataset: 'DESNZ 2024' }
        : entry,
    );
    await t.db
      .update(activityLines)
      .set({ kgScope2Location: 2000, entries: JSON.stringify(entries) })
      .where(eq(activityLines.id, march.id));
    const julyBefore = await storedLine(july.id);

    const response = await t.call('POST', '/api/emissions/recalculate', {
      cookie,
      body: { from: '2025-01-01', to: '2025-06-30' },
    });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ from: '2025-01-01', to: '2025-06-30', linesRecalculated: 1 });
    expect(response.json.before.scope_2_location).toBe(2000);
    expect(response.json.after.scope_2_location).toBe(1770);
    expect(response.json.after.scope_2_market).toBe(1770);
    expect(response.json.after.scope_3).toBeCloseTo(684, 6);
    expect(response.json.after.scope_1).toBe(0);

    const recalculated = await storedLine(march.id);
    expect(recalculated.entries.filter((entry) => entry.scope === 'scope_2_location')).toMatchObject([
      { kgCO2e: 1770, factorId: 'desnz25-7_400_4000_5_1', dataset: 'DESNZ 2025' },
    ]);
    expect(recalculated.entries).toHaveLength(5);
    expect(recalculated.kgScope2Location).toBe(1770);
    expect(recalculated.datasets).toEqual(['DESNZ 2025']);
    // Outside the period nothing moved.
    expect(await storedLine(july.id)).toEqual(julyBefore);

    const stored = await t.db
      .select()
      .from(recalculations)
      .where(eq(recalculations.id, response.json.id))
      .get();
    expect(stored).toMatchObject({
      companyId: user.companyId,
      periodStart: '2025-01-01',
      periodEnd: '2025-06-30',
      linesRecalculated: 1,
      createdBy: user.id,
    });
    expect(JSON.parse(stored!.before)).toEqual(response.json.before);
    expect(JSON.parse(stored!.after)).toEqual(response.json.after);
    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.entityId, response.json.id)).all();
    expect(audit).toMatchObject([{ action: 'emissions_recalculated', entityType: 'recalculation' }]);
  });

  test('refuses a period that ends before it starts, or malformed dates, and writes nothing', async () => {
    const { cookie, user } = await t.signUpCompany();
    const backwards = await t.call('POST', '/api/emissions/recalculate', {
      cookie,
      body: { from: '2025-12-31', to: '2025-01-01' },
    });
    expect(backwards.status).toBe(400);
    expect(backwards.json.details.fieldErrors.to).toEqual(['The period must end on or after its start']);
    const malformed = await t.call('POST', '/api/emissions/recalculate', {
      cookie,
      body: { from: '2025', to: 'soon' },
    });
    expect(malformed.status).toBe(400);
    expect(
      await t.db.select().from(recalculations).where(eq(recalculations.companyId, user.companyId)).all(),
    ).toEqual([]);
  });

  test("recalculates only the caller's company", async () => {
    const a = await t.signUpCompany();
    const b = await t.signUpCompany();
    const siteA = await addSite(t, a.cookie, 'A');
    const line = await addLine(t, a.cookie, {
      siteId: siteA,
      category: 'diesel',
      quantity: 10,
      unit: 'litre',
    });
    const before = await storedLine(line.id);
    const response = await t.call('POST', '/api/emissions/recalculate', {
      cookie: b.cookie,
      body: { from: '2025-01-01', to: '2025-12-31' },
    });
    expect(response.json).toMatchObject({
      linesRecalculated: 0,
      before: { scope_1: 0 },
      after: { scope_1: 0 },
    });
    expect(await storedLine(line.id)).toEqual(before);
  });

  test('a viewer may not recalculate', async () => {
    const admin = await t.signUpCompany();
    const viewer = await makeViewer(t, admin.user.companyId);
    const response = await t.call('POST', '/api/emissions/recalculate', {
      cookie: viewer,
      body: { from: '2025-01-01', to: '2025-12-31' },
    });
    expect(response.status).toBe(403);
  });
});
