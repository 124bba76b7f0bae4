import { describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { auditLogs } from '../../db/schema/audit.ts';
import { memberships, sessions } from '../../db/schema/auth.ts';
import { regulatoryFilings } from '../../db/schema/export-filings.ts';
import {
  FilingSchema,
  RegulatorSchema,
  SubmitFilingResponseSchema,
} from '../../src/domain/contracts/export.ts';
import { SEC_NOT_IN_FORCE } from '../../src/domain/regulators/packages.ts';
import { forgetCachedSessions } from '../../src/server/features/auth/session.ts';
import { warmRenderThreadForFile } from '../helpers/cpu-thread.ts';
import { addLine, addSite, makeViewer } from '../helpers/ledger.ts';
import { createTestApp, ORIGIN } from '../helpers/test-app.ts';

warmRenderThreadForFile();

let clock = new Date('2026-03-15T10:00:00Z');
const t = await createTestApp({ now: () => clock });

const SECR_FILING = "Annual accounts with directors' report (SECR)";
const SEC_FILING = 'Climate-related disclosures (Form 10-K, Regulation S-K Items 1500–1508)';
/** A UK company number: the identifier Companies House files under. */
const COMPANY_NUMBER = { scheme: 'http://www.companieshouse.gov.uk/', value: '01234567' };

/** A UK company (SECR) with a year of UK activity, revenue and the SECR narrative answers. */
async function ukCompany(name: string) {
  const owner = await t.signUpCompany({ companyName: name, jurisdiction: 'SECR' });
  const site = await addSite(t, owner.cookie, 'Bristol bakery', 'GB');
  await addLine(t, owner.cookie, {
    siteId: site,
    date: '2025-02-01',
    category: 'natural_gas',
    quantity: 50_000,
    unit: 'kWh',
  });
  await addLine(t, owner.cookie, {
    siteId: site,
    date: '2025-06-01',
    category: 'electricity',
    quantity: 20_000,
    unit: 'kWh',
  });
  const money = await t.call('PUT', '/api/financials', {
    cookie: owner.cookie,
    body: { year: 2025, revenue: 3_200_000, currency: 'GBP', employees: 28 },
  });
  expect(money.status).toBeLessThan(300);
  const init = await t.call('POST', '/api/esg/initialize', {
    cookie: owner.cookie,
    body: { jurisdiction: 'SECR', year: 2025 },
  });
  expect(init.status).toBeLessThan(300);
  for (const [indicator, value] of [
    ['reporting_methodology', 'GHG Protocol Corporate Standard, operational control; DESNZ 2025 factors.'],
    ['energy_efficiency_actions', 'Replaced the deck ovens with heat-recovery models.'],
  ]) {
    const answer = await t.call('PUT', '/api/esg/progress', {
      cookie: owner.cookie,
      body: { jurisdiction: 'SECR', indicator, value, year: 2025 },
    });
    expect(answer.status).toBe(200);
  }
  return owner;
}

/** Generates a report through the reports API, runs its job, and marks it final unless asked not to. */
async function report(cookie: string, body: Record<string, unknown>, final = true) {
  const requested = await t.call('POST', '/api/reports/generate', {
    cookie,
    body: { period: '2025', ...body },
  });
  expect(requested.status).toBe(202);
  await t.runJobs();
  if (final) {
    const marked = await t.call('PUT', `/api/reports/${requested.json.id}/status`, {
      cookie,
      body: { status: 'final' },
    });
    expect(marked.status).toBe(200);
  }
  return requested.json.id as string;
}

const secrReport = (cookie: string, final = true) =>
  report(cookie, { format: 'xbrl', framework: 'secr', entityIdentifier: COMPANY_NUMBER }, final);

const submit = (cookie: string, body: Record<string, unknown>) =>
  t.call('POST', '/api/regulatory/submit', { cookie, body });

const reportStatus = async (cookie: string, id: string) =>
  (await t.call('GET', `/api/reports/${id}`, { cookie })).json.status;

/** Moves the test clock on, so the filing job's delayed step becomes due. */
function advanceClock(ms: number) {
  clock = new Date(clock.getTime() + ms);
}

async function makeMember(companyId: string): Promise<string> {
  const member = await t.signUpCompany();
  await t.db
    .update(memberships)
    .set({ companyId, role: 'member' })
    .where(eq(memberships.userId, member.user.id));
  await t.db.update(sessions).set({ companyId }).where(eq(sessions.userId, member.user.id));
  forgetCachedSessions(t.db);
  return member.cookie;
}

describe('GET /api/regulatory/regulators/{jurisdiction}', () => {
  test('answers the real bodies of each jurisdiction, by product code or country code', async () => {
    const { cookie, user } = await t.signUpCompany({ jurisdiction: 'SEC' });
    const viewer = await makeViewer(t, user.companyId);
    const codes = async (jurisdiction: string) => {
      const response = await t.call('GET', `/api/regulatory/regulators/${jurisdiction}`, { cookie: viewer });
      expect(response.status).toBe(200);
      for (const regulator of response.json) RegulatorSchema.parse(regulator);
      return response.json.map((regulator: { code: string }) => regulator.code);
    };
    for (const jurisdiction of ['GB', 'UK', 'SECR', 'secr'])
      expect(await codes(jurisdiction)).toEqual(['GB-CH']);
    for (const jurisdiction of ['EU', 'CSRD']) expect(await codes(jurisdiction)).toEqual(['EU-ESAP']);
    for (const jurisdiction of ['US', 'SEC'])
      expect(await codes(jurisdiction)).toEqual(['US-CARB', 'US-SEC']);

    const us = (await t.call('GET', '/api/regulatory/regulators/US', { cookie })).json;
    expect(us.find((r: { code: string }) => r.code === 'US-SEC')).toMatchObject({ inForce: false });
    expect(us.find((r: { code: string }) => r.code === 'US-CARB')).toMatchObject({
      inForce: true,
      supportedFormats: ['pdf', 'csv'],
    });
    const gb = (await t.call('GET', '/api/regulatory/regulators/GB', { cookie })).json[0];
    expect(gb).toMatchObject({ name: 'Companies House', filingTypes: expect.arrayContaining([SECR_FILING]) });

    // Without a jurisdiction: the caller's own (SEC → US).
    expect((await t.call('GET', '/api/regulatory/regulators', { cookie })).json.length).toBe(2);
  });

  test('marks a deadline passed on the app’s date: SB 253’s 10 Aug 2026 before and after (issue 18)', async () => {
    // A fresh sign-in on each date (a session does not outlive months of clock).
    const carbOn = async (date: string) => {
      clock = new Date(date);
      const { cookie } = await t.signUpCompany({ jurisdiction: 'SEC' });
      const regulators = (await t.call('GET', '/api/regulatory/regulators/US', { cookie })).json;
      return regulators.find((r: { code: string }) => r.code === 'US-CARB');
    };
    const before = clock;
    try {
      expect((await carbOn('2026-08-10T22:00:00Z')).deadlines).toEqual([
        { date: '2026-08-10', what: 'SB 253: first Scope 1 and 2 reports', passed: false },
      ]);
      const after = await carbOn('2026-11-26T09:00:00Z');
      expect(after.deadlines[0].passed).toBe(true);
      expect(after.asOf).toBe('2026-11-26');
    } finally {
      clock = before;
    }
  });

  test('refuses an unknown jurisdiction and a caller who is not signed in', async () => {
    const { cookie } = await t.signUpCompany();
    const unknown = await t.call('GET', '/api/regulatory/regulators/FR', { cookie });
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toBe('Unknown jurisdiction');
    expect((await t.call('GET', '/api/regulatory/regulators/GB')).status).toBe(401);
  });
});

describe('POST /api/regulatory/submit', () => {
  test('only admins file: a member gets 403 whatever the body', async () => {
    const owner = await ukCompany('Member Test Ltd');
    const reportId = await secrReport(owner.cookie);
    const member = await makeMember(owner.user.companyId);
    const response = await submit(member, { reportId, regulatorCode: 'GB-CH', filingType: SECR_FILING });
    expect(response.status).toBe(403);
    expect((await submit(member, {})).status).toBe(403);
    expect(await reportStatus(owner.cookie, reportId)).toBe('final');
  });

  test('refuses a draft report with 409, and unknown regulators, filing types and jurisdictions with 400', async () => {
    const owner = await ukCompany('Draft Test Ltd');
    const draft = await secrReport(owner.cookie, false);
    const refused = await submit(owner.cookie, {
      reportId: draft,
      regulatorCode: 'GB-CH',
      filingType: SECR_FILING,
    });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe('Only a final report can be filed');

    const final = await secrReport(owner.cookie);
    const wrongType = await submit(owner.cookie, {
      reportId: final,
      regulatorCode: 'GB-CH',
      filingType: 'Confirmation statement',
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.json.message).toContain('Companies House does not take “Confirmation statement”');
    const wrongPlace = await submit(owner.cookie, {
      reportId: final,
      regulatorCode: 'EU-ESAP',
      filingType: 'Voluntary VSME sustainability report',
    });
    expect(wrongPlace.status).toBe(400);
    expect(wrongPlace.json.message).toContain('does not serve SECR');
    const unknownBody = await submit(owner.cookie, {
      reportId: final,
      regulatorCode: 'XX',
      filingType: SECR_FILING,
    });
    expect(unknownBody.status).toBe(400);
    const unknownPlace = await submit(owner.cookie, {
      reportId: final,
      regulatorCode: 'GB-CH',
      jurisdiction: 'FR',
      filingType: SECR_FILING,
    });
    expect(unknownPlace.json.message).toBe('Unknown jurisdiction');
    const missing = await submit(owner.cookie, { regulatorCode: 'GB-CH', filingType: SECR_FILING });
    expect(missing.status).toBe(400);
    expect(await reportStatus(owner.cookie, final)).toBe('final');
  });

  test('the SEC refuses with 422: the rule is not in force, and nothing is written', async () => {
    const owner = await ukCompany('SEC Test Ltd');
    const reportId = await secrReport(owner.cookie);
    const response = await submit(owner.cookie, {
      reportId,
      regulatorCode: 'US-SEC',
      jurisdiction: 'US',
      filingType: SEC_FILING,
    });
    expect(response.status).toBe(422);
    expect(response.json.message).toBe(SEC_NOT_IN_FORCE);
    expect(response.json.details).toEqual({ problems: [SEC_NOT_IN_FORCE] });
    expect((await t.call('GET', '/api/regulatory/filings', { cookie: owner.cookie })).json).toEqual([]);
    expect(await reportStatus(owner.cookie, reportId)).toBe('final');
  });

  test('lists every package problem with 422 (a quarter cannot go to Companies House)', async () => {
    const owner = await ukCompany('Quarter Test Ltd');
    const reportId = await report(owner.cookie, { format: 'pdf', framework: 'secr', period: '2025-q3' });
    const response = await submit(owner.cookie, {
      reportId,
      regulatorCode: 'GB-CH',
      filingType: SECR_FILING,
    });
    expect(response.status).toBe(422);
    expect(response.json.details.problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('only as Inline XBRL'),
        expect.stringContaining('full financial year'),
      ]),
    );
    expect(response.json.message).toBe(response.json.details.problems.join('; '));
  });
});

describe('filing a report with Companies House (sandbox)', () => {
  test('moves pending → submitted → accepted through the job runner, and the report to filed', async () => {
    const owner = await ukCompany('Severn Foods Ltd');
    const reportId = await secrReport(owner.cookie);
    const response = await submit(owner.cookie, {
      reportId,
      regulatorCode: 'GB-CH',
      jurisdiction: 'UK',
      filingType: SECR_FILING,
    });
    expect(response.status).toBe(201);
    const body = SubmitFilingResponseSchema.parse(response.json);
    expect(body.regulatorCode).toBe('GB-CH');
    expect(body.confirmationNumber).toMatch(/^SANDBOX-GB-CH-2026-[A-HJ-NP-Z2-9]{6}$/);
    expect(body.filing).toMatchObject({
      reportId,
      regulatorName: 'Companies House',
      jurisdiction: 'GB',
      filingStatus: 'pending',
      sandbox: true,
      submittedAt: null,
      confirmationNumber: body.confirmationNumber,
    });
    expect(await reportStatus(owner.cookie, reportId)).toBe('submitted');

    const again = await submit(owner.cookie, { reportId, regulatorCode: 'GB-CH', filingType: SECR_FILING });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('This report is already being filed');

    await t.runJobs();
    let [filing] = (await t.call('GET', '/api/regulatory/filings', { cookie: owner.cookie })).json;
    expect(filing).toMatchObject({ filingStatus: 'submitted', submittedAt: clock.toISOString() });
    expect(await reportStatus(owner.cookie, reportId)).toBe('submitted');

    advanceClock(3000);
    await t.runJobs();
    [filing] = (await t.call('GET', '/api/regulatory/filings', { cookie: owner.cookie })).json;
    expect(filing).toMatchObject({ filingStatus: 'accepted', statusReason: null });
    expect(await reportStatus(owner.cookie, reportId)).toBe('filed');

    const actions = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.companyId, owner.user.companyId), eq(auditLogs.entityId, body.filing.id)));
    expect(actions.map((row) => row.action).sort()).toEqual([
      'filing_accepted',
      'filing_submitted',
      'report_filed',
    ]);

    const filed = await submit(owner.cookie, { reportId, regulatorCode: 'GB-CH', filingType: SECR_FILING });
    expect(filed.status).toBe(409);
    expect(filed.json.message).toBe('This report has already been filed');

    // Running the job again changes nothing.
    await t.runJobs();
    expect(
      (await t.call('GET', '/api/regulatory/filings', { cookie: owner.cookie })).json[0].filingStatus,
    ).toBe('accepted');
  });

  test('lists filings newest first and serves the exact package with its manifest', async () => {
    const owner = await ukCompany('Avon Mills Ltd');
    const first = await secrReport(owner.cookie);
    const second = await secrReport(owner.cookie);
    const a = await submit(owner.cookie, {
      reportId: first,
      regulatorCode: 'GB-CH',
      filingType: SECR_FILING,
    });
    advanceClock(1000);
    const b = await submit(owner.cookie, {
      reportId: second,
      regulatorCode: 'GB-CH',
      filingType: SECR_FILING,
    });
    expect(a.json.confirmationNumber).not.toBe(b.json.confirmationNumber);
    const list = (await t.call('GET', '/api/regulatory/filings', { cookie: owner.cookie })).json;
    expect(list.map((filing: { id: string }) => filing.id)).toEqual([b.json.filing.id, a.json.filing.id]);
    for (const filing of list) FilingSchema.parse(filing);

    const viewer = await makeViewer(t, owner.user.companyId);
    const download = await t.app.request(`${ORIGIN}${list[0].packageUrl}`, { headers: { Cookie: viewer } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    expect(download.headers.get('content-disposition')).toContain('filing-GB-CH-2025-');
    const files = unzipSync(new Uint8Array(await download.arrayBuffer()));
    const manifest = JSON.parse(strFromU8(files['manifest.json']!));
    expect(manifest).toMatchObject({
      transmitted: false,
      regulator: { code: 'GB-CH', name: 'Companies House' },
      filingType: SECR_FILING,
      entity: { identifier: COMPANY_NUMBER },
      report: { id: second, framework: 'secr', format: 'xbrl', period: '2025' },
    });
    expect(manifest.figures.ukEnergyKwh).toBe(70_000);
    expect(Object.keys(files).sort()).toEqual(['manifest.json', `report-${second}.zip`]);
    expect(manifest.files[0]).toMatchObject({
      name: `report-${second}.zip`,
      size: files[`report-${second}.zip`]!.length,
    });
    await t.runJobs();
  });

  test('a package that no longer validates is rejected with a reason, and the report can be filed again', async () => {
    const owner = await ukCompany('Tamar Tiles Ltd');
    const reportId = await secrReport(owner.cookie);
    const response = await submit(owner.cookie, {
      reportId,
      regulatorCode: 'GB-CH',
      filingType: SECR_FILING,
    });
    // The stored package no longer matches what the adapter builds from the report.
    await t.db
      .update(regulatoryFilings)
      .set({ packageSha256: '0'.repeat(64) })
      .where(eq(regulatoryFilings.id, response.json.filing.id));
    await t.runJobs();
    advanceClock(3000);
    await t.runJobs();
    const [filing] = (await t.call('GET', '/api/regulatory/filings', { cookie: owner.cookie })).json;
    expect(filing).toMatchObject({
      filingStatus: 'rejected',
      statusReason: 'The report changed after its filing package was built',
    });
    expect(await reportStatus(owner.cookie, reportId)).not.toBe('filed');
    const refiled = await submit(owner.cookie, { reportId, regulatorCode: 'GB-CH', filingType: SECR_FILING });
    expect(refiled.status).toBe(201);
    advanceClock(3000);
    await t.runJobs();
    advanceClock(3000);
    await t.runJobs();
    expect(await reportStatus(owner.cookie, reportId)).toBe('filed');
  });
});

describe('tenant isolation', () => {
  test("company B cannot file A's report, see A's filings or download A's package", async () => {
    const a = await ukCompany('Alpha Ltd');
    const reportId = await secrReport(a.cookie);
    const filed = await submit(a.cookie, { reportId, regulatorCode: 'GB-CH', filingType: SECR_FILING });
    expect(filed.status).toBe(201);

    const b = await t.signUpCompany({ jurisdiction: 'SECR' });
    const attempt = await submit(b.cookie, { reportId, regulatorCode: 'GB-CH', filingType: SECR_FILING });
    expect(attempt.status).toBe(404);
    expect((await t.call('GET', '/api/regulatory/filings', { cookie: b.cookie })).json).toEqual([]);
    const download = await t.call('GET', `/api/regulatory/filings/${filed.json.filing.id}/package`, {
      cookie: b.cookie,
    });
    expect(download.status).toBe(404);
    const own = (await t.call('GET', '/api/regulatory/filings', { cookie: a.cookie })).json;
    expect(own.map((filing: { id: string }) => filing.id)).toContain(filed.json.filing.id);
    await t.runJobs();
  });
});
