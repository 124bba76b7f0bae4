// The Shopify adapter (decision 023): orders through the GraphQL Admin API 2025-07 `orders`
// connection, paged by cursor (pageInfo.endCursor). It gives
// - revenue per year (processedAt) for intensity ratios: each order's current total minus its
//   current tax, in the shop's currency. Shopify's `current*` amounts reflect edits, returns and
//   refunds, so a refund lowers the revenue of the order it belongs to;
// - each shipping line as a spend-based freight estimate: what the customer paid for delivery,
//   after shipping discounts, without tax, minus the shipping refunded on that line. A line whose
//   shipping was refunded in full comes back with amount 0, which the sync does not import and
//   removes if an earlier sync had imported it.
// Test orders and cancelled orders (nothing sold, nothing shipped) are left out.
import { ShopifyClient, type ShopifyClientOptions, type ShopifyCredentials } from './shopify-client.ts';
import { revokeShopify } from './shopify-revoke.ts';
import { type ConnectorAdapter, ConnectorError, type ExternalLine, type RevenueYear } from './types.ts';

/** USEEIO v1.3 "Couriers and express delivery services": parcels delivered to customers. */
export const SHOPIFY_SHIPPING_NAICS = '492110';

/**
 * Without `read_all_orders`, Shopify returns only the last 60 days of orders (Order object docs,
 * "read_all_orders"): older lines that no longer come back are kept, not removed, by the sync.
 */
export const SHOPIFY_ORDER_WINDOW_DAYS = 60;

/** 25 orders a page keeps the query's calculated cost (about 650 points) under the 1,000 limit. */
const ORDERS_PER_PAGE = 25;

const MONEY = 'shopMoney { amount currencyCode }';

export const SHOP_QUERY = 'query EsgShop { shop { name myshopifyDomain currencyCode } }';

export const ORDERS_QUERY = `query EsgOrders($first: Int!, $after: String) {
  orders(first: $first, after: $after, sortKey: ID) {
    pageInfo { hasNextPage endCursor }
    nodes {
      id name processedAt cancelledAt test taxesIncluded
      currentTotalPriceSet { ${MONEY} }
      currentTotalTaxSet { ${MONEY} }
      shippingLines(first: 5) {
        nodes { id title discountedPriceSet { ${MONEY} } taxLines { priceSet { ${MONEY} } } }
      }
      refunds(first: 5) {
        createdAt
        refundShippingLines(first: 3) {
          nodes { shippingLine { id } subtotalAmountSet { ${MONEY} } }
        }
      }
    }
  }
}`;

interface Money {
  shopMoney: { amount: string; currencyCode: string };
}

export interface ShopifyOrder {
  id: string;
  name: string;
  processedAt: string;
  cancelledAt: string | null;
  test: boolean;
  taxesIncluded: boolean;
  currentTotalPriceSet: Money;
  currentTotalTaxSet: Money;
  shippingLines: {
    nodes: { id: string; title: string; discountedPriceSet: Money; taxLines: { priceSet: Money }[] }[];
  };
  refunds: {
    createdAt: string;
    refundShippingLines: { nodes: { shippingLine: { id: string }; subtotalAmountSet: Money }[] };
  }[];
}

interface OrdersPage {
  orders: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: ShopifyOrder[] };
}

/** Cents of a Shopify Decimal string, so sums of many orders stay exact. */
function cents(money: Money | undefined): number {
  const value = Number(money?.shopMoney.amount ?? 0);
  if (!Number.isFinite(value))
    throw new ConnectorError('protocol', 'Shopify sent an amount that is not a number');
  return Math.round(value * 100);
}

/** The numeric id at the end of a global id (`gid://shopify/Order/450789469` → `450789469`). */
function legacyId(gid: string): string {
  return gid.slice(gid.lastIndexOf('/') + 1);
}

/** One mapping per delivery method, so "Freight (pallet)" can be mapped apart from "Standard". */
function shippingAccount(title: string) {
  const name = title.trim() || 'Shipping';
  return { key: `shipping:${name.toLowerCase()}`.slice(0, 100), code: '', name: `Shipping: ${name}` };
}

export function ordersToPull(shop: string, orders: readonly ShopifyOrder[]) {
  const lines: ExternalLine[] = [];
  const totals = new Map<string, RevenueYear & { cents: number }>();
  for (const order of orders) {
    if (order.test || order.cancelledAt) continue;
    const date = order.processedAt.slice(0, 10);
    const currency = order.currentTotalPriceSet.shopMoney.currencyCode;
    const year = Number(date.slice(0, 4));
    const key = `${year}|${currency}`;
    const total = totals.get(key) ?? { year, amount: 0, currency, cents: 0 };
    total.cents += cents(order.currentTotalPriceSet) - cents(order.currentTotalTaxSet);
    totals.set(key, total);

    const refunded = new Map<string, number>();
    for (const refund of order.refunds) {
      for (const node of refund.refundShippingLines.nodes) {
        const id = node.shippingLine.id;
        refunded.set(id, (refunded.get(id) ?? 0) + cents(node.subtotalAmountSet));
      }
    }
    for (const line of order.shippingLines.nodes) {
      const tax = order.taxesIncluded ? line.taxLines.reduce((sum, tax) => sum + cents(tax.priceSet), 0) : 0;
      const net = cents(line.discountedPriceSet) - tax - (refunded.get(line.id) ?? 0);
      lines.push({
        externalId: `shopify:${shop}:order:${legacyId(order.id)}:shipping:${legacyId(line.id)}`,
        date,
        account: shippingAccount(line.title),
        suggestedVariant: SHOPIFY_SHIPPING_NAICS,
        product: line.title,
        amount: Math.max(0, net) / 100,
        currency: line.discountedPriceSet.shopMoney.currencyCode,
        document: order.name,
      });
    }
  }
  const revenue = [...totals.values()]
    .map(({ year, currency, cents: sum }) => ({ year, amount: sum / 100, currency }))
    .sort((a, b) => a.year - b.year || a.currency.localeCompare(b.currency));
  return { lines, revenue };
}

export function shopifyAdapter(
  options: ShopifyClientOptions & { now?: () => Date } = {},
): ConnectorAdapter<ShopifyCredentials> {
  return {
    type: 'shopify',
    async testConnection(credentials) {
      try {
        await new ShopifyClient(credentials, options).query(SHOP_QUERY);
        return { connected: true, error: null };
      } catch (error) {
        if (error instanceof ConnectorError) return { connected: false, error: error.message };
        throw error;
      }
    },
    async pull(credentials) {
      const client = new ShopifyClient(credentials, options);
      const orders: ShopifyOrder[] = [];
      let after: string | null = null;
      for (;;) {
        const page: OrdersPage = await client.query<OrdersPage>(ORDERS_QUERY, {
          first: ORDERS_PER_PAGE,
          after,
        });
        orders.push(...page.orders.nodes);
        if (!page.orders.pageInfo.hasNextPage || !page.orders.pageInfo.endCursor) break;
        after = page.orders.pageInfo.endCursor;
      }
      const readsAll = credentials.scope.split(',').some((scope) => scope.trim() === 'read_all_orders');
      const now = options.now?.() ?? new Date();
      const reachFrom = readsAll
        ? null
        : new Date(now.getTime() - SHOPIFY_ORDER_WINDOW_DAYS * 86_400_000).toISOString().slice(0, 10);
      return { ...ordersToPull(credentials.shop, orders), reachFrom };
    },
    revoke: revokeShopify,
  };
}
