// The Shopify GraphQL Admin API (POST https://{shop}/admin/api/{SHOPIFY_API_VERSION}/graphql.json
// with the X-Shopify-Access-Token header), as documented at shopify.dev/docs/api/admin-graphql and
// shopify.dev/docs/api/usage/rate-limits. The access token expires after an hour (decision 073):
// it is renewed before it is due, and once more when Shopify answers 401, through
// token-rotation.ts; only a 401 for a token just renewed means the app lost its access. Failures
// become ConnectorError with a reason people can act on; 429 with Retry-After and GraphQL
// `THROTTLED` errors are waited out a bounded number of times; 5xx and network errors are
// `unreachable` (the sync job retries them).
import type { Config } from '../../../config.ts';
import { waits } from '../../../lib/clock.ts';
import { retryAfterMs } from '../../../lib/retry-after.ts';
import { renewCredentials } from '../token-rotation.ts';
import { ConnectorError, type StoredSource } from '../types.ts';
import { isShopDomain, SHOPIFY_API_VERSION } from './shopify-oauth.ts';
import { type ShopifyCredentials, shopifyRotation } from './shopify-tokens.ts';

export interface ShopifyClientOptions {
  /** Throttled answers waited out before giving up (default 3). */
  maxRetries?: number;
  /** A wait longer than this is not waited for: the sync fails and the job retries later. */
  maxRetryAfterMs?: number;
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/** The client's view of a source: its credentials, the app that renews them and where they go. */
export interface ShopifySession {
  credentials: ShopifyCredentials;
  config: Config;
  now: () => Date;
  /** Absent while connecting: nothing is stored yet. */
  stored?: StoredSource;
}

export const REVOKED_TOKEN_MESSAGE =
  'Shopify refused a freshly renewed access token: the app was uninstalled from the store or its access revoked. Connect the store again from Data Sources';

/**
 * Shopify's refusal for an app without approval for protected customer data (orders carry the
 * buyer's name and address): "This app is not approved to access the Order object…". Reconnecting
 * cannot help; the app's developer must request access in the Partner Dashboard.
 */
export const PROTECTED_DATA_MESSAGE =
  'Shopify has not approved this app to read orders (protected customer data). Reconnecting will not help: the administrator of this ESG Pilot server must request protected customer data access for its Shopify app in the Shopify Partner Dashboard';

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

/** The shop's `errors` text, in Shopify's REST-style shape (`{"errors": "…"}`). */
function errorsText(body: unknown): string | null {
  const errors = (body as { errors?: unknown } | null)?.errors;
  return typeof errors === 'string' ? errors : null;
}

const isProtectedDataRefusal = (error: GraphqlError) =>
  /not approved to access|protected customer data/i.test(error.message ?? '');

export class ShopifyClient {
  private readonly endpoint: string;

  constructor(
    private readonly session: ShopifySession,
    private readonly options: ShopifyClientOptions = {},
  ) {
    const { shop, apiOrigin } = session.credentials;
    if (!isShopDomain(shop)) throw new ConnectorError('protocol', `"${shop}" is not a myshopify.com store`);
    this.endpoint = `${apiOrigin ?? `https://${shop}`}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`;
  }

  /** The credentials now in use (renewed ones once a renewal happened). */
  get credentials(): ShopifyCredentials {
    return this.session.credentials;
  }

  private get rotation() {
    return shopifyRotation(this.session.config, this.session.now);
  }

  /** A new pair from Shopify, stored sealed at once, or the one another operation just obtained. */
  private async renew(): Promise<void> {
    this.session.credentials = await renewCredentials(this.session.stored, this.credentials, this.rotation);
  }

  /** One GraphQL query, waiting out throttling; the `data` of the answer. */
  async query<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const maxRetries = this.options.maxRetries ?? 3;
    const maxWait = this.options.maxRetryAfterMs ?? 60_000;
    const sleep = this.options.sleep ?? waits.sleep;
    const shop = this.credentials.shop;
    let renewed = false;
    if (!this.rotation.isFresh(this.credentials)) {
      await this.renew();
      renewed = true;
    }
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
      if (response.status === 401 && !renewed) {
        // Expired early or revoked: renew once. A refused renewal explains itself
        // (SHOPIFY_RENEWAL_REFUSED, unreachable…); only a 401 after a renewal means uninstalled.
        await response.body?.cancel();
        await this.renew();
        renewed = true;
        attempt--;
        continue;
      }
      let wait: number | null = null;
      if (response.status === 429) {
        const retryAfter = retryAfterMs(response.headers.get('Retry-After'), this.session.now().getTime());
        wait = retryAfter ?? 2 ** attempt * 1000;
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
      if (isProtectedDataRefusal({ message: errorsText(body) ?? '' })) {
        throw new ConnectorError('provider', PROTECTED_DATA_MESSAGE);
      }
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
      if (body.errors.some(isProtectedDataRefusal))
        throw new ConnectorError('provider', PROTECTED_DATA_MESSAGE);
      if (body.errors.some((error) => error.extensions?.code === 'MAX_COST_EXCEEDED')) {
        // Our own queries are sized under the limit (decision 073); this is a bug of ours, not the store's.
        throw new ConnectorError(
          'protocol',
          'Shopify refused a query of ESG Pilot as too costly; please report this',
        );
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
