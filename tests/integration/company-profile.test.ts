import { describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { auditLogs } from '../../db/schema/audit.ts';
import { reports } from '../../db/schema/export-reports.ts';
import { parseFactsCsv } from '../../src/domain/reports/csv/render-csv.ts';
import type { ReportSnapshot } from '../../src/domain/reports/snapshot.ts';
import { MissingEntityIdentifierError } from '../../src/domain/reports/xbrl/entity.ts';
import { joinCompany } from '../helpers/api-keys.ts';
import { warmRenderThreadForFile } from '../helpers/cpu-thread.ts';
import { addLine, addSite, makeViewer } from '../helpers/ledger.ts';
import { createTestApp, ORIGIN } from '../helpers/test-app.ts';

warmRenderThreadForFile();

const NOW = new Date('2026-03-15T10:00:00Z');
const t = await createTestApp({ now: () => NOW });

/** Valid ISO 17442 LEIs (check digits 55 and 12). */
const LEI = '529900T8BM49AURSDO55';
const OTHER_LEI = '5493001KJTIIGC8Y1R12';

const patchProfile = (cookie: string, body: unknown) =>
  t.call('PATCH', '/api/company/profile', { cookie, body });
const getProfile = (cookie: string) => t.call('GET', '/api/company/profile', { cookie });

/** A company with one UK site and a year (2025) of activity. */
async function company(name: string, jurisdiction = 'CSRD') {
  const owner = await t.signUpCompany({ companyName: name, jurisdiction });
  const site = await addSite(t, owner.cookie, 'Bristol bakery', 'GB');
  await addLine(t, owner.cookie, {
    siteId: site,
    date: '2025-03-01',
    category: 'electricity',
    quantity: 10_000,
    unit: 'kWh',
  });
  return owner;
}

/** Requests a report, runs the job queue, and answers the report as it then stands. */
async function generated(cookie: string, body: Record<string, unknown>) {
  const requested = await t.call('POST', '/api/reports/generate', { cookie, body });
  expect(requested.status).toBe(202);
  await t.runJobs();
  return (await t.call('GET', `/api/reports/${requested.json.id}`, { cookie })).json;
}

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

const download = (cookie: string, id: string) =>
  t.app.request(`${ORIGIN}/api/reports/${id}/file`, { headers: { Cookie: cookie } });

async function pdfText(cookie: string, id: string): Promise<string> {
  const bytes = new Uint8Array(await (await download(cookie, id)).arrayBuffer());
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

async function storedSnapshot(id: string): Promise<ReportSnapshot> {
  const row = await t.db.select({ snapshot: reports.snapshot }).from(reports).where(eq(reports.id, id)).get();
  return JSON.parse(row!.snapshot);
}

describe('PATCH /api/company/profile', () => {
  test('starts empty, saves the identifiers in capitals without spaces, and changes only the fields sent', async () => {
    const { cookie, user } = await company('Northwind Bakery Ltd');
    expect((await getProfile(cookie)).json).toEqual({
      lei: null,
      companyNumber: null,
      consolidationApproach: null,
      organisationalBoundary: null,
      updatedAt: null,
    });
    const saved = await patchProfile(cookie, { lei: ' 529900t8bm49 aursdo55 ', companyNumber: 'sc123456' });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ lei: LEI, companyNumber: 'SC123456', updatedAt: NOW.toISOString() });
    const boundary = await patchProfile(cookie, {
      consolidationApproach: 'financial_control',
      organisationalBoundary: 'Northwind Bakery Ltd and its Bristol bakery',
    });
    expect(boundary.json).toMatchObject({
      lei: LEI,
      companyNumber: 'SC123456',
      consolidationApproach: 'financial_control',
    });
    const cleared = await patchProfile(cookie, { companyNumber: '' });
    expect(cleared.json).toMatchObject({ lei: LEI, companyNumber: null });
    const audit = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.companyId, user.companyId), eq(auditLogs.action, 'company_profile_updated')));
    expect(audit).toHaveLength(3);
  });

  test('refuses an LEI whose check digits fail with a 400 that names the check digits and the expected ones', async () => {
    const { cookie } = await company('Northwind Bakery Ltd');
    const refused = await patchProfile(cookie, { lei: '5493001KJTIIGC8Y1R13' });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe(
      "The LEI's last two characters are check digits; 5493001KJTIIGC8Y1R13 fails the check (expected 12 at the end for these first 18 characters). Copy the LEI again from gleif.org: one character is probably mistyped.",
    );
    expect(refused.json.details.fieldErrors.lei).toEqual([refused.json.message]);
    const short = await patchProfile(cookie, { lei: '5493001KJTIIGC8Y1R1' });
    expect(short.status).toBe(400);
    expect(short.json.message).toBe('An LEI has exactly 20 letters and digits; 5493001KJTIIGC8Y1R1 has 19.');
    expect((await getProfile(cookie)).json.lei).toBeNull();
  });

  test('refuses a company number that is not a Companies House format, and says how to pad one', async () => {
    const { cookie } = await company('Severn Foods Ltd', 'SECR');
    const padded = await patchProfile(cookie, { companyNumber: '1234567' });
    expect(padded.status).toBe(400);
    expect(padded.json.message).toBe(
      'A UK company number has 8 characters: write 1234567 with leading zeros, as 01234567.',
    );
    for (const wrong of ['XX123456', 'SC12345', '123456789']) {
      const refused = await patchProfile(cookie, { companyNumber: wrong });
      expect(refused.status).toBe(400);
      expect(refused.json.message).toContain(
        'a prefix such as SC (Scotland), NI (Northern Ireland) or OC (LLP)',
      );
    }
    for (const right of ['01234567', 'NI012345', 'OC301234', 'R0001234']) {
      expect((await patchProfile(cookie, { companyNumber: right })).status).toBe(200);
    }
  });

  test('refuses an approach outside the GHG Protocol three', async () => {
    const { cookie } = await company('Northwind Bakery Ltd');
    const refused = await patchProfile(cookie, { consolidationApproach: 'whatever_suits' });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe('Choose operational control, financial control or equity share');
  });

  test('a member and a viewer read the profile but only an admin changes it', async () => {
    const { cookie, user } = await company('Northwind Bakery Ltd');
    await patchProfile(cookie, { lei: LEI });
    const member = await joinCompany(t, user.companyId, 'member');
    const viewer = await makeViewer(t, user.companyId);
    for (const other of [member.cookie, viewer]) {
      expect((await getProfile(other)).json.lei).toBe(LEI);
      expect((await patchProfile(other, { lei: OTHER_LEI })).status).toBe(403);
    }
    expect((await getProfile(cookie)).json.lei).toBe(LEI);
  });
});

describe('reports read the profile', () => {
  test('Export XBRL works from a final report generated before the profile had an identifier', async () => {
    const { cookie } = await company('Northwind Bakery Ltd');
    const report = await generated(cookie, { format: 'pdf', framework: 'csrd', period: '2025' });
    expect(
      (await t.call('PUT', `/api/reports/${report.id}/status`, { cookie, body: { status: 'final' } })).status,
    ).toBe(200);
    const before = await exportXbrl(cookie, report.id);
    expect(before.status).toBe(422);
    expect((await before.json()).message).toBe(new MissingEntityIdentifierError().message);

    await patchProfile(cookie, { lei: LEI, companyNumber: '01234567' });
    const after = await exportXbrl(cookie, report.id);
    expect(after.status).toBe(200);
    const instance = await after.text();
    expect(instance).toContain(
      `<xbrli:identifier scheme="http://standards.iso.org/iso/17442">${LEI}</xbrli:identifier>`,
    );
    // The stored snapshot is not rewritten: the report stays as it was frozen.
    expect((await storedSnapshot(report.id)).company.identifier).toBeNull();
  });

  test('a new report freezes the LEI for VSME and the company number for SECR; a typed one wins', async () => {
    const { cookie } = await company('Severn Foods Ltd', 'SECR');
    await patchProfile(cookie, { lei: LEI, companyNumber: '01234567' });
    const vsme = await generated(cookie, { format: 'xbrl', framework: 'csrd', period: '2025' });
    expect(vsme.generation).toBe('succeeded');
    expect((await storedSnapshot(vsme.id)).company.identifier).toEqual({
      scheme: 'http://standards.iso.org/iso/17442',
      value: LEI,
    });
    const secr = await generated(cookie, { format: 'pdf', framework: 'secr', period: '2025' });
    expect((await storedSnapshot(secr.id)).company.identifier).toEqual({
      scheme: 'http://www.companieshouse.gov.uk/',
      value: '01234567',
    });
    const typed = await generated(cookie, {
      format: 'pdf',
      framework: 'csrd',
      period: '2025',
      entityIdentifier: { value: OTHER_LEI },
    });
    expect((await storedSnapshot(typed.id)).company.identifier?.value).toBe(OTHER_LEI);
  });

  test('the PDF methodology states the chosen approach and boundary, or plainly that none was chosen', async () => {
    const { cookie } = await company('Northwind Bakery Ltd');
    const text = (id: string) => pdfText(cookie, id);
    const none = await generated(cookie, { format: 'pdf', framework: 'gri', period: '2025' });
    expect((await storedSnapshot(none.id)).company.consolidationApproach).toBeNull();
    const noneText = await text(none.id);
    expect(noneText).toContain(
      'No consolidation approach (operational control, financial control or equity share) was chosen',
    );
    expect(noneText).not.toContain('using the operational control approach');
    expect(noneText).toContain('Consolidation approach Not chosen (see the methodology)');

    await patchProfile(cookie, {
      consolidationApproach: 'equity_share',
      organisationalBoundary: 'Northwind Bakery Ltd; its 40 % share of Avon Mills Ltd',
    });
    const chosen = await generated(cookie, { format: 'pdf', framework: 'gri', period: '2025' });
    expect((await storedSnapshot(chosen.id)).company).toMatchObject({
      consolidationApproach: 'equity_share',
      organisationalBoundary: 'Northwind Bakery Ltd; its 40 % share of Avon Mills Ltd',
    });
    const chosenText = await text(chosen.id);
    expect(chosenText).toContain('using the equity share approach chosen by the company');
    expect(chosenText).toContain(
      'Organisational boundary, as the company describes it: Northwind Bakery Ltd; its 40 % share of Avon Mills Ltd',
    );
    expect(chosenText).toContain('Consolidation approach Equity share, chosen by the company');

    const csv = await generated(cookie, { format: 'csv', framework: 'gri', period: '2025' });
    const rows = parseFactsCsv(await (await download(cookie, csv.id)).text());
    const note = rows.find((row) => row.concept === 'esgp:BoundaryNote');
    expect(note?.value).toContain('using the equity share approach chosen by the company');
  });

  test('employees entered as full-time equivalents are tagged FTE, never headcount', async () => {
    const { cookie } = await company('Northwind Bakery Ltd');
    await patchProfile(cookie, { lei: LEI });
    const saved = await t.call('PUT', '/api/financials', {
      cookie,
      body: { year: 2025, employees: 12.5, employeesBasis: 'fte' },
    });
    expect(saved.json).toMatchObject({ employees: 12.5, employeesBasis: 'fte' });
    const report = await generated(cookie, { format: 'pdf', framework: 'csrd', period: '2025' });
    const instance = await (await exportXbrl(cookie, report.id)).text();
    expect(instance).toContain('#Full-TimeEquivalentFTEMember');
    expect(instance).not.toContain('#HeadcountMember');
    expect(instance).toMatch(/<vsme:NumberOfEmployees [^>]*>12\.50?</);
    // The PDF prints the figure in its basis, not rounded to 13 people.
    expect(await pdfText(cookie, report.id)).toContain('Employees 12.50 (full-time equivalents)');
  });
});

describe('tenancy', () => {
  test("one company never reads, changes or exports with another company's profile", async () => {
    const a = await company('Northwind Bakery Ltd');
    const b = await company('Contoso Mills GmbH');
    await patchProfile(a.cookie, { lei: LEI, consolidationApproach: 'operational_control' });
    expect((await getProfile(b.cookie)).json).toMatchObject({ lei: null, consolidationApproach: null });
    await patchProfile(b.cookie, { lei: OTHER_LEI });
    expect((await getProfile(a.cookie)).json.lei).toBe(LEI);

    const report = await generated(b.cookie, { format: 'pdf', framework: 'csrd', period: '2025' });
    expect((await storedSnapshot(report.id)).company).toMatchObject({
      identifier: { value: OTHER_LEI },
      consolidationApproach: null,
    });
    // A's profile does not lend B's report an identifier, nor A export B's report.
    expect((await exportXbrl(a.cookie, report.id)).status).toBe(404);
    expect(await (await exportXbrl(b.cookie, report.id)).text()).not.toContain(LEI);
  });
});
