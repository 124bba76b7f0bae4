import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { nextLedgerKey } from '../../db/schema/columns.ts';
import { sites } from '../../db/schema/ledger.ts';
import { createTestApp } from '../helpers/test-app.ts';

const t = await createTestApp();
const BACKFILL = readFileSync(
  new URL('../../db/migrations/0024_site_regions_backfill.sql', import.meta.url),
  'utf8',
);

describe('site regions backfill (decision 049)', () => {
  test('loosely typed regions stored before the check become the regions the library knows', async () => {
    const owner = await t.signUpCompany();
    const companyId = owner.user.companyId as string;
    const now = new Date();
    const stored = [
      ['a', 'US', 'camx'],
      ['b', 'US', 'us-nyup'],
      ['c', 'GB', 'England'],
      ['d', 'GB', 'London'],
      ['e', 'GB', 'North'],
    ] as const;
    await t.db.insert(sites).values(
      stored.map(([name, country, region], n) => ({
        id: crypto.randomUUID(),
        // One statement, five rows: each its own ledger key (decision 088).
        ledgerKey: nextLedgerKey('sites', n + 1),
        companyId,
        name,
        country,
        region,
        createdAt: now,
        updatedAt: now,
      })),
    );
    for (const statement of BACKFILL.split('--> statement-breakpoint')) await t.client.execute(statement);
    const after = await t.db
      .select({ name: sites.name, region: sites.region })
      .from(sites)
      .where(eq(sites.companyId, companyId))
      .orderBy(sites.name);
    expect(after).toEqual([
      { name: 'a', region: 'US-CAMX' },
      { name: 'b', region: 'US-NYUP' },
      { name: 'c', region: null },
      { name: 'd', region: 'GB-LONDON' },
      { name: 'e', region: 'North' },
    ]);
  });
});
