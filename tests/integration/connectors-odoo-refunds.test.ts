// Odoo vendor credit notes (in_refund) netted against the bills' spend (decision 032), against the
// books of tests/fakes/odoo-refunds.ts: each expected amount is worked out there by hand.
import { afterAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { activityLines } from '../../db/schema/ledger.ts';
import { startFakeOdoo } from '../fakes/odoo.ts';
import { leftoverNotice, refundsOdooData } from '../fakes/odoo-refunds.ts';
import { storedResults } from '../helpers/ledger.ts';
import { syncedOdooCompany } from '../helpers/odoo.ts';
import { createTestApp, TEST_SECRETS_KEY } from '../helpers/test-app.ts';

const t = await createTestApp({ env: { SECRETS_KEY: TEST_SECRETS_KEY } });
const fakes: ReturnType<typeof startFakeOdoo>[] = [];
afterAll(() => {
  for (const fake of fakes) fake.stop();
});

const line = (id: number) => `odoo:acme-prod:${id}`;
const LEGAL_MARCH = 'Legal fees, 2025-03: EUR 50.00 (RBILL/2025/03/0002)';
const SERVICES_APRIL = 'Purchases of services, 2025-04: USD 120.00 (RBILL/2025/04/0001)';

/** A company with a site, connected to a fresh fake Odoo holding credit notes, first sync run. */
async function connected() {
  const fake = startFakeOdoo(refundsOdooData());
  fakes.push(fake);
  return { fake, ...(await syncedOdooCompany(t, fake, 'Acme books')) };
}

const spendOf = async (sourceId: string) =>
  Object.fromEntries(
    (
      await t.db
        .select({ reference: activityLines.reference, spend: activityLines.spend })
        .from(activityLines)
        .where(eq(activityLines.dataSourceId, sourceId))
        .all()
    ).map((row) => [row.reference, row.spend]),
  );
const lastSync = async (cookie: string, sourceId: string) =>
  (await t.call('GET', `/api/data-sources/${sourceId}/syncs`, { cookie })).json[0];
async function syncNow(cookie: string, sourceId: string) {
  expect((await t.call('POST', `/api/data-sources/${sourceId}/sync`, { cookie })).status).toBe(202);
  await t.runJobs();
  return lastSync(cookie, sourceId);
}

describe('Odoo connector: vendor credit notes', () => {
  test('posted credit notes lower the spend of their account and month; the rest is reported', async () => {
    const { cookie, sourceId, fake, user } = await connected();
    expect(await spendOf(sourceId)).toEqual({
      [line(1001)]: 813.33,
      [line(1004)]: 800,
      [line(1006)]: 406.67,
    });
    expect(await lastSync(cookie, sourceId)).toMatchObject({
      status: 'succeeded',
      fetched: 4,
      imported: 3,
      // Line 1002 (legal fees), credited to zero.
      skipped: 1,
      error: leftoverNotice(LEGAL_MARCH, SERVICES_APRIL),
    });
    // Bills and credit notes come in one read of posted moves; customer documents are not asked for.
    const moveReads = fake.calls.filter(
      (call) => call.model === 'account.move' && call.modelMethod === 'search_read',
    );
    expect(moveReads.length).toBe(2);
    // One result per line (spend-based: scope 3 only), on the netted amounts.
    expect((await storedResults(t, user.companyId)).length).toBe(3);
  });

  test('a re-sync after the credit notes change reconciles by line id, without duplicates', async () => {
    const { cookie, sourceId, fake } = await connected();
    const moves = fake.data.moves;
    // The legal-fees credit note is cancelled, and the fee kept back on RBILL/2025/03/0001 dropped.
    moves.find((move) => move.name === 'RBILL/2025/03/0002')!.state = 'cancel';
    fake.data.lines = fake.data.lines.filter((row) => row.id !== 3002);
    // Software, March: 300.00 over 1500.00 is exactly 200.00 and 100.00.
    expect(await syncNow(cookie, sourceId)).toMatchObject({
      status: 'succeeded',
      fetched: 4,
      imported: 1,
      replaced: 2,
      duplicates: 1,
      removed: 0,
      skipped: 0,
      error: leftoverNotice(SERVICES_APRIL),
    });
    expect(await spendOf(sourceId)).toEqual({
      [line(1001)]: 800,
      [line(1002)]: 200,
      [line(1004)]: 800,
      [line(1006)]: 400,
    });

    // Posted again: the legal-fees line is credited to zero and removed; nothing else moves.
    moves.find((move) => move.name === 'RBILL/2025/03/0002')!.state = 'posted';
    expect(await syncNow(cookie, sourceId)).toMatchObject({
      imported: 0,
      replaced: 0,
      removed: 1,
      duplicates: 3,
      skipped: 1,
      error: leftoverNotice(LEGAL_MARCH, SERVICES_APRIL),
    });
    expect(Object.keys(await spendOf(sourceId)).sort()).toEqual([line(1001), line(1004), line(1006)]);
    expect(await syncNow(cookie, sourceId)).toMatchObject({
      imported: 0,
      replaced: 0,
      removed: 0,
      duplicates: 3,
    });
  });

  test('without credit notes nothing is netted and no notice is written', async () => {
    const { cookie, sourceId, fake } = await connected();
    fake.data.moves = fake.data.moves.filter((move) => move.move_type !== 'in_refund');
    const kept = new Set(fake.data.moves.map((move) => move.id));
    fake.data.lines = fake.data.lines.filter((row) => kept.has(row.move_id));
    const sync = await syncNow(cookie, sourceId);
    expect(sync).toMatchObject({ imported: 1, replaced: 2, duplicates: 1, error: null });
    expect(await spendOf(sourceId)).toEqual({
      [line(1001)]: 1000,
      [line(1002)]: 200,
      [line(1004)]: 800,
      [line(1006)]: 500,
    });
  });
});
