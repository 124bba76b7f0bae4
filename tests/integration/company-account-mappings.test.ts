// The company-level account mapping (decision 050): made in an accounting export's import, used
// by connectors for accounts the person has not mapped on the source itself.
import { afterAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { activityLines } from '../../db/schema/ledger.ts';
import { sampleOdooData, startFakeOdoo } from '../fakes/odoo.ts';
import { addSite } from '../helpers/ledger.ts';
import { createTestApp, ORIGIN, TEST_SECRETS_KEY } from '../helpers/test-app.ts';

const t = await createTestApp({ env: { SECRETS_KEY: TEST_SECRETS_KEY } });
const fakes: ReturnType<typeof startFakeOdoo>[] = [];
afterAll(() => {
  for (const fake of fakes) fake.stop();
});

/** A QuickBooks export of two of the Odoo fake's accounts (same names as in the company's books). */
const EXPORT = [
  'Transaction Detail by Account',
  'Acme SARL',
  '"January - March, 2025"',
  '',
  ',Date,Transaction Type,No.,Name,Memo/Description,Split,Amount,Balance',
  'Legal fees,,,,,,,,',
  ',10/01/2025,Bill,L-1,Cabinet Martin,Contract review,Accounts Payable (A/P),€900.00,€900.00',
  'Total for Legal fees,,,,,,,€900.00,',
  'Purchases of services,,,,,,,,',
  ',11/01/2025,Bill,S-1,Agence Bleu,Design,Accounts Payable (A/P),€500.00,€500.00',
  'Total for Purchases of services,,,,,,,€500.00,',
  '',
].join('\n');

async function importExport(cookie: string, siteId: string, mappings: Record<string, unknown>) {
  const form = new FormData();
  form.append('file', new File([EXPORT], 'books.csv', { type: 'text/csv' }));
  form.append('options', JSON.stringify({ siteId, mappings }));
  const response = await t.app.request(`${ORIGIN}/api/activities/import/accounting`, {
    method: 'POST',
    headers: { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin', Cookie: cookie },
    body: form,
  });
  return response.status;
}

async function company() {
  const owner = await t.signUpCompany();
  const siteId = await addSite(t, owner.cookie, 'Head office', 'FR');
  return { ...owner, siteId };
}

async function connectOdoo(cookie: string) {
  const fake = startFakeOdoo(sampleOdooData());
  fakes.push(fake);
  const response = await t.call('POST', '/api/integrations/odoo/connect', {
    cookie,
    body: {
      baseUrl: fake.url,
      database: fake.data.database,
      username: fake.data.login,
      apiKey: fake.data.apiKey,
      name: 'Acme books',
    },
  });
  expect(response.status).toBe(201);
  return response.json.id as string;
}

const sourceLines = async (sourceId: string) =>
  (
    await t.db
      .select({ reference: activityLines.reference, variant: activityLines.variant })
      .from(activityLines)
      .where(eq(activityLines.dataSourceId, sourceId))
      .orderBy(activityLines.reference)
      .all()
  ).map((line) => [line.reference, line.variant]);

describe('company account mappings and connectors', () => {
  test("a connector's first sync uses the mapping the company made in a file import", async () => {
    const { cookie, siteId } = await company();
    const status = await importExport(cookie, siteId, {
      'legal fees': { category: 'ignore', variant: null },
      'purchases of services': { category: 'purchased_goods', variant: '541511' },
    });
    expect(status).toBe(201);
    const sourceId = await connectOdoo(cookie);
    await t.runJobs();
    // Software subscriptions: the source's own default (it_software); legal fees left out;
    // purchases of services as the company mapped it (541511), not the default (consultancy).
    expect(await sourceLines(sourceId)).toEqual([
      ['odoo:acme-prod:1001', 'it_software'],
      ['odoo:acme-prod:1004', '541511'],
    ]);
    const mappings = (await t.call('GET', `/api/data-sources/${sourceId}/mappings`, { cookie })).json;
    expect(
      mappings.map((row: { accountName: string; category: string; isUserSet: boolean }) => [
        row.accountName,
        row.category,
        row.isUserSet,
      ]),
    ).toEqual([
      ['Purchases of services', 'purchased_goods', false],
      ['Software subscriptions', 'purchased_goods', false],
      ['Legal fees', 'ignore', false],
    ]);
  });

  test("a company mapping made later replaces a source's default at the next sync, never the person's choice on the source", async () => {
    const { cookie, siteId } = await company();
    const sourceId = await connectOdoo(cookie);
    await t.runJobs();
    expect(await sourceLines(sourceId)).toHaveLength(3);
    const mappings = (await t.call('GET', `/api/data-sources/${sourceId}/mappings`, { cookie })).json;
    const services = mappings.find(
      (row: { accountName: string }) => row.accountName === 'Purchases of services',
    );
    const put = await t.call('PUT', `/api/data-sources/${sourceId}/mappings`, {
      cookie,
      body: {
        mappings: [{ accountKey: services.accountKey, category: 'purchased_goods', variant: '541110' }],
      },
    });
    expect(put.status).toBe(200);
    expect(
      await importExport(cookie, siteId, {
        'legal fees': { category: 'ignore', variant: null },
        'purchases of services': { category: 'purchased_goods', variant: '541511' },
      }),
    ).toBe(201);
    await t.call('POST', `/api/data-sources/${sourceId}/sync`, { cookie });
    await t.runJobs();
    // Legal fees: now left out (company mapping over the source's default); services: the
    // person's choice on the source (541110) stays over the company's 541511.
    expect(await sourceLines(sourceId)).toEqual([
      ['odoo:acme-prod:1001', 'it_software'],
      ['odoo:acme-prod:1004', '541110'],
    ]);
  });

  test("a connector never uses another company's mapping", async () => {
    const a = await company();
    await importExport(a.cookie, a.siteId, {
      'legal fees': { category: 'ignore', variant: null },
      'purchases of services': { category: 'purchased_goods', variant: '541511' },
    });
    const b = await company();
    const sourceId = await connectOdoo(b.cookie);
    await t.runJobs();
    expect(await sourceLines(sourceId)).toHaveLength(3);
    expect(
      (await sourceLines(sourceId)).find(([reference]) => reference === 'odoo:acme-prod:1004')?.[1],
    ).toBe('consultancy');
  });
});
