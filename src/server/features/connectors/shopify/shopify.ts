// The Shopify adapter (decisions 023, 073): every order through the GraphQL Admin API `orders`
// connection, read completely by shopify-orders.ts. It gives
// - revenue per year (processedAt) for intensity ratios: each order's current total minus its
//   current tax, in the shop's currency. Shopify's `current*` amounts reflect edits, returns and
//   refunds, so a refund lowers the revenue of the order it belongs to;
// - each shipping line as a spend-based freight estimate: what the customer paid for delivery,
//   after shipping discounts, without tax, minus the shipping refunded on that line. A line whose
//   shipping was refunded in full comes back with amount 0, which the sync does not import and
//   removes if an earlier sync had imported it.
// Test orders and cancelled orders (nothing sold, nothing shipped) are left out.
import type { ConnectorAdapter, ConnectorSession, ExternalLine, RevenueYear } from '../types.ts';
import { ConnectorError } from '../types.ts';
import { ShopifyClient, type ShopifyClientOptions } from './shopify-client.ts';
import {
  type Money,
  readAllOrders,
  SHOP_QUERY,
  type ShippingLine,
  type ShopifyOrder,
} from './shopify-orders.ts';
import { revokeShopify } from './shopify-revoke.ts';
import {
  parseShopifyCredentials,
  SHOPIFY_RENEWAL_REFUSED,
  type ShopifyCredentials,
} from './shopify-tokens.ts';

/** USEEIO v1.3 "Couriers and express delivery services": parcels delivered to customers. */
export const SHOPIFY_SHIPPING_NAICS = '492110';

/**
 * Without `read_all_orders`, Shopify returns only the last 60 days of orders (Order object docs,
 * "read_all_orders"): older lines that no longer come back are kept, not removed, by the sync.
 */
export const SHOPIFY_ORDER_WINDOW_DAYS = 60;

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

/**
 * Which shipping line of the order a refunded shipping line gives back: by id, or, as Shopify's
 * ShippingLine.id can be null, by title when one line alone has it; null when it cannot be told.
 */
function refundedLineIndex(lines: readonly ShippingLine[], refunded: { id: string | null; title: string }) {
  if (refunded.id) {
    const index = lines.findIndex((line) => line.id === refunded.id);
    if (index >= 0) return index;
  }
  const byTitle = lines.flatMap((line, index) => (line.title === refunded.title ? [index] : []));
  return byTitle.length === 1 ? byTitle[0]! : null;
}

/** Stable per line: Shopify's id, else its place in the order (shipping lines keep their order). */
function shippingLineKey(line: ShippingLine, index: number): string {
  return line.id ? legacyId(line.id) : `position-${index + 1}`;
}

export function ordersToPull(shop: string, orders: readonly ShopifyOrder[]) {
  const lines: ExternalLine[] = [];
  const notices: string[] = [];
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

    const refunded = new Map<number, number>();
    for (const refund of order.refunds) {
      for (const node of refund.refundShippingLines) {
        const index = refundedLineIndex(order.shippingLines, node.shippingLine);
        if (index === null) {
          notices.push(
            `Shopify order ${order.name}: ${node.subtotalAmountSet.shopMoney.amount} ${node.subtotalAmountSet.shopMoney.currencyCode} of refunded shipping could not be matched to its shipping line (Shopify gave no line id), so that line is counted before this refund.`,
          );
          continue;
        }
        refunded.set(index, (refunded.get(index) ?? 0) + cents(node.subtotalAmountSet));
      }
    }
    order.shippingLines.forEach((line, index) => {
      const tax = order.taxesIncluded ? line.taxLines.reduce((sum, tax) => sum + cents(tax.priceSet), 0) : 0;
      const net = cents(line.discountedPriceSet) - tax - (refunded.get(index) ?? 0);
      lines.push({
        externalId: `shopify:${shop}:order:${legacyId(order.id)}:shipping:${shippingLineKey(line, index)}`,
        date,
        account: shippingAccount(line.title),
        suggestedVariant: SHOPIFY_SHIPPING_NAICS,
        product: line.title,
        amount: Math.max(0, net) / 100,
        currency: line.discountedPriceSet.shopMoney.currencyCode,
        document: order.name,
      });
    });
  }
  const revenue = [...totals.values()]
    .map(({ year, currency, cents: sum }) => ({ year, amount: sum / 100, currency }))
    .sort((a, b) => a.year - b.year || a.currency.localeCompare(b.currency));
  return { lines, revenue, notices };
}

/** The client for a source: its stored credentials, renewed and stored through the session. */
export function shopifyClient(
  stored: unknown,
  connector: ConnectorSession,
  options: ShopifyClientOptions = {},
): ShopifyClient {
  const credentials = parseShopifyCredentials(stored);
  if (!credentials) throw new ConnectorError('credentials', SHOPIFY_RENEWAL_REFUSED);
  return new ShopifyClient(
    { credentials, config: connector.config, now: connector.now, stored: connector.stored },
    { sleep: connector.sleep, ...options },
  );
}

export function shopifyAdapter(options: ShopifyClientOptions = {}): ConnectorAdapter<ShopifyCredentials> {
  return {
    type: 'shopify',
    async testConnection(credentials, connector) {
      try {
        await shopifyClient(credentials, connector, options).query(SHOP_QUERY);
        return { connected: true, error: null };
      } catch (error) {
        if (error instanceof ConnectorError) return { connected: false, error: error.message };
        throw error;
      }
    },
    async pull(stored, connector) {
      const client = shopifyClient(stored, connector, options);
      const orders = await readAllOrders(client);
      const { scope, shop } = client.credentials;
      const readsAll = scope.split(',').some((granted) => granted.trim() === 'read_all_orders');
      const reachFrom = readsAll
        ? null
        : new Date(connector.now().getTime() - SHOPIFY_ORDER_WINDOW_DAYS * 86_400_000)
            .toISOString()
            .slice(0, 10);
      return { ...ordersToPull(shop, orders), reachFrom };
    },
    revoke: revokeShopify,
  };
}
