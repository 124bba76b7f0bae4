// Reading a store completely within Shopify's single-query cost (decision 073): nested lists
// paged to their end, null shipping-line ids, and a failure mid-pull that leaves the ledger as
// the last complete sync wrote it.
import { afterAll, describe, expect, test } from 'bun:test';
import { bigShopifyOrder, fakeOrder, startFakeShopify } from '../fakes/shopify.ts';
import { SHOPIFY_MAX_QUERY_COST } from '../fakes/shopify-cost.ts';
import { connectedShopify, lastSync, shopifyLines, shopifyTestApp } from '../helpers/shopify.ts';

const fake = startFakeShopify({ orders: [bigShopifyOrder()] });
afterAll(() => fake.stop());
const { t } = await shopifyTestApp(fake);

describe('Shopify orders, read completely', () => {
  test('pages shipping lines, refunds and refunded shipping past the first page, every query under 1,000 points', async () => {
    const from = fake.calls.length;
    const { source, cookie } = await connectedShopify(t, fake);
    await t.runJobs();
    expect(await lastSync(t, cookie, source.id)).toMatchObject({
      status: 'succeeded',
      fetched: 12,
      imported: 12,
    });
    const lines = await shopifyLines(t, source.id);
    expect(lines.length).toBe(12);
    // 12 × 4.00, less 1.00 given back on lines 5, 8 (null id, matched by its title), 10 and 12.
    expect(lines.reduce((sum, line) => sum + (line.spend ?? 0), 0)).toBe(44);
    expect(lines.filter((line) => line.spend === 3).length).toBe(4);
    expect(lines.some((line) => line.reference?.endsWith(':shipping:position-8'))).toBe(true);
    const queries = fake.calls.slice(from).filter((call) => call.operation);
    expect(new Set(queries.map((call) => call.operation))).toEqual(
      new Set(['EsgOrders', 'EsgOrderShipping', 'EsgOrderRefunds', 'EsgRefund']),
    );
    expect(queries.every((call) => call.status === 200)).toBe(true);
    expect(Math.max(...queries.map((call) => call.cost ?? 0))).toBeLessThanOrEqual(SHOPIFY_MAX_QUERY_COST);
  });

  test('a refunded shipping line without an id and no telling title is left on the sync record, not guessed', async () => {
    const saved = [...fake.data.orders];
    try {
      const order = fakeOrder({
        name: '#4000',
        processedAt: '2025-07-01T10:00:00Z',
        total: 20,
        tax: 0,
        shipping: [
          ['Standard', 5, 0],
          ['Standard', 5, 0],
        ],
        nullShippingIds: true,
      });
      order.refunds = [
        { id: 'gid://shopify/Refund/77', createdAt: order.processedAt, shipping: [{ line: 1, amount: 2 }] },
      ];
      fake.data.orders.splice(0, fake.data.orders.length, order);
      const { source, cookie } = await connectedShopify(t, fake);
      await t.runJobs();
      const sync = await lastSync(t, cookie, source.id);
      expect(sync.status).toBe('succeeded');
      expect(sync.error).toContain('Shopify order #4000: 2.00 EUR of refunded shipping could not be matched');
      expect((await shopifyLines(t, source.id)).map((line) => line.spend)).toEqual([5, 5]);
    } finally {
      fake.data.orders.splice(0, fake.data.orders.length, ...saved);
    }
  });

  test('a page failing mid-pull writes nothing: the lines of the last complete sync stay as they were', async () => {
    const { source, cookie } = await connectedShopify(t, fake);
    await t.runJobs();
    const before = await shopifyLines(t, source.id);
    const saved = [...fake.data.orders];
    try {
      fake.data.orders.push(
        fakeOrder({
          name: '#5000',
          processedAt: '2025-08-01T10:00:00Z',
          total: 9,
          tax: 0,
          shipping: [['Express', 9, 0]],
        }),
      );
      fake.failLater(3, 503);
      await t.call('POST', `/api/data-sources/${source.id}/sync`, { cookie });
      await t.runJobs();
      expect(await lastSync(t, cookie, source.id)).toMatchObject({ status: 'retrying' });
      expect(await shopifyLines(t, source.id)).toEqual(before);
    } finally {
      fake.data.orders.splice(0, fake.data.orders.length, ...saved);
    }
  });
});
