// The fake store's data as the root value of the Admin API schema (shopify-schema.ts), for
// graphql-js's execute: connections paged by opaque cursors with Shopify's argument rules (one of
// first or last is required, at most 250), plain lists cut at `first`.
import type { FakeShopifyOrder } from './shopify-orders.ts';

export class ShopifyArgumentError extends Error {}

interface ConnectionArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
}

/** A Relay connection over `items`, as Shopify answers it. */
export function connection<T>(items: readonly T[], args: ConnectionArgs, prefix: string) {
  const size = args.first ?? args.last;
  if (size === null || size === undefined) {
    throw new ShopifyArgumentError('you must provide one of first or last');
  }
  if (size > 250) throw new ShopifyArgumentError('The first or last argument is limited to 250');
  const position = (cursor: string) => {
    const decoded = atob(cursor);
    const at = Number(decoded.slice(decoded.lastIndexOf(':') + 1));
    if (!decoded.startsWith(`${prefix}:`) || !Number.isInteger(at))
      throw new ShopifyArgumentError('Invalid cursor');
    return at;
  };
  const start = args.after ? position(args.after) + 1 : 0;
  const slice = items.slice(start, start + size);
  const cursor = (index: number) => btoa(`${prefix}:${start + index}`);
  return {
    nodes: slice,
    edges: slice.map((node, index) => ({ cursor: cursor(index), node })),
    pageInfo: {
      hasNextPage: start + slice.length < items.length,
      hasPreviousPage: start > 0,
      startCursor: slice.length ? cursor(0) : null,
      endCursor: slice.length ? cursor(slice.length - 1) : null,
    },
  };
}

const money = (amount: number, currency: string) => {
  const value = { amount: amount.toFixed(2), currencyCode: currency };
  return { shopMoney: value, presentmentMoney: value };
};

function shippingLineValue(order: FakeShopifyOrder, index: number) {
  const line = order.shippingLines[index]!;
  return {
    id: line.id,
    title: line.title,
    code: line.title,
    isRemoved: false,
    discountedPriceSet: money(line.price, order.currency),
    originalPriceSet: money(line.price, order.currency),
    taxLines: line.tax ? [{ priceSet: money(line.tax, order.currency), rate: null, title: 'VAT' }] : [],
  };
}

function refundValue(order: FakeShopifyOrder, refundIndex: number) {
  const refund = order.refunds[refundIndex]!;
  const lines = refund.shipping.map((given) => ({
    shippingLine: shippingLineValue(order, given.line),
    subtotalAmountSet: money(given.amount, order.currency),
    taxAmountSet: money(0, order.currency),
  }));
  return {
    id: refund.id,
    createdAt: refund.createdAt,
    note: null,
    refundShippingLines: (args: ConnectionArgs) => connection(lines, args, `rsl-${refund.id}`),
  };
}

function orderValue(order: FakeShopifyOrder) {
  return {
    id: order.id,
    name: order.name,
    processedAt: order.processedAt,
    createdAt: order.processedAt,
    cancelledAt: order.cancelledAt,
    test: order.test,
    taxesIncluded: order.taxesIncluded,
    currencyCode: order.currency,
    currentTotalPriceSet: money(order.total, order.currency),
    currentTotalTaxSet: money(order.tax, order.currency),
    shippingLines: (args: ConnectionArgs) =>
      connection(
        order.shippingLines.map((_, index) => shippingLineValue(order, index)),
        args,
        `ship-${order.id}`,
      ),
    refunds: (args: { first?: number | null }) =>
      order.refunds.slice(0, args.first ?? order.refunds.length).map((_, index) => refundValue(order, index)),
  };
}

/** The root value for one request against the store's current data. */
export function shopifyRoot(store: {
  name: string;
  shop: string;
  currency: string;
  orders: FakeShopifyOrder[];
}) {
  return {
    shop: {
      id: 'gid://shopify/Shop/1',
      name: store.name,
      myshopifyDomain: store.shop,
      currencyCode: store.currency,
    },
    orders: (args: ConnectionArgs) => connection(store.orders.map(orderValue), args, 'orders'),
    order: ({ id }: { id: string }) => {
      const order = store.orders.find((candidate) => candidate.id === id);
      return order ? orderValue(order) : null;
    },
    refund: ({ id }: { id: string }) => {
      for (const order of store.orders) {
        const index = order.refunds.findIndex((refund) => refund.id === id);
        if (index >= 0) return refundValue(order, index);
      }
      return null;
    },
  };
}
