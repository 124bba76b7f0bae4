import { describe, expect, test } from 'bun:test';
import { asc, eq } from 'drizzle-orm';
import { offsetOrders } from '../../db/schema/marketplace.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { addProject, projectOrders, projectStock, purchaseAuditRows } from './marketplace-fixtures.ts';

const t = await createTestApp({ now: () => new Date('2025-06-15T10:00:00Z') });

describe('concurrent purchases', () => {
  test('240 simultaneous purchases of a 50-credit project sell exactly 50 credits, never more', async () => {
    const companies = await Promise.all([t.signUpCompany(), t.signUpCompany(), t.signUpCompany()]);
    const project = await addProject(t, { availableCredits: 50, priceCents: 1500 });
    // A mix of sizes, so the last credits are contested by requests that fit and some that do not.
    const quantities = Array.from({ length: 240 }, (_, i) => (i % 4 === 0 ? 3 : 1));

    const responses = await Promise.all(
      quantities.map((quantity, i) =>
        t.call('POST', '/api/carbon-offsets/purchase', {
          cookie: companies[i % companies.length]!.cookie,
          body: { projectId: project.id, quantity, metadata: { source: 'marketplace' } },
        }),
      ),
    );

    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
    const sold = responses.reduce((sum, r, i) => sum + (r.status === 201 ? quantities[i]! : 0), 0);
    expect(sold).toBe(50);
    for (const refused of responses.filter((r) => r.status === 409)) {
      expect(refused.json.message).toMatch(
        /^(This project is sold out|Only [12] credits? (is|are) available for this project)$/,
      );
    }

    expect((await projectStock(t, project.id)).availableCredits).toBe(0);
    const stored = await projectOrders(t, project.id);
    expect(stored.credits).toBe(50);
    expect(stored.orders).toBe(statuses.filter((s) => s === 201).length);

    // Every order has exactly one audit row; no refused purchase left one behind.
    let auditRows = 0;
    for (const company of companies) auditRows += await purchaseAuditRows(t, company.user.companyId);
    expect(auditRows).toBe(stored.orders);

    // Serial blocks: unique, contiguous from 1 to 50, each as long as its quantity.
    const blocks = await t.db
      .select({ from: offsetOrders.serialFrom, to: offsetOrders.serialTo, quantity: offsetOrders.quantity })
      .from(offsetOrders)
      .where(eq(offsetOrders.projectId, project.id))
      .orderBy(asc(offsetOrders.serialFrom));
    let next = 1;
    for (const block of blocks) {
      expect(block.from).toBe(next);
      expect(block.to - block.from + 1).toBe(block.quantity);
      next = block.to + 1;
    }
    expect(next).toBe(51);
    expect((await projectStock(t, project.id)).nextSerial).toBe(51);

    // The transaction ids answered are the orders stored.
    const answered = responses.filter((r) => r.status === 201).map((r) => r.json.transactionId);
    expect(new Set(answered).size).toBe(answered.length);
  }, 60_000);
});
