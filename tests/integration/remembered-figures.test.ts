// The dashboard overview and the ESG progress reuse the ledger figures while the company's ledger
// version is unchanged (ledger-memo.ts, decision 065). Every write that changes what they show must
// be seen by the very next read, and no company may ever be answered from another's figures.
import { describe, expect, test } from 'bun:test';
import { addLine, addSite } from '../helpers/ledger.ts';
import { createTestApp } from '../helpers/test-app.ts';

// "Now" is March 2026: the ESG checklist's default reporting year is 2025.
const t = await createTestApp({ now: () => new Date('2026-03-15T10:00:00Z') });

type Item = { indicator: string; value: string; origin: string; ledgerNote?: string };
type Progress = { progress: Item[]; complianceStatus: { overallProgress: number } | null };
type Overview = {
  complianceStatus: { overallProgress: number; missingRequired: string[] } | null;
  metrics: { carbonEmissions: number };
};

/** A UK (SECR) company with its checklist, one site in Bristol and a way to add its lines. */
async function ukCompany() {
  const owner = await t.signUpCompany({ jurisdiction: 'SECR' });
  const { cookie } = owner;
  expect(
    (await t.call('POST', '/api/esg/initialize', { cookie, body: { jurisdiction: 'SECR' } })).status,
  ).toBe(200);
  const site = await addSite(t, cookie, 'Bristol bakery');
  const electricity = (quantity: number, siteId = site) =>
    addLine(t, cookie, { siteId, date: '2025-03-01', category: 'electricity', quantity, unit: 'kWh' });
  const progress = async () =>
    (await t.call('GET', '/api/esg/progress?jurisdiction=SECR&year=2025', { cookie })).json as Progress;
  const overview = async () =>
    (await t.call('GET', '/api/dashboard/overview?year=2025', { cookie })).json as Overview;
  const value = async (indicator: string) =>
    (await progress()).progress.find((item) => item.indicator === indicator)?.value;
  return { ...owner, site, electricity, progress, overview, value };
}

describe('figures remembered while the ledger is unchanged', () => {
  test('a new ledger line changes the next ESG progress and dashboard, both read just before', async () => {
    const company = await ukCompany();
    await company.electricity(10_000);
    expect(await company.value('energy_use_electricity')).toBe('10,000 kWh');
    const before = await company.overview();
    expect(await company.value('energy_use_electricity')).toBe('10,000 kWh');

    await company.electricity(5_000);
    expect(await company.value('energy_use_electricity')).toBe('15,000 kWh');
    const after = await company.overview();
    expect(after.metrics.carbonEmissions).toBeGreaterThan(before.metrics.carbonEmissions);
  });

  test('moving a site to France takes its lines out of the next UK figures', async () => {
    const company = await ukCompany();
    const leeds = await addSite(t, company.cookie, 'Leeds depot');
    await company.electricity(10_000);
    await company.electricity(4_000, leeds);
    expect(await company.value('energy_use_electricity')).toBe('14,000 kWh');

    const moved = await t.call('PUT', `/api/sites/${leeds}`, {
      cookie: company.cookie,
      body: { name: 'Leeds depot', country: 'FR' },
    });
    expect(moved.status).toBe(200);
    expect(await company.value('energy_use_electricity')).toBe('10,000 kWh');
  });

  test('turnover saved after a read gives the next read its intensity ratio', async () => {
    const company = await ukCompany();
    await company.electricity(10_000);
    expect(await company.value('intensity_ratio_revenue')).toBe('');

    const saved = await t.call('PUT', '/api/financials', {
      cookie: company.cookie,
      body: { year: 2025, revenue: 1_000_000, currency: 'GBP', employees: 10 },
    });
    expect(saved.status).toBe(200);
    expect(await company.value('intensity_ratio_revenue')).not.toBe('');
  });

  test('an answer written to the checklist changes the next compliance status of both screens', async () => {
    const company = await ukCompany();
    const before = await company.overview();
    expect(before.complianceStatus?.missingRequired).toContain('reporting_methodology');

    const answered = await t.call('PUT', '/api/esg/progress', {
      cookie: company.cookie,
      body: { jurisdiction: 'SECR', indicator: 'reporting_methodology', value: 'GHG Protocol, DESNZ 2025' },
    });
    expect(answered.status).toBe(200);
    const after = await company.overview();
    expect(after.complianceStatus?.missingRequired).not.toContain('reporting_methodology');
    expect(after.complianceStatus!.overallProgress).toBeGreaterThan(before.complianceStatus!.overallProgress);
    expect((await company.progress()).complianceStatus).toEqual(after.complianceStatus);
  });

  test('two companies asking for the same year and region never share remembered figures', async () => {
    const first = await ukCompany();
    const second = await ukCompany();
    await first.electricity(10_000);
    expect(await first.value('energy_use_electricity')).toBe('10,000 kWh');
    const firstOverview = await first.overview();

    // The second company has no lines yet: nothing of the first company's may show.
    const empty = (await second.progress()).progress.find(
      (item) => item.indicator === 'energy_use_electricity',
    );
    expect(empty).toMatchObject({ value: '', origin: 'empty' });
    expect((await second.overview()).metrics.carbonEmissions).toBe(0);

    await second.electricity(3_000);
    expect(await second.value('energy_use_electricity')).toBe('3,000 kWh');
    expect(await first.value('energy_use_electricity')).toBe('10,000 kWh');
    expect((await first.overview()).metrics.carbonEmissions).toBe(firstOverview.metrics.carbonEmissions);
  });
});
