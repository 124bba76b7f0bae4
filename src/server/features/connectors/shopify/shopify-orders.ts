// Reading every order of a store completely within Shopify's single-query cost limit (decision
// 073). Shopify refuses a query whose calculated cost is over 1,000 points before running it
// (MAX_COST_EXCEEDED; shopify.dev/docs/apps/build/apis/graphql-admin/rate-limits: objects 1,
// scalars and enums 0, a connection 2 plus `first` × the cost of one node). The orders page is
// sized under it (tests/fakes/shopify-cost.ts computes it), and each nested list is read to its
// end instead of being cut at `first`:
// - shippingLines and refundShippingLines are connections: their next pages come from
//   `order(id:)` / `refund(id:)` with the cursor;
// - refunds is a plain list (`Order.refunds(first:)`, no cursor): an order that fills the page's
//   allowance has its refund ids read again with a larger `first`, and one with more refunds than
//   that is refused with a reason, never cut silently.
// A failure on any request fails the whole pull, so a sync never writes part of a store.
import { ConnectorError } from '../types.ts';
import type { ShopifyClient } from './shopify-client.ts';

/** Orders a page: 10 × 70 points + 2 = 702 by Shopify's rules, under the 1,000 limit. */
export const ORDERS_PER_PAGE = 10;
const SHIPPING_LINES_FIRST = 5;
const REFUNDS_FIRST = 3;
const REFUND_SHIPPING_FIRST = 2;
/** Nested pages read on their own: 2 + 50 × 6 = 302 points for shipping lines. */
const NESTED_PAGE = 50;
/** The most refunds one order may have; beyond, the sync is refused rather than cut. */
export const MAX_REFUNDS_PER_ORDER = 250;

const MONEY = 'shopMoney { amount currencyCode }';
const PAGE_INFO = 'pageInfo { hasNextPage endCursor }';
const SHIPPING_LINE = `fragment EsgShippingLine on ShippingLine {
  id title discountedPriceSet { ${MONEY} } taxLines { priceSet { ${MONEY} } }
}`;
const REFUND_SHIPPING_LINE = `fragment EsgRefundShippingLine on RefundShippingLine {
  shippingLine { id title } subtotalAmountSet { ${MONEY} }
}`;

/** Test: the store answers, and one order can be read (protected customer data approved). */
export const SHOP_QUERY =
  'query EsgShop { shop { name myshopifyDomain currencyCode } orders(first: 1) { nodes { id } } }';

export const ORDERS_QUERY = `query EsgOrders($first: Int!, $after: String) {
  orders(first: $first, after: $after, sortKey: ID) {
    ${PAGE_INFO}
    nodes {
      id name processedAt cancelledAt test taxesIncluded
      currentTotalPriceSet { ${MONEY} }
      currentTotalTaxSet { ${MONEY} }
      shippingLines(first: ${SHIPPING_LINES_FIRST}) { ${PAGE_INFO} nodes { ...EsgShippingLine } }
      refunds(first: ${REFUNDS_FIRST}) {
        id createdAt
        refundShippingLines(first: ${REFUND_SHIPPING_FIRST}) { ${PAGE_INFO} nodes { ...EsgRefundShippingLine } }
      }
    }
  }
}
${SHIPPING_LINE}
${REFUND_SHIPPING_LINE}`;

export const ORDER_SHIPPING_QUERY = `query EsgOrderShipping($id: ID!, $after: String) {
  order(id: $id) {
    shippingLines(first: ${NESTED_PAGE}, after: $after) { ${PAGE_INFO} nodes { ...EsgShippingLine } }
  }
}
${SHIPPING_LINE}`;

export const ORDER_REFUNDS_QUERY = `query EsgOrderRefunds($id: ID!) {
  order(id: $id) { refunds(first: ${MAX_REFUNDS_PER_ORDER}) { id } }
}`;

export const REFUND_QUERY = `query EsgRefund($id: ID!, $after: String) {
  refund(id: $id) {
    id createdAt
    refundShippingLines(first: ${NESTED_PAGE}, after: $after) { ${PAGE_INFO} nodes { ...EsgRefundShippingLine } }
  }
}
${REFUND_SHIPPING_LINE}`;

export interface Money {
  shopMoney: { amount: string; currencyCode: string };
}

interface Page<T> {
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  nodes: T[];
}

export interface ShippingLine {
  /** Shopify's ShippingLine.id is nullable (`ID`, not `ID!`). */
  id: string | null;
  title: string;
  discountedPriceSet: Money;
  taxLines: { priceSet: Money }[];
}

export interface RefundShippingLine {
  shippingLine: { id: string | null; title: string };
  subtotalAmountSet: Money;
}

interface RefundNode {
  id: string;
  createdAt: string;
  refundShippingLines: Page<RefundShippingLine>;
}

interface OrderNode {
  id: string;
  name: string;
  processedAt: string;
  cancelledAt: string | null;
  test: boolean;
  taxesIncluded: boolean;
  currentTotalPriceSet: Money;
  currentTotalTaxSet: Money;
  shippingLines: Page<ShippingLine>;
  refunds: RefundNode[];
}

/** An order with every shipping line and refund, as the adapter maps it. */
export interface ShopifyOrder extends Omit<OrderNode, 'shippingLines' | 'refunds'> {
  shippingLines: ShippingLine[];
  refunds: { createdAt: string; refundShippingLines: RefundShippingLine[] }[];
}

const nextCursor = (page: Page<unknown>) => (page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null);

/** The rest of a connection after `first`, page by page from `after`. */
async function rest<T>(after: string | null, read: (after: string) => Promise<Page<T> | null>): Promise<T[]> {
  const out: T[] = [];
  for (let cursor = after; cursor; ) {
    const page = await read(cursor);
    if (!page) throw new ConnectorError('protocol', 'Shopify stopped answering a list it had started');
    out.push(...page.nodes);
    cursor = nextCursor(page);
  }
  return out;
}

async function completeRefund(client: ShopifyClient, refund: RefundNode) {
  const more = await rest(nextCursor(refund.refundShippingLines), async (after) => {
    const answer = await client.query<{ refund: RefundNode | null }>(REFUND_QUERY, { id: refund.id, after });
    return answer.refund?.refundShippingLines ?? null;
  });
  return { createdAt: refund.createdAt, refundShippingLines: [...refund.refundShippingLines.nodes, ...more] };
}

/** Refunds beyond the page's allowance: their ids, then each refund on its own. */
async function allRefunds(client: ShopifyClient, order: OrderNode): Promise<RefundNode[]> {
  if (order.refunds.length < REFUNDS_FIRST) return order.refunds;
  const answer = await client.query<{ order: { refunds: { id: string }[] } | null }>(ORDER_REFUNDS_QUERY, {
    id: order.id,
  });
  const ids = answer.order?.refunds.map((refund) => refund.id) ?? [];
  if (ids.length >= MAX_REFUNDS_PER_ORDER) {
    throw new ConnectorError(
      'provider',
      `Shopify order ${order.name} has ${MAX_REFUNDS_PER_ORDER} or more refunds, more than ESG Pilot can read completely; nothing was imported`,
    );
  }
  const known = new Set(order.refunds.map((refund) => refund.id));
  const extra: RefundNode[] = [];
  for (const id of ids.filter((candidate) => !known.has(candidate))) {
    const read = await client.query<{ refund: RefundNode | null }>(REFUND_QUERY, { id, after: null });
    if (read.refund) extra.push(read.refund);
  }
  return [...order.refunds, ...extra];
}

async function completeOrder(client: ShopifyClient, order: OrderNode): Promise<ShopifyOrder> {
  const moreShipping = await rest(nextCursor(order.shippingLines), async (after) => {
    const answer = await client.query<{ order: { shippingLines: Page<ShippingLine> } | null }>(
      ORDER_SHIPPING_QUERY,
      { id: order.id, after },
    );
    return answer.order?.shippingLines ?? null;
  });
  const refunds = [];
  for (const refund of await allRefunds(client, order)) refunds.push(await completeRefund(client, refund));
  return { ...order, shippingLines: [...order.shippingLines.nodes, ...moreShipping], refunds };
}

/** Every order of the store with every nested line; throws ConnectorError on any failed page. */
export async function readAllOrders(client: ShopifyClient): Promise<ShopifyOrder[]> {
  const orders: ShopifyOrder[] = [];
  let after: string | null = null;
  for (;;) {
    const page: { orders: Page<OrderNode> } = await client.query(ORDERS_QUERY, {
      first: ORDERS_PER_PAGE,
      after,
    });
    for (const order of page.orders.nodes) orders.push(await completeOrder(client, order));
    after = nextCursor(page.orders);
    if (!after) return orders;
  }
}
