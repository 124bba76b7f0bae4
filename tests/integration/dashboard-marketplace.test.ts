import { afterAll, describe, expect, test } from 'bun:test';
import { eq, gt } from 'drizzle-orm';
import { offsetProjects } from '../../db/schema/marketplace.ts';
import { DashboardOverviewSchema } from '../../src/domain/contracts/dashboard.ts';
import { addLine, addSite } from '../helpers/ledger.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { addProject } from './marketplace-fixtures.ts';

// "Now" is mid-June 2025 and 2025 is the latest year with data: the dashboard's credits are those claimed against 2025.
const clock = new Date('2025-06-15T10:00:00Z');
const t = await createTestApp({ now: () => clock });

const overview = async (cookie: string) => {
  const response = await t.call('GET', '/api/dashboard/overview', { cookie });
  expect(response.status).toBe(200);
  return DashboardOverviewSchema.parse(response.json);
};

const buy = async (cookie: string, projectId: string, quantity: number) => {
  const response = await t.call('POST', '/api/carbon-offsets/purchase', {
    cookie,
    body: { projectId, quantity },
  });
  expect(response.status).toBe(201);
  return response.json.transactionId as string;
};

/**
 * A company whose 2025 ledger holds 1,000 L of diesel in June: scope 1 2,570.82 kg + scope 3
 * cat 3 well-to-tank 611.01 kg (DESNZ 2025) = 3.18183 tCO2e, and 5,000 L in 2024 that must not count.
 */
async function companyWithDiesel() {
  const owner = await t.signUpCompany();
  const site = await addSite(t, owner.cookie, 'Depot');
  for (const [date, quantity] of [
    ['2025-06-03', 1000],
    ['2024-11-02', 5000],
  ] as const) {
    await addLine(t, owner.cookie, { siteId: site, date, category: 'diesel', quantity, unit: 'litre' });
  }
  return owner;
}

describe('dashboard carbon credits', () => {
  test('before any purchase: nothing bought, the whole rounded-up footprint remains, priced at the cheapest project', async () => {
    const owner = await companyWithDiesel();
    const { offsets, metrics } = await overview(owner.cookie);
    // Cheapest project with enough stock: the illustrative wind farm at 6.20 per tonne.
    expect(offsets).toEqual({
      year: 2025,
      purchasedTonnes: 0,
      retiredTonnes: 0,
      neutralizationPercentage: 0,
      remainingTonnes: 4,
      costToOffsetRemainingUsd: 24.8,
    });
    expect(metrics.carbonEmissions).toBe(3.18183);
    expect(metrics.carbonEmissionsDetail).toEqual({
      value: 3.18183,
      unit: 'tCO2e',
      year: 2025,
      recorded: true,
    });
  });

  test('a new company without emissions has nothing remaining and nothing to pay', async () => {
    const { cookie } = await t.signUpCompany();
    expect((await overview(cookie)).offsets).toEqual({
      year: 2025,
      purchasedTonnes: 0,
      retiredTonnes: 0,
      neutralizationPercentage: 0,
      remainingTonnes: 0,
      costToOffsetRemainingUsd: 0,
    });
  });

  test('a purchase changes the credit figures and never the emissions of the dashboard or the scope totals', async () => {
    const owner = await companyWithDiesel();
    const before = await overview(owner.cookie);
    const metricsBefore = (await t.call('GET', '/api/metrics/summary?year=2025', { cookie: owner.cookie }))
      .json;

    const project = await addProject(t, { availableCredits: 10, priceCents: 1000 });
    await buy(owner.cookie, project.id, 2);

    const after = await overview(owner.cookie);
    expect(after.offsets).toEqual({
      year: 2025,
      purchasedTonnes: 2,
      retiredTonnes: 0,
      // 2 / 3.18183 × 100
      neutralizationPercentage: 62.86,
      // ceil(3.18183 − 2)
      remainingTonnes: 2,
      costToOffsetRemainingUsd: 12.4,
    });
    expect(after.metrics.carbonEmissionsDetail).toEqual(before.metrics.carbonEmissionsDetail);
    const metricsAfter = (await t.call('GET', '/api/metrics/summary?year=2025', { cookie: owner.cookie }))
      .json;
    for (const key of ['total', 'scope1', 'scope2Location', 'scope2Market', 'scope3'] as const) {
      expect(metricsAfter.carbon[key]).toEqual(metricsBefore.carbon[key]);
    }
    expect(metricsAfter.carbon.total.value).toBe(3.18183);

    // Buying more than the footprint: nothing remains, the percentage stops at 100.
    await buy(owner.cookie, project.id, 5);
    expect((await overview(owner.cookie)).offsets).toMatchObject({
      purchasedTonnes: 7,
      neutralizationPercentage: 100,
      remainingTonnes: 0,
      costToOffsetRemainingUsd: 0,
    });
    expect(
      (await t.call('GET', '/api/metrics/summary?year=2025', { cookie: owner.cookie })).json.carbon.total
        .value,
    ).toBe(3.18183);
  });

  test('retired credits are counted apart from those only ordered', async () => {
    const owner = await companyWithDiesel();
    const project = await addProject(t, { availableCredits: 10 });
    const first = await buy(owner.cookie, project.id, 1);
    await buy(owner.cookie, project.id, 1);
    const retire = await t.call('POST', `/api/carbon-offsets/purchases/${first}/retire`, {
      cookie: owner.cookie,
    });
    expect(retire.status).toBe(200);
    expect((await overview(owner.cookie)).offsets).toMatchObject({ purchasedTonnes: 2, retiredTonnes: 1 });
  });

  test("company B's dashboard never shows company A's credits", async () => {
    const a = await companyWithDiesel();
    const b = await companyWithDiesel();
    const project = await addProject(t, { availableCredits: 10 });
    await buy(a.cookie, project.id, 3);
    expect((await overview(a.cookie)).offsets.purchasedTonnes).toBe(3);
    expect((await overview(b.cookie)).offsets).toMatchObject({
      purchasedTonnes: 0,
      retiredTonnes: 0,
      neutralizationPercentage: 0,
      remainingTonnes: 4,
    });
  });
});

describe('price of the remaining footprint', () => {
  // These tests change the global catalogue; each puts back the stock it took away.
  const savedStock: { id: string; availableCredits: number }[] = [];
  afterAll(async () => {
    for (const { id, availableCredits } of savedStock) {
      await t.db.update(offsetProjects).set({ availableCredits }).where(eqId(id));
    }
  });

  test('uses the cheapest project whose stock covers the whole remainder, not a cheaper one that cannot', async () => {
    const owner = await companyWithDiesel();
    // 1.00 per tonne but a single credit: 4 tonnes are quoted at the wind farm's 6.20 instead.
    const tiny = await addProject(t, { availableCredits: 1, priceCents: 100 });
    expect((await overview(owner.cookie)).offsets.costToOffsetRemainingUsd).toBe(24.8);

    // With 3 tonnes bought, the single cheap credit covers the remaining 1 tonne.
    const other = await addProject(t, { availableCredits: 10 });
    await buy(owner.cookie, other.id, 3);
    expect((await overview(owner.cookie)).offsets).toMatchObject({
      remainingTonnes: 1,
      costToOffsetRemainingUsd: 1,
    });
    await t.db.update(offsetProjects).set({ availableCredits: 0 }).where(eqId(tiny.id));
  });

  test('falls back to the cheapest project with any stock, and is null when no project has stock', async () => {
    const owner = await companyWithDiesel();
    const stocked = await t.db
      .select({ id: offsetProjects.id, availableCredits: offsetProjects.availableCredits })
      .from(offsetProjects)
      .where(gt(offsetProjects.availableCredits, 0));
    savedStock.push(...stocked);
    await t.db.update(offsetProjects).set({ availableCredits: 0 });

    // Two credits at 3.00 are the only stock: 4 tonnes are quoted at 3.00 though one order cannot buy them.
    const small = await addProject(t, { availableCredits: 2, priceCents: 300 });
    expect((await overview(owner.cookie)).offsets).toMatchObject({
      remainingTonnes: 4,
      costToOffsetRemainingUsd: 12,
    });

    await t.db.update(offsetProjects).set({ availableCredits: 0 }).where(eqId(small.id));
    expect((await overview(owner.cookie)).offsets).toMatchObject({
      remainingTonnes: 4,
      costToOffsetRemainingUsd: null,
    });
  });
});

const eqId = (id: string) => eq(offsetProjects.id, id);
