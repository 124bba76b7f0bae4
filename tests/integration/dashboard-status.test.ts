// Truthful status on the dashboard (issue 17 item 8, decision 054): data sources counted from what
// reached the ledger, the real narrative state, next steps from the real state, and the greeting.
import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { activityLines, dataSources } from '../../db/schema/ledger.ts';
import { receiptFiles } from '../../db/schema/receipts.ts';
import { DashboardOverviewSchema } from '../../src/domain/contracts/dashboard.ts';
import { companyKeyOf } from '../../src/server/features/ledger/lines/ledger-keys.ts';
import {
  addLine,
  addSite,
  companyWithSites,
  IMPORT_ROWS,
  importCsv,
  storeResultEmpty,
  upload,
} from '../helpers/ledger.ts';
import { createTestApp, sessionCookieFrom } from '../helpers/test-app.ts';

let clock = new Date('2026-01-20T10:00:00Z');
const t = await createTestApp({ now: () => clock });

async function overview(cookie: string) {
  const response = await t.call('GET', '/api/dashboard/overview', { cookie });
  expect(response.status).toBe(200);
  return DashboardOverviewSchema.parse(response.json);
}

/** A receipt file as a scan stores it, then the line a person confirms from it. */
async function confirmReceipt(cookie: string, companyId: string, siteId: string, date: string) {
  const id = crypto.randomUUID();
  await t.db.insert(receiptFiles).values({
    id,
    companyId,
    fileName: `bill-${date}.pdf`,
    contentType: 'application/pdf',
    size: 10,
    sha256: id.replaceAll('-', ''),
    textSource: 'pdf_text',
    extracted: '{}',
    createdAt: clock,
  });
  await addLine(t, cookie, {
    siteId,
    date,
    category: 'electricity',
    quantity: 100,
    unit: 'kWh',
    receiptFileId: id,
  });
}

async function narrative(cookie: string, section: string, approve: boolean) {
  const created = await t.call('POST', '/api/narratives', {
    cookie,
    body: { section, framework: 'gri', content: `Our ${section} work continued this year.`, year: 2025 },
  });
  expect(created.status).toBe(201);
  if (!approve) return;
  const approved = await t.call('PUT', `/api/narratives/${created.json.id}`, {
    cookie,
    body: { status: 'approved' },
  });
  expect(approved.status).toBe(200);
}

describe('dashboard data sources', () => {
  test('count a CSV import, the scanned receipts and a connector as three sources, each with its real state', async () => {
    const owner = await companyWithSites(t);
    const companyId = owner.user.companyId as string;
    const imported = await upload(t, owner.cookie, importCsv(IMPORT_ROWS), { fileName: 'bakery-2025.csv' });
    expect(imported.status).toBe(201);
    const bristol = (await t.call('GET', '/api/sites', { cookie: owner.cookie })).json.find(
      (site: { name: string }) => site.name === 'Bristol bakery',
    ).id;
    await confirmReceipt(owner.cookie, companyId, bristol, '2025-05-02');
    await confirmReceipt(owner.cookie, companyId, bristol, '2025-06-02');
    const syncedAt = new Date('2026-01-19T08:00:00Z');
    await t.db.insert(dataSources).values({
      companyId,
      type: 'xero',
      name: 'Xero Bakery Ltd',
      status: 'connected',
      lastSyncAt: syncedAt,
      createdAt: syncedAt,
    });

    const { dataSources: sources } = await overview(owner.cookie);
    expect(
      sources.map(({ kind, type, name, status, lineCount, statusText }) => ({
        kind,
        type,
        name,
        status,
        lineCount,
        statusText,
      })),
    ).toEqual([
      // The file's 4 rows are 4 ledger lines.
      {
        kind: 'import',
        type: 'csv',
        name: 'bakery-2025.csv',
        status: 'connected',
        lineCount: 4,
        statusText: '4 lines',
      },
      {
        kind: 'receipts',
        type: 'receipt_ocr',
        name: 'Scanned receipts',
        status: 'connected',
        lineCount: 2,
        statusText: '2 receipts',
      },
      {
        kind: 'connector',
        type: 'xero',
        name: 'Xero Bakery Ltd',
        status: 'connected',
        lineCount: 0,
        statusText: '0 lines',
      },
    ]);
    expect(sources[2]!.lastSyncAt).toBe(syncedAt.toISOString());
  });

  test('says a failed connector failed, a connector before its first sync waits, and an emptied import is empty', async () => {
    const owner = await companyWithSites(t);
    const companyId = owner.user.companyId as string;
    const imported = await upload(t, owner.cookie, importCsv(IMPORT_ROWS.slice(0, 1)), {
      fileName: 'one.csv',
    });
    expect(imported.status).toBe(201);
    await t.db.delete(activityLines).where(eq(activityLines.companyKey, companyKeyOf(companyId)));
    await t.db.insert(dataSources).values([
      { companyId, type: 'shopify', name: 'Shop', status: 'error', createdAt: clock },
      { companyId, type: 'quickbooks', name: 'Books', status: 'connected', createdAt: clock },
    ]);
    const { dataSources: sources } = await overview(owner.cookie);
    expect(sources).toHaveLength(3);
    expect(sources[0]).toMatchObject({
      name: 'one.csv',
      status: 'empty',
      lineCount: 0,
      statusText: 'Every line it imported was removed',
    });
    const byName = new Map(sources.map((source) => [source.name, source]));
    expect(byName.get('Shop')).toMatchObject({ status: 'error', statusText: 'The last sync failed' });
    expect(byName.get('Books')).toMatchObject({
      status: 'connected',
      statusText: 'Waiting for its first sync',
    });
  });

  test("lines entered by hand are a source of their own, and another company's sources never show", async () => {
    const owner = await t.signUpCompany();
    const site = await addSite(t, owner.cookie, 'Shop');
    await addLine(t, owner.cookie, { siteId: site, category: 'electricity', quantity: 50, unit: 'kWh' });
    const other = await t.signUpCompany();
    expect((await overview(owner.cookie)).dataSources).toMatchObject([
      { kind: 'manual', name: 'Entered by hand', status: 'connected', lineCount: 1, statusText: '1 line' },
    ]);
    expect((await overview(other.cookie)).dataSources).toEqual([]);
    // The remembered counts follow the ledger: a new line shows at once.
    await addLine(t, owner.cookie, { siteId: site, category: 'electricity', quantity: 20, unit: 'kWh' });
    expect((await overview(owner.cookie)).dataSources).toMatchObject([{ kind: 'manual', lineCount: 2 }]);
  });
});

describe('dashboard narrative state', () => {
  test("shows each section's latest status: two approved, one draft, one not started", async () => {
    const owner = await t.signUpCompany();
    await narrative(owner.cookie, 'executive_summary', true);
    await narrative(owner.cookie, 'environmental', true);
    await narrative(owner.cookie, 'social', false);
    const { narratives } = await overview(owner.cookie);
    expect(narratives).toEqual({
      sections: [
        { section: 'executive_summary', status: 'approved' },
        { section: 'environmental', status: 'approved' },
        { section: 'social', status: 'draft' },
        { section: 'governance', status: 'not_started' },
      ],
      totalSections: 4,
      approvedSections: 2,
      startedSections: 3,
    });
    // Another company's narratives never count.
    expect((await overview((await t.signUpCompany()).cookie)).narratives.startedSections).toBe(0);
  });

  test('four approved sections read as four of four', async () => {
    const owner = await t.signUpCompany();
    for (const section of ['executive_summary', 'environmental', 'social', 'governance']) {
      await narrative(owner.cookie, section, true);
    }
    const { narratives, recommendations } = await overview(owner.cookie);
    expect(narratives).toMatchObject({ approvedSections: 4, startedSections: 4, totalSections: 4 });
    expect(recommendations.map((step) => step.id)).not.toContain('approve_narratives');
  });
});

describe('dashboard recommendations', () => {
  test('a new company is told to add data, its figures, the checklist, narratives and a report', async () => {
    const owner = await t.signUpCompany();
    const { recommendations } = await overview(owner.cookie);
    expect(recommendations.map((step) => [step.id, step.href])).toEqual([
      ['add_data', '/data-sources'],
      ['missing_records', '/kpi-dashboard'],
      ['start_checklist', '/esg-wizard'],
      ['approve_narratives', '/narrative-builder'],
      ['generate_report', '/export'],
    ]);
    // No data yet: the year is this one (2026), and every record is missing.
    expect(recommendations[1]!.title).toBe('Add your 2026 company figures');
    expect(recommendations[1]!.text).toStartWith(
      'Your turnover, employee count and workforce breakdown for 2026',
    );
    expect(recommendations[3]!.title).toBe('0 of 4 narrative sections approved');
  });

  test('names the scopes the reporting year has no figures in, and the lines not counted', async () => {
    const owner = await t.signUpCompany();
    const site = await addSite(t, owner.cookie, 'Shop');
    // UK electricity: scope 2 and scope 3 category 3 (T&D, well-to-tank); nothing in scope 1.
    const line = await addLine(t, owner.cookie, {
      siteId: site,
      date: '2025-04-01',
      category: 'electricity',
      quantity: 500,
      unit: 'kWh',
    });
    let steps = (await overview(owner.cookie)).recommendations;
    expect(steps.find((step) => step.id === 'missing_scopes')).toMatchObject({
      title: 'No scope 1 figures for 2025',
      href: '/data-sources',
    });
    expect(steps.map((step) => step.id)).not.toContain('not_counted');
    expect(steps.map((step) => step.id)).not.toContain('add_data');

    // A line stored with no figure is "not counted" (the shared rule: datasets = '[]').
    await storeResultEmpty(t, owner.user.companyId, line.id);
    // Every line write of the product is audited, which is how the remembered counts know the
    // ledger moved; this direct write is not, so an audited action stands in for that row.
    await t.call('POST', '/api/support/feedback', {
      cookie: owner.cookie,
      body: { subject: 's', message: 'm' },
    });
    steps = (await overview(owner.cookie)).recommendations;
    expect(steps[0]).toMatchObject({ id: 'not_counted', title: '1 line not counted', href: '/data-sources' });
    expect(steps.find((step) => step.id === 'missing_scopes')!.title).toBe(
      'No scope 1, scope 2 and scope 3 figures for 2025',
    );
  });

  test('drops each step once its state is done: records saved, checklist started', async () => {
    const owner = await t.signUpCompany({ jurisdiction: 'SECR' });
    const site = await addSite(t, owner.cookie, 'Shop');
    await addLine(t, owner.cookie, {
      siteId: site,
      date: '2025-04-01',
      category: 'electricity',
      quantity: 1,
      unit: 'kWh',
    });
    await t.call('PUT', '/api/financials', {
      cookie: owner.cookie,
      body: { year: 2025, revenue: 1240000, currency: 'GBP', employees: 18 },
    });
    const records = (await overview(owner.cookie)).recommendations.find(
      (step) => step.id === 'missing_records',
    );
    expect(records!.text).toStartWith('Your workforce breakdown for 2025 is not recorded');
    await t.call('PUT', '/api/workforce', {
      cookie: owner.cookie,
      body: { year: 2025, headcountFemale: 10, headcountMale: 8 },
    });
    expect(
      (await t.call('POST', '/api/esg/initialize', { cookie: owner.cookie, body: { jurisdiction: 'SECR' } }))
        .status,
    ).toBeLessThan(300);
    const ids = (await overview(owner.cookie)).recommendations.map((step) => step.id);
    expect(ids).not.toContain('missing_records');
    expect(ids).not.toContain('start_checklist');
    expect(ids).toContain('complete_checklist');
  });
});

describe('welcome banner', () => {
  test("a first visit is 'Welcome'; signing in again, or coming back a day later, is 'Welcome back'", async () => {
    clock = new Date('2026-01-20T10:00:00Z');
    const owner = await t.signUpCompany({ password: 'correct horse battery' });
    expect((await overview(owner.cookie)).isFirstVisit).toBe(true);
    // The same session an hour later is still the first visit.
    clock = new Date('2026-01-20T11:00:00Z');
    expect((await overview(owner.cookie)).isFirstVisit).toBe(true);
    // A day after opening the account, in the same session: back.
    clock = new Date('2026-01-21T10:00:00Z');
    expect((await overview(owner.cookie)).isFirstVisit).toBe(false);

    clock = new Date('2026-01-20T12:00:00Z');
    const fresh = await t.signUpCompany({ password: 'correct horse battery' });
    const email = (await t.call('GET', '/api/auth/user', { cookie: fresh.cookie })).json.email;
    clock = new Date('2026-01-20T12:05:00Z');
    const signIn = await t.call('POST', '/api/auth/signin', {
      body: { email, password: 'correct horse battery' },
    });
    expect(signIn.status).toBe(200);
    const second = sessionCookieFrom(signIn.headers)!;
    expect((await overview(second)).isFirstVisit).toBe(false);
    clock = new Date('2026-01-20T10:00:00Z');
  });
});
