import { describe, expect, test } from 'bun:test';
import { and, count, eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit.ts';
import { activityLines, dataSources } from '../../db/schema/ledger.ts';
import { companyKeyOf } from '../../src/server/features/ledger/lines/ledger-keys.ts';
import { addLine, companyWithSites, IMPORT_ROWS, importCsv, makeViewer, upload } from '../helpers/ledger.ts';
import { createTestApp } from '../helpers/test-app.ts';

const t = await createTestApp();

const storedCount = async (companyId: string) =>
  (await t.db.select({ n: count() }).from(dataSources).where(eq(dataSources.companyId, companyId)).get())!.n;

describe('data sources', () => {
  test('creates a CSV source as connected, lists it and shows it on the dashboard', async () => {
    const { cookie, user } = await t.signUpCompany();
    const created = await t.call('POST', '/api/data-sources', {
      cookie,
      body: { type: 'csv', name: ' Fuel card exports ', config: { note: 'monthly' } },
    });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({
      id: expect.any(String),
      type: 'csv',
      name: 'Fuel card exports',
      status: 'connected',
      lastSyncAt: null,
      createdAt: expect.any(String),
      statusReason: null,
      lineCount: 0,
    });
    const listed = await t.call('GET', '/api/data-sources', { cookie });
    expect(listed.json).toEqual([created.json]);
    const overview = await t.call('GET', '/api/dashboard/overview', { cookie });
    // A CSV source with no file yet holds no data: it waits (decision 054).
    expect(overview.json.dataSources).toEqual([
      {
        id: created.json.id,
        type: 'csv',
        kind: 'csv_source',
        name: 'Fuel card exports',
        status: 'connecting',
        lastSyncAt: null,
        lineCount: 0,
        statusText: 'No file imported yet',
      },
    ]);
    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.entityId, created.json.id)).all();
    expect(audit).toMatchObject([{ action: 'data_source_created', userId: user.id }]);
  });

  test("counts a source's lines: its imports' and those written one at a time, no other source's or company's", async () => {
    const owner = await companyWithSites(t);
    const addSource = async (name: string) =>
      (await t.call('POST', '/api/data-sources', { cookie: owner.cookie, body: { type: 'csv', name } })).json
        .id as string;
    const bills = await addSource('Bills');
    const cards = await addSource('Fuel cards');
    expect((await upload(t, owner.cookie, importCsv(IMPORT_ROWS), { dataSourceId: bills })).status).toBe(201);
    const cardRows = [
      '2025-04-02,Bristol bakery,diesel,,40,litres,,,Card 1',
      '2025-04-09,Bristol bakery,diesel,,45,litres,,,Card 2',
    ];
    expect((await upload(t, owner.cookie, importCsv(cardRows), { dataSourceId: cards })).status).toBe(201);
    // Lines without a source: an import and a line typed by hand.
    expect(
      (await upload(t, owner.cookie, importCsv(['2025-05-01,Bristol bakery,water,,3,m3,,,WB-1']))).status,
    ).toBe(201);
    const [site] = (await t.call('GET', '/api/sites', { cookie: owner.cookie })).json;
    const typed = await addLine(t, owner.cookie, {
      siteId: site.id,
      category: 'electricity',
      quantity: 5,
      unit: 'kWh',
    });
    const counts = async (cookie: string) =>
      Object.fromEntries(
        (await t.call('GET', '/api/data-sources', { cookie })).json.map(
          (source: { name: string; lineCount: number }) => [source.name, source.lineCount],
        ),
      );
    expect(await counts(owner.cookie)).toEqual({ Bills: 4, 'Fuel cards': 2 });

    // A line of an import deleted on its own no longer counts.
    const ledger = (await t.call('GET', '/api/activities?pageSize=100', { cookie: owner.cookie })).json.items;
    const billLine = ledger.find((line: { category: string }) => line.category === 'purchased_goods');
    expect((await t.call('DELETE', `/api/activities/${billLine.id}`, { cookie: owner.cookie })).status).toBe(
      204,
    );
    // A line written one at a time under a source, as a connector writes its lines (no import).
    await t.db
      .update(activityLines)
      .set({ dataSourceId: cards })
      .where(
        and(
          eq(activityLines.companyKey, companyKeyOf(owner.user.companyId)),
          eq(activityLines.id, Number(typed.id)),
        ),
      );
    expect(await counts(owner.cookie)).toEqual({ Bills: 3, 'Fuel cards': 3 });

    // Another company's lines under its own source change nothing here.
    const other = await companyWithSites(t);
    const theirs = (
      await t.call('POST', '/api/data-sources', {
        cookie: other.cookie,
        body: { type: 'csv', name: 'Bills' },
      })
    ).json.id as string;
    expect((await upload(t, other.cookie, importCsv(IMPORT_ROWS), { dataSourceId: theirs })).status).toBe(
      201,
    );
    expect(await counts(owner.cookie)).toEqual({ Bills: 3, 'Fuel cards': 3 });
    expect(await counts(other.cookie)).toEqual({ Bills: 4 });

    // Deleted without its lines, a source takes its imports' lines and its own lines written one at
    // a time, and nothing else: the other source's, the lines without one, another company's.
    const linesOf = async (companyId: string) =>
      (
        await t.db
          .select({ n: count() })
          .from(activityLines)
          .where(eq(activityLines.companyKey, companyKeyOf(companyId)))
          .get()
      )?.n;
    expect(await linesOf(owner.user.companyId)).toBe(3 + 3 + 1);
    const removed = await t.call('DELETE', `/api/data-sources/${cards}?keepLines=false`, {
      cookie: owner.cookie,
    });
    expect(removed.status).toBe(200);
    expect(await counts(owner.cookie)).toEqual({ Bills: 3 });
    expect(await linesOf(owner.user.companyId)).toBe(3 + 1);
    expect(await linesOf(other.user.companyId)).toBe(4);
  });

  test('needs a type and a name: 400 with field errors, nothing stored', async () => {
    const { cookie, user } = await t.signUpCompany();
    const response = await t.call('POST', '/api/data-sources', { cookie, body: { name: '  ' } });
    expect(response.status).toBe(400);
    expect(Object.keys(response.json.details.fieldErrors).sort()).toEqual(['name', 'type']);
    expect(await storedCount(user.companyId)).toBe(0);
  });

  test.each([
    ['quickbooks', 'QuickBooks is not set up on this server yet — ask your administrator.'],
    ['xero', 'Xero is not set up on this server yet — ask your administrator.'],
    ['shopify', 'Shopify is not set up on this server yet — ask your administrator.'],
    [
      'receipt_ocr',
      'Receipts and bills are not a connection: scan them with Upload Receipt on Data Sources.',
    ],
  ])('refuses a %s connection with 501 instead of pretending to connect', async (type, message) => {
    const { cookie, user } = await t.signUpCompany();
    const response = await t.call('POST', '/api/data-sources', { cookie, body: { type, name: 'Books' } });
    expect(response.status).toBe(501);
    expect(response.json).toEqual({
      message: expect.stringContaining(message),
      code: 'connector_unavailable',
    });
    expect(await storedCount(user.companyId)).toBe(0);
  });

  test('a CSV source tests as connected and answers a sync with how to bring data in', async () => {
    const { cookie } = await t.signUpCompany();
    const source = await t.call('POST', '/api/data-sources', {
      cookie,
      body: { type: 'csv', name: 'Bills' },
    });
    const tested = await t.call('POST', `/api/data-sources/${source.json.id}/test`, { cookie });
    expect(tested.status).toBe(200);
    expect(tested.json).toEqual({ connected: true, error: null });
    const synced = await t.call('POST', `/api/data-sources/${source.json.id}/sync`, { cookie });
    expect(synced.status).toBe(409);
    expect(synced.json.message).toBe(
      'CSV sources sync by uploading a file: use Import CSV on the Activities screen.',
    );
    const after = await t.call('GET', '/api/data-sources', { cookie });
    expect(after.json[0].lastSyncAt).toBeNull();
  });

  test('deletes a source with an audit row', async () => {
    const { cookie, user } = await t.signUpCompany();
    const source = await t.call('POST', '/api/data-sources', {
      cookie,
      body: { type: 'csv', name: 'Bills' },
    });
    const removed = await t.call('DELETE', `/api/data-sources/${source.json.id}`, { cookie });
    // A CSV source has no provider access to revoke (decision 029).
    expect(removed.status).toBe(200);
    expect(removed.json).toEqual({ providerAccess: 'none', message: null });
    expect(await storedCount(user.companyId)).toBe(0);
    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.entityId, source.json.id)).all();
    expect(audit.map((row) => row.action)).toEqual(['data_source_created', 'data_source_deleted']);
  });

  test("another company's source answers 404 exactly like a missing one", async () => {
    const a = await t.signUpCompany();
    const b = await t.signUpCompany();
    const source = await t.call('POST', '/api/data-sources', {
      cookie: a.cookie,
      body: { type: 'csv', name: 'A' },
    });
    const missing = await t.call('DELETE', `/api/data-sources/${crypto.randomUUID()}`, { cookie: b.cookie });
    expect(missing.status).toBe(404);
    for (const [method, path] of [
      ['DELETE', `/api/data-sources/${source.json.id}`],
      ['POST', `/api/data-sources/${source.json.id}/test`],
      ['POST', `/api/data-sources/${source.json.id}/sync`],
    ] as const) {
      const response = await t.call(method, path, { cookie: b.cookie });
      expect(response.status).toBe(404);
      expect(response.json).toEqual(missing.json);
    }
    expect((await t.call('GET', '/api/data-sources', { cookie: b.cookie })).json).toEqual([]);
    expect(await storedCount(a.user.companyId)).toBe(1);
  });

  test('a viewer lists sources but every write is refused with 403', async () => {
    const admin = await t.signUpCompany();
    const source = await t.call('POST', '/api/data-sources', {
      cookie: admin.cookie,
      body: { type: 'csv', name: 'A' },
    });
    const viewer = await makeViewer(t, admin.user.companyId);
    expect((await t.call('GET', '/api/data-sources', { cookie: viewer })).json).toHaveLength(1);
    expect(
      (await t.call('POST', '/api/data-sources', { cookie: viewer, body: { type: 'csv', name: 'B' } }))
        .status,
    ).toBe(403);
    expect((await t.call('DELETE', `/api/data-sources/${source.json.id}`, { cookie: viewer })).status).toBe(
      403,
    );
    expect(
      (await t.call('POST', `/api/data-sources/${source.json.id}/test`, { cookie: viewer })).status,
    ).toBe(403);
    expect(
      (await t.call('POST', `/api/data-sources/${source.json.id}/sync`, { cookie: viewer })).status,
    ).toBe(403);
    expect(await storedCount(admin.user.companyId)).toBe(1);
  });

  test('requires a session', async () => {
    expect((await t.call('GET', '/api/data-sources')).status).toBe(401);
    expect((await t.call('POST', '/api/data-sources', { body: { type: 'csv', name: 'A' } })).status).toBe(
      401,
    );
  });
});

describe('GET /api/integrations', () => {
  const notSetUp = (label: string) => `${label} is not set up on this server yet — ask your administrator.`;

  test('says which connections this server can make, in words for the person, before anyone clicks Connect', async () => {
    const { cookie, user } = await t.signUpCompany();
    const response = await t.call('GET', '/api/integrations', { cookie });
    expect(response.status).toBe(200);
    expect(response.json).toEqual([
      { type: 'quickbooks', isAvailable: false, unavailableReason: notSetUp('QuickBooks') },
      { type: 'xero', isAvailable: false, unavailableReason: notSetUp('Xero') },
      { type: 'shopify', isAvailable: false, unavailableReason: notSetUp('Shopify') },
      { type: 'odoo', isAvailable: true, unavailableReason: null },
      { type: 'csv', isAvailable: true, unavailableReason: null },
    ]);
    // The settings an administrator adds are for the README and the log, never the person.
    expect(response.text).not.toMatch(/CLIENT_ID|CLIENT_SECRET/);
    const viewer = await makeViewer(t, user.companyId);
    expect((await t.call('GET', '/api/integrations', { cookie: viewer })).status).toBe(200);
    expect((await t.call('GET', '/api/integrations')).status).toBe(401);
  });

  test('a connector whose app registration is set is available', async () => {
    const configured = await createTestApp({
      env: { XERO_CLIENT_ID: 'xero-app', XERO_CLIENT_SECRET: 'xero-secret' },
    });
    const { cookie } = await configured.signUpCompany();
    const list = (await configured.call('GET', '/api/integrations', { cookie })).json;
    expect(list.find((entry: { type: string }) => entry.type === 'xero')).toEqual({
      type: 'xero',
      isAvailable: true,
      unavailableReason: null,
    });
    expect(list.find((entry: { type: string }) => entry.type === 'quickbooks').isAvailable).toBe(false);
  });

  test('refusing a connector that is not set up names no setting in the answer', async () => {
    const { cookie } = await t.signUpCompany();
    for (const [path, body] of [
      ['/api/integrations/xero/connect', { name: 'X' }],
      ['/api/integrations/quickbooks/connect', {}],
      ['/api/data-sources', { type: 'xero', name: 'X' }],
    ] as const) {
      const response = await t.call('POST', path, { cookie, body });
      expect(response.status).toBe(501);
      expect(response.json.message).toMatch(/is not set up on this server yet — ask your administrator\.$/);
      expect(response.text).not.toMatch(/CLIENT_ID|CLIENT_SECRET|XERO_|QUICKBOOKS_/);
    }
  });
});
