/**
 * The part of Shopify's GraphQL Admin API (version 2026-10) the connector may use, transcribed
 * from the reference at shopify.dev/docs/api/admin-graphql/2026-10 (QueryRoot.shop/orders/order/
 * refund, Order, ShippingLine, Refund, RefundShippingLine, MoneyBag, MoneyV2, TaxLine and their
 * connections). Types, nullability and arguments follow the reference: ShippingLine.id is `ID`
 * (nullable), Order.refunds is a plain list with `first` only, the connections take
 * first/after/last/before/reverse. The fake validates every query against it, so a field or
 * argument the real API does not have fails the test (tests/contracts/shopify.test.ts).
 */
import { buildSchema } from 'graphql';

const CONNECTION_ARGS = 'first: Int, after: String, last: Int, before: String, reverse: Boolean = false';

export const SHOPIFY_ADMIN_SCHEMA = buildSchema(`
  schema { query: QueryRoot }

  scalar DateTime
  scalar Decimal

  enum CurrencyCode { AUD CAD CHF EUR GBP JPY NOK SEK USD }
  enum OrderSortKeys {
    CREATED_AT CUSTOMER_NAME DESTINATION FINANCIAL_STATUS FULFILLMENT_STATUS ID
    ORDER_NUMBER PO_NUMBER PROCESSED_AT RELEVANCE TOTAL_ITEMS_QUANTITY TOTAL_PRICE UPDATED_AT
  }

  type QueryRoot {
    shop: Shop!
    orders(${CONNECTION_ARGS}, sortKey: OrderSortKeys = PROCESSED_AT, query: String): OrderConnection!
    order(id: ID!): Order
    refund(id: ID!): Refund
  }

  type Shop {
    id: ID!
    name: String!
    myshopifyDomain: String!
    currencyCode: CurrencyCode!
  }

  type PageInfo {
    hasNextPage: Boolean!
    hasPreviousPage: Boolean!
    startCursor: String
    endCursor: String
  }

  type MoneyV2 { amount: Decimal! currencyCode: CurrencyCode! }
  type MoneyBag { shopMoney: MoneyV2! presentmentMoney: MoneyV2! }

  type Order {
    id: ID!
    name: String!
    processedAt: DateTime!
    createdAt: DateTime!
    cancelledAt: DateTime
    test: Boolean!
    taxesIncluded: Boolean!
    currencyCode: CurrencyCode!
    currentTotalPriceSet: MoneyBag!
    currentTotalTaxSet: MoneyBag!
    shippingLines(${CONNECTION_ARGS}, includeRemovals: Boolean = false): ShippingLineConnection!
    refunds(first: Int): [Refund!]!
  }
  type OrderEdge { cursor: String! node: Order! }
  type OrderConnection { edges: [OrderEdge!]! nodes: [Order!]! pageInfo: PageInfo! }

  type TaxLine { priceSet: MoneyBag! rate: Float title: String! }
  type ShippingLine {
    id: ID
    title: String!
    code: String
    isRemoved: Boolean!
    discountedPriceSet: MoneyBag!
    originalPriceSet: MoneyBag!
    taxLines: [TaxLine!]!
  }
  type ShippingLineEdge { cursor: String! node: ShippingLine! }
  type ShippingLineConnection { edges: [ShippingLineEdge!]! nodes: [ShippingLine!]! pageInfo: PageInfo! }

  type Refund {
    id: ID!
    createdAt: DateTime
    note: String
    refundShippingLines(${CONNECTION_ARGS}): RefundShippingLineConnection!
  }
  type RefundShippingLine { shippingLine: ShippingLine! subtotalAmountSet: MoneyBag! taxAmountSet: MoneyBag! }
  type RefundShippingLineEdge { cursor: String! node: RefundShippingLine! }
  type RefundShippingLineConnection {
    edges: [RefundShippingLineEdge!]!
    nodes: [RefundShippingLine!]!
    pageInfo: PageInfo!
  }
`);
