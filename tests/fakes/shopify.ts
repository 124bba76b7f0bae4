/**
 * A Shopify store on 127.0.0.1 speaking Shopify's wire format, for the app's SHOPIFY_API_ORIGIN:
 * - GET /admin/oauth/authorize (client_id, scope, redirect_uri, state): consent is given at once,
 *   and the browser is sent back to redirect_uri with code, hmac, host, shop, state and timestamp,
 *   the hmac computed as Shopify does (HMAC-SHA256 with the app secret, hex, over the other
 *   parameters sorted and URL-encoded). Written here independently of the app's code.
 * - POST /admin/oauth/access_token {client_id, client_secret, code}: `{access_token, scope}`;
 *   codes work once (`{"error":"invalid_request","error_description":…}` otherwise).
 * - POST /admin/api/2025-07/graphql.json with X-Shopify-Access-Token: the `EsgShop` and
 *   `EsgOrders` operations the connector sends, `orders` paged by opaque cursors; 401
 *   `{"errors":"[API] Invalid API key…"}` for a bad token; when asked, 429 with Retry-After,
 *   GraphQL `THROTTLED` errors, or 5xx answers.
 * - DELETE /admin/api_permissions/current.json with X-Shopify-Access-Token (Shopify's "uninstall an
 *   app with an API request"): 200 `{}`, the app is uninstalled and the token answers 401 from then
 *   on; `revoked` lists the tokens so ended, `failRevocation(status)` makes the next one fail.
 */
import { createHmac } from 'node:crypto';
import type { ShopifyOrder } from '../../src/server/features/connectors/shopify.ts';
import { sampleShopifyOrders } from './shopify-orders.ts';

export { fakeOrder, sampleShopifyOrders } from './shopify-orders.ts';

export interface FakeShopifyOptions {
  clientId: string;
  clientSecret: string;
  shop: string;
  currency: string;
  scope: string;
  orders: ShopifyOrder[];
}

export interface FakeShopifyCall {
  path: string;
  operation?: string;
  after?: string | null;
  status: number;
}

export function startFakeShopify(overrides: Partial<FakeShopifyOptions> = {}) {
  const data: FakeShopifyOptions = {
    clientId: 'shopify-client-id',
    clientSecret: 'shopify-client-secret',
    shop: 'acme-outdoor.myshopify.com',
    currency: 'EUR',
    scope: 'read_orders',
    orders: sampleShopifyOrders(),
    ...overrides,
  };
  const calls: FakeShopifyCall[] = [];
  const codes = new Map<string, string>();
  const tokens = new Set<string>();
  /** Every token ever issued, so a test can prove none is stored in clear. */
  const issuedTokens: string[] = [];
  const failures: { status: number; retryAfter?: string; throttled?: boolean }[] = [];
  const revoked: string[] = [];
  const revocationFailures: number[] = [];
  /** Changes the next authorize redirect (a tampered hmac, a stale timestamp, another shop). */
  const redirect = { tamperHmac: false, timestampOffsetSeconds: 0, shop: null as string | null };

  const sign = (params: [string, string][]) => {
    const sorted = params.filter(([key]) => key !== 'hmac').sort(([a], [b]) => a.localeCompare(b));
    return createHmac('sha256', data.clientSecret)
      .update(new URLSearchParams(sorted).toString())
      .digest('hex');
  };

  function authorize(url: URL): Response {
    const redirectUri = url.searchParams.get('redirect_uri') ?? '';
    if (url.searchParams.get('client_id') !== data.clientId || !redirectUri) {
      return new Response('Oauth error invalid_request: The client_id or redirect_uri is invalid', {
        status: 400,
      });
    }
    const code = crypto.randomUUID().replaceAll('-', '');
    const shop = redirect.shop ?? data.shop;
    codes.set(code, shop);
    const storeName = shop.replace('.myshopify.com', '');
    const params: [string, string][] = [
      ['code', code],
      ['host', btoa(`admin.shopify.com/store/${storeName}`)],
      ['shop', shop],
      ['state', url.searchParams.get('state') ?? ''],
      ['timestamp', String(Math.floor(Date.now() / 1000) + redirect.timestampOffsetSeconds)],
    ];
    let hmac = sign(params);
    if (redirect.tamperHmac) hmac = `${hmac.slice(0, -1)}${hmac.endsWith('0') ? '1' : '0'}`;
    const back = new URL(redirectUri);
    for (const [key, value] of [...params, ['hmac', hmac] as [string, string]])
      back.searchParams.set(key, value);
    return new Response(null, { status: 302, headers: { Location: back.toString() } });
  }

  async function accessToken(request: Request): Promise<Response> {
    const body = (await request.json().catch(() => ({}))) as Record<string, string>;
    const shop = codes.get(body.code ?? '');
    if (body.client_id !== data.clientId || body.client_secret !== data.clientSecret || !shop) {
      return Response.json(
        {
          error: 'invalid_request',
          error_description: 'The authorization code was not found or was already used',
        },
        { status: 400 },
      );
    }
    codes.delete(body.code!);
    const token = `shpat_${crypto.randomUUID().replaceAll('-', '')}`;
    tokens.add(token);
    issuedTokens.push(token);
    return Response.json({ access_token: token, scope: data.scope });
  }

  function uninstall(request: Request): Response | Promise<Response> {
    // 0: a store that accepts the request and never answers.
    if (revocationFailures[0] === 0) {
      revocationFailures.shift();
      return new Promise(() => {});
    }
    const failure = revocationFailures.shift();
    if (failure) return Response.json({ errors: 'Internal Server Error' }, { status: failure });
    const token = request.headers.get('x-shopify-access-token') ?? '';
    if (!tokens.has(token)) {
      return Response.json(
        { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' },
        { status: 401 },
      );
    }
    tokens.delete(token);
    revoked.push(token);
    return Response.json({});
  }

  async function graphql(request: Request): Promise<Response> {
    const failure = failures.shift();
    if (failure?.throttled) {
      return Response.json({
        errors: [
          {
            message: 'Throttled',
            extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
          },
        ],
        extensions: {
          cost: {
            requestedQueryCost: 650,
            actualQueryCost: null,
            throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 600, restoreRate: 100 },
          },
        },
      });
    }
    if (failure?.status === 429) {
      return Response.json(
        {
          errors:
            'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.',
        },
        { status: 429, headers: { 'Retry-After': failure.retryAfter ?? '1.0' } },
      );
    }
    if (failure) return Response.json({ errors: 'Internal Server Error' }, { status: failure.status });
    if (!tokens.has(request.headers.get('x-shopify-access-token') ?? '')) {
      return Response.json(
        { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' },
        { status: 401 },
      );
    }
    const body = (await request.json().catch(() => null)) as {
      query?: string;
      variables?: Record<string, unknown>;
    } | null;
    const operation = /^\s*query\s+(\w+)/.exec(body?.query ?? '')?.[1];
    if (operation === 'EsgShop') {
      return Response.json({
        data: { shop: { name: 'Acme Outdoor', myshopifyDomain: data.shop, currencyCode: data.currency } },
      });
    }
    if (operation === 'EsgOrders') {
      const first = Math.min(Number(body?.variables?.first ?? 50), 250);
      const after = (body?.variables?.after as string | null | undefined) ?? null;
      const start = after ? Number(atob(after).split(':')[1]) + 1 : 0;
      const nodes = data.orders.slice(start, start + first);
      const last = start + nodes.length - 1;
      return Response.json({
        data: {
          orders: {
            nodes,
            pageInfo: {
              hasNextPage: last < data.orders.length - 1,
              endCursor: nodes.length ? btoa(`cursor:${last}`) : null,
            },
          },
        },
        extensions: {
          cost: {
            requestedQueryCost: 650,
            actualQueryCost: 120,
            throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 1880, restoreRate: 100 },
          },
        },
      });
    }
    return Response.json({
      errors: [
        { message: `Unknown operation ${operation ?? '(none)'}`, extensions: { code: 'undefinedField' } },
      ],
    });
  }

  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    // Longer than the app's revocation deadline, so a hanging answer is the app's to give up on
    // (Bun's default of 10 s would reset the socket first, and fetch may resend the request).
    idleTimeout: 60,
    async fetch(request) {
      const url = new URL(request.url);
      let response: Response;
      let operation: string | undefined;
      let after: string | null | undefined;
      if (request.method === 'GET' && url.pathname === '/admin/oauth/authorize') response = authorize(url);
      else if (request.method === 'POST' && url.pathname === '/admin/oauth/access_token')
        response = await accessToken(request);
      else if (request.method === 'POST' && url.pathname === '/admin/api/2025-07/graphql.json') {
        const copy = request.clone();
        const body = (await copy.json().catch(() => null)) as {
          query?: string;
          variables?: { after?: string | null };
        } | null;
        operation = /^\s*query\s+(\w+)/.exec(body?.query ?? '')?.[1];
        after = body?.variables?.after ?? null;
        response = await graphql(request);
      } else if (request.method === 'DELETE' && url.pathname === '/admin/api_permissions/current.json') {
        response = await uninstall(request);
      } else response = Response.json({ errors: 'Not Found' }, { status: 404 });
      calls.push({ path: url.pathname, operation, after, status: response.status });
      return response;
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}`,
    data,
    calls,
    issuedTokens,
    redirect,
    /** The next `count` Admin API calls answer 429 with this Retry-After (seconds, as Shopify sends). */
    rateLimit(count: number, retryAfter = '1.0') {
      for (let i = 0; i < count; i++) failures.push({ status: 429, retryAfter });
    },
    /** The next `count` Admin API calls answer 200 with a GraphQL THROTTLED error. */
    throttle(count: number) {
      for (let i = 0; i < count; i++) failures.push({ status: 200, throttled: true });
    },
    /** The next `count` Admin API calls answer this 5xx status. */
    fail(count: number, status = 503) {
      for (let i = 0; i < count; i++) failures.push({ status });
    },
    /** Every token the app revoked by uninstalling itself, in order. */
    revoked,
    /** The next uninstall requests answer these statuses (0: never answer). */
    failRevocation(...statuses: number[]) {
      revocationFailures.push(...statuses);
    },
    /** Every issued token stops working (the merchant uninstalled the app). */
    revokeTokens() {
      tokens.clear();
    },
    stop: () => server.stop(true),
  };
}

export type FakeShopify = ReturnType<typeof startFakeShopify>;
