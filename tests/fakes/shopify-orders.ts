// Orders of the fake Shopify store (tests/fakes/shopify.ts), in the GraphQL Admin API's shape.
import type { ShopifyOrder } from '../../src/server/features/connectors/shopify.ts';

const money = (amount: number, currency = 'EUR') => ({
  shopMoney: { amount: amount.toFixed(2), currencyCode: currency },
});

let nextId = 1;
/** An order in the Admin API's shape; shipping lines as [title, price, tax]. */
export function fakeOrder(input: {
  name: string;
  processedAt: string;
  total: number;
  tax: number;
  shipping?: [string, number, number][];
  refundedShipping?: number[];
  taxesIncluded?: boolean;
  test?: boolean;
  cancelledAt?: string | null;
}): ShopifyOrder {
  const orderId = 5_000_000 + nextId++;
  const lines = (input.shipping ?? []).map(([title, price, tax]) => ({
    id: `gid://shopify/ShippingLine/${7_000_000 + nextId++}`,
    title,
    discountedPriceSet: money(price),
    taxLines: tax ? [{ priceSet: money(tax) }] : [],
  }));
  const refunds = (input.refundedShipping ?? []).map((amount, index) => ({
    createdAt: input.processedAt,
    refundShippingLines: {
      nodes: [{ shippingLine: { id: lines[index]!.id }, subtotalAmountSet: money(amount) }],
    },
  }));
  return {
    id: `gid://shopify/Order/${orderId}`,
    name: input.name,
    processedAt: input.processedAt,
    cancelledAt: input.cancelledAt ?? null,
    test: input.test ?? false,
    taxesIncluded: input.taxesIncluded ?? false,
    currentTotalPriceSet: money(input.total),
    currentTotalTaxSet: money(input.tax),
    shippingLines: { nodes: lines },
    refunds,
  };
}

/**
 * A small store: see the comments for what each order tests. 2025 revenue 1,410.00 EUR; shipping
 * lines 10.00 (#1001), 10.00 (#1002 after a 5.00 refund), 0 (#1003 refunded), 10.00 (#1006 less
 * its included tax) and 21 × 5.00 (#2000…#2020, which make the orders span two pages).
 */
export function sampleShopifyOrders(): ShopifyOrder[] {
  return [
    fakeOrder({
      name: '#1001',
      processedAt: '2025-03-04T10:00:00Z',
      total: 120,
      tax: 20,
      shipping: [['Standard Shipping', 10, 2]],
    }),
    // A return: 50.00 of goods and 5.00 of the 15.00 shipping refunded (current total 195.00).
    fakeOrder({
      name: '#1002',
      processedAt: '2025-03-10T09:30:00Z',
      total: 195,
      tax: 35,
      shipping: [['Express', 15, 0]],
      refundedShipping: [5],
    }),
    // Fully refunded, shipping included: no revenue, no freight line.
    fakeOrder({
      name: '#1003',
      processedAt: '2024-12-20T16:00:00Z',
      total: 0,
      tax: 0,
      shipping: [['Standard Shipping', 8, 0]],
      refundedShipping: [8],
    }),
    fakeOrder({
      name: '#1004',
      processedAt: '2025-03-11T08:00:00Z',
      total: 999,
      tax: 0,
      shipping: [['Standard Shipping', 99, 0]],
      test: true,
    }),
    fakeOrder({
      name: '#1005',
      processedAt: '2025-03-12T08:00:00Z',
      total: 80,
      tax: 0,
      shipping: [['Standard Shipping', 7, 0]],
      cancelledAt: '2025-03-12T09:00:00Z',
    }),
    // Tax-inclusive prices (EU): 11.90 shipping of which 1.90 VAT.
    fakeOrder({
      name: '#1006',
      processedAt: '2025-04-02T12:00:00Z',
      total: 119,
      tax: 19,
      shipping: [['Standard Shipping', 11.9, 1.9]],
      taxesIncluded: true,
    }),
    ...Array.from({ length: 21 }, (_, index) =>
      fakeOrder({
        name: `#${2000 + index}`,
        processedAt: `2025-05-${String(1 + index).padStart(2, '0')}T10:00:00Z`,
        total: 50,
        tax: 0,
        shipping: [['Standard Shipping', 5, 0]],
      }),
    ),
  ];
}
