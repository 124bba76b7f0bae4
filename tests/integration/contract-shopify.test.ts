// The Shopify connector held to the provider's contract (issue 23 item 5): every query it sends
// must exist in the Admin API schema of the version it names (tests/fakes/shopify-schema.ts) and
// cost at most 1,000 points by Shopify's published rules; fails if the client asks for a field,
// argument or version the contract does not have.
import { describe, expect, test } from 'bun:test';
import { parse, validate } from 'graphql';
import { SHOPIFY_API_VERSION } from '../../src/server/features/connectors/shopify/shopify-oauth.ts';
import {
  MAX_REFUNDS_PER_ORDER,
  ORDER_REFUNDS_QUERY,
  ORDER_SHIPPING_QUERY,
  ORDERS_PER_PAGE,
  ORDERS_QUERY,
  REFUND_QUERY,
  SHOP_QUERY,
} from '../../src/server/features/connectors/shopify/shopify-orders.ts';
import { FAKE_SHOPIFY_API_VERSION } from '../fakes/shopify.ts';
import { queryCost, SHOPIFY_MAX_QUERY_COST } from '../fakes/shopify-cost.ts';
import { SHOPIFY_ADMIN_SCHEMA } from '../fakes/shopify-schema.ts';

const cursor = 'b3JkZXJzOjk=';
/** Each query with the variables the connector sends it with. */
const QUERIES: [string, string, Record<string, unknown>][] = [
  ['EsgShop', SHOP_QUERY, {}],
  ['EsgOrders', ORDERS_QUERY, { first: ORDERS_PER_PAGE, after: cursor }],
  ['EsgOrderShipping', ORDER_SHIPPING_QUERY, { id: 'gid://shopify/Order/1', after: cursor }],
  ['EsgOrderRefunds', ORDER_REFUNDS_QUERY, { id: 'gid://shopify/Order/1' }],
  ['EsgRefund', REFUND_QUERY, { id: 'gid://shopify/Refund/1', after: cursor }],
];

/** The orders query of the connector before decision 073 (API 2025-07), for the measurement. */
const MONEY = 'shopMoney { amount currencyCode }';
const ORDERS_QUERY_2025_07 = `query EsgOrders($first: Int!, $after: String) {
  orders(first: $first, after: $after, sortKey: ID) {
    pageInfo { hasNextPage endCursor }
    nodes {
      id name processedAt cancelledAt test taxesIncluded
      currentTotalPriceSet { ${MONEY} } currentTotalTaxSet { ${MONEY} }
      shippingLines(first: 5) { nodes { id title discountedPriceSet { ${MONEY} } taxLines { priceSet { ${MONEY} } } } }
      refunds(first: 5) { createdAt refundShippingLines(first: 3) { nodes { shippingLine { id } subtotalAmountSet { ${MONEY} } } } }
    }
  }
}`;

describe('Shopify Admin API contract', () => {
  test('the client speaks the version the contract describes', () => {
    expect(SHOPIFY_API_VERSION).toBe(FAKE_SHOPIFY_API_VERSION);
  });

  for (const [name, query, variables] of QUERIES) {
    test(`${name} uses only fields and arguments of the schema and costs at most 1,000 points`, () => {
      const document = parse(query);
      expect(validate(SHOPIFY_ADMIN_SCHEMA, document).map((error) => error.message)).toEqual([]);
      expect(queryCost(SHOPIFY_ADMIN_SCHEMA, document, variables)).toBeLessThanOrEqual(
        SHOPIFY_MAX_QUERY_COST,
      );
    });
  }

  test('measured: the orders page costs 702 points, the 2025-07 query 2,802 (refused)', () => {
    const cost = (query: string, first: number) =>
      queryCost(SHOPIFY_ADMIN_SCHEMA, parse(query), { first, after: null });
    expect(cost(ORDERS_QUERY, ORDERS_PER_PAGE)).toBe(702);
    expect(cost(ORDERS_QUERY_2025_07, 25)).toBe(2802);
    expect(queryCost(SHOPIFY_ADMIN_SCHEMA, parse(ORDER_REFUNDS_QUERY), {})).toBe(1 + MAX_REFUNDS_PER_ORDER);
  });

  test('the cost rules: objects 1, scalars 0, a connection 2 + first × one node, a sized list first × one', () => {
    const cost = (query: string) => queryCost(SHOPIFY_ADMIN_SCHEMA, parse(query));
    expect(cost('{ shop { name currencyCode } }')).toBe(1);
    expect(cost('{ orders(first: 10) { nodes { id currentTotalPriceSet { shopMoney { amount } } } } }')).toBe(
      2 + 10 * 3,
    );
    expect(cost('{ orders(first: 2) { edges { cursor node { refunds(first: 4) { id } } } } }')).toBe(
      2 + 2 * (1 + 4),
    );
    expect(
      cost(
        'query Q($n: Int) { order(id: "x") { shippingLines(last: $n) { pageInfo { hasNextPage } nodes { id } } } }',
      ),
    ).toBe(1 + 2 + 0);
  });

  test('a field the contract does not have is refused by validation', () => {
    const document = parse('{ order(id: "x") { shippingLines(first: 1) { nodes { priceV2 } } } }');
    expect(validate(SHOPIFY_ADMIN_SCHEMA, document).length).toBeGreaterThan(0);
  });
});
