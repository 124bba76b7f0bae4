// Reference data is a deploy/start concern (decision 083): no request writes the factor library's
// rows or the offset catalogue. Requests compute from the bundled library whatever the tables
// hold; a request whose answer needs rows a deploy never loaded is refused with the reason and the
// step to take (never an empty list or an uncited figure); and `reference-data.sql`, the Worker's
// step, loads the same rows as the Bun start, idempotently.
import { describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { createLibsqlDb } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { factorRows } from '../../db/reference/factors/seed.ts';
import { bundledProjects } from '../../db/reference/marketplace/seed.ts';
import { referenceDataSql, seedReferenceData } from '../../db/reference/seed.ts';
import { reports } from '../../db/schema/export-reports.ts';
import { emissionFactors } from '../../db/schema/ledger.ts';
import { offsetProjects } from '../../db/schema/marketplace.ts';
import type { ReportSnapshot } from '../../src/domain/reports/snapshot.ts';
import { addLine, addSite, upload } from '../helpers/ledger.ts';
import { createTestApp } from '../helpers/test-app.ts';

const t = await createTestApp();

const factorCount = async () => (await t.db.select({ n: count() }).from(emissionFactors).get())!.n;

/** The database as a deploy that skipped its reference-data step leaves it. */
async function withoutReferenceData() {
  await t.db.delete(emissionFactors);
  await t.db.delete(offsetProjects);
}

const generate = (cookie: string) =>
  t.call('POST', '/api/reports/generate', {
    cookie,
    body: { format: 'csv', framework: 'gri', period: '2025' },
  });

describe('a database without its reference data', () => {
  test('lines, imports and recalculation compute from the bundled library and write no factor row', async () => {
    const { cookie } = await t.signUpCompany();
    const siteId = await addSite(t, cookie, 'Bristol bakery');
    await withoutReferenceData();

    const line = await addLine(t, cookie, { siteId, category: 'electricity', quantity: 10000, unit: 'kWh' });
    // DESNZ 2025 UK grid: 10,000 kWh × 0.177 kg/kWh = 1,770 kg (location-based).
    expect(line.results.find((r: { scope: string }) => r.scope === 'scope_2_location')).toMatchObject({
      dataset: 'DESNZ 2025',
      kgCO2e: 1770,
    });
    const csv = 'date,site,category,quantity,unit\n2025-02-14,Bristol bakery,diesel,1000,litres\n';
    const imported = await upload(t, cookie, csv);
    expect(imported.status).toBe(201);
    expect(imported.json).toMatchObject({ imported: 1 });
    const recalculated = await t.call('POST', '/api/emissions/recalculate', {
      cookie,
      body: { from: '2025-01-01', to: '2025-12-31' },
    });
    expect(recalculated.status).toBe(200);
    expect(recalculated.json.after.scope_2_location).toBeCloseTo(1770, 6);

    expect(await factorCount()).toBe(0);
    await seedReferenceData(t.db);
  });

  test('a report without the factor library is refused with the step to take, and cites its sources once the data is loaded', async () => {
    const { cookie } = await t.signUpCompany();
    const siteId = await addSite(t, cookie, 'Leeds office');
    await addLine(t, cookie, { siteId, category: 'electricity', quantity: 10000, unit: 'kWh' });
    await t.db.delete(emissionFactors);

    const refused = await generate(cookie);
    expect(refused.status).toBe(503);
    expect(refused.json.code).toBe('reference_data_missing');
    expect(refused.json.message).toContain('The emission factor library is not loaded in this database');
    expect(refused.json.message).toContain('reference-data.sql');

    await seedReferenceData(t.db);
    const requested = await generate(cookie);
    expect(requested.status).toBe(202);
    const row = await t.db
      .select({ snapshot: reports.snapshot })
      .from(reports)
      .where(eq(reports.id, requested.json.id))
      .get();
    const snapshot = JSON.parse(row!.snapshot) as ReportSnapshot;
    expect(snapshot.factors).toEqual([
      {
        dataset: 'DESNZ 2025',
        source: 'UK DESNZ, Greenhouse gas reporting: conversion factors 2025 (v1.0, flat file, 10 June 2025)',
        sourceUrl:
          'https://www.gov.uk/government/publications/greenhouse-gas-reporting-conversion-factors-2025',
        gwpBasis: 'AR5',
        results: 5,
      },
    ]);
  });

  test('the marketplace refuses with the step to take instead of showing an empty catalogue', async () => {
    const { cookie } = await t.signUpCompany();
    await withoutReferenceData();
    for (const path of [
      '/api/carbon-offsets/projects',
      '/api/carbon-offsets/stats',
      '/api/carbon-offsets/calculate',
    ]) {
      const reply = await t.call('GET', path, { cookie });
      expect(reply.status).toBe(503);
      expect(reply.json).toMatchObject({ code: 'reference_data_missing' });
      expect(reply.json.message).toContain('The offset catalogue is not loaded');
    }

    await seedReferenceData(t.db);
    const projects = await t.call('GET', '/api/carbon-offsets/projects', { cookie });
    expect(projects.status).toBe(200);
    expect(projects.json).toHaveLength(bundledProjects().length);
    const bought = await t.call('POST', '/api/carbon-offsets/purchase', {
      cookie,
      body: { projectId: projects.json[0].id, quantity: 1 },
    });
    expect(bought.status).toBe(201);
  });
});

describe('reference-data.sql (the Worker deploy step)', () => {
  test('loads every factor row and bundled project, and applying it again changes nothing', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'esg-reference-sql-'));
    const url = `file:${join(folder, 'fresh.db')}`;
    const { db, client } = createLibsqlDb({ url });
    try {
      await migrateDatabase(db, client, url);
      const sql = referenceDataSql(db, new Date('2026-11-26T00:00:00Z'));
      await client.executeMultiple(sql);
      const factors = await db.select({ id: emissionFactors.id }).from(emissionFactors).all();
      expect(factors.map((row) => row.id).sort()).toEqual(
        factorRows()
          .map((row) => row.id)
          .sort(),
      );
      const projects = await db.select({ id: offsetProjects.id }).from(offsetProjects).all();
      expect(projects).toHaveLength(bundledProjects().length);

      // Stock sold and a factor as stored stay as they are: the file only adds missing ids.
      const [project] = projects;
      await db.update(offsetProjects).set({ availableCredits: 7 }).where(eq(offsetProjects.id, project!.id));
      await db
        .update(emissionFactors)
        .set({ kgCO2ePerUnit: 0.5 })
        .where(eq(emissionFactors.id, 'uk25-elec-grid'));
      await db.delete(emissionFactors).where(eq(emissionFactors.id, 'uk25-hotel-germany'));
      await client.executeMultiple(sql);
      expect((await db.select({ n: count() }).from(emissionFactors).get())!.n).toBe(factors.length);
      const stock = await db.select().from(offsetProjects).where(eq(offsetProjects.id, project!.id)).get();
      expect(stock!.availableCredits).toBe(7);
      const grid = await db
        .select()
        .from(emissionFactors)
        .where(eq(emissionFactors.id, 'uk25-elec-grid'))
        .get();
      expect(grid!.kgCO2ePerUnit).toBe(0.5);
    } finally {
      client.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
