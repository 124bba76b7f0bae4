// QuickBooks item-based lines and supplier credits (decision 028), against the books of
// tests/fakes/quickbooks-credits.ts: each expected amount is worked out there.
import { afterAll, describe, expect, test } from 'bun:test';
import { adapterFor } from '../../src/server/features/connectors/registry.ts';
import { entryField } from '../../src/server/features/ledger/figures/stored-entries.ts';
import { startFakeQuickBooks } from '../fakes/quickbooks.ts';
import { cardCredit, creditsQuickBooksData, OAK } from '../fakes/quickbooks-credits.ts';
import { expenseLine, itemLine, RETAIL } from '../fakes/quickbooks-data.ts';
import { adapterSession, quickBooksJourney, sourceLines, storedSession } from '../helpers/quickbooks.ts';
import { createTestApp, TEST_SECRETS_KEY } from '../helpers/test-app.ts';

const fake = startFakeQuickBooks(creditsQuickBooksData());
afterAll(() => fake.stop());
const t = await createTestApp({
  env: {
    SECRETS_KEY: TEST_SECRETS_KEY,
    ...fake.env,
  },
});
const qb = quickBooksJourney(t, fake);
const ref = (kind: string, id: string, line: string) =>
  `quickbooks:${fake.data.realmId}:${kind}:${id}:${line}`;

const spendOf = async (sourceId: string) =>
  Object.fromEntries((await sourceLines(t, sourceId)).map((line) => [line.reference, line.spend]));
const total = (spend: Record<string, number | null>) =>
  Math.round(Object.values(spend).reduce((sum: number, value) => sum + (value ?? 0), 0) * 100) / 100;
const lastSync = async (cookie: string, sourceId: string) =>
  (await t.call('GET', `/api/data-sources/${sourceId}/syncs`, { cookie })).json[0];

const UNPLACED =
  "1 item line left out: the item has no expense account in QuickBooks (Bill 301: Gift cards). Set the item's expense account, then sync again.";
const ADVERTISING_LEFT = 'Advertising, Stores:Retail, 2025-04: USD 20.00 (VendorCredit VC-401)';
const leftovers = (...groups: string[]) =>
  `Supplier credits not subtracted, for want of spend on the same account and tracking in the same month (not carried to other months): ${groups.join('; ')}.`;

describe('QuickBooks connector: item lines and supplier credits', () => {
  test('a sync imports item lines through their expense account, net of vendor and card credits', async () => {
    const { source, cookie, user } = await qb.connected();
    await t.runJobs();
    const spend = await spendOf(source.id);
    expect(spend).toEqual({
      [ref('Bill', '301', '1')]: 369,
      [ref('Bill', '301', '2')]: 41,
      [ref('Bill', '301', '4')]: 180,
      [ref('Bill', '302', '1')]: 66.66,
      [ref('Bill', '303', '1')]: 150,
      [ref('Purchase', '501', '1')]: 108,
    });
    expect(total(spend)).toBe(914.66);
    // Toner is inactive: found only because the Item query asks for inactive items too.
    expect(fake.calls.map((call) => call.query)).toContain(
      'SELECT * FROM Item WHERE Active IN (true, false) ORDERBY Id STARTPOSITION 1 MAXRESULTS 1000',
    );
    expect(await lastSync(cookie, source.id)).toMatchObject({
      status: 'succeeded',
      // Seven purchase lines and the item line without an account; Bill 302's legal line was
      // credited to zero, so it is skipped with the gift cards.
      fetched: 8,
      imported: 6,
      skipped: 2,
      error: `${UNPLACED} ${leftovers(
        ADVERTISING_LEFT,
        'Legal & Professional Fees, Stores:Retail, 2025-04: USD 200.00 (VendorCredit VC-401)',
      )}`,
    });
    // The item lines' account is the item's expense account, named for the mapping dialog.
    const mappings = (await t.call('GET', `/api/data-sources/${source.id}/mappings`, { cookie })).json;
    expect(mappings.map((row: { accountCode: string; accountName: string }) => row.accountName)).toContain(
      'Cost of Goods Sold',
    );
    // The item's name is the line's product; its class is its tracking.
    const pull = await adapterFor('quickbooks')!.pull(
      (await storedSession(t, user.companyId, source.id)).tokens,
      adapterSession(t, user.companyId, source.id),
    );
    expect(pull.lines.find((line) => line.externalId === ref('Bill', '301', '1'))).toMatchObject({
      account: { key: '80', code: '5000', name: 'Cost of Goods Sold' },
      product: 'Oak planks',
      tracking: { key: `class:${RETAIL.value}`, name: 'Stores:Retail' },
    });
  });

  test('a re-sync after the credits change reconciles: lines come back, shrink or go, never twice', async () => {
    const { source, cookie } = await qb.connected();
    await t.runJobs();
    const credit = fake.data.vendorCredits[0]!;
    const original = { credit: structuredClone(credit), purchases: [...fake.data.purchases] };
    try {
      // VC-401 no longer credits oak, and credits 100 of legal instead of 500; a new card credit
      // of 200 on May's oak makes 230 of credit against 180 of spend.
      credit.Line = [
        expenseLine('2', 100, '9', 'Legal & Professional Fees', { classRef: RETAIL }),
        expenseLine('3', 20, '7', 'Advertising', { classRef: RETAIL }),
      ];
      fake.data.purchases.push(
        cardCredit('504', '2025-05-20', [itemLine('1', OAK, 1, 200, { classRef: RETAIL })]),
      );
      expect((await t.call('POST', `/api/data-sources/${source.id}/sync`, { cookie })).status).toBe(202);
      await t.runJobs();
      const spend = await spendOf(source.id);
      expect(spend).toEqual({
        [ref('Bill', '301', '1')]: 450,
        [ref('Bill', '301', '2')]: 50,
        [ref('Bill', '301', '4')]: 180,
        [ref('Bill', '302', '1')]: 66.66,
        // 300 − 100: back in the ledger.
        [ref('Bill', '302', '2')]: 200,
        [ref('Purchase', '501', '1')]: 108,
      });
      expect(total(spend)).toBe(1054.66);
      expect(await lastSync(cookie, source.id)).toMatchObject({
        status: 'succeeded',
        imported: 1,
        replaced: 2,
        removed: 1,
        duplicates: 3,
        skipped: 2,
        error: `${UNPLACED} ${leftovers(
          ADVERTISING_LEFT,
          'Cost of Goods Sold, Stores:Retail, 2025-05: USD 50.00 (Purchase 503, Purchase 504)',
        )}`,
      });
      const lines = await sourceLines(t, source.id);
      expect(new Set(lines.map((line) => line.reference)).size).toBe(lines.length);
      // The emissions follow: one set of results per line left, calculated on its netted spend.
      const results = await t.client.execute({
        sql: `SELECT l.reference, min(${entryField('e', 'activityQuantity')}) AS quantity FROM activity_lines l,
              json_each(l.entries) e WHERE l.data_source_id = ? GROUP BY l.id`,
        args: [source.id],
      });
      // USD of 2025 deflated to EPA's 2022 USD with US CPI-U: × 292.655 / 321.943 (decision 047).
      const quantities = Object.fromEntries(results.rows.map((row) => [row.reference, Number(row.quantity)]));
      expect(Object.keys(quantities).sort()).toEqual(Object.keys(spend).sort());
      for (const [reference, amount] of Object.entries(spend)) {
        expect(quantities[reference]).toBeCloseTo((Number(amount) * 292.655) / 321.943, 9);
      }
      // Nothing changed since: the next sync adds, replaces and removes nothing.
      await t.call('POST', `/api/data-sources/${source.id}/sync`, { cookie });
      await t.runJobs();
      expect(await lastSync(cookie, source.id)).toMatchObject({
        imported: 0,
        replaced: 0,
        removed: 0,
        duplicates: 6,
      });
    } finally {
      fake.data.vendorCredits[0] = original.credit;
      fake.data.purchases = original.purchases;
    }
  });
});
