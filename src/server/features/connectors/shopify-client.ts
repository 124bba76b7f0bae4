// The Shopify GraphQL Admin API (POST https://{shop}/admin/api/2025-07/graphql.json with the
// X-Shopify-Access-Token header), as documented at shopify.dev/docs/api/admin-graphql and
// shopify.dev/docs/api/usage/rate-limits. Failures become ConnectorError with a reason people can
// act on: 401 (token revoked or app uninstalled) is a credentials error; 429 with Retry-After and
// GraphQL `THROTTLED` errors are waited out a bounded number of times; 5xx and network errors are
// `unreachable` (the sync job retries them).
import { isShopDomain, SHOPIFY_API_VERSION } from './shopify-oauth.ts';
import { ConnectorError } from './types.ts';

export interface ShopifyCredentials {
  /** `{store}.myshopify.com`, checked again before every call. */
  shop: string;
  accessToken: string;
  /** Scopes granted at connect time, e.g. `read_orders`. */
  scope: string;
  /** Test-only SHOPIFY_API_ORIGIN at connect time (a local fake); absent in real use. */
  apiOrigin?: string | null;
}

export interface ShopifyClientOptions {
  /** Throttled answers waited out before giving up (default 3). */
  maxRetries?: number;
  /** A wait longer than this is not waited for: the sync fails and the job retries later. */
  maxRetryAfterMs?: number;
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

export const REVOKED_TOKEN_MESSAGE =
  'Shopify refused the access token (the app was uninstalled or its access revoked): delete this source and connect the store again';

interface GraphqlError {
  message?: string;
  extensions?: { code?: string };
}

interface GraphqlAnswer<T> {
  data?: T;
  errors?: GraphqlError[] | string;
  extensions?: {
    cost?: {
      requestedQueryCost?: number;
      throttleStatus?: { currentlyAvailable?: number; restoreRate?: number };
    };
  };
}

/** Seconds (Shopify sends decimals such as "2.0") or an HTTP date (RFC 9110 §10.2.3). */
export function shopifyRetryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.ceil(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The shop's `errors` text, in Shopify's REST-style shape (`{"errors": "…"}`). */
function errorsText(body: unknown): string | null {
  const errors = (body as { errors?: unknown } | null)?.errors;
  return typeof errors === 'string' ? errors : null;
}

export class ShopifyClient {
  private readonly endpoint: string;

  constructor(
    private readonly credentials: ShopifyCredentials,
    private readonly options: ShopifyClientOptions = {},
  ) {
    if (!isShopDomain(credentials.shop)) {
      throw new ConnectorError('protocol', `"${credentials.shop}" is not a myshopify.com store`);
    }
    const origin = credentials.apiOrigin ?? `https://${credentials.shop}`;
    this.endpoint = `${origin}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`;
  }

  /** One GraphQL query, waiting out throttling; the `data` of the answer. */
  async query<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const maxRetries = this.options.maxRetries ?? 3;
    const maxWait = this.options.maxRetryAfterMs ?? 60_000;
    const sleep = this.options.sleep ?? ((ms: number) => new Promise((done) => setTimeout(done, ms)));
    const shop = this.credentials.shop;
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await fetch(this.endpoint, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Accept: 'application/json',
            'X-Shopify-Access-Token': this.credentials.accessToken,
          },
          body: JSON.stringify({ query, variables }),
          // A store's Admin API never redirects; following one could leak the token elsewhere.
          redirect: 'error',
          signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
        });
      } catch (error) {
        const reason =
          error instanceof Error && error.name === 'TimeoutError' ? 'no answer in time' : 'no answer';
        throw new ConnectorError('unreachable', `Could not reach Shopify at ${shop} (${reason})`);
      }
      let wait: number | null = null;
      if (response.status === 429) {
        wait = shopifyRetryAfterMs(response.headers.get('Retry-After')) ?? 2 ** attempt * 1000;
        await response.body?.cancel();
      } else {
        const answer = await this.readAnswer<T>(response);
        if (!('throttledFor' in answer)) return answer.data;
        wait = answer.throttledFor;
      }
      if (attempt >= maxRetries || wait > maxWait) {
        throw new ConnectorError(
          'rate_limited',
          `Shopify is limiting requests (rate limit); the sync will try again in ${Math.ceil(wait / 1000)} s`,
        );
      }
      await sleep(wait);
    }
  }

  private async readAnswer<T>(response: Response): Promise<{ data: T } | { throttledFor: number }> {
    const shop = this.credentials.shop;
    const body = (await response.json().catch(() => null)) as GraphqlAnswer<T> | null;
    if (response.status === 401) throw new ConnectorError('credentials', REVOKED_TOKEN_MESSAGE);
    if (response.status === 402) {
      throw new ConnectorError('provider', `The Shopify store ${shop} is frozen: its Shopify plan is unpaid`);
    }
    if (response.status === 403) {
      throw new ConnectorError(
        'credentials',
        `Shopify refused access to ${shop} (${errorsText(body) ?? 'HTTP 403'}): connect the store again`,
      );
    }
    if (response.status === 404) {
      throw new ConnectorError('provider', `No Shopify store at ${shop}: it was closed or renamed`);
    }
    if (response.status === 423) {
      throw new ConnectorError('provider', `The Shopify store ${shop} is locked`);
    }
    if (response.status >= 500) {
      throw new ConnectorError('unreachable', `Shopify answered HTTP ${response.status} for ${shop}`);
    }
    if (!response.ok || !body || typeof body !== 'object') {
      throw new ConnectorError(
        'protocol',
        `Shopify answered HTTP ${response.status} without a GraphQL answer`,
      );
    }
    if (Array.isArray(body.errors) && body.errors.length > 0) {
      if (body.errors.some((error) => error.extensions?.code === 'THROTTLED')) {
        // Leaky bucket: wait until enough points are restored for this query (rate-limits guide).
        const cost = body.extensions?.cost;
        const needed = (cost?.requestedQueryCost ?? 0) - (cost?.throttleStatus?.currentlyAvailable ?? 0);
        const rate = cost?.throttleStatus?.restoreRate || 50;
        return { throttledFor: Math.max(1000, Math.ceil((needed / rate) * 1000)) };
      }
      if (body.errors.some((error) => error.extensions?.code === 'ACCESS_DENIED')) {
        throw new ConnectorError(
          'credentials',
          'Shopify refused access to orders: the app needs the read_orders permission; connect the store again',
        );
      }
      const detail = body.errors.map((error) => error.message ?? 'unknown error').join('; ');
      throw new ConnectorError('provider', `Shopify refused the request: ${detail}`);
    }
    if (typeof body.errors === 'string') {
      throw new ConnectorError('provider', `Shopify refused the request: ${body.errors}`);
    }
    if (!body.data) throw new ConnectorError('protocol', 'Shopify answered without data');
    return { data: body.data };
  }
}
