import { afterAll, describe, expect, test } from 'bun:test';
import { sampleOdooData, startFakeOdoo } from '../fakes/odoo.ts';
import { syncedOdooCompany } from '../helpers/odoo.ts';
import { createTestApp, TEST_SECRETS_KEY } from '../helpers/test-app.ts';

// Issue 5: revenue read by a connector feeds the intensity ratios unless the company typed its own.
const t = await createTestApp({ env: { SECRETS_KEY: TEST_SECRETS_KEY } });
const fake = startFakeOdoo(sampleOdooData());
afterAll(() => fake.stop());

const syncedCompany = () => syncedOdooCompany(t, fake, 'Acme books');

const intensity = async (cookie: string, year: number) =>
  (await t.call('GET', `/api/metrics/summary?year=${year}`, { cookie })).json.carbon.intensityPerRevenue;

describe('revenue from a connected source', () => {
  test('a synced year without typed financials takes the source revenue (the fake books 52,500.50 EUR in 2025)', async () => {
    const { cookie } = await syncedCompany();
    const metrics = (await t.call('GET', '/api/metrics/summary?year=2025', { cookie })).json;
    const grossTonnes = metrics.carbon.total.value as number;
    expect(grossTonnes).toBeGreaterThan(0);
    const expected = Math.round((grossTonnes / (52500.5 / 1e6)) * 1e6) / 1e6;
    expect(metrics.carbon.intensityPerRevenue.unit).toBe('tCO2e per million EUR');
    expect(metrics.carbon.intensityPerRevenue.value).toBeCloseTo(expected, 3);
    // A year the source has no revenue for stays without an intensity.
    expect(await intensity(cookie, 2023)).toBeNull();
  });

  test('revenue the company types wins over the source', async () => {
    const { cookie } = await syncedCompany();
    const saved = await t.call('PUT', '/api/financials', {
      cookie,
      body: { year: 2025, revenue: 2_000_000, currency: 'GBP', employees: 12 },
    });
    expect(saved.status).toBeLessThan(300);
    expect((await intensity(cookie, 2025)).unit).toBe('tCO2e per million GBP');
  });

  test('removing the source removes its revenue from the ratios', async () => {
    const { cookie, sourceId } = await syncedCompany();
    expect(await intensity(cookie, 2025)).not.toBeNull();
    const removed = await t.call('DELETE', `/api/data-sources/${sourceId}?keepLines=true`, { cookie });
    expect(removed.status).toBeLessThan(300);
    expect(await intensity(cookie, 2025)).toBeNull();
  });
});
