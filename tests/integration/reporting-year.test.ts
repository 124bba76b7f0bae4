import { describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit.ts';
import { activityImports } from '../../db/schema/ledger.ts';
import { DashboardOverviewSchema } from '../../src/domain/contracts/dashboard.ts';
import { ReportingYearSchema } from '../../src/domain/contracts/reporting-year.ts';
import { addLine, addSite, upload } from '../helpers/ledger.ts';
import { inspectPdf } from '../helpers/pdf-inspect.ts';
import { addMember } from '../helpers/people.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { addProject } from './marketplace-fixtures.ts';

// Decision 053. "Now" is 25 November 2026 and the ledger holds 2025 only: the normal case of a
// firm reporting after year end. Before, the dashboard showed "this month" (November 2026: 0.0 t)
// and the marketplace 2026 with "no emissions recorded".
const clock = new Date('2026-11-25T12:00:00Z');
const t = await createTestApp({ now: () => clock });

/**
 * A company whose ledger holds one 2025 line: 1,000 L of diesel on 3 June 2025, DESNZ 2025:
 * scope 1 1,000 × 2.57082 = 2,570.82 kg + scope 3 cat 3 well-to-tank 1,000 × 0.61101 = 611.01 kg
 * = 3,181.83 kg = 3.18183 tCO2e gross.
 */
async function bakeryWith2025() {
  const owner = await t.signUpCompany({ jurisdiction: 'SECR' });
  const site = await addSite(t, owner.cookie, 'Bakery');
  await addLine(t, owner.cookie, {
    siteId: site,
    date: '2025-06-03',
    category: 'diesel',
    quantity: 1000,
    unit: 'litre',
  });
  return { ...owner, companyId: owner.user.companyId as string };
}

const get = async (cookie: string, path: string) => {
  const response = await t.call('GET', path, { cookie });
  expect(response.status).toBe(200);
  return response.json;
};
const reportingYear = async (cookie: string) =>
  ReportingYearSchema.parse(await get(cookie, '/api/reporting-year'));
const overview = async (cookie: string) =>
  DashboardOverviewSchema.parse(await get(cookie, '/api/dashboard/overview'));
const setYear = (cookie: string, year: unknown) =>
  t.call('PUT', '/api/reporting-year', { cookie, body: { year } });

describe('the reporting year by default', () => {
  test('is the latest year with data, not the calendar year, with the years a person may pick', async () => {
    const { cookie } = await bakeryWith2025();
    expect(await reportingYear(cookie)).toEqual({
      year: 2025,
      source: 'latest_with_data',
      savedYear: null,
      yearsWithData: [2025],
      currentYear: 2026,
      claimYears: [2026, 2025],
    });
  });

  test('counts no year from an import still being written', async () => {
    const { cookie } = await bakeryWith2025();
    const imported = await upload(
      t,
      cookie,
      'date,site,category,variant,quantity,unit\n2024-05-01,Bakery,diesel,,100,litre\n',
    );
    expect(imported.status).toBe(201);
    expect((await reportingYear(cookie)).yearsWithData).toEqual([2024, 2025]);
    // The import's state while its batches are written (decision 008): its lines are not data yet.
    await t.db
      .update(activityImports)
      .set({ importedCount: -1 })
      .where(eq(activityImports.id, imported.json.importId));
    expect((await reportingYear(cookie)).yearsWithData).toEqual([2025]);
  });

  test('is the current year for a company with no data yet', async () => {
    const { cookie } = await t.signUpCompany();
    expect(await reportingYear(cookie)).toMatchObject({ year: 2026, source: 'current', yearsWithData: [] });
  });

  test('the dashboard and the KPI page show the 2025 total, not November 2026', async () => {
    const { cookie } = await bakeryWith2025();
    const dashboard = await overview(cookie);
    expect(dashboard.metrics.carbonEmissionsDetail).toEqual({
      value: 3.18183,
      unit: 'tCO2e',
      year: 2025,
      recorded: true,
    });
    expect(dashboard.reportingYear.year).toBe(2025);
    expect(dashboard.offsets.year).toBe(2025);
    const kpi = await get(cookie, '/api/metrics/summary');
    expect(kpi.year).toBe(2025);
    expect(kpi.carbon.total).toEqual({ value: 3.18183, unit: 'tCO2e' });
  });
});

describe('setting the reporting year', () => {
  test('changes the dashboard, the KPI page and the marketplace for every member, and automatic undoes it', async () => {
    const owner = await bakeryWith2025();
    const viewer = await addMember(t.db, owner.companyId, 'viewer', {}, clock);
    const saved = await setYear(owner.cookie, 2026);
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ year: 2026, source: 'company', savedYear: 2026 });

    // The viewer sees the company's choice too: reports, marketplace and dashboard agree.
    const dashboard = await overview(viewer.cookie);
    expect(dashboard.metrics.carbonEmissionsDetail).toEqual({
      value: 0,
      unit: 'tCO2e',
      year: 2026,
      recorded: false,
    });
    expect((await get(viewer.cookie, '/api/metrics/summary')).year).toBe(2026);
    expect(await get(viewer.cookie, '/api/carbon-offsets/calculate')).toMatchObject({
      year: 2026,
      emissionsTotal: 0,
      emissionsRecorded: false,
    });

    const automatic = await setYear(owner.cookie, null);
    expect(automatic.json).toMatchObject({ year: 2025, source: 'latest_with_data', savedYear: null });
    expect((await overview(viewer.cookie)).metrics.carbonEmissionsDetail.value).toBe(3.18183);
  });

  test('a ?year= of one request shows that year without changing the company’s', async () => {
    const { cookie } = await bakeryWith2025();
    expect((await overview(cookie)).metrics.carbonEmissionsDetail.year).toBe(2025);
    const asked = DashboardOverviewSchema.parse(await get(cookie, '/api/dashboard/overview?year=2026'));
    expect(asked.reportingYear).toMatchObject({ year: 2026, source: 'requested' });
    expect(asked.metrics.carbonEmissionsDetail.recorded).toBe(false);
    expect((await reportingYear(cookie)).year).toBe(2025);
  });

  test('is audited with the year chosen, in the same batch as the change', async () => {
    const owner = await bakeryWith2025();
    await setYear(owner.cookie, 2024);
    await setYear(owner.cookie, null);
    const rows = await t.db
      .select({ action: auditLogs.action, entityType: auditLogs.entityType, entityId: auditLogs.entityId })
      .from(auditLogs)
      .where(and(eq(auditLogs.companyId, owner.companyId), eq(auditLogs.entityType, 'reporting_year')));
    expect(rows).toEqual([
      { action: 'reporting_year_set', entityType: 'reporting_year', entityId: '2024' },
      { action: 'reporting_year_automatic', entityType: 'reporting_year', entityId: null },
    ]);
  });

  test('refuses a year that has not begun and holds no data, or one that is not a year, and stores nothing', async () => {
    const { cookie } = await bakeryWith2025();
    const future = await setYear(cookie, 2031);
    expect(future.status).toBe(400);
    expect(future.json.message).toBe(
      'Choose a reporting year from 2000 to 2026, or a later year that has data.',
    );
    for (const bad of [1999, 'last year', 2025.5]) expect((await setYear(cookie, bad)).status).toBe(400);
    expect((await t.call('PUT', '/api/reporting-year', { cookie, body: {} })).status).toBe(400);
    expect((await reportingYear(cookie)).savedYear).toBeNull();
  });

  test('members may set it, viewers and signed-out callers may not', async () => {
    const owner = await bakeryWith2025();
    const member = await addMember(t.db, owner.companyId, 'member', {}, clock);
    const viewer = await addMember(t.db, owner.companyId, 'viewer', {}, clock);
    expect((await setYear(member.cookie, 2024)).status).toBe(200);
    expect((await setYear(viewer.cookie, 2025)).status).toBe(403);
    expect((await t.call('PUT', '/api/reporting-year', { body: { year: 2025 } })).status).toBe(401);
    expect((await t.call('GET', '/api/reporting-year')).status).toBe(401);
    expect((await reportingYear(viewer.cookie)).savedYear).toBe(2024);
  });

  test("one company's year and data never reach another's", async () => {
    const a = await bakeryWith2025();
    const b = await t.signUpCompany();
    await setYear(a.cookie, 2024);
    expect(await reportingYear(b.cookie)).toMatchObject({ year: 2026, savedYear: null, yearsWithData: [] });
    await setYear(b.cookie, 2023);
    expect((await reportingYear(a.cookie)).savedYear).toBe(2024);
  });
});

describe('charts never plot months to come or "not recorded" as zero', () => {
  test('a past year has twelve months, empty ones null; the current year stops at this month', async () => {
    const { cookie } = await bakeryWith2025();
    const past = (await get(cookie, '/api/metrics/summary?year=2025&grain=monthly')).carbon.trend;
    expect(past.map((point: { period: string }) => point.period)).toEqual(
      Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}`),
    );
    // June holds the diesel (3.18183 t); every other month of 2025 is not recorded.
    expect(past.map((point: { tCO2e: number | null }) => point.tCO2e)).toEqual([
      null,
      null,
      null,
      null,
      null,
      3.18183,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);

    const current = (await get(cookie, '/api/metrics/summary?year=2026&grain=monthly')).carbon.trend;
    // January to November 2026: December has not begun and is left out.
    expect(current).toHaveLength(11);
    expect(current.at(-1).period).toBe('2026-11');
    expect(current.every((point: { tCO2e: number | null }) => point.tCO2e === null)).toBe(true);

    const quarters = (await get(cookie, '/api/metrics/summary?year=2026&grain=quarterly')).carbon.trend;
    expect(
      quarters.map((point: { period: string; tCO2e: number | null }) => [point.period, point.tCO2e]),
    ).toEqual([
      ['2026-Q1', null],
      ['2026-Q2', null],
      ['2026-Q3', null],
      ['2026-Q4', null],
    ]);
    expect((await get(cookie, '/api/metrics/summary?year=2027&grain=monthly')).carbon.trend).toEqual([]);
  });
});

describe('credits and the reporting year', () => {
  test('neutralisation is of the reporting year: 2 credits claimed against 2025 over 3.18183 t', async () => {
    const { cookie } = await bakeryWith2025();
    const project = await addProject(t, { availableCredits: 10, priceCents: 1000 });
    const bought = await t.call('POST', '/api/carbon-offsets/purchase', {
      cookie,
      body: { projectId: project.id, quantity: 2 },
    });
    expect(bought.status).toBe(201);
    // No claim year chosen: the reporting year, 2025, not the calendar year 2026.
    expect(bought.json.purchase.claimYear).toBe(2025);
    // The invoice is dated with the purchase.
    expect(bought.json.purchase.invoiceReference).toStartWith('INV-OFS-2026-');
    expect(await get(cookie, '/api/carbon-offsets/calculate')).toMatchObject({
      year: 2025,
      emissionsTotal: 3.18183,
      emissionsRecorded: true,
      offsetsPurchased: 2,
      // ceil(3.18183 − 2) = 2 tonnes still to match; 2 ÷ 3.18183 × 100 = 62.857… → 62.86 %.
      offsetsNeeded: 2,
      neutralizationPercentage: 62.86,
    });
    // Credits claimed against 2025 do not count against 2026.
    expect(await get(cookie, '/api/carbon-offsets/calculate?year=2026')).toMatchObject({
      year: 2026,
      offsetsPurchased: 0,
      neutralizationPercentage: 0,
    });
  });

  test('the claim year chosen at purchase is printed on the order confirmation and the retirement certificate', async () => {
    const { cookie } = await bakeryWith2025();
    const project = await addProject(t, { availableCredits: 10 });
    const bought = await t.call('POST', '/api/carbon-offsets/purchase', {
      cookie,
      body: { projectId: project.id, quantity: 1, claimYear: 2025 },
    });
    expect(bought.status).toBe(201);
    const id = bought.json.transactionId as string;
    const pdf = async () => {
      const response = await t.app.request(
        `http://localhost/api/carbon-offsets/purchases/${id}/certificate`,
        {
          headers: { Cookie: cookie },
        },
      );
      expect(response.status).toBe(200);
      return (await inspectPdf(await response.arrayBuffer())).pages.join(' ');
    };
    const confirmation = await pdf();
    expect(confirmation).toContain('Order confirmation');
    expect(confirmation).toContain('Claimed against 2025 emissions');
    expect((await t.call('POST', `/api/carbon-offsets/purchases/${id}/retire`, { cookie })).status).toBe(200);
    const retirement = await pdf();
    expect(retirement).toContain('Retirement certificate');
    expect(retirement).toContain('Claimed against 2025 emissions');
  });

  test('a claim year with no data that is not this year is refused with the years offered, and nothing is bought', async () => {
    const { cookie } = await bakeryWith2025();
    const project = await addProject(t, { availableCredits: 10 });
    const refused = await t.call('POST', '/api/carbon-offsets/purchase', {
      cookie,
      body: { projectId: project.id, quantity: 1, claimYear: 2019 },
    });
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({
      message:
        'Credits can be claimed against 2026, 2025: a year with recorded emissions or the current year.',
      code: 'invalid_claim_year',
      details: { claimYears: [2026, 2025] },
    });
    expect(await get(cookie, '/api/carbon-offsets/purchases')).toEqual([]);
    const thisYear = await t.call('POST', '/api/carbon-offsets/purchase', {
      cookie,
      body: { projectId: project.id, quantity: 1, claimYear: 2026 },
    });
    expect(thisYear.json.purchase.claimYear).toBe(2026);
  });
});
