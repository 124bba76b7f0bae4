// Orders of the fake Shopify store (tests/fakes/shopify.ts), as the store keeps them; the fake
// answers them through the Admin API schema (shopify-schema.ts), so a query gets only what it
// selects. Realistic on purpose: a shipping line whose id Shopify gives as null, an order with
// more shipping lines and refunds than one page of the connector asks for.

export interface FakeShippingLine {
  /** Shopify's ShippingLine.id can be null. */
  id: string | null;
  title: string;
  price: number;
  /** Tax on the line (included in `price` when the order's taxesIncluded). */
  tax: number;
}

export interface FakeRefund {
  id: string;
  createdAt: string;
  /** Shipping given back, by index into the order's shipping lines. */
  shipping: { line: number; amount: number }[];
}

export interface FakeShopifyOrder {
  id: string;
  name: string;
  processedAt: string;
  cancelledAt: string | null;
  test: boolean;
  taxesIncluded: boolean;
  currency: string;
  total: number;
  tax: number;
  shippingLines: FakeShippingLine[];
  refunds: FakeRefund[];
}

let nextId = 1;
const gid = (type: string, base: number) => `gid://shopify/${type}/${base + nextId++}`;

/** An order; shipping lines as [title, price, tax], refunds of shipping by line index. */
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
  nullShippingIds?: boolean;
}): FakeShopifyOrder {
  const shippingLines = (input.shipping ?? []).map(([title, price, tax]) => ({
    id: input.nullShippingIds ? null : gid('ShippingLine', 7_000_000),
    title,
    price,
    tax,
  }));
  return {
    id: gid('Order', 5_000_000),
    name: input.name,
    processedAt: input.processedAt,
    cancelledAt: input.cancelledAt ?? null,
    test: input.test ?? false,
    taxesIncluded: input.taxesIncluded ?? false,
    currency: 'EUR',
    total: input.total,
    tax: input.tax,
    shippingLines,
    refunds: (input.refundedShipping ?? []).map((amount, line) =>
      fakeRefund(input.processedAt, [{ line, amount }]),
    ),
  };
}

export function fakeRefund(createdAt: string, shipping: FakeRefund['shipping']): FakeRefund {
  return { id: gid('Refund', 9_000_000), createdAt, shipping };
}

/**
 * A small store: see the comments for what each order tests. 2025 revenue 1,410.00 EUR; shipping
 * lines 10.00 (#1001), 10.00 (#1002 after a 5.00 refund), 0 (#1003 refunded), 10.00 (#1006 less
 * its included tax) and 21 × 5.00 (#2000…#2020, which make the orders span three pages).
 */
export function sampleShopifyOrders(): FakeShopifyOrder[] {
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

/**
 * A wholesale order split over many deliveries (12 shipping lines of 4.00, one with a null id),
 * with 5 refunds, one of which gives back shipping on 4 lines: more of each list than the
 * connector's first page asks for. Shipping after refunds: 12 × 4.00 − 1.00 × 4 = 44.00.
 */
export function bigShopifyOrder(): FakeShopifyOrder {
  const order = fakeOrder({
    name: '#3000',
    processedAt: '2025-06-01T10:00:00Z',
    total: 1048,
    tax: 0,
    shipping: Array.from(
      { length: 12 },
      (_, index) => [`Pallet ${index + 1}`, 4, 0] as [string, number, number],
    ),
  });
  order.shippingLines[7]!.id = null;
  order.refunds = [
    fakeRefund('2025-06-02T10:00:00Z', []),
    fakeRefund('2025-06-03T10:00:00Z', []),
    fakeRefund('2025-06-04T10:00:00Z', []),
    fakeRefund('2025-06-05T10:00:00Z', []),
    fakeRefund(
      '2025-06-06T10:00:00Z',
      [4, 7, 9, 11].map((line) => ({ line, amount: 1 })),
    ),
  ];
  return order;
}
