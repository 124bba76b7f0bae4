// Hostile text and numbers at every JSON door (issue 19 item 4, decision 042): a NUL, an escape or
// a lone surrogate in any free-text field, and quantities such as 1e308, answer 400 in plain words
// and store nothing; a ledger that already holds a figure too large to add up makes the KPI and a
// report refuse clearly instead of answering null.
import { describe, expect, test } from 'bun:test';
import { eq, sql } from 'drizzle-orm';
import { companies } from '../../db/schema/auth.ts';
import { activityLines } from '../../db/schema/ledger.ts';
import { addSite } from '../helpers/ledger.ts';
import { createTestApp } from '../helpers/test-app.ts';

const t = await createTestApp();

/** Rows of every table but the rate-limit counters: "nothing stored" means these do not move. */
async function tableCounts(): Promise<Record<string, number>> {
  const tables = await t.db.all<{ name: string }>(
    sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT IN ('rate_limits', '__drizzle_migrations')`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await t.db.all<{ n: number }>(sql.raw(`SELECT count(*) AS n FROM "${name}"`));
    counts[name] = row?.n ?? 0;
  }
  return counts;
}

const owner = await t.signUpCompany();
const siteId = await addSite(t, owner.cookie, 'Leeds depot');
// Custom branding is an Enterprise feature: the plan check would otherwise answer first.
await t.db.update(companies).set({ plan: 'enterprise' }).where(eq(companies.id, owner.user.companyId));
const lineId = (
  await t.call('POST', '/api/activities', {
    cookie: owner.cookie,
    body: { siteId, date: '2025-01-15', category: 'electricity', quantity: 5, unit: 'kWh' },
  })
).json.id as string;

/** Each route with a valid body and the free-text fields (dotted paths) to poison one at a time. */
const ROUTES: {
  method: string;
  path: string;
  body: Record<string, unknown>;
  fields: string[];
  anonymous?: boolean;
}[] = [
  {
    method: 'POST',
    path: '/api/auth/signup',
    anonymous: true,
    body: {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      password: 'correct horse battery',
      companyName: 'Cobol Ltd',
    },
    fields: ['firstName', 'lastName', 'companyName'],
  },
  {
    method: 'PUT',
    path: '/api/auth/user',
    body: {
      firstName: 'Ada',
      lastName: 'L',
      email: 'x@example.com',
      companyName: 'Co',
      jurisdiction: 'CSRD',
    },
    fields: ['firstName', 'lastName', 'companyName'],
  },
  {
    method: 'POST',
    path: '/api/sites',
    body: { name: 'Hull', country: 'GB', region: 'GB-LONDON', postcode: 'HU1 1AA' },
    fields: ['name', 'region', 'postcode'],
  },
  {
    method: 'PUT',
    path: `/api/sites/${siteId}`,
    body: { name: 'Leeds', country: 'GB' },
    fields: ['name'],
  },
  {
    method: 'POST',
    path: '/api/activities',
    body: {
      siteId,
      date: '2025-01-31',
      category: 'electricity',
      quantity: 10,
      unit: 'kWh',
      variant: 'grid',
      reference: 'INV-1',
      evidenceUrl: 'https://example.com/bill.pdf',
    },
    fields: ['variant', 'unit', 'reference', 'evidenceUrl'],
  },
  {
    method: 'POST',
    path: '/api/data-sources',
    body: { type: 'csv', name: 'Bills', config: { note: 'monthly' } },
    fields: ['name', 'config.note'],
  },
  { method: 'POST', path: '/api/api-keys', body: { name: 'CI' }, fields: ['name'] },
  {
    method: 'POST',
    path: '/api/support/feedback',
    body: { subject: 'Hello', message: 'A question' },
    fields: ['subject', 'message'],
  },
  {
    method: 'POST',
    path: '/api/narratives',
    body: {
      section: 'environmental',
      framework: 'gri',
      content: 'We cut emissions.',
      confirmedNumbers: ['12'],
    },
    fields: ['content', 'confirmedNumbers.0'],
  },
  {
    method: 'PUT',
    path: '/api/esg/progress',
    body: { jurisdiction: 'CSRD', indicator: 'b1_basis', value: 'Individual', note: 'Checked' },
    fields: ['value', 'note'],
  },
  {
    method: 'PUT',
    path: '/api/company/branding',
    body: { brandName: 'Green', accentColour: '#0D6B54' },
    fields: ['brandName'],
  },
  {
    method: 'POST',
    path: '/api/reports/generate',
    body: {
      format: 'pdf',
      framework: 'gri',
      period: '2025',
      entityIdentifier: { scheme: 'https://www.dnb.com', value: '123' },
    },
    fields: ['entityIdentifier.value', 'entityIdentifier.scheme'],
  },
  {
    method: 'PUT',
    path: `/api/activities/${lineId}`,
    body: { siteId, date: '2025-01-31', category: 'electricity', quantity: 1, unit: 'kWh', reference: 'R' },
    fields: ['reference'],
  },
  {
    method: 'POST',
    path: '/api/invites/signup',
    anonymous: true,
    body: { token: 'A'.repeat(32), firstName: 'Joan', lastName: 'Clarke', password: 'correct horse battery' },
    fields: ['firstName', 'lastName'],
  },
  {
    method: 'POST',
    path: '/api/integrations/odoo/connect',
    body: { baseUrl: 'https://acme.odoo.com', database: 'acme', username: 'books', apiKey: 'k', name: 'ERP' },
    fields: ['database', 'username', 'apiKey', 'name'],
  },
  { method: 'POST', path: '/api/integrations/xero/connect', body: { name: 'Books' }, fields: ['name'] },
  {
    method: 'PUT',
    path: `/api/data-sources/${crypto.randomUUID()}/mappings`,
    body: { mappings: [{ accountKey: 'acc-1', category: 'ignore' }] },
    fields: ['mappings.0.accountKey'],
  },
  {
    method: 'PUT',
    path: `/api/data-sources/${crypto.randomUUID()}/site-mappings`,
    body: { mappings: [{ trackingKey: 'north', siteId: null }] },
    fields: ['mappings.0.trackingKey'],
  },
  {
    method: 'POST',
    path: '/api/narratives/check',
    body: { content: 'We cut 12 tonnes.' },
    fields: ['content'],
  },
  {
    method: 'PUT',
    path: `/api/narratives/${crypto.randomUUID()}`,
    body: { content: 'Revised text.' },
    fields: ['content'],
  },
  {
    method: 'POST',
    path: '/api/carbon-offsets/purchase',
    body: { projectId: crypto.randomUUID(), quantity: 1, metadata: { source: 'marketplace' } },
    fields: ['metadata.source'],
  },
  {
    method: 'DELETE',
    path: '/api/gdpr/delete-account',
    body: { confirmed: true, reason: 'Leaving' },
    fields: ['reason'],
  },
];

function poisoned(body: Record<string, unknown>, field: string, value: string): Record<string, unknown> {
  const copy = structuredClone(body);
  const keys = field.split('.');
  let target = copy as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  const last = keys.at(-1)!;
  target[last] = `${String(target[last])}${value}`;
  return copy;
}

describe('hostile text', () => {
  const cases = ROUTES.flatMap((route) =>
    route.fields.flatMap((field) =>
      [
        ['a NUL', '\u0000'],
        ['an escape', '\u001b[2J'],
        ['a lone surrogate', '\ud800'],
      ].map(([what, value]) => ({ route, field, what: what!, value: value! })),
    ),
  );

  test.each(cases)(
    '$route.method $route.path refuses $what in $field with 400 and stores nothing',
    async ({ route, field, value }) => {
      const before = await tableCounts();
      const response = await t.call(route.method, route.path, {
        cookie: route.anonymous ? undefined : owner.cookie,
        body: poisoned(route.body, field, value),
      });
      expect(response.status).toBe(400);
      // A lone surrogate is refused before the contract, when the JSON body is read (decision 044);
      // the contract's own field message covers the other characters (decision 042).
      expect(response.json.message).toMatch(
        /contains characters that are not allowed|The text contains an unpaired surrogate/,
      );
      expect(await tableCounts()).toEqual(before);
    },
  );
});

describe('number bounds', () => {
  test('a quantity of 1e308 is refused with 400 and stores nothing', async () => {
    const before = await tableCounts();
    const response = await t.call('POST', '/api/activities', {
      cookie: owner.cookie,
      body: { siteId, date: '2025-01-31', category: 'electricity', quantity: 1e308, unit: 'kWh' },
    });
    expect(response.status).toBe(400);
    expect(response.text).toContain('Quantity must be at most 1,000,000,000,000');
    expect(await tableCounts()).toEqual(before);
  });

  test('revenue, headcounts and training hours above their bounds are refused', async () => {
    for (const [path, body] of [
      ['/api/financials', { year: 2025, revenue: 1e300, currency: 'GBP' }],
      ['/api/workforce', { year: 2025, headcountFemale: 1e12 }],
      ['/api/workforce', { year: 2025, trainingHours: 1e308 }],
    ] as const) {
      expect((await t.call('PUT', path, { cookie: owner.cookie, body })).status).toBe(400);
    }
  });

  test('a ledger figure too large to add up makes the KPI answer 422 in plain words, never null', async () => {
    const company = await t.signUpCompany();
    const site = await addSite(t, company.cookie, 'Oslo');
    const created = await t.call('POST', '/api/activities', {
      cookie: company.cookie,
      body: { siteId: site, date: '2025-03-01', category: 'electricity', quantity: 100, unit: 'kWh' },
    });
    expect(created.status).toBe(201);
    // As a ledger written before the bounds could hold it: two lines whose sum is past 1.8e308.
    await t.db
      .update(activityLines)
      .set({ kgScope2Location: 1.5e308 })
      .where(sql`site_key = (SELECT ledger_key FROM sites WHERE id = ${site})`);
    await t.call('POST', '/api/activities', {
      cookie: company.cookie,
      body: { siteId: site, date: '2025-03-02', category: 'electricity', quantity: 100, unit: 'kWh' },
    });
    await t.db
      .update(activityLines)
      .set({ kgScope2Location: 1.5e308 })
      .where(sql`site_key = (SELECT ledger_key FROM sites WHERE id = ${site})`);

    const metrics = await t.call('GET', '/api/metrics/summary?year=2025', { cookie: company.cookie });
    expect(metrics.status).toBe(422);
    expect(metrics.json.code).toBe('total_not_finite');
    expect(metrics.json.message).toContain('too large to count');

    const report = await t.call('POST', '/api/reports/generate', {
      cookie: company.cookie,
      body: { format: 'pdf', framework: 'gri', period: '2025' },
    });
    expect(report.status).toBe(422);
    expect(report.json.code).toBe('total_not_finite');
  });
});
