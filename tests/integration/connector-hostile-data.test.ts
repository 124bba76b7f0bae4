// A provider is outside our control (an Odoo server is whatever its owner runs): its text keeps
// the person's data with control characters spaced out, and an amount above the bound of a typed
// spend is skipped rather than stored, so totals stay finite (decision 042).
import { afterAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { connectorAccountMappings } from '../../db/schema/connectors.ts';
import { activityLines } from '../../db/schema/ledger.ts';
import { companyKeyOf } from '../../src/server/features/ledger/lines/ledger-keys.ts';
import { sampleOdooData, startFakeOdoo } from '../fakes/odoo.ts';
import { syncedOdooCompany } from '../helpers/odoo.ts';
import { createTestApp } from '../helpers/test-app.ts';

const t = await createTestApp();
const base = sampleOdooData();
const fake = startFakeOdoo(
  sampleOdooData({
    accounts: base.accounts.map((account) =>
      account.id === 11 ? { ...account, name: 'Software\u0000subscriptions\u001b[2J' } : account,
    ),
    lines: base.lines.map((line) => (line.id === 1002 ? { ...line, price_subtotal: 1e308 } : line)),
  }),
);
afterAll(() => fake.stop());

describe('hostile provider data', () => {
  test('control characters in account names are spaced out and a 1e308 amount is skipped', async () => {
    const company = await syncedOdooCompany(t, fake);

    const names = await t.db
      .select({ name: connectorAccountMappings.accountName })
      .from(connectorAccountMappings)
      .where(eq(connectorAccountMappings.companyId, company.user.companyId));
    expect(names.map((row) => row.name)).toContain('Software subscriptions [2J');
    const lines = await t.db
      .select({ reference: activityLines.reference, spend: activityLines.spend })
      .from(activityLines)
      .where(eq(activityLines.companyKey, companyKeyOf(company.user.companyId)));
    expect(lines.map((line) => line.reference)).not.toContain('odoo:acme-prod:1002');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((line) => (line.spend ?? 0) <= 1e13)).toBe(true);
    const metrics = await t.call('GET', '/api/metrics/summary?year=2025', { cookie: company.cookie });
    expect(metrics.status).toBe(200);
    expect(Number.isFinite(metrics.json.carbon.total.value)).toBe(true);
  });
});
