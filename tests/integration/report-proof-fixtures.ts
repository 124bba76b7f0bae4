// The three fixture companies of issue 18's Proof, built through the real API (sign-up, sites,
// ledger lines, financials, checklist answers), and the reports each asks for: every format the
// product offers for its framework (src/domain/contracts/export.ts: pdf, xbrl, csv; XBRL for
// CSRD on both VSME taxonomy versions).
import { expect } from 'bun:test';
import { addLine, addSite } from '../helpers/ledger.ts';
import { type createTestApp, ORIGIN } from '../helpers/test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A valid LEI (ISO 17442 check digits). */
export const LEI = '529900T8BM49AURSDO55';
/** Companies House's scheme and a company number (the SECR bakery files under it). */
export const COMPANY_NUMBER = { scheme: 'http://www.companieshouse.gov.uk/', value: '01234567' };

/**
 * DESNZ 2025 fuel properties, diesel (average biofuel blend), gross CV: 832.361 kg/m³ and
 * 45.545 GJ/t, 1 GJ = 277.78 kWh → kWh per litre (as tests/integration/energy-totals.test.ts).
 */
export const DIESEL_KWH_PER_LITRE = (832.361 * 45.545) / 3.6 / 1000;
/** US therm = 100,000 Btu = 29.3071 kWh (NIST SP 811). */
export const KWH_PER_THERM = 29.307107;

export const SECR_EFFICIENCY_ACTIONS =
  'Replaced the deck oven with a heat-recovery model and moved the shop to LED lighting.';
export const SECR_METHODOLOGY =
  'GHG Protocol Corporate Standard with the UK government conversion factors 2025, operational control.';

export interface FixtureCompany {
  cookie: string;
  /** Report id per request label (e.g. 'pdf', 'xbrl-2024-12-17'). */
  requested: Record<string, string>;
}

type Body = Record<string, unknown>;

async function requestAll(t: TestApp, cookie: string, requests: Record<string, Body>) {
  const requested: Record<string, string> = {};
  for (const [label, body] of Object.entries(requests)) {
    const response = await t.call('POST', '/api/reports/generate', { cookie, body });
    expect({ label, status: response.status }).toEqual({ label, status: 202 });
    requested[label] = response.json.id;
  }
  return requested;
}

async function recordFinancials(t: TestApp, cookie: string, body: Body) {
  const response = await t.call('PUT', '/api/financials', { cookie, body: { year: 2025, ...body } });
  expect(response.status).toBe(200);
}

/** (a) UK SECR bakery: two GB sites, gas, electricity, a diesel van, business travel. */
export async function ukBakery(t: TestApp): Promise<FixtureCompany> {
  const { cookie } = await t.signUpCompany({ companyName: 'Severn Bakery Ltd', jurisdiction: 'SECR' });
  const bristol = await addSite(t, cookie, 'Bristol bakery', 'GB');
  const bath = await addSite(t, cookie, 'Bath shop', 'GB');
  const line = (body: Body) => addLine(t, cookie, body);
  await line({ siteId: bristol, date: '2025-02-01', category: 'natural_gas', quantity: 60_000, unit: 'kWh' });
  await line({ siteId: bristol, date: '2025-03-01', category: 'electricity', quantity: 25_000, unit: 'kWh' });
  await line({ siteId: bath, date: '2025-03-01', category: 'electricity', quantity: 5_000, unit: 'kWh' });
  // The delivery van's fuel card: litres, converted to kWh with DESNZ fuel properties.
  await line({ siteId: bristol, date: '2025-05-01', category: 'diesel', quantity: 2_000, unit: 'litre' });
  await line({
    siteId: bristol,
    date: '2025-06-01',
    category: 'rail',
    quantity: 1_200,
    unit: 'passenger_km',
  });
  await line({
    siteId: bristol,
    date: '2025-06-01',
    category: 'flight',
    variant: 'domestic',
    quantity: 800,
    unit: 'passenger_km',
  });
  await recordFinancials(t, cookie, { revenue: 2_400_000, currency: 'GBP', employees: 32 });
  // The SECR checklist's narrative rows of the statutory table (energy efficiency, methodology).
  const init = await t.call('POST', '/api/esg/initialize', {
    cookie,
    body: { jurisdiction: 'SECR', year: 2025 },
  });
  expect(init.status).toBe(200);
  for (const [indicator, value] of [
    ['energy_efficiency_actions', SECR_EFFICIENCY_ACTIONS],
    ['reporting_methodology', SECR_METHODOLOGY],
  ]) {
    const answer = await t.call('PUT', '/api/esg/progress', {
      cookie,
      body: { jurisdiction: 'SECR', indicator, value, year: 2025 },
    });
    expect({ indicator, status: answer.status }).toEqual({ indicator, status: 200 });
  }
  const base = { framework: 'secr', period: '2025', entityIdentifier: COMPANY_NUMBER };
  const requested = await requestAll(t, cookie, {
    pdf: { ...base, format: 'pdf' },
    csv: { ...base, format: 'csv' },
    xbrl: { ...base, format: 'xbrl' },
  });
  return { cookie, requested };
}

/** (b) EU VSME manufacturer: FR and DE sites, electricity, gas, waste, purchased goods by spend. */
export async function euManufacturer(t: TestApp): Promise<FixtureCompany> {
  const { cookie } = await t.signUpCompany({ companyName: 'Atelier Rhin SAS', jurisdiction: 'CSRD' });
  const lyon = await addSite(t, cookie, 'Lyon works', 'FR');
  const stuttgart = await addSite(t, cookie, 'Stuttgart plant', 'DE');
  const line = (body: Body) => addLine(t, cookie, body);
  await line({ siteId: lyon, date: '2025-02-01', category: 'natural_gas', quantity: 120_000, unit: 'kWh' });
  await line({ siteId: lyon, date: '2025-03-01', category: 'electricity', quantity: 80_000, unit: 'kWh' });
  await line({
    siteId: stuttgart,
    date: '2025-03-01',
    category: 'electricity',
    quantity: 50_000,
    unit: 'kWh',
  });
  const waste = (siteId: string, variant: string, quantity: number) =>
    line({ siteId, date: '2025-05-01', category: 'waste', variant, quantity, unit: 'tonne' });
  await waste(stuttgart, 'metal_recycling', 12);
  await waste(lyon, 'commercial_industrial_landfill', 8);
  // Steel bought by spend (NAICS 331110, iron and steel mills), an EEIO factor.
  await line({
    siteId: lyon,
    date: '2025-06-01',
    category: 'purchased_goods',
    variant: '331110',
    spend: 250_000,
    currency: 'EUR',
  });
  await recordFinancials(t, cookie, { revenue: 9_500_000, currency: 'EUR', employees: 85 });
  const base = { framework: 'csrd', period: '2025', entityIdentifier: { value: LEI } };
  const requested = await requestAll(t, cookie, {
    pdf: { ...base, format: 'pdf' },
    csv: { ...base, format: 'csv' },
    'xbrl-2026-05-01': { ...base, format: 'xbrl', taxonomyVersion: '2026-05-01' },
    'xbrl-2024-12-17': { ...base, format: 'xbrl', taxonomyVersion: '2024-12-17' },
  });
  return { cookie, requested };
}

/** (c) US company: sites in eGRID subregions, electricity, natural gas in therms, EPA spend factors. */
export async function usCompany(t: TestApp): Promise<FixtureCompany> {
  const { cookie } = await t.signUpCompany({ companyName: 'Pacific Crate Co', jurisdiction: 'SEC' });
  const site = async (name: string, region: string) => {
    const response = await t.call('POST', '/api/sites', { cookie, body: { name, country: 'US', region } });
    expect(response.status).toBe(201);
    return response.json as { id: string; region: string };
  };
  const fresno = await site('Fresno plant', 'CAMX');
  const albany = await site('Albany depot', 'NYUP');
  expect([fresno.region, albany.region]).toEqual(['US-CAMX', 'US-NYUP']);
  const line = (body: Body) => addLine(t, cookie, body);
  await line({
    siteId: fresno.id,
    date: '2025-02-01',
    category: 'electricity',
    quantity: 90_000,
    unit: 'kWh',
  });
  await line({
    siteId: albany.id,
    date: '2025-02-01',
    category: 'electricity',
    quantity: 40_000,
    unit: 'kWh',
  });
  await line({
    siteId: fresno.id,
    date: '2025-03-01',
    category: 'natural_gas',
    quantity: 3_000,
    unit: 'therm',
  });
  const spend = (siteId: string, variant: string, amount: number) =>
    line({
      siteId,
      date: '2025-06-01',
      category: 'purchased_goods',
      variant,
      spend: amount,
      currency: 'USD',
    });
  await spend(fresno.id, '541611', 40_000); // management consulting
  await spend(albany.id, '322211', 60_000); // corrugated boxes
  await recordFinancials(t, cookie, { revenue: 12_000_000, currency: 'USD', employees: 60 });
  // TCFD is the framework a US company starts on (src/client/features/export/identifier.ts).
  const base = { framework: 'tcfd', period: '2025', entityIdentifier: { value: LEI } };
  const requested = await requestAll(t, cookie, {
    pdf: { ...base, format: 'pdf' },
    csv: { ...base, format: 'csv' },
    xbrl: { ...base, format: 'xbrl' },
  });
  return { cookie, requested };
}

/** A report as GET /api/reports/{id} answers it, with its downloaded file. */
export async function downloaded(t: TestApp, cookie: string, id: string) {
  const report = (await t.call('GET', `/api/reports/${id}`, { cookie })).json;
  const file = await t.app.request(`${ORIGIN}/api/reports/${id}/file`, { headers: { Cookie: cookie } });
  return { report, status: file.status, bytes: new Uint8Array(await file.arrayBuffer()) };
}

/** POST /api/reports/{id}/xbrl: the XBRL instance (CSRD) or xBRL-JSON (SECR, SEC) of a report. */
export async function exportedXbrl(t: TestApp, cookie: string, id: string) {
  const response = await t.app.request(`${ORIGIN}/api/reports/${id}/xbrl`, {
    method: 'POST',
    headers: {
      Cookie: cookie,
      Origin: ORIGIN,
      'Sec-Fetch-Site': 'same-origin',
      'Content-Type': 'application/json',
    },
  });
  return { status: response.status, text: await response.text() };
}
