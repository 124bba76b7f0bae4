// A connector line that looks like a line of another source is kept and named on the sync record
// (decision 052): a sync runs unattended and cannot ask.
import { afterAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { activityLines } from '../../db/schema/ledger.ts';
import { companyKeyOf } from '../../src/server/features/ledger/lines/ledger-keys.ts';
import { sampleOdooData, startFakeOdoo } from '../fakes/odoo.ts';
import { addLine, addSite } from '../helpers/ledger.ts';
import { createTestApp, TEST_SECRETS_KEY } from '../helpers/test-app.ts';

const t = await createTestApp({ env: { SECRETS_KEY: TEST_SECRETS_KEY } });
const fake = startFakeOdoo(sampleOdooData());
afterAll(() => fake.stop());

/** Odoo's bill line 1001: 1,000.00 EUR on 2025-03-04, account 604000 → NAICS 518210 (sampleOdooData). */
const BILL_1001 = {
  category: 'purchased_goods',
  variant: '518210',
  spend: 1000,
  currency: 'EUR',
  date: '2025-03-04',
};

async function companyWithSite() {
  const company = await t.signUpCompany();
  const siteId = await addSite(t, company.cookie, 'Head office', 'FR');
  return { ...company, siteId };
}

async function syncOdoo(cookie: string) {
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
  await t.runJobs();
  const syncs = await t.call('GET', `/api/data-sources/${response.json.id}/syncs`, { cookie });
  return syncs.json[0];
}

describe('connector sync and probable duplicates', () => {
  test('keeps a line that looks like a hand-typed one and names the pair on the sync record', async () => {
    const company = await companyWithSite();
    await addLine(t, company.cookie, { ...BILL_1001, siteId: company.siteId, reference: 'Invoice 77' });
    const sync = await syncOdoo(company.cookie);
    expect(sync).toMatchObject({ status: 'succeeded', imported: 3 });
    expect(sync.error).toBe(
      '1 probable duplicate of existing lines kept: 2025-03-04 1000.00 EUR looks like the manual line of 2025-03-04 at Head office. If a pair is the same bill, delete one of them in the activity ledger.',
    );
    const lines = await t.db
      .select({ source: activityLines.source })
      .from(activityLines)
      .where(eq(activityLines.companyKey, companyKeyOf(company.user.companyId)));
    // Both kept: the manual line and Odoo's three.
    expect(lines.length).toBe(4);
  });

  test("another company's identical line is never named", async () => {
    const other = await companyWithSite();
    await addLine(t, other.cookie, { ...BILL_1001, siteId: other.siteId });
    const company = await companyWithSite();
    const sync = await syncOdoo(company.cookie);
    expect(sync).toMatchObject({ status: 'succeeded', imported: 3, error: null });
  });
});
