/**
 * A Shopify store on 127.0.0.1 speaking Shopify's wire format, for the app's SHOPIFY_API_ORIGIN:
 * - GET /admin/oauth/authorize (client_id, scope, redirect_uri, state): consent is given at once,
 *   and the browser is sent back to redirect_uri with code, hmac, host, shop, state and timestamp,
 *   the hmac computed as Shopify's library does (HMAC-SHA256 with the app secret, hex, over the
 *   other parameters sorted and URL-encoded, `+` written `%20`). Written here apart from the app.
 * - POST /admin/oauth/access_token, JSON: the authorisation code (with `expiring: 1` an expiring
 *   offline token, 3600 s, and a refresh token, 90 days; without it a non-expiring token, counted
 *   in `nonExpiringIssued`), `grant_type=refresh_token` (the refresh token rotates: the old one
 *   works until the new access token is first used, Shopify's changelog of 28 August 2026) and the
 *   token-exchange grant that migrates a non-expiring token. Refusals: `{"error": …,
 *   "error_description": …}` with HTTP 400 (401 for a bad client).
 * - POST /admin/api/2026-10/graphql.json with X-Shopify-Access-Token: any query, parsed and
 *   validated with graphql-js against the Admin API schema (shopify-schema.ts), costed by
 *   Shopify's published rules (shopify-cost.ts) and refused over 1,000 with MAX_COST_EXCEEDED,
 *   then executed on the store's orders; `extensions.cost` reports the computed cost. 401
 *   `{"errors":"[API] Invalid API key…"}` for a bad or expired token; when asked, 429 with
 *   Retry-After, GraphQL `THROTTLED` errors, 5xx answers, or the ACCESS_DENIED refusal of an app
 *   without approval for protected customer data.
 * - DELETE /admin/api_permissions/current.json (Shopify's "uninstall an app with an API
 *   request"): 200 `{}`, the app is uninstalled and its tokens answer 401 from then on.
 */
import { createHmac } from 'node:crypto';
import { execute, type GraphQLError, parse, validate } from 'graphql';
import { queryCost, SHOPIFY_MAX_QUERY_COST } from './shopify-cost.ts';
import { ShopifyArgumentError, shopifyRoot } from './shopify-graph.ts';
import { type FakeShopifyOrder, sampleShopifyOrders } from './shopify-orders.ts';
import { SHOPIFY_ADMIN_SCHEMA } from './shopify-schema.ts';

export { bigShopifyOrder, fakeOrder, fakeRefund, sampleShopifyOrders } from './shopify-orders.ts';

/** The Admin API version the fake serves (the connector's SHOPIFY_API_VERSION must match it). */
export const FAKE_SHOPIFY_API_VERSION = '2026-10';
const GRAPHQL_PATH = `/admin/api/${FAKE_SHOPIFY_API_VERSION}/graphql.json`;

export interface FakeShopifyOptions {
  clientId: string;
  clientSecret: string;
  shop: string;
  currency: string;
  scope: string;
  orders: FakeShopifyOrder[];
  /** False: the app lacks Shopify's approval for protected customer data (orders refused). */
  protectedDataApproved: boolean;
}

export interface FakeShopifyCall {
  path: string;
  operation?: string;
  after?: string | null;
  /** The requested cost the fake computed for a GraphQL query. */
  cost?: number;
  /** The grant of a token request. */
  grant?: string;
  status: number;
}

interface IssuedToken {
  shop: string;
  expiring: boolean;
  /** The refresh token this access token came with; its predecessor dies when it is first used. */
  refreshToken: string | null;
  previousRefreshToken: string | null;
}

export function startFakeShopify(overrides: Partial<FakeShopifyOptions> = {}) {
  const data: FakeShopifyOptions = {
    clientId: 'shopify-client-id',
    clientSecret: 'shopify-client-secret',
    shop: 'acme-outdoor.myshopify.com',
    currency: 'EUR',
    scope: 'read_orders',
    orders: sampleShopifyOrders(),
    protectedDataApproved: true,
    ...overrides,
  };
  const calls: FakeShopifyCall[] = [];
  const codes = new Map<string, string>();
  const tokens = new Map<string, IssuedToken>();
  /** Live refresh tokens and their shop. */
  const refreshTokens = new Map<string, string>();
  let nonExpiringIssued = 0;
  /** Every token ever issued, so a test can prove none is stored in clear. */
  const issuedTokens: string[] = [];
  const failures: ({ status: number; retryAfter?: string; throttled?: boolean } | null)[] = [];
  /** Token requests that answer this status instead (0: none). */
  const tokenFailures: number[] = [];
  const revoked: string[] = [];
  const revocationFailures: number[] = [];
  /** Changes the next authorize redirect (a tampered hmac, a stale timestamp, another shop). */
  const redirect = { tamperHmac: false, timestampOffsetSeconds: 0, shop: null as string | null };

  const sign = (params: [string, string][]) => {
    const sorted = params.filter(([key]) => key !== 'hmac').sort(([a], [b]) => a.localeCompare(b));
    return createHmac('sha256', data.clientSecret)
      .update(new URLSearchParams(sorted).toString().replace(/\+/g, '%20'))
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

  const oauthError = (status: number, error: string, description: string) =>
    Response.json({ error, error_description: description }, { status });

  function issue(shop: string, expiring: boolean, previousRefreshToken: string | null) {
    const token = `shpat_${crypto.randomUUID().replaceAll('-', '')}`;
    const refreshToken = expiring ? `shprt_${crypto.randomUUID().replaceAll('-', '')}` : null;
    tokens.set(token, { shop, expiring, refreshToken, previousRefreshToken });
    issuedTokens.push(token);
    if (refreshToken) {
      refreshTokens.set(refreshToken, shop);
      issuedTokens.push(refreshToken);
    } else nonExpiringIssued++;
    return Response.json({
      access_token: token,
      scope: data.scope,
      ...(expiring
        ? { expires_in: 3600, refresh_token: refreshToken, refresh_token_expires_in: 7_776_000 }
        : {}),
    });
  }

  async function accessToken(request: Request, call: FakeShopifyCall): Promise<Response> {
    const body = (await request.json().catch(() => ({}))) as Record<string, unknown>;
    if (body.client_id !== data.clientId || body.client_secret !== data.clientSecret) {
      return oauthError(401, 'invalid_client', 'Client authentication failed');
    }
    call.grant = typeof body.grant_type === 'string' ? body.grant_type : 'authorization_code';
    const failure = tokenFailures.shift();
    if (failure) return Response.json({ errors: 'Internal Server Error' }, { status: failure });
    const expiring = String(body.expiring ?? '0') === '1';
    if (body.grant_type === 'refresh_token') {
      const shop = refreshTokens.get(String(body.refresh_token ?? ''));
      if (!shop) return oauthError(400, 'invalid_grant', 'The refresh token is invalid or expired');
      refreshTokens.delete(String(body.refresh_token));
      // The token it renews stops working (Shopify keeps one live expiring token per app and store;
      // the fake keeps that per chain, as tests connect one store from many companies).
      for (const [token, issued] of tokens)
        if (issued.refreshToken === body.refresh_token) tokens.delete(token);
      return issue(shop, true, String(body.refresh_token));
    }
    if (body.grant_type === 'urn:ietf:params:oauth:grant-type:token-exchange') {
      const subject = tokens.get(String(body.subject_token ?? ''));
      if (!subject || subject.expiring || !expiring) {
        return oauthError(400, 'invalid_subject_token', 'The subject token is invalid');
      }
      tokens.delete(String(body.subject_token));
      return issue(subject.shop, true, null);
    }
    const shop = codes.get(String(body.code ?? ''));
    if (!shop)
      return oauthError(400, 'invalid_request', 'The authorization code was not found or was already used');
    codes.delete(String(body.code));
    return issue(shop, expiring, null);
  }

  /** The token's record when it may call the Admin API; its first use retires the old refresh token. */
  function authorised(request: Request): IssuedToken | null {
    const issued = tokens.get(request.headers.get('x-shopify-access-token') ?? '') ?? null;
    if (issued?.previousRefreshToken) {
      refreshTokens.delete(issued.previousRefreshToken);
      issued.previousRefreshToken = null;
    }
    return issued;
  }

  const invalidToken = () =>
    Response.json(
      { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' },
      { status: 401 },
    );

  function uninstall(request: Request): Response | Promise<Response> {
    // 0: a store that accepts the request and never answers.
    if (revocationFailures[0] === 0) {
      revocationFailures.shift();
      return new Promise(() => {});
    }
    const failure = revocationFailures.shift();
    if (failure) return Response.json({ errors: 'Internal Server Error' }, { status: failure });
    const token = request.headers.get('x-shopify-access-token') ?? '';
    const issued = authorised(request);
    if (!issued) return invalidToken();
    uninstallFrom(issued.shop);
    revoked.push(token);
    return Response.json({});
  }

  /** Uninstalled: every token and refresh token of the store stops working. */
  function uninstallFrom(shop: string) {
    for (const [token, issued] of tokens) if (issued.shop === shop) tokens.delete(token);
    for (const [token, owner] of refreshTokens) if (owner === shop) refreshTokens.delete(token);
  }

  const costExtension = (requested: number, actual: number | null) => ({
    cost: {
      requestedQueryCost: requested,
      actualQueryCost: actual,
      throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 2000 - requested, restoreRate: 100 },
    },
  });

  async function graphql(request: Request, call: FakeShopifyCall): Promise<Response> {
    const failure = failures.shift();
    if (failure?.throttled) {
      return Response.json({
        errors: [
          {
            message: 'Throttled',
            extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
          },
        ],
        extensions: costExtension(702, null),
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
    if (!authorised(request)) return invalidToken();
    const body = (await request.json().catch(() => null)) as {
      query?: string;
      variables?: Record<string, unknown>;
      operationName?: string;
    } | null;
    let document: ReturnType<typeof parse>;
    try {
      document = parse(body?.query ?? '');
    } catch (error) {
      return Response.json({
        errors: [{ message: (error as GraphQLError).message, extensions: { code: 'PARSE_ERROR' } }],
      });
    }
    const invalid = validate(SHOPIFY_ADMIN_SCHEMA, document);
    if (invalid.length > 0) {
      return Response.json({
        errors: invalid.map((error) => ({
          ...error.toJSON(),
          extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
        })),
      });
    }
    const variables = body?.variables ?? {};
    const cost = queryCost(SHOPIFY_ADMIN_SCHEMA, document, variables, body?.operationName);
    call.cost = cost;
    if (cost > SHOPIFY_MAX_QUERY_COST) {
      return Response.json({
        errors: [
          {
            message: `Query cost is ${cost}, which exceeds the single query max cost limit (${SHOPIFY_MAX_QUERY_COST}).`,
            extensions: { code: 'MAX_COST_EXCEEDED', cost, maxCost: SHOPIFY_MAX_QUERY_COST },
          },
        ],
      });
    }
    const readsOrders = /\b(orders|order|refund)\s*[({]/.test(body?.query ?? '');
    if (readsOrders && !data.protectedDataApproved) {
      return Response.json({
        data: null,
        errors: [
          {
            message:
              'This app is not approved to access the Order object. See https://partners.shopify.com/1/apps/1/customer_data for more details.',
            extensions: {
              code: 'ACCESS_DENIED',
              documentation: 'https://shopify.dev/docs/apps/launch/protected-customer-data',
            },
          },
        ],
      });
    }
    const result = await execute({
      schema: SHOPIFY_ADMIN_SCHEMA,
      document,
      rootValue: shopifyRoot({
        name: 'Acme Outdoor',
        shop: data.shop,
        currency: data.currency,
        orders: data.orders,
      }),
      variableValues: variables,
      operationName: body?.operationName,
    });
    const errors = result.errors?.map((error) => ({
      message: error.message,
      path: error.path,
      extensions: {
        code:
          error.originalError instanceof ShopifyArgumentError
            ? 'argumentLiteralsIncompatible'
            : 'INTERNAL_SERVER_ERROR',
      },
    }));
    return Response.json({
      data: result.data ?? null,
      ...(errors ? { errors } : {}),
      extensions: costExtension(cost, cost),
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
      const call: FakeShopifyCall = { path: url.pathname, status: 0 };
      let response: Response;
      if (request.method === 'GET' && url.pathname === '/admin/oauth/authorize') response = authorize(url);
      else if (request.method === 'POST' && url.pathname === '/admin/oauth/access_token')
        response = await accessToken(request, call);
      else if (request.method === 'POST' && url.pathname === GRAPHQL_PATH) {
        const body = (await request
          .clone()
          .json()
          .catch(() => null)) as { query?: string; variables?: { after?: string | null } } | null;
        call.operation = /^\s*query\s+(\w+)/.exec(body?.query ?? '')?.[1];
        call.after = body?.variables?.after ?? null;
        response = await graphql(request, call);
      } else if (request.method === 'DELETE' && url.pathname === '/admin/api_permissions/current.json') {
        response = await uninstall(request);
      } else response = Response.json({ errors: 'Not Found' }, { status: 404 });
      call.status = response.status;
      calls.push(call);
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
    /** The Admin API call after the next `skip` ones answers this status (a failure mid-pull). */
    failLater(skip: number, status = 503) {
      for (let i = 0; i < skip; i++) failures.push(null);
      failures.push({ status });
    },
    /** The next token requests answer these statuses. */
    failTokenRequests(...statuses: number[]) {
      tokenFailures.push(...statuses);
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
    /** Non-expiring offline tokens issued (an app asking without `expiring=1`). */
    get nonExpiringIssued() {
      return nonExpiringIssued;
    },
    /** A non-expiring token as apps stored them before expiring tokens (for migration tests). */
    issueNonExpiringToken() {
      const token = `shpat_${crypto.randomUUID().replaceAll('-', '')}`;
      tokens.set(token, { shop: data.shop, expiring: false, refreshToken: null, previousRefreshToken: null });
      return token;
    },
    /** Every access token answers 401 (its hour is up); refresh tokens still work. */
    expireAccessTokens() {
      for (const [token, issued] of tokens) if (issued.expiring) tokens.delete(token);
    },
    /** Every refresh token is refused from now on (revoked, or 90 days unused). */
    revokeRefreshTokens() {
      refreshTokens.clear();
    },
    /** The merchant uninstalled the app: every token and refresh token stops working. */
    uninstall() {
      uninstallFrom(data.shop);
    },
    stop: () => server.stop(true),
  };
}

export type FakeShopify = ReturnType<typeof startFakeShopify>;
