// One energy figure everywhere (decision 048): the KPI API, the ESG wizard's auto-fill, the VSME
// facts and the SECR table of a report give the same total for a ledger of electricity, gas and
// diesel in litres; renewable share of total vs of electricity; and the market-based scope 2
// figure says how much of it is the location-based grid factor standing in.
import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { reports } from '../../db/schema/export-reports.ts';
import { parseFactsCsv } from '../../src/domain/reports/csv/render-csv.ts';
import type { ReportSnapshot } from '../../src/domain/reports/snapshot.ts';
import { warmRenderThreadForFile } from '../helpers/cpu-thread.ts';
import { addLine, addSite } from '../helpers/ledger.ts';
import { createTestApp, ORIGIN } from '../helpers/test-app.ts';

warmRenderThreadForFile();

const t = await createTestApp({ now: () => new Date('2026-03-15T10:00:00Z') });

/**
 * Hand-computed (DESNZ 2025 fuel properties, gross CV):
 * - electricity 20,000 kWh (5,000 of it on a renewable tariff), as metered;
 * - natural gas 30,000 kWh, as billed (gross);
 * - diesel 1,000 L = 1 m³ × 832.361 kg/m³ / 1000 × 45.545 GJ/t × 277.78 kWh/GJ = 10,530.5227 kWh;
 * - total 60,530.5227 kWh = 60.5305 MWh; one van line by distance (250 km) is not counted.
 * Renewable: 5,000 / 60,530.5227 = 8.26 % of total energy; 5,000 / 20,000 = 25 % of electricity.
 * Market-based scope 2: 15,000 kWh without a contract or supplier factor × 0.177 kg/kWh (DESNZ
 * 2025 UK grid) = 2,655 kg = 2.655 t from the location-based factor.
 */
const TOTAL_KWH = 20_000 + 30_000 + (832.361 * 45.545) / 3.6;

async function ledger(jurisdiction: string) {
  const owner = await t.signUpCompany({ jurisdiction });
  const site = await addSite(t, owner.cookie, 'Bristol bakery', 'GB');
  const line = (body: Record<string, unknown>) => addLine(t, owner.cookie, { siteId: site, ...body });
  await line({ date: '2025-03-01', category: 'electricity', quantity: 15_000, unit: 'kWh' });
  await line({
    date: '2025-04-01',
    category: 'electricity',
    quantity: 5_000,
    unit: 'kWh',
    instrument: 'renewable_tariff',
  });
  await line({ date: '2025-02-01', category: 'natural_gas', quantity: 30_000, unit: 'kWh' });
  await line({ date: '2025-05-01', category: 'diesel', quantity: 1_000, unit: 'litre' });
  await line({
    date: '2025-06-01',
    category: 'owned_vehicle',
    variant: 'van_average_diesel',
    quantity: 250,
    unit: 'km',
  });
  return owner;
}

async function generated(cookie: string, body: Record<string, unknown>) {
  const requested = await t.call('POST', '/api/reports/generate', { cookie, body });
  expect(requested.status).toBe(202);
  await t.runJobs();
  const row = await t.db.select().from(reports).where(eq(reports.id, requested.json.id)).get();
  const file = await t.app.request(`${ORIGIN}/api/reports/${requested.json.id}/file`, {
    headers: { Cookie: cookie },
  });
  expect(file.status).toBe(200);
  return { snapshot: JSON.parse(row!.snapshot) as ReportSnapshot, bytes: await file.arrayBuffer() };
}

async function pdfText(bytes: ArrayBuffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

async function autoFilled(cookie: string, jurisdiction: string, indicator: string) {
  expect((await t.call('POST', '/api/esg/initialize', { cookie, body: { jurisdiction } })).status).toBe(200);
  const progress = await t.call('GET', `/api/esg/progress?jurisdiction=${jurisdiction}&year=2025`, {
    cookie,
  });
  expect(progress.status).toBe(200);
  return progress.json.progress.find((item: { indicator: string }) => item.indicator === indicator) as {
    ledgerValue: string | null;
    ledgerNote?: string;
  };
}

describe('energy totals', () => {
  test('the KPI API, the SECR wizard auto-fill and the SECR table give the same total, diesel litres included', async () => {
    const { cookie } = await ledger('SECR');
    const metrics = (await t.call('GET', '/api/metrics/summary?year=2025', { cookie })).json;
    expect(metrics.energy.total.value).toBeCloseTo(TOTAL_KWH / 1000, 6);
    expect(metrics.energy.total.value).toBe(60.530523);
    // Of total energy, and of electricity, separately.
    expect(metrics.energy.renewableShare).toBe(Math.round((5_000 / TOTAL_KWH) * 1e6) / 1e6);
    expect(metrics.energy.renewableShare).toBe(0.082603);
    expect(metrics.energy.renewableShareOfElectricity).toBe(0.25);
    expect(metrics.energy.notCounted).toEqual([
      { category: 'owned_vehicle', reason: 'distance_only', lines: 1, quantity: 250, unit: 'km' },
    ]);
    expect(metrics.energy.vehicleDistanceKm).toBe(250);

    const total = await autoFilled(cookie, 'SECR', 'energy_use_total');
    expect(total.ledgerValue).toBe('60,531 kWh');
    const transport = await autoFilled(cookie, 'SECR', 'energy_use_transport');
    expect(transport.ledgerValue).toBe('10,531 kWh');

    const { snapshot, bytes } = await generated(cookie, { format: 'pdf', framework: 'secr', period: '2025' });
    expect(snapshot.uk?.energyKwh).toEqual({
      gas: 30_000,
      electricity: 20_000,
      transport: 10_530.523,
      otherFuels: null,
      heatSteam: null,
      total: 60_530.523,
    });
    expect(snapshot.energy?.totalMWh).toBe(metrics.energy.total.value);
    const text = await pdfText(bytes);
    expect(text).toContain('Transport fuel 10,531');
    expect(text).toContain('Total UK energy use 60,531');
    expect(text).toContain('gross calorific value basis');
    expect(text).toContain('Renewable share of total energy 8%');
    expect(text).toContain('Renewable share of electricity 25%');
    expect(text).toContain('1 owned-vehicle line recorded by distance (250 km)');
  });

  test('the VSME facts carry the same total in MWh, with electricity split renewable and non-renewable', async () => {
    const { cookie } = await ledger('CSRD');
    const metrics = (await t.call('GET', '/api/metrics/summary?year=2025', { cookie })).json;
    const consumption = await autoFilled(cookie, 'CSRD', 'energy_consumption');
    expect(consumption.ledgerValue).toBe('60.5 MWh');
    const fuels = await autoFilled(cookie, 'CSRD', 'fuel_consumption');
    // 30,000 kWh gas + 10,530.5227 kWh diesel = 40.53 MWh (the checklist shows one decimal).
    expect(fuels.ledgerValue).toBe('40.5 MWh');
    const { bytes } = await generated(cookie, { format: 'csv', framework: 'csrd', period: '2025' });
    const rows = parseFactsCsv(new TextDecoder().decode(bytes));
    const value = (concept: string, category?: string) =>
      rows.find(
        (row) => row.concept === `vsme:${concept}` && (category === undefined || row.category === category),
      )?.value;
    expect(Number(value('TotalEnergyConsumption'))).toBeCloseTo(metrics.energy.total.value, 2);
    expect(value('TotalEnergyConsumption')).toBe('60.53');
    expect(value('EnergyConsumptionFromElectricity', 'electricity')).toBe('20.00');
    expect(value('EnergyConsumptionFromElectricity', 'electricity, renewable')).toBe('5.00');
    expect(value('EnergyConsumptionFromElectricity', 'electricity, non-renewable')).toBe('15.00');
    expect(value('EnergyConsumptionFromFuels', 'fuels, non-renewable')).toBe('40.53');
  });

  test('market-based scope 2 says how much is the location-based grid factor, in the API and the PDF', async () => {
    const { cookie } = await ledger('SECR');
    const metrics = (await t.call('GET', '/api/metrics/summary?year=2025', { cookie })).json;
    expect(metrics.carbon.scope2MarketBasis).toEqual({
      contractual: { kWh: 5_000, tCO2e: 0 },
      supplierFactor: { kWh: 0, tCO2e: 0 },
      locationProxy: { kWh: 15_000, tCO2e: 2.655 },
    });
    expect(metrics.carbon.scope2Market.value).toBe(2.655);
    const { bytes } = await generated(cookie, { format: 'pdf', framework: 'gri', period: '2025' });
    expect(await pdfText(bytes)).toContain(
      'Market-based scope 2 includes 2.655 tCO2e (15,000 kWh) estimated from the location-based grid factor: no renewable contract or supplier factor recorded',
    );
  });

  test('a net-CV gas bill is re-based to gross and distillate heating oil counts as gas oil', async () => {
    const owner = await t.signUpCompany({ jurisdiction: 'SECR' });
    const site = await addSite(t, owner.cookie, 'Bristol bakery', 'GB');
    await addLine(t, owner.cookie, {
      siteId: site,
      date: '2025-02-01',
      category: 'natural_gas',
      quantity: 10_000,
      unit: 'kWh',
      calorificBasis: 'net',
    });
    await addLine(t, owner.cookie, {
      siteId: site,
      date: '2025-03-01',
      category: 'heating_oil',
      variant: 'distillate_no2',
      quantity: 100,
      unit: 'litre',
    });
    const metrics = (await t.call('GET', '/api/metrics/summary?year=2025', { cookie: owner.cookie })).json;
    // Gas: 10,000 × 50.678 / 45.745 = 11,078.3692 kWh gross. Heating oil as Gas Oil:
    // 0.1 m³ × 853.971 kg/m³ / 1000 × 45.286 GJ/t × 277.78 = 1,074.2481 kWh. Total 12,152.6173 kWh.
    expect(metrics.energy.total.value).toBe(12.152617);
    expect(metrics.energy.byKind.stationaryFuels).toBe(12.152617);
  });
});
