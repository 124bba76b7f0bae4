import { describe, expect, test } from 'bun:test';
import { count, eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit.ts';
import { activityLines } from '../../db/schema/ledger.ts';
import { companyKeyOf } from '../../src/server/features/ledger/lines/ledger-keys.ts';
import { addLine, addSite, makeViewer, storedEntryCount } from '../helpers/ledger.ts';
import { createTestApp } from '../helpers/test-app.ts';

const t = await createTestApp();

const lineCount = async (companyId: string) =>
  (await t.db
    .select({ n: count() })
    .from(activityLines)
    .where(eq(activityLines.companyKey, companyKeyOf(companyId)))
    .get())!.n;
const resultCount = async (companyId: string) =>
  (await t.db
    .select({ n: storedEntryCount })
    .from(activityLines)
    .where(eq(activityLines.companyKey, companyKeyOf(companyId)))
    .get())!.n;

const byScope = (line: { results: { scope: string; kgCO2e: number }[] }) =>
  Object.fromEntries(line.results.map((r) => [r.scope, Math.round(r.kgCO2e * 100) / 100]));

describe('manual ledger lines', () => {
  test('stores a line with its results, each naming its factor and dataset, and an audit row', async () => {
    const { cookie, user } = await t.signUpCompany();
    const siteId = await addSite(t, cookie, 'Bristol bakery');
    const response = await t.call('POST', '/api/activities', {
      cookie,
      body: {
        siteId,
        date: '2025-03-01',
        periodEnd: '2025-03-31',
        category: 'electricity',
        quantity: 10000,
        unit: 'kwh',
      },
    });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({
      siteId,
      siteName: 'Bristol bakery',
      category: 'electricity',
      quantity: 10000,
      unit: 'kWh',
      source: 'manual',
      dataQuality: 'measured',
    });
    // emission-factors.md §3 example 1: DESNZ 2025 UK grid 0.177 → 1,770 kg; T&D and WTT are scope 3 cat 3.
    expect(
      response.json.results.map((r: { scope: string; factorId: string }) => [r.scope, r.factorId]),
    ).toEqual([
      ['scope_2_location', 'desnz25-7_400_4000_5_1'],
      ['scope_2_market', 'desnz25-7_400_4000_5_1'],
      ['scope_3', 'desnz25-13_402_4000_5_1'],
      ['scope_3', 'desnz25-15_917_4000_5_1'],
      ['scope_3', 'desnz25-15_918_4000_5_1'],
    ]);
    expect(response.json.results[0]).toMatchObject({
      kgCO2e: 1770,
      dataset: 'DESNZ 2025',
      activityUnit: 'kWh',
      scope3Category: null,
    });
    expect(response.json.results[1].flags).toEqual(['market_based_uses_location_factor']);
    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.entityId, response.json.id)).all();
    expect(audit).toMatchObject([
      { action: 'activity_created', userId: user.id, entityType: 'activity_line' },
    ]);
  });

  test('uses the site country and the line year to choose factors', async () => {
    const { cookie } = await t.signUpCompany();
    const lyon = await addSite(t, cookie, 'Lyon shop', 'FR');
    const bristol = await addSite(t, cookie, 'Bristol', 'GB');
    const france = await addLine(t, cookie, {
      siteId: lyon,
      category: 'electricity',
      quantity: 10000,
      unit: 'kWh',
    });
    expect(byScope(france).scope_2_location).toBe(441.8); // Ember 2024 France, md §3 example 12
    const y2024 = await addLine(t, cookie, {
      siteId: bristol,
      date: '2024-06-01',
      category: 'electricity',
      quantity: 10000,
      unit: 'kWh',
    });
    expect(byScope(y2024).scope_2_location).toBe(2070.5); // DESNZ 2024, md §3 example 1b
    const renewable = await addLine(t, cookie, {
      siteId: bristol,
      date: '2025-04-01',
      category: 'electricity',
      quantity: 10000,
      unit: 'kWh',
      instrument: 'renewable_tariff',
    });
    expect(byScope(renewable)).toMatchObject({ scope_2_location: 1770, scope_2_market: 0 });
    expect(renewable.instrument).toBe('renewable_tariff');
  });

  test('the same line twice is refused: 409 and nothing more stored', async () => {
    const { cookie, user } = await t.signUpCompany();
    const siteId = await addSite(t, cookie, 'Depot');
    const line = {
      siteId,
      date: '2025-01-14',
      category: 'diesel',
      quantity: 1000,
      unit: 'litre',
      reference: 'INV-1',
    };
    await addLine(t, cookie, line);
    const again = await t.call('POST', '/api/activities', { cookie, body: { ...line, unit: 'litres' } });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('This line is already in the ledger');
    expect(await lineCount(user.companyId)).toBe(1);
    expect(await resultCount(user.companyId)).toBe(3);
  });

  test.each([
    [
      { category: 'electricity', quantity: 5, unit: 'litre' },
      'unit',
      'electricity is measured in energy (kWh, MWh, GJ, therm or mmBtu)',
    ],
    [{ category: 'electricity', quantity: 5, unit: 'bananas' }, 'unit', '"bananas" is not a unit we know'],
    [
      { category: 'flight', variant: 'rocket', quantity: 5, unit: 'passenger_km' },
      'variant',
      'Unknown flight variant "rocket"',
    ],
    [
      { category: 'diesel', date: '2025-02-30', quantity: 5, unit: 'litre' },
      'date',
      '2025-02-30 is not a real date',
    ],
    [{ category: 'diesel', quantity: -5, unit: 'litre' }, 'quantity', 'Quantity cannot be negative'],
    [{ category: 'diesel' }, 'quantity', 'Give a quantity with its unit, or a spend with its currency'],
    [
      { category: 'purchased_goods', variant: '541611', quantity: 5, unit: 'kg' },
      'quantity',
      'recorded by spend',
    ],
    [{ category: 'teleportation', quantity: 5, unit: 'kWh' }, 'category', ''],
  ])('refuses %o with a message on %s and stores nothing', async (line, field, message) => {
    const { cookie, user } = await t.signUpCompany();
    const siteId = await addSite(t, cookie, 'Depot');
    const response = await t.call('POST', '/api/activities', {
      cookie,
      body: { siteId, date: '2025-03-01', ...line },
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.json.details.fieldErrors)).toContain(field);
    expect(response.json.message).toContain(message);
    expect(await lineCount(user.companyId)).toBe(0);
    expect(await resultCount(user.companyId)).toBe(0);
  });

  test('a spend in a currency no ECB rate covers is a 400 listing the accepted currencies', async () => {
    const { cookie, user } = await t.signUpCompany();
    const siteId = await addSite(t, cookie, 'Bakery');
    const response = await t.call('POST', '/api/activities', {
      cookie,
      body: {
        siteId,
        date: '2025-03-01',
        category: 'purchased_goods',
        variant: 'packaging',
        spend: 100,
        currency: 'ngn',
      },
    });
    expect(response.status).toBe(400);
    expect(response.json.details.fieldErrors.currency[0]).toContain('We have no exchange rate for NGN');
    expect(response.json.message).toContain('GBP');
    expect(response.json.message).toContain('JPY');
    expect(await lineCount(user.companyId)).toBe(0);
  });

  test('a spend category at a UK site is counted with its Defra SIC multiplier', async () => {
    const { cookie } = await t.signUpCompany();
    const siteId = await addSite(t, cookie, 'Bakery', 'GB');
    // £1,000 of packaging in 2025 × 0.80499733889321 kg/£ (Defra SIC 17) = 804.997 kg, not deflated.
    const line = await addLine(t, cookie, {
      siteId,
      category: 'purchased_goods',
      variant: 'packaging',
      spend: 1000,
      currency: 'GBP',
    });
    expect(line.results).toMatchObject([{ factorId: 'defrasic22-17', scope: 'scope_3', scope3Category: 1 }]);
    expect(line.results[0].kgCO2e).toBeCloseTo(804.99733889, 6);
    expect(line.results[0].flags).toContain('spend_not_deflated');
  });

  test('lists lines newest first with site names and results, filtered and paged', async () => {
    const { cookie } = await t.signUpCompany();
    const bristol = await addSite(t, cookie, 'Bristol');
    const lyon = await addSite(t, cookie, 'Lyon', 'FR');
    for (const [date, siteId, category] of [
      ['2025-01-10', bristol, 'natural_gas'],
      ['2025-02-10', lyon, 'electricity'],
      ['2025-03-10', bristol, 'electricity'],
      ['2024-12-10', bristol, 'electricity'],
    ] as const) {
      await addLine(t, cookie, { siteId, date, category, quantity: 100, unit: 'kWh' });
    }
    const all = await t.call('GET', '/api/activities', { cookie });
    expect(all.json.total).toBe(4);
    expect(all.json.items.map((line: { date: string }) => line.date)).toEqual([
      '2025-03-10',
      '2025-02-10',
      '2025-01-10',
      '2024-12-10',
    ]);
    expect(all.json.items[1]).toMatchObject({
      siteName: 'Lyon',
      results: [{ scope: 'scope_2_location' }, { scope: 'scope_2_market' }],
    });
    const filtered = await t.call(
      'GET',
      `/api/activities?from=2025-01-01&to=2025-12-31&siteId=${bristol}&category=electricity`,
      { cookie },
    );
    expect(filtered.json.items.map((line: { date: string }) => line.date)).toEqual(['2025-03-10']);
    const page2 = await t.call('GET', '/api/activities?page=2&pageSize=3', { cookie });
    expect(page2.json).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(page2.json.items.map((line: { date: string }) => line.date)).toEqual(['2024-12-10']);
    expect((await t.call('GET', '/api/activities?pageSize=500', { cookie })).status).toBe(400);
  });

  test('an edit recalculates the line and replaces its results', async () => {
    const { cookie, user } = await t.signUpCompany();
    const siteId = await addSite(t, cookie, 'Depot');
    const line = await addLine(t, cookie, { siteId, category: 'diesel', quantity: 500, unit: 'litre' });
    const edited = await t.call('PUT', `/api/activities/${line.id}`, { cookie, body: { quantity: 1000 } });
    expect(edited.status).toBe(200);
    // md §3 example 3: 1,000 L forecourt diesel = 2,570.82 kg scope 1, WTT 611.01, biogenic memo 140.
    expect(byScope(edited.json)).toEqual({ scope_1: 2570.82, scope_3: 611.01, outside_scopes: 140 });
    expect(await resultCount(user.companyId)).toBe(3);
    const bad = await t.call('PUT', `/api/activities/${line.id}`, {
      cookie,
      body: { unit: 'kWh', category: 'water' },
    });
    expect(bad.status).toBe(400);
    const audit = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.entityId, line.id))
      .all();
    expect(audit.map((row) => row.action)).toEqual(['activity_created', 'activity_updated']);
  });

  test('an edit that makes a line identical to another is refused with 409', async () => {
    const { cookie } = await t.signUpCompany();
    const siteId = await addSite(t, cookie, 'Depot');
    await addLine(t, cookie, { siteId, category: 'diesel', quantity: 100, unit: 'litre' });
    const second = await addLine(t, cookie, { siteId, category: 'diesel', quantity: 200, unit: 'litre' });
    const response = await t.call('PUT', `/api/activities/${second.id}`, { cookie, body: { quantity: 100 } });
    expect(response.status).toBe(409);
    expect(response.json.message).toBe('This line is already in the ledger');
  });

  test('deletes a line with its results', async () => {
    const { cookie, user } = await t.signUpCompany();
    const siteId = await addSite(t, cookie, 'Depot');
    const line = await addLine(t, cookie, { siteId, category: 'diesel', quantity: 100, unit: 'litre' });
    expect((await t.call('DELETE', `/api/activities/${line.id}`, { cookie })).status).toBe(204);
    expect(await lineCount(user.companyId)).toBe(0);
    expect(await resultCount(user.companyId)).toBe(0);
    expect((await t.call('DELETE', `/api/activities/${line.id}`, { cookie })).status).toBe(404);
  });

  test("company B never sees A's lines and gets 404 on A's ids, exactly like missing ones", async () => {
    const a = await t.signUpCompany();
    const b = await t.signUpCompany();
    const siteA = await addSite(t, a.cookie, 'A site');
    const line = await addLine(t, a.cookie, {
      siteId: siteA,
      category: 'diesel',
      quantity: 100,
      unit: 'litre',
    });
    await addSite(t, b.cookie, 'B site');
    expect((await t.call('GET', '/api/activities', { cookie: b.cookie })).json).toMatchObject({
      items: [],
      total: 0,
    });
    const missing = await t.call('PUT', `/api/activities/${crypto.randomUUID()}`, {
      cookie: b.cookie,
      body: { quantity: 1 },
    });
    const foreign = await t.call('PUT', `/api/activities/${line.id}`, {
      cookie: b.cookie,
      body: { quantity: 1 },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.json).toEqual(missing.json);
    expect((await t.call('DELETE', `/api/activities/${line.id}`, { cookie: b.cookie })).status).toBe(404);
    const onForeignSite = await t.call('POST', '/api/activities', {
      cookie: b.cookie,
      body: { siteId: siteA, date: '2025-03-01', category: 'diesel', quantity: 1, unit: 'litre' },
    });
    expect(onForeignSite.status).toBe(404);
    expect(onForeignSite.json.message).toBe('Site not found');
    expect(await lineCount(a.user.companyId)).toBe(1);
    expect((await t.call('GET', '/api/activities', { cookie: a.cookie })).json.items[0].quantity).toBe(100);
  });

  test('a viewer reads the ledger but every write is refused with 403', async () => {
    const admin = await t.signUpCompany();
    const siteId = await addSite(t, admin.cookie, 'HQ');
    const line = await addLine(t, admin.cookie, { siteId, category: 'diesel', quantity: 100, unit: 'litre' });
    const viewer = await makeViewer(t, admin.user.companyId);
    expect((await t.call('GET', '/api/activities', { cookie: viewer })).json.total).toBe(1);
    const body = { siteId, date: '2025-05-01', category: 'diesel', quantity: 5, unit: 'litre' };
    expect((await t.call('POST', '/api/activities', { cookie: viewer, body })).status).toBe(403);
    expect((await t.call('PUT', `/api/activities/${line.id}`, { cookie: viewer, body })).status).toBe(403);
    expect((await t.call('DELETE', `/api/activities/${line.id}`, { cookie: viewer })).status).toBe(403);
    expect(await lineCount(admin.user.companyId)).toBe(1);
  });

  test('requires a session', async () => {
    expect((await t.call('GET', '/api/activities')).status).toBe(401);
  });
});
