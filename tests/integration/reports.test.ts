import { describe, expect, test } from 'bun:test';
import { and, count, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { extractText, getDocumentProxy } from 'unpdf';
import { auditLogs } from '../../db/schema/audit.ts';
import { reportFiles, reports } from '../../db/schema/export-reports.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { parseFactsCsv } from '../../src/domain/reports/csv/render-csv.ts';
import { formatNumber, formatTonnes } from '../../src/domain/reports/pdf/format.ts';
import type { ReportSnapshot } from '../../src/domain/reports/snapshot.ts';
import { MissingEntityIdentifierError } from '../../src/domain/reports/xbrl/entity.ts';
import { sha256Hex } from '../../src/domain/sha256.ts';
import { renderReportFile } from '../../src/server/features/export/reports/render.ts';
import { JOB_HANDLERS } from '../../src/server/jobs/handlers.ts';
import { createLogger } from '../../src/server/lib/logger.ts';
import { warmRenderThreadForFile } from '../helpers/cpu-thread.ts';
import { addLine, addSite, makeViewer } from '../helpers/ledger.ts';
import { createTestApp, ORIGIN } from '../helpers/test-app.ts';

warmRenderThreadForFile();

const NOW = new Date('2026-03-15T10:00:00Z');
const t = await createTestApp({ now: () => NOW });

/** A valid LEI (ISO 17442 check digits). */
const LEI = '529900T8BM49AURSDO55';
const MISSING_IDENTIFIER = new MissingEntityIdentifierError().message;
/** A UK company number, for SECR reports (no LEI needed). */
const COMPANY_NUMBER = { scheme: 'http://www.companieshouse.gov.uk/', value: '01234567' };

/** A bakery with a UK and a French site and a year of activity (2025) plus one 2024 line. */
async function bakery(name = 'Northwind Bakery Ltd', jurisdiction = 'CSRD') {
  const owner = await t.signUpCompany({ companyName: name, jurisdiction });
  const bristol = await addSite(t, owner.cookie, 'Bristol bakery', 'GB');
  const lyon = await addSite(t, owner.cookie, 'Lyon shop', 'FR');
  const line = (siteId: string, date: string, category: string, quantity: number, unit = 'kWh') =>
    addLine(t, owner.cookie, { siteId, date, category, quantity, unit });
  await line(bristol, '2025-02-01', 'natural_gas', 50_000);
  await line(bristol, '2025-03-01', 'electricity', 10_000);
  await line(bristol, '2025-07-01', 'electricity', 12_000);
  await line(lyon, '2025-05-01', 'electricity', 8_000);
  await line(bristol, '2024-06-01', 'electricity', 10_000);
  await line(bristol, '2024-11-01', 'natural_gas', 20_000);
  return owner;
}

const generate = (cookie: string, body: Record<string, unknown>) =>
  t.call('POST', '/api/reports/generate', { cookie, body });

/** Requests a report, runs the job queue, and answers the report as it then stands. */
async function generated(cookie: string, body: Record<string, unknown>) {
  const requested = await generate(cookie, body);
  expect(requested.status).toBe(202);
  await t.runJobs();
  const report = await t.call('GET', `/api/reports/${requested.json.id}`, { cookie });
  expect(report.status).toBe(200);
  return report.json;
}

const download = (cookie: string, id: string) =>
  t.app.request(`${ORIGIN}/api/reports/${id}/file`, { headers: { Cookie: cookie } });

const exportXbrl = (cookie: string, id: string) =>
  t.app.request(`${ORIGIN}/api/reports/${id}/xbrl`, {
    method: 'POST',
    headers: {
      Cookie: cookie,
      Origin: ORIGIN,
      'Sec-Fetch-Site': 'same-origin',
      'Content-Type': 'application/json',
    },
  });

async function storedSnapshot(id: string): Promise<ReportSnapshot> {
  const row = await t.db.select({ snapshot: reports.snapshot }).from(reports).where(eq(reports.id, id)).get();
  return JSON.parse(row!.snapshot);
}

async function pdfText(bytes: ArrayBuffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe('POST /api/reports/generate', () => {
  test('answers 202 with a queued draft, then the job renders a PDF with the company and its scope 1 figure', async () => {
    const { cookie, user } = await bakery();
    const requested = await generate(cookie, { format: 'pdf', framework: 'gri', period: '2025' });
    expect(requested.status).toBe(202);
    expect(requested.json).toMatchObject({
      title: 'Northwind Bakery Ltd — GRI sustainability report 2025, v1',
      format: 'pdf',
      framework: 'gri',
      period: '2025',
      version: 1,
      jurisdiction: 'CSRD',
      status: 'draft',
      generation: 'queued',
      generationError: null,
      fileName: null,
      downloadUrl: null,
      emailDelivery: null,
      createdAt: NOW.toISOString(),
      createdBy: 'Ada Lovelace',
      finalizedAt: null,
    });
    const id = requested.json.id;
    const early = await download(cookie, id);
    expect(early.status).toBe(409);
    expect((await early.json()).message).toBe('This report is still being generated');

    expect(await t.runJobs()).toBeGreaterThanOrEqual(1);
    const report = (await t.call('GET', `/api/reports/${id}`, { cookie })).json;
    expect(report).toMatchObject({
      generation: 'succeeded',
      fileName: `report-${id}.pdf`,
      contentType: 'application/pdf',
      downloadUrl: `/api/reports/${id}/file`,
    });

    const file = await download(cookie, id);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''report-${id}.pdf`);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = await file.arrayBuffer();
    expect(bytes.byteLength).toBe(report.size);
    expect(sha256Hex(new Uint8Array(bytes))).toBe(report.sha256);

    const snapshot = await storedSnapshot(id);
    // The same figure the KPI Dashboard shows for the year.
    const metrics = await t.call('GET', '/api/metrics/summary?year=2025', { cookie });
    expect(snapshot.inventory?.scope1).toBe(metrics.json.carbon.scope1.value);
    expect(snapshot.inventory?.scope2Location).toBe(metrics.json.carbon.scope2Location.value);
    expect(snapshot.inventory?.scope1).toBeGreaterThan(0);
    const text = await pdfText(bytes);
    expect(text).toContain('Northwind Bakery Ltd');
    expect(text).toContain(formatTonnes(snapshot.inventory!.scope1));

    const audit = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.companyId, user.companyId), eq(auditLogs.entityId, id)));
    expect(audit.map((row) => row.action).sort()).toEqual([
      'report_generated',
      'report_generation_requested',
    ]);
  });

  test('freezes the period, the prior period, the sites and the UK figures in the snapshot', async () => {
    const { cookie } = await bakery();
    const report = await generated(cookie, { format: 'pdf', framework: 'csrd', period: '2025' });
    const snapshot = await storedSnapshot(report.id);
    expect(snapshot.report).toMatchObject({
      period: '2025',
      periodStart: '2025-01-01',
      periodEnd: '2025-12-31',
      jurisdiction: 'CSRD',
      taxonomyVersion: '2026-05-01',
    });
    expect(snapshot.generatedAt).toBe(NOW.toISOString());
    expect(snapshot.company.sites.map((site) => site.name)).toEqual(['Bristol bakery', 'Lyon shop']);
    expect(snapshot.company.identifier).toBeNull();
    expect(snapshot.inventory?.lineCount).toBe(4);
    expect(snapshot.inventory?.previous?.period).toBe('2024');
    expect(snapshot.inventory?.byDataQuality.length).toBeGreaterThan(0);
    expect(snapshot.energy?.totalMWh).toBe(80);
    expect(snapshot.factors.length).toBeGreaterThan(0);
    expect(snapshot.factors[0]).toMatchObject({ gwpBasis: expect.any(String), source: expect.any(String) });
    // UK section: the Bristol lines only (the Lyon electricity is left out).
    expect(snapshot.uk?.energyKwh).toEqual({
      gas: 50_000,
      electricity: 22_000,
      transport: null,
      otherFuels: null,
      heatSteam: null,
      total: 72_000,
    });
  });

  test('a quarter covers its own dates and compares with the quarter before', async () => {
    const { cookie } = await bakery();
    const report = await generated(cookie, { format: 'csv', framework: 'gri', period: '2025-q1' });
    const snapshot = await storedSnapshot(report.id);
    expect(snapshot.report).toMatchObject({ periodStart: '2025-01-01', periodEnd: '2025-03-31' });
    expect(snapshot.inventory?.lineCount).toBe(2);
    expect(snapshot.inventory?.previous?.period).toBe('2024-q4');
    expect(snapshot.energy?.totalMWh).toBe(60);
    // Ratios over a year's turnover are not given for a quarter.
    expect(snapshot.inventory?.intensityPerRevenue).toBeNull();
    expect(report.title).toContain('Q1 2025');
  });

  test('renders CSV with a byte-order mark and a row per scope fact', async () => {
    const { cookie } = await bakery();
    const report = await generated(cookie, { format: 'csv', framework: 'secr', period: '2025' });
    expect(report).toMatchObject({ generation: 'succeeded', fileName: `report-${report.id}.csv` });
    const file = await download(cookie, report.id);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseFactsCsv(new TextDecoder().decode(bytes));
    const snapshot = await storedSnapshot(report.id);
    const scope1 = rows.find((row) => row.concept.endsWith(':Scope1Emissions'));
    expect(Number(scope1?.value)).toBeCloseTo(snapshot.inventory!.scope1, 2);
    expect(rows.some((row) => row.concept.endsWith(':UkScope1Emissions'))).toBe(true);
  });

  test('renders CSRD Inline XBRL with an LEI as a report package holding the xhtml', async () => {
    const { cookie } = await bakery();
    const report = await generated(cookie, {
      format: 'xbrl',
      framework: 'csrd',
      period: '2025',
      entityIdentifier: { value: LEI.toLowerCase() },
    });
    expect(report).toMatchObject({
      generation: 'succeeded',
      fileName: `report-${report.id}.xbri`,
      contentType: 'application/zip',
    });
    const snapshot = await storedSnapshot(report.id);
    expect(snapshot.company.identifier).toEqual({ scheme: 'http://standards.iso.org/iso/17442', value: LEI });
    const files = unzipSync(new Uint8Array(await (await download(cookie, report.id)).arrayBuffer()));
    const xhtml = files[`report-${report.id}/reports/report-${report.id}.xhtml`];
    expect(xhtml).toBeDefined();
    const text = strFromU8(xhtml!);
    expect(text).toContain(LEI);
    expect(text).toContain('GrossScope1GreenhouseGasEmissions');
  });

  test('a CSRD XBRL report without an entity identifier fails generation with the reason', async () => {
    const { cookie } = await bakery();
    const report = await generated(cookie, { format: 'xbrl', framework: 'csrd', period: '2025' });
    expect(report).toMatchObject({
      generation: 'failed',
      generationError: MISSING_IDENTIFIER,
      fileName: null,
      downloadUrl: null,
    });
    const file = await download(cookie, report.id);
    expect(file.status).toBe(409);
    expect((await file.json()).message).toBe(`This report could not be generated: ${MISSING_IDENTIFIER}`);
    const job = await t.db.select().from(jobs).where(eq(jobs.dedupeKey, report.id)).get();
    expect(job).toMatchObject({ status: 'failed', error: MISSING_IDENTIFIER, attempts: 1 });
  });

  test('SECR XBRL is an xBRL-JSON package', async () => {
    const { cookie } = await bakery('Severn Foods Ltd', 'SECR');
    const report = await generated(cookie, {
      format: 'xbrl',
      framework: 'secr',
      period: '2025',
      entityIdentifier: COMPANY_NUMBER,
    });
    expect(report).toMatchObject({
      generation: 'succeeded',
      jurisdiction: 'SECR',
      fileName: `report-${report.id}.zip`,
      contentType: 'application/zip',
    });
    const files = unzipSync(new Uint8Array(await (await download(cookie, report.id)).arrayBuffer()));
    const json = JSON.parse(strFromU8(files[`report-${report.id}/reports/report-${report.id}.json`]!));
    expect(json.documentInfo.documentType).toBe('https://xbrl.org/2021/xbrl-json');
  });

  test('re-rendering the stored snapshot gives the same bytes, and re-running the job stores one copy', async () => {
    const { cookie, user } = await bakery();
    const identifier = { entityIdentifier: { value: LEI } };
    for (const body of [
      { format: 'pdf', framework: 'tcfd', period: '2025' },
      { format: 'csv', framework: 'csrd', period: '2025' },
      { format: 'xbrl', framework: 'csrd', period: '2025', ...identifier },
      { format: 'xbrl', framework: 'secr', period: '2025-q3', entityIdentifier: COMPANY_NUMBER },
    ]) {
      const report = await generated(cookie, body);
      expect(report.generation).toBe('succeeded');
      const again = await renderReportFile(await storedSnapshot(report.id));
      expect(sha256Hex(again.bytes)).toBe(report.sha256);
    }
    // A job that runs again (a crash after its writes) replaces the chunks instead of adding more.
    const report = (await t.call('GET', '/api/reports', { cookie })).json[0];
    await t.db.update(reports).set({ generation: 'queued' }).where(eq(reports.id, report.id));
    const handler = JOB_HANDLERS['report.generate']!;
    await handler(
      {
        id: 'rerun',
        kind: 'report.generate',
        payload: { reportId: report.id },
        companyId: user.companyId,
        attempt: 2,
      },
      { db: t.db, config: t.config, log: createLogger('silent'), now: () => NOW },
    );
    const after = (await t.call('GET', `/api/reports/${report.id}`, { cookie })).json;
    expect(after).toMatchObject({ generation: 'succeeded', sha256: report.sha256, size: report.size });
    const chunks = await t.db
      .select({ n: count() })
      .from(reportFiles)
      .where(eq(reportFiles.reportId, report.id))
      .get();
    expect(chunks?.n).toBe(1);
  });

  test('asking for email without SMTP records not_configured and keeps the file downloadable', async () => {
    const { cookie } = await bakery();
    const report = await generated(cookie, {
      format: 'pdf',
      framework: 'gri',
      period: '2025',
      delivery: { download: true, email: true },
    });
    expect(report).toMatchObject({ generation: 'succeeded', emailDelivery: 'not_configured' });
    expect((await download(cookie, report.id)).status).toBe(200);
  });

  test.each([
    [{ format: 'doc', framework: 'gri', period: '2025' }, 'format', 'Choose a format: pdf, xbrl or csv'],
    [
      { format: 'pdf', framework: 'gri', period: '2024-q5' },
      'period',
      'Choose a reporting period such as 2025 or 2025-q1',
    ],
    [{ format: 'pdf', framework: 'esrs', period: '2025' }, 'framework', 'Choose a reporting framework'],
    [
      {
        format: 'xbrl',
        framework: 'csrd',
        period: '2025',
        entityIdentifier: { value: '529900T8BM49AURSDO56' },
      },
      'entityIdentifier.value',
      "The LEI's last two characters are check digits; 529900T8BM49AURSDO56 fails the check (expected 55 at the end for these first 18 characters). Copy the LEI again from gleif.org: one character is probably mistyped.",
    ],
    [
      {
        format: 'xbrl',
        framework: 'secr',
        period: '2025',
        entityIdentifier: { scheme: 'http://www.companieshouse.gov.uk/', value: '1234567' },
      },
      'entityIdentifier.value',
      'A UK company number has 8 characters: write 1234567 with leading zeros, as 01234567.',
    ],
  ])('refuses %p with 400 and the field message', async (body, field, message) => {
    const { cookie, user } = await t.signUpCompany();
    const response = await generate(cookie, body);
    expect(response.status).toBe(400);
    expect(response.json.message).toBe(message);
    const [top, nested] = field.split('.');
    const errors = nested
      ? response.json.details.fieldErrors[top!]
      : response.json.details.fieldErrors[field];
    expect(errors).toBeDefined();
    const stored = await t.db
      .select({ n: count() })
      .from(reports)
      .where(eq(reports.companyId, user.companyId))
      .get();
    expect(stored?.n).toBe(0);
  });
});

describe('GET /api/reports', () => {
  test('lists the company reports newest first', async () => {
    const { cookie } = await bakery();
    // Same clock for both: the later insert still comes first.
    const first = await generate(cookie, { format: 'pdf', framework: 'gri', period: '2025' });
    const second = await generate(cookie, { format: 'csv', framework: 'gri', period: '2024' });
    const list = await t.call('GET', '/api/reports', { cookie });
    expect(list.status).toBe(200);
    expect(list.json.map((report: { id: string }) => report.id)).toEqual([second.json.id, first.json.id]);
  });
});

describe('versions and the SECR statement (issue 18)', () => {
  test('generating twice gives two reports told apart by version in the title, the list and the cover', async () => {
    const { cookie } = await bakery();
    const first = await generated(cookie, { format: 'pdf', framework: 'secr', period: '2025' });
    const second = await generated(cookie, { format: 'pdf', framework: 'secr', period: '2025' });
    // Another period or framework starts its own count.
    const other = await generate(cookie, { format: 'csv', framework: 'secr', period: '2024' });
    expect(first.title).toBe('Northwind Bakery Ltd — Streamlined Energy and Carbon Report (SECR) 2025, v1');
    expect(second.title).toBe('Northwind Bakery Ltd — Streamlined Energy and Carbon Report (SECR) 2025, v2');
    expect(other.json).toMatchObject({ version: 1, title: expect.stringContaining('2024, v1') });
    const list = (await t.call('GET', '/api/reports', { cookie })).json as { id: string; version: number }[];
    expect(
      list.filter((report) => report.id !== other.json.id).map((report) => [report.id, report.version]),
    ).toEqual([
      [second.id, 2],
      [first.id, 1],
    ]);
    const cover = (await pdfText(await (await download(cookie, second.id)).arrayBuffer())).slice(0, 400);
    expect(cover).toContain('(SECR) 2025, v2');
    expect(cover).toContain('Version v2, generated 15 March 2026, 10:00 UTC');
  });

  test('two requests at once still get two versions', async () => {
    const { cookie } = await bakery();
    const both = await Promise.all([
      generate(cookie, { format: 'pdf', framework: 'gri', period: '2025' }),
      generate(cookie, { format: 'csv', framework: 'gri', period: '2025' }),
    ]);
    expect(both.map((response) => response.status)).toEqual([202, 202]);
    expect(both.map((response) => response.json.version).sort()).toEqual([1, 2]);
  });

  test('the SECR table prints the intensity ratio from the year’s turnover, with the prior year beside it', async () => {
    const owner = await t.signUpCompany({ companyName: 'Severn Ovens Ltd', jurisdiction: 'SECR' });
    const bristol = await addSite(t, owner.cookie, 'Bristol bakery', 'GB');
    const line = (date: string, category: string, quantity: number) =>
      addLine(t, owner.cookie, { siteId: bristol, date, category, quantity, unit: 'kWh' });
    await line('2025-02-01', 'natural_gas', 50_000);
    await line('2025-03-01', 'electricity', 10_000);
    await line('2024-03-01', 'electricity', 8_000);
    const financials = { year: 2025, revenue: 3_200_000, currency: 'GBP', employees: 28 };
    expect((await t.call('PUT', '/api/financials', { cookie: owner.cookie, body: financials })).status).toBe(
      200,
    );
    const report = await generated(owner.cookie, { format: 'pdf', framework: 'secr', period: '2025' });
    const uk = (await storedSnapshot(report.id)).uk!;
    const scope12 = uk.scope1! + uk.scope2Location!;
    expect(uk.ratios?.map((ratio) => [ratio.basis, ratio.value])).toEqual([
      ['uk', Math.round((scope12 / 3.2) * 1e6) / 1e6],
      ['uk', Math.round((scope12 / 28) * 1e6) / 1e6],
    ]);
    expect(uk.intensity?.value).toBe(uk.ratios![0]!.value!);
    expect(uk.previous).toMatchObject({ period: '2024', energyKwh: { electricity: 8_000, total: 8_000 } });
    const text = await pdfText(await (await download(owner.cookie, report.id)).arrayBuffer());
    expect(text).toContain('Gas 50,000 Not recorded – Electricity 10,000 8,000 –');
    expect(text).toContain(`Total Scope 1 and 2 ${formatTonnes(scope12)}`);
    expect(text).toContain(
      `Intensity ratio: per million of turnover ${formatNumber(scope12 / 3.2, 2)} tCO2e (scope 1 and 2) per million GBP turnover`,
    );
    expect(text).toContain(`Intensity ratio: per employee ${formatNumber(scope12 / 28, 2)}`);
  });

  test('a company with a site abroad gets the whole company’s ratio, saying so, rather than "Not recorded"', async () => {
    const { cookie } = await bakery();
    const financials = { year: 2025, revenue: 3_200_000, currency: 'GBP' };
    expect((await t.call('PUT', '/api/financials', { cookie, body: financials })).status).toBe(200);
    const report = await generated(cookie, { format: 'pdf', framework: 'secr', period: '2025' });
    const snapshot = await storedSnapshot(report.id);
    const scope12 = snapshot.inventory!.scope1 + snapshot.inventory!.scope2Location;
    expect(snapshot.uk?.ratios).toEqual([
      {
        denominator: 'revenue',
        basis: 'company',
        value: Math.round((scope12 / 3.2) * 1e6) / 1e6,
        unit: 'tCO2e (scope 1 and 2) per million GBP turnover',
      },
    ]);
    const text = await pdfText(await (await download(cookie, report.id)).arrayBuffer());
    expect(text).toContain(`Intensity ratio: per million of turnover ${formatNumber(scope12 / 3.2, 2)}`);
    expect(text).toContain('the whole company’s Scope 1 and location-based Scope 2 emissions');

    // A ratio the company works out over its UK turnover and enters itself is the one printed.
    const init = { jurisdiction: 'SECR', year: 2025 };
    expect((await t.call('POST', '/api/esg/initialize', { cookie, body: init })).status).toBe(200);
    const typed = { jurisdiction: 'SECR', indicator: 'intensity_ratio_revenue', value: '25.5', year: 2025 };
    expect((await t.call('PUT', '/api/esg/progress', { cookie, body: typed })).status).toBe(200);
    const again = await generated(cookie, { format: 'pdf', framework: 'secr', period: '2025' });
    expect((await storedSnapshot(again.id)).uk?.ratios).toMatchObject([{ basis: 'entered', value: 25.5 }]);
    const againText = await pdfText(await (await download(cookie, again.id)).arrayBuffer());
    expect(againText).toContain('Intensity ratio: per million of turnover 25.50 tCO2e');
    expect(againText).toContain('The company entered its intensity ratio in its SECR checklist.');
  });

  test('a period without data says so on the cover and prints no zeros as figures', async () => {
    const { cookie } = await bakery();
    const report = await generated(cookie, { format: 'pdf', framework: 'secr', period: '2022' });
    const text = await pdfText(await (await download(cookie, report.id)).arrayBuffer());
    expect(text.slice(0, 300)).toContain('No activity data recorded for this period');
    expect(text).toContain('No activity data is recorded for this period: no ledger line is dated in it');
    expect(text).toContain('Total UK energy use Not recorded');
    expect(text).not.toMatch(/\b0\.00\b|\b0 kWh/);
  });
});

describe('PUT /api/reports/{id}/status', () => {
  test('marks a generated draft final once, with its audit row', async () => {
    const { cookie, user } = await bakery();
    const requested = await generate(cookie, { format: 'pdf', framework: 'gri', period: '2025' });
    const id = requested.json.id;
    const tooEarly = await t.call('PUT', `/api/reports/${id}/status`, { cookie, body: { status: 'final' } });
    expect(tooEarly.status).toBe(409);
    expect(tooEarly.json.message).toBe('Only a report whose file was generated can be marked final');
    await t.runJobs();

    const wrong = await t.call('PUT', `/api/reports/${id}/status`, { cookie, body: { status: 'filed' } });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toBe('Only a draft can be marked final');

    const final = await t.call('PUT', `/api/reports/${id}/status`, { cookie, body: { status: 'final' } });
    expect(final.status).toBe(200);
    expect(final.json).toMatchObject({ status: 'final', finalizedAt: NOW.toISOString() });
    const again = await t.call('PUT', `/api/reports/${id}/status`, { cookie, body: { status: 'final' } });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('This report is already final');
    const audit = await t.db
      .select({ n: count() })
      .from(auditLogs)
      .where(and(eq(auditLogs.companyId, user.companyId), eq(auditLogs.action, 'report_finalized')))
      .get();
    expect(audit?.n).toBe(1);
  });

  test('a report whose generation failed cannot be marked final', async () => {
    const { cookie } = await bakery();
    const report = await generated(cookie, { format: 'xbrl', framework: 'csrd', period: '2025' });
    expect(report.generation).toBe('failed');
    const response = await t.call('PUT', `/api/reports/${report.id}/status`, {
      cookie,
      body: { status: 'final' },
    });
    expect(response.status).toBe(409);
  });
});

describe('POST /api/reports/{id}/xbrl', () => {
  test('answers the CSRD XBRL instance as report-{id}.xbrl', async () => {
    const { cookie } = await bakery();
    const report = await generated(cookie, {
      format: 'pdf',
      framework: 'csrd',
      period: '2025',
      entityIdentifier: { value: LEI },
    });
    const response = await exportXbrl(cookie, report.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename*=UTF-8''report-${report.id}.xbrl`,
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const text = await response.text();
    expect(text).toContain('<xbrli:xbrl');
    expect(text).toContain(LEI);
  });

  test('answers xBRL-JSON with a clear file name for an SECR report', async () => {
    const { cookie } = await bakery('Severn Foods Ltd', 'SECR');
    const report = await generated(cookie, {
      format: 'pdf',
      framework: 'secr',
      period: '2025',
      entityIdentifier: COMPANY_NUMBER,
    });
    const response = await exportXbrl(cookie, report.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename*=UTF-8''report-${report.id}.json`,
    );
    expect(response.headers.get('content-type')).toContain('json');
    expect((await response.json()).documentInfo.documentType).toBe('https://xbrl.org/2021/xbrl-json');
  });

  test('answers 422 with the readable message when the CSRD report names no entity', async () => {
    const { cookie } = await bakery();
    const report = await generated(cookie, { format: 'pdf', framework: 'csrd', period: '2025' });
    expect(report.generation).toBe('succeeded');
    const response = await exportXbrl(cookie, report.id);
    expect(response.status).toBe(422);
    expect((await response.json()).message).toBe(MISSING_IDENTIFIER);
  });
});

describe('roles and tenancy', () => {
  test('a viewer reads, downloads and exports but cannot generate or finalise', async () => {
    const { cookie, user } = await bakery();
    const report = await generated(cookie, {
      format: 'pdf',
      framework: 'secr',
      period: '2025',
      entityIdentifier: COMPANY_NUMBER,
    });
    const viewer = await makeViewer(t, user.companyId);
    expect((await generate(viewer, { format: 'pdf', framework: 'gri', period: '2025' })).status).toBe(403);
    const finalise = await t.call('PUT', `/api/reports/${report.id}/status`, {
      cookie: viewer,
      body: { status: 'final' },
    });
    expect(finalise.status).toBe(403);
    expect((await t.call('GET', '/api/reports', { cookie: viewer })).json).toHaveLength(1);
    expect((await download(viewer, report.id)).status).toBe(200);
    expect((await exportXbrl(viewer, report.id)).status).toBe(200);
  });

  test('another company gets 404 for every call on a report it does not own', async () => {
    const a = await bakery();
    const report = await generated(a.cookie, { format: 'pdf', framework: 'gri', period: '2025' });
    const b = await t.signUpCompany();
    expect((await t.call('GET', `/api/reports/${report.id}`, { cookie: b.cookie })).status).toBe(404);
    expect((await download(b.cookie, report.id)).status).toBe(404);
    expect((await exportXbrl(b.cookie, report.id)).status).toBe(404);
    const finalise = await t.call('PUT', `/api/reports/${report.id}/status`, {
      cookie: b.cookie,
      body: { status: 'final' },
    });
    expect(finalise.status).toBe(404);
    expect((await t.call('GET', '/api/reports', { cookie: b.cookie })).json).toEqual([]);
    expect((await t.call('GET', `/api/reports/${report.id}`, { cookie: a.cookie })).json.status).toBe(
      'draft',
    );
  });

  test('signed out: 401', async () => {
    expect((await t.call('GET', '/api/reports')).status).toBe(401);
    expect((await generate('', { format: 'pdf', framework: 'gri', period: '2025' })).status).toBe(401);
  });
});
