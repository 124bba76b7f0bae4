import { describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit.ts';
import { activityImports } from '../../db/schema/ledger.ts';
import { checklistIndicators, rulePackFor } from '../../src/domain/esg/rule-packs/index.ts';
import { PENDING_IMPORT } from '../../src/server/features/ledger/figures/visibility.ts';
import {
  addLine,
  addSite,
  companyWithSites,
  IMPORT_ROWS,
  importCsv,
  makeViewer,
  upload,
} from '../helpers/ledger.ts';
import { createTestApp } from '../helpers/test-app.ts';

// "Now" is March 2026: a company with no data has 2026 as its reporting year (decision 053).
const t = await createTestApp({ now: () => new Date('2026-03-15T10:00:00Z') });

type Item = {
  indicator: string;
  section: string;
  value: string;
  isCompleted: boolean;
  isRequired: boolean;
  autoFilled: boolean;
  origin: string;
  ledgerBacked: boolean;
  ledgerValue: string | null;
  ledgerRegion?: string;
  ledgerNote?: string;
  overridden: boolean;
  note: string | null;
  updatedBy: string | null;
  updatedAt: string | null;
  mappingLabel: string;
};

const itemOf = (body: { progress: Item[] }, indicator: string) => {
  const item = body.progress.find((candidate) => candidate.indicator === indicator);
  if (!item) throw new Error(`no item ${indicator}`);
  return item;
};

const csrdBasic = checklistIndicators(rulePackFor('CSRD'), false);
const csrdAll = checklistIndicators(rulePackFor('CSRD'), true);

async function initialised(jurisdiction = 'CSRD', overrides: Record<string, unknown> = {}) {
  const owner = await t.signUpCompany({ jurisdiction, ...overrides });
  const response = await t.call('POST', '/api/esg/initialize', {
    cookie: owner.cookie,
    body: { jurisdiction },
  });
  expect(response.status).toBe(200);
  return owner;
}

const put = (cookie: string, body: Record<string, unknown>) =>
  t.call('PUT', '/api/esg/progress', { cookie, body: { jurisdiction: 'CSRD', ...body } });

describe('ESG checklist: initialise and read', () => {
  test('a checklist never initialised has no progress and no compliance status', async () => {
    const { cookie } = await t.signUpCompany();
    const response = await t.call('GET', '/api/esg/progress?jurisdiction=CSRD', { cookie });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      jurisdiction: 'CSRD',
      // The company's reporting year: no data yet, so this year (decisions 053, 086).
      year: 2026,
      initializedVersion: null,
      includeComprehensive: false,
      progress: [],
      complianceStatus: null,
      evidence: [],
    });
    expect(response.json.rulePack.version).toBe(rulePackFor('CSRD').version);
  });

  test('initialising answers the pack’s indicators in order, all incomplete, and is audited', async () => {
    const owner = await t.signUpCompany();
    const response = await t.call('POST', '/api/esg/initialize', {
      cookie: owner.cookie,
      body: { jurisdiction: 'CSRD' },
    });
    expect(response.status).toBe(200);
    const body = response.json;
    expect(body.initializedVersion).toBe(rulePackFor('CSRD').version);
    expect(body.progress.map((item: Item) => item.indicator)).toEqual(csrdBasic.map((i) => i.key));
    expect(body.progress.every((item: Item) => !item.isCompleted && item.value === '')).toBe(true);
    const scope1 = itemOf(body, 'scope_1_emissions');
    expect(scope1).toMatchObject({
      section: 'environmental',
      isRequired: true,
      autoFilled: false,
      ledgerBacked: true,
      ledgerValue: null,
      overridden: false,
      origin: 'empty',
      module: 'basic',
      evidenceCount: 0,
      updatedBy: null,
    });
    expect(scope1.mappingLabel).toStartWith('VSME B3');
    expect(body.complianceStatus).toEqual({
      overallProgress: 0,
      sectionProgress: { environmental: 0, social: 0, governance: 0 },
      missingRequired: csrdBasic.filter((i) => i.required).map((i) => i.key),
    });
    const audit = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(
        and(eq(auditLogs.companyId, owner.user.companyId), eq(auditLogs.action, 'esg_checklist_initialized')),
      );
    expect(audit).toHaveLength(1);
  });

  test('the year defaults to the company’s reporting year and can be chosen', async () => {
    const { cookie } = await initialised();
    const progressYear = async () =>
      (await t.call('GET', '/api/esg/progress?jurisdiction=CSRD', { cookie })).json.year;
    // The one reporting year every screen shows (decision 086): no data yet, so this year.
    expect((await t.call('GET', '/api/reporting-year', { cookie })).json.year).toBe(2026);
    expect(await progressYear()).toBe(2026);
    // Saved on the dashboard's picker, it is the checklist's year too.
    expect((await t.call('PUT', '/api/reporting-year', { cookie, body: { year: 2025 } })).status).toBe(200);
    expect(await progressYear()).toBe(2025);
    expect((await t.call('GET', '/api/esg/progress?jurisdiction=CSRD&year=2024', { cookie })).json.year).toBe(
      2024,
    );
    // Writes answer the progress of the year the screen shows.
    expect((await put(cookie, { indicator: 'legal_form', value: 'x', year: 2024 })).json.year).toBe(2024);
    const again = await t.call('POST', '/api/esg/initialize', {
      cookie,
      body: { jurisdiction: 'CSRD', year: 2023 },
    });
    expect(again.json.year).toBe(2023);
  });

  test('re-initialising keeps every value and note entered, and can add the Comprehensive module', async () => {
    const { cookie } = await initialised();
    await put(cookie, {
      indicator: 'legal_form',
      value: 'Private limited company',
      note: 'From Companies House',
    });
    await put(cookie, { indicator: 'scope_1_emissions', value: '4 tCO2e' });
    const again = await t.call('POST', '/api/esg/initialize', {
      cookie,
      body: { jurisdiction: 'CSRD', includeComprehensive: true },
    });
    expect(again.status).toBe(200);
    expect(itemOf(again.json, 'legal_form')).toMatchObject({
      value: 'Private limited company',
      note: 'From Companies House',
      isCompleted: true,
    });
    expect(itemOf(again.json, 'scope_1_emissions')).toMatchObject({ value: '4 tCO2e', overridden: true });
    expect(again.json.includeComprehensive).toBe(true);
    expect(again.json.progress).toHaveLength(csrdAll.length);
    // Without the flag, the module choice made before stays.
    const third = await t.call('POST', '/api/esg/initialize', { cookie, body: { jurisdiction: 'CSRD' } });
    expect(third.json.includeComprehensive).toBe(true);
    expect(itemOf(third.json, 'legal_form').value).toBe('Private limited company');
  });
});

describe('ESG checklist: answers', () => {
  test('a value completes an indicator and an empty value makes it incomplete again', async () => {
    const { cookie } = await initialised();
    const saved = await put(cookie, { indicator: 'legal_form', value: 'Sole trader' });
    expect(saved.status).toBe(200);
    const item = itemOf(saved.json, 'legal_form');
    expect(item).toMatchObject({
      value: 'Sole trader',
      isCompleted: true,
      origin: 'manual',
      updatedBy: 'Ada Lovelace',
    });
    expect(item.updatedAt).toBe('2026-03-15T10:00:00.000Z');
    const cleared = await put(cookie, { indicator: 'legal_form', value: '' });
    expect(itemOf(cleared.json, 'legal_form')).toMatchObject({
      value: '',
      isCompleted: false,
      origin: 'empty',
    });
  });

  test('percentages are whole numbers of completed over all, per section, and required gaps are listed', async () => {
    const { cookie } = await initialised();
    const governance = csrdBasic.filter((i) => i.section === 'governance');
    const social = csrdBasic.filter((i) => i.section === 'social');
    await put(cookie, { indicator: governance[0]!.key, value: 'yes' });
    const response = await put(cookie, { indicator: social[0]!.key, value: 'completed' });
    const status = response.json.complianceStatus;
    expect(status.sectionProgress).toEqual({
      environmental: 0,
      social: Math.round((1 / social.length) * 100),
      governance: Math.round((1 / governance.length) * 100),
    });
    expect(status.overallProgress).toBe(Math.round((2 / csrdBasic.length) * 100));
    expect(status.missingRequired).toEqual(
      csrdBasic
        .filter((i) => i.required && i.key !== governance[0]!.key && i.key !== social[0]!.key)
        .map((i) => i.key),
    );
  });

  test('a note alone is saved without touching the value', async () => {
    const { cookie } = await initialised();
    await put(cookie, { indicator: 'legal_form', value: 'Partnership' });
    const response = await put(cookie, { indicator: 'legal_form', note: 'Deed of 2019' });
    expect(itemOf(response.json, 'legal_form')).toMatchObject({ value: 'Partnership', note: 'Deed of 2019' });
    const read = await t.call('GET', '/api/esg/progress?jurisdiction=CSRD', { cookie });
    expect(itemOf(read.json, 'legal_form').note).toBe('Deed of 2019');
  });

  test('an indicator outside the checklist is 404 and a checklist not initialised is 409', async () => {
    const { cookie } = await initialised();
    const unknown = await put(cookie, { indicator: 'not_an_indicator', value: 'x' });
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe('This indicator is not in your checklist');
    // A Comprehensive-module item is not in a Basic-only checklist.
    const comprehensive = csrdAll.find((i) => i.module === 'comprehensive')!;
    expect((await put(cookie, { indicator: comprehensive.key, value: 'x' })).status).toBe(404);
    const fresh = await t.signUpCompany();
    const notYet = await put(fresh.cookie, { indicator: 'legal_form', value: 'x' });
    expect(notYet.status).toBe(409);
    expect(notYet.json.message).toBe('Initialize the ESG checklist first');
  });

  test('a missing or unknown jurisdiction is refused with "Please select a jurisdiction" on every call', async () => {
    const { cookie } = await t.signUpCompany();
    const responses = [
      await t.call('GET', '/api/esg/progress', { cookie }),
      await t.call('GET', '/api/esg/progress?jurisdiction=XYZ', { cookie }),
      await t.call('POST', '/api/esg/initialize', { cookie, body: {} }),
      await t.call('POST', '/api/esg/initialize', { cookie, body: { jurisdiction: 'XYZ' } }),
      await t.call('PUT', '/api/esg/progress', { cookie, body: { indicator: 'legal_form', value: 'x' } }),
      await t.call('PUT', '/api/esg/progress', {
        cookie,
        body: { jurisdiction: 'XYZ', indicator: 'legal_form', value: 'x' },
      }),
    ];
    for (const response of responses) {
      expect(response.status).toBe(400);
      expect(response.json.message).toBe('Please select a jurisdiction');
      expect(response.json.details.fieldErrors.jurisdiction).toEqual(['Please select a jurisdiction']);
    }
  });

  test('a malformed update is a 400 with field errors, never a 500', async () => {
    const { cookie } = await initialised();
    const noChange = await put(cookie, { indicator: 'legal_form' });
    expect(noChange.status).toBe(400);
    const badKey = await put(cookie, { indicator: 'Legal Form!', value: 'x' });
    expect(badKey.status).toBe(400);
    expect(badKey.json.details.fieldErrors.indicator).toEqual(['Choose an indicator']);
    const notJson = await t.call('PUT', '/api/esg/progress', { cookie, body: '{"jurisdiction":' });
    expect(notJson.status).toBe(400);
    const ledgerOnText = await put(cookie, { indicator: 'legal_form', useLedger: true });
    expect(ledgerOnText.status).toBe(400);
  });

  test('a viewer reads the checklist but cannot initialise or change it', async () => {
    const owner = await initialised();
    const viewer = await makeViewer(t, owner.user.companyId);
    expect((await t.call('GET', '/api/esg/progress?jurisdiction=CSRD', { cookie: viewer })).status).toBe(200);
    const init = await t.call('POST', '/api/esg/initialize', {
      cookie: viewer,
      body: { jurisdiction: 'CSRD' },
    });
    expect(init.status).toBe(403);
    expect((await put(viewer, { indicator: 'legal_form', value: 'x' })).status).toBe(403);
  });

  test('signed out, every call is 401', async () => {
    expect((await t.call('GET', '/api/esg/progress?jurisdiction=CSRD')).status).toBe(401);
    expect((await t.call('POST', '/api/esg/initialize', { body: { jurisdiction: 'CSRD' } })).status).toBe(
      401,
    );
  });

  test('company B sees its own empty checklist, never company A’s answers', async () => {
    const a = await initialised();
    await put(a.cookie, { indicator: 'legal_form', value: 'A Ltd' });
    const b = await t.signUpCompany();
    const read = await t.call('GET', '/api/esg/progress?jurisdiction=CSRD', { cookie: b.cookie });
    expect(read.status).toBe(200);
    expect(read.json.progress).toEqual([]);
    expect(read.json.complianceStatus).toBeNull();
    // B's own checklist starts empty; A's value stays A's.
    const own = await t.call('POST', '/api/esg/initialize', {
      cookie: b.cookie,
      body: { jurisdiction: 'CSRD' },
    });
    expect(itemOf(own.json, 'legal_form').value).toBe('');
    const aRead = await t.call('GET', '/api/esg/progress?jurisdiction=CSRD', { cookie: a.cookie });
    expect(itemOf(aRead.json, 'legal_form').value).toBe('A Ltd');
  });
});

describe('GET /api/dashboard/overview complianceStatus', () => {
  test('is null until the checklist of the company’s jurisdiction exists, then matches it', async () => {
    const { cookie } = await t.signUpCompany({ jurisdiction: 'SECR' });
    expect((await t.call('GET', '/api/dashboard/overview', { cookie })).json.complianceStatus).toBeNull();
    // A checklist for another jurisdiction is not the company's.
    await t.call('POST', '/api/esg/initialize', { cookie, body: { jurisdiction: 'CSRD' } });
    expect((await t.call('GET', '/api/dashboard/overview', { cookie })).json.complianceStatus).toBeNull();
    await t.call('POST', '/api/esg/initialize', { cookie, body: { jurisdiction: 'SECR' } });
    const updated = await t.call('PUT', '/api/esg/progress', {
      cookie,
      body: { jurisdiction: 'SECR', indicator: 'energy_efficiency_actions', value: 'LED lighting in 2025' },
    });
    const overview = await t.call('GET', '/api/dashboard/overview', { cookie });
    expect(overview.status).toBe(200);
    expect(overview.json.complianceStatus).toEqual(updated.json.complianceStatus);
    expect(overview.json.complianceStatus.overallProgress).toBeGreaterThan(0);
  });
});

describe('ESG checklist: auto-fill from the ledger', () => {
  /**
   * Figures worked out by hand (tests/integration/kpi.test.ts, DESNZ 2025):
   * - 10,000 kWh UK electricity: scope 2 location 1,770 kg = 1.77 t; 10.0 MWh; 0 % renewable.
   * - 1,000 L diesel: scope 1 2,570.82 kg = 2.57 t (litres carry no kWh: no energy figure).
   * - 500 m3 water; waste 2 t paper recycled + 3 t commercial landfill = 5.00 t, 2.00 t recycled.
   */
  async function ledgerCompany(jurisdiction = 'CSRD') {
    const owner = await initialised(jurisdiction);
    const site = await addSite(t, owner.cookie, 'Bristol bakery');
    const line = (fields: Record<string, unknown>) => addLine(t, owner.cookie, { siteId: site, ...fields });
    return { ...owner, site, line };
  }

  test('ledger lines of the reporting year fill scope, energy, water and waste indicators', async () => {
    const { cookie, line } = await ledgerCompany();
    await line({ date: '2025-03-01', category: 'electricity', quantity: 10000, unit: 'kWh' });
    await line({ date: '2025-01-14', category: 'diesel', quantity: 1000, unit: 'litre' });
    await line({ date: '2025-02-01', category: 'water', quantity: 500, unit: 'm3' });
    await line({
      date: '2025-04-01',
      category: 'waste',
      variant: 'paper_recycling',
      quantity: 2,
      unit: 'tonne',
    });
    await line({
      date: '2025-05-01',
      category: 'waste',
      variant: 'commercial_industrial_landfill',
      quantity: 3000,
      unit: 'kg',
    });
    const body = (await t.call('GET', '/api/esg/progress?jurisdiction=CSRD', { cookie })).json;
    const expected: Record<string, string> = {
      scope_1_emissions: '2.57 tCO2e',
      scope_2_emissions: '1.77 tCO2e',
      scope_2_market_emissions: '1.77 tCO2e',
      // 10,000 kWh + 1,000 L diesel (1 m³ × 832.361 kg/m³ / 1000 × 45.545 GJ/t × 277.78 =
      // 10,530.52 kWh, DESNZ 2025 gross) = 20.53 MWh.
      energy_consumption: '20.5 MWh',
      electricity_consumption: '10.0 MWh',
      fuel_consumption: '10.5 MWh',
      renewable_energy_percentage: '0 %',
      water_consumption: '500 m³',
      waste_generated: '5.00 t',
      waste_recycled: '2.00 t',
    };
    for (const [indicator, value] of Object.entries(expected)) {
      expect(itemOf(body, indicator)).toMatchObject({
        indicator,
        value,
        ledgerValue: value,
        autoFilled: true,
        origin: 'ledger',
        isCompleted: true,
        overridden: false,
        updatedBy: null,
      });
    }
    // No revenue recorded: no intensity; a year without lines has no figures.
    expect(itemOf(body, 'ghg_intensity')).toMatchObject({ value: '', ledgerValue: null, isCompleted: false });
    const earlier = (await t.call('GET', '/api/esg/progress?jurisdiction=CSRD&year=2024', { cookie })).json;
    expect(itemOf(earlier, 'scope_1_emissions')).toMatchObject({
      value: '',
      autoFilled: false,
      ledgerValue: null,
    });
  });

  test('an override is kept when the ledger changes, and useLedger brings the current figure back', async () => {
    const { cookie, line } = await ledgerCompany();
    await line({ date: '2025-01-14', category: 'diesel', quantity: 1000, unit: 'litre' });
    const overridden = await put(cookie, { indicator: 'scope_1_emissions', value: '3 tCO2e (meter audit)' });
    expect(itemOf(overridden.json, 'scope_1_emissions')).toMatchObject({
      value: '3 tCO2e (meter audit)',
      ledgerValue: '2.57 tCO2e',
      overridden: true,
      autoFilled: false,
      origin: 'manual',
      updatedBy: 'Ada Lovelace',
    });
    await line({ date: '2025-06-14', category: 'diesel', quantity: 1000, unit: 'litre' });
    const afterLedger = (await t.call('GET', '/api/esg/progress?jurisdiction=CSRD', { cookie })).json;
    expect(itemOf(afterLedger, 'scope_1_emissions')).toMatchObject({
      value: '3 tCO2e (meter audit)',
      ledgerValue: '5.14 tCO2e',
      overridden: true,
    });
    const restored = await put(cookie, { indicator: 'scope_1_emissions', useLedger: true });
    expect(itemOf(restored.json, 'scope_1_emissions')).toMatchObject({
      value: '5.14 tCO2e',
      overridden: false,
      autoFilled: true,
      origin: 'ledger',
    });
  });

  test('switching a ledger-backed indicator off is an override that leaves it incomplete', async () => {
    const { cookie, line } = await ledgerCompany();
    await line({ date: '2025-03-01', category: 'electricity', quantity: 10000, unit: 'kWh' });
    const off = await put(cookie, { indicator: 'scope_2_emissions', value: '' });
    expect(itemOf(off.json, 'scope_2_emissions')).toMatchObject({
      value: '',
      isCompleted: false,
      overridden: true,
      ledgerValue: '1.77 tCO2e',
      origin: 'manual',
    });
    expect(off.json.complianceStatus.missingRequired).toContain('scope_2_emissions');
  });

  test('a ledger change refreshes an auto-filled value, and a note does not stop the refresh', async () => {
    const { cookie, line } = await ledgerCompany();
    await line({ date: '2025-02-01', category: 'water', quantity: 500, unit: 'm3' });
    const noted = await put(cookie, { indicator: 'water_consumption', note: 'Wessex Water bills' });
    expect(itemOf(noted.json, 'water_consumption')).toMatchObject({
      value: '500 m³',
      note: 'Wessex Water bills',
    });
    await line({ date: '2025-08-01', category: 'water', quantity: 734.4, unit: 'm3' });
    const body = (await t.call('GET', '/api/esg/progress?jurisdiction=CSRD', { cookie })).json;
    expect(itemOf(body, 'water_consumption')).toMatchObject({
      value: '1,234 m³',
      autoFilled: true,
      note: 'Wessex Water bills',
    });
  });

  test('SECR fills energy by carrier in kWh, the intensity ratio and the prior year', async () => {
    const { cookie, line } = await ledgerCompany('SECR');
    await line({ date: '2025-03-01', category: 'electricity', quantity: 10000, unit: 'kWh' });
    await line({ date: '2025-01-14', category: 'diesel', quantity: 1000, unit: 'litre' });
    await line({ date: '2024-06-01', category: 'electricity', quantity: 5000, unit: 'kWh' });
    await t.call('PUT', '/api/financials', {
      cookie,
      body: { year: 2025, revenue: 2_000_000, currency: 'GBP', employees: 10 },
    });
    const body = (await t.call('GET', '/api/esg/progress?jurisdiction=SECR', { cookie })).json;
    expect(itemOf(body, 'energy_use_electricity')).toMatchObject({ value: '10,000 kWh', ledgerRegion: 'GB' });
    // The total counts the diesel litres: 10,000 + 10,530.52 kWh (DESNZ 2025 fuel properties) = 20,531 kWh.
    expect(itemOf(body, 'energy_use_total')).toMatchObject({ value: '20,531 kWh' });
    expect(itemOf(body, 'energy_use_total').ledgerNote).toBeUndefined();
    // No gas line: nothing to fill, nothing to explain.
    expect(itemOf(body, 'energy_use_gas')).toMatchObject({ value: '', ledgerValue: null });
    expect(itemOf(body, 'energy_use_gas').ledgerNote).toBeUndefined();
    // Diesel litres become kWh with the DESNZ fuel properties: 1,000 L = 10,530.52 kWh.
    expect(itemOf(body, 'energy_use_transport')).toMatchObject({
      value: '10,531 kWh',
      isCompleted: true,
      autoFilled: true,
      ledgerRegion: 'GB',
    });
    // Scope 1 + 2 (location) = 2,570.82 + 1,770 kg = 4.34 t.
    expect(itemOf(body, 'total_scope_1_2_emissions').value).toBe('4.34 tCO2e');
    expect(itemOf(body, 'prior_year_energy_use').value).toBe('5,000 kWh');
    // 2024: 5,000 kWh × 0.20705 kg/kWh (DESNZ 2024 UK electricity) = 1,035.25 kg.
    expect(itemOf(body, 'prior_year_emissions').value).toBe('1.04 tCO2e');
    // SECR's ratios are of the Scope 1 and 2 it reports, 4,340.82 kg (Scope 3 left out):
    // per employee 4.34082 / 10 = 0.434, per million GBP 4.34082 / 2 = 2.170.
    expect(itemOf(body, 'intensity_ratio_employee').value).toBe('0.43 tCO2e per employee');
    expect(itemOf(body, 'intensity_ratio_revenue').value).toBe('2.17 tCO2e per million GBP');
  });

  test('SECR counts UK sites only, while CSRD counts every site', async () => {
    const { cookie, line } = await ledgerCompany('SECR');
    await t.call('POST', '/api/esg/initialize', { cookie, body: { jurisdiction: 'CSRD' } });
    const lyon = await addSite(t, cookie, 'Lyon shop', 'FR');
    await line({ date: '2025-03-01', category: 'electricity', quantity: 10000, unit: 'kWh' });
    await line({ date: '2025-04-01', category: 'electricity', quantity: 1.5, unit: 'MWh' });
    await addLine(t, cookie, {
      siteId: lyon,
      date: '2025-03-01',
      category: 'electricity',
      quantity: 4000,
      unit: 'kWh',
    });
    await addLine(t, cookie, {
      siteId: lyon,
      date: '2024-05-01',
      category: 'electricity',
      quantity: 2500,
      unit: 'kWh',
    });
    await line({ date: '2024-05-01', category: 'electricity', quantity: 700, unit: 'kWh' });
    await t.call('PUT', '/api/financials', {
      cookie,
      body: { year: 2025, revenue: 2_000_000, currency: 'GBP', employees: 10 },
    });
    const secr = (await t.call('GET', '/api/esg/progress?jurisdiction=SECR', { cookie })).json;
    // UK: 10,000 kWh + 1.5 MWh (1,500 kWh) = 11,500 kWh; the 4,000 kWh in Lyon are not UK energy.
    expect(itemOf(secr, 'energy_use_electricity')).toMatchObject({
      value: '11,500 kWh',
      ledgerRegion: 'GB',
      origin: 'ledger',
    });
    expect(itemOf(secr, 'energy_use_total').value).toBe('11,500 kWh');
    // 11,500 kWh × 0.177 kg/kWh (DESNZ 2025 UK electricity) = 2,035.5 kg.
    expect(itemOf(secr, 'scope_2_emissions').value).toBe('2.04 tCO2e');
    expect(itemOf(secr, 'total_scope_1_2_emissions').value).toBe('2.04 tCO2e');
    // Prior year, UK only: 700 kWh (not the 2,500 kWh in Lyon); 700 × 0.20705 (DESNZ 2024) = 144.935 kg.
    expect(itemOf(secr, 'prior_year_energy_use').value).toBe('700 kWh');
    expect(itemOf(secr, 'prior_year_emissions').value).toBe('0.14 tCO2e');
    // Turnover covers France too: no UK ratio is made up, and the note says why.
    expect(itemOf(secr, 'intensity_ratio_revenue')).toMatchObject({ value: '', ledgerRegion: 'GB' });
    expect(itemOf(secr, 'intensity_ratio_revenue').ledgerNote).toContain('sites outside this region');
    const csrd = (await t.call('GET', '/api/esg/progress?jurisdiction=CSRD', { cookie })).json;
    // Every site: 11,500 + 4,000 = 15,500 kWh = 15.5 MWh.
    expect(itemOf(csrd, 'energy_consumption')).toMatchObject({ value: '15.5 MWh', origin: 'ledger' });
    expect(itemOf(csrd, 'energy_consumption').ledgerRegion).toBeUndefined();
  });

  test('UK figures ignore the lines of an import still being written', async () => {
    const owner = await companyWithSites(t);
    await t.call('POST', '/api/esg/initialize', { cookie: owner.cookie, body: { jurisdiction: 'SECR' } });
    expect((await upload(t, owner.cookie, importCsv(IMPORT_ROWS.slice(0, 2)))).status).toBe(201);
    const read = async () =>
      (await t.call('GET', '/api/esg/progress?jurisdiction=SECR', { cookie: owner.cookie })).json;
    expect(itemOf(await read(), 'energy_use_electricity').value).toBe('10,000 kWh');
    // 1,000 L diesel = 10,530.5227 kWh (DESNZ 2025 fuel properties, gross CV; decision 048).
    expect(itemOf(await read(), 'energy_use_transport').value).toBe('10,531 kWh');
    await t.db
      .update(activityImports)
      .set({ importedCount: PENDING_IMPORT })
      .where(eq(activityImports.companyId, owner.user.companyId));
    const hidden = await read();
    expect(itemOf(hidden, 'energy_use_electricity')).toMatchObject({ value: '', ledgerValue: null });
    expect(itemOf(hidden, 'scope_1_emissions')).toMatchObject({ value: '', ledgerValue: null });
    expect(itemOf(hidden, 'energy_use_transport')).toMatchObject({ value: '', ledgerValue: null });
  });

  test('workforce records fill the female share and training hours per employee', async () => {
    const { cookie } = await ledgerCompany();
    await t.call('PUT', '/api/workforce', {
      cookie,
      body: { year: 2025, headcountFemale: 3, headcountMale: 5, trainingHours: 100 },
    });
    // Workforce records are not ledger data, so they do not move the reporting year: ask for 2025.
    const body = (await t.call('GET', '/api/esg/progress?jurisdiction=CSRD&year=2025', { cookie })).json;
    // 3 of 8 = 37.5 % → 38 %; 100 hours over 8 people = 12.5.
    expect(itemOf(body, 'gender_balance')).toMatchObject({ value: '38 %', autoFilled: true });
    expect(itemOf(body, 'training_hours')).toMatchObject({
      value: '12.5 hours per employee',
      autoFilled: true,
    });
  });

  test('lines of an import still being written are not used', async () => {
    const owner = await companyWithSites(t);
    await t.call('POST', '/api/esg/initialize', { cookie: owner.cookie, body: { jurisdiction: 'CSRD' } });
    const imported = await upload(t, owner.cookie, importCsv(IMPORT_ROWS.slice(0, 1)));
    expect(imported.status).toBe(201);
    const read = async () =>
      itemOf(
        (await t.call('GET', '/api/esg/progress?jurisdiction=CSRD', { cookie: owner.cookie })).json,
        'scope_2_emissions',
      );
    expect((await read()).value).toBe('1.77 tCO2e');
    // Marked as being written (decision 008): its lines vanish from every figure.
    await t.db
      .update(activityImports)
      .set({ importedCount: PENDING_IMPORT })
      .where(eq(activityImports.companyId, owner.user.companyId));
    expect(await read()).toMatchObject({ value: '', ledgerValue: null, autoFilled: false });
  });
});
