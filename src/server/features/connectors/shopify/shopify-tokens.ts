// Shopify's expiring offline access tokens (decision 073). Public apps created on or after
// 1 April 2026 must use them, and from 1 January 2027 Shopify refuses non-expiring ones
// (shopify.dev/docs/apps/build/authentication-authorization/access-tokens/offline-access-tokens).
// All three grants go to POST https://{shop}/admin/oauth/access_token with a JSON body:
// - the authorisation code: client_id, client_secret, code and `expiring: 1`;
// - a refresh: client_id, client_secret, grant_type=refresh_token, refresh_token
//   (@shopify/shopify-api lib/auth/oauth/refresh-token.ts);
// - a non-expiring token stored before this change: the token-exchange grant with the old token as
//   subject_token and `expiring: '1'` (lib/auth/oauth/migrate-to-expiring-token.ts).
// Each answers access_token, scope, expires_in (3600), refresh_token and refresh_token_expires_in
// (about 90 days); the refresh token rotates with every refresh, as Intuit's and Xero's do, so the
// pair is renewed through token-rotation.ts (decision 033).
import type { Config } from '../../../config.ts';
import type { RotationRules } from '../token-rotation.ts';
import { ConnectorError, GrantRefusedError } from '../types.ts';
import { shopifyOrigin } from './shopify-oauth.ts';

/** What is sealed in connector_connections for a Shopify source. */
export interface ShopifyCredentials {
  /** `{store}.myshopify.com`, checked again before every call. */
  shop: string;
  accessToken: string;
  /** ISO time the access token expires; null for a non-expiring token stored before decision 073. */
  accessTokenExpiresAt: string | null;
  /** Empty for a non-expiring token stored before decision 073 (it is migrated on first use). */
  refreshToken: string;
  /** ISO time the refresh token expires (it is renewed with every refresh). */
  refreshTokenExpiresAt: string | null;
  /** Scopes granted at connect time, e.g. `read_orders`. */
  scope: string;
  /** Test-only SHOPIFY_API_ORIGIN at connect time (a local fake); absent in real use. */
  apiOrigin?: string | null;
}

/** Renew this long before the hour is up, so a page of orders never meets the edge. */
export const SHOPIFY_REFRESH_MARGIN_MS = 5 * 60 * 1000;

export const SHOPIFY_RENEWAL_REFUSED =
  'Shopify no longer renews this connection (the app was uninstalled from the store, its access was revoked, or the store was not synced for 90 days): connect the store again from Data Sources';

const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
const OFFLINE_TOKEN_TYPE = 'urn:shopify:params:oauth:token-type:offline-access-token';

/** Stored JSON as Shopify credentials (older ones have no expiry or refresh token); null otherwise. */
export function parseShopifyCredentials(value: unknown): ShopifyCredentials | null {
  const stored = value as Partial<ShopifyCredentials> | null;
  if (!stored || typeof stored !== 'object') return null;
  if (typeof stored.shop !== 'string' || typeof stored.accessToken !== 'string') return null;
  return {
    shop: stored.shop,
    accessToken: stored.accessToken,
    accessTokenExpiresAt:
      typeof stored.accessTokenExpiresAt === 'string' ? stored.accessTokenExpiresAt : null,
    refreshToken: typeof stored.refreshToken === 'string' ? stored.refreshToken : '',
    refreshTokenExpiresAt:
      typeof stored.refreshTokenExpiresAt === 'string' ? stored.refreshTokenExpiresAt : null,
    scope: typeof stored.scope === 'string' ? stored.scope : '',
    ...(stored.apiOrigin ? { apiOrigin: stored.apiOrigin } : {}),
  };
}

type Grant =
  | { kind: 'code'; code: string }
  | { kind: 'refresh'; credentials: ShopifyCredentials }
  | { kind: 'migrate'; credentials: ShopifyCredentials };

function grantBody(config: Config, grant: Grant): Record<string, unknown> {
  const app = { client_id: config.SHOPIFY_CLIENT_ID, client_secret: config.SHOPIFY_CLIENT_SECRET };
  if (grant.kind === 'code') return { ...app, code: grant.code, expiring: 1 };
  if (grant.kind === 'refresh') {
    return { ...app, grant_type: 'refresh_token', refresh_token: grant.credentials.refreshToken };
  }
  return {
    ...app,
    grant_type: TOKEN_EXCHANGE,
    subject_token: grant.credentials.accessToken,
    subject_token_type: OFFLINE_TOKEN_TYPE,
    requested_token_type: OFFLINE_TOKEN_TYPE,
    expiring: '1',
  };
}

interface TokenAnswer {
  access_token?: unknown;
  scope?: unknown;
  expires_in?: unknown;
  refresh_token?: unknown;
  refresh_token_expires_in?: unknown;
  error?: unknown;
  error_description?: unknown;
  errors?: unknown;
}

const seconds = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;

/** A refusal of the token endpoint in the person's words; `grant` decides which words. */
function refusal(grant: Grant, status: number, body: TokenAnswer | null): ConnectorError {
  if (status === 429)
    return new ConnectorError('rate_limited', 'Shopify is limiting token requests (HTTP 429)');
  if (status >= 500)
    return new ConnectorError('unreachable', `Shopify's token service answered HTTP ${status}`);
  if (body?.error === 'invalid_client') {
    return new ConnectorError(
      'credentials',
      'Shopify did not accept this server’s app registration — ask your administrator to check it.',
    );
  }
  if (grant.kind !== 'code') return new GrantRefusedError(SHOPIFY_RENEWAL_REFUSED);
  const reason =
    typeof body?.error_description === 'string'
      ? body.error_description
      : typeof body?.errors === 'string'
        ? body.errors
        : `HTTP ${status}`;
  return new ConnectorError(
    'credentials',
    `Shopify refused the authorisation code (${reason}); please connect again`,
  );
}

/** One grant at the store's token endpoint; the credentials to store. Throws ConnectorError. */
export async function requestShopifyTokens(
  config: Config,
  shop: string,
  grant: Grant,
  now: Date,
  timeoutMs = 30_000,
): Promise<ShopifyCredentials> {
  let response: Response;
  try {
    response = await fetch(`${shopifyOrigin(config, shop)}/admin/oauth/access_token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(grantBody(config, grant)),
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    throw new ConnectorError(
      'unreachable',
      `Could not reach Shopify at ${shop} to renew access; the sync will try again`,
    );
  }
  const body = (await response.json().catch(() => null)) as TokenAnswer | null;
  if (!response.ok || typeof body?.access_token !== 'string' || !body.access_token) {
    throw refusal(grant, response.status, body);
  }
  const previous = grant.kind === 'code' ? null : grant.credentials;
  const scope = typeof body.scope === 'string' ? body.scope : (previous?.scope ?? '');
  // write_orders implies read_orders, and Shopify may list only the former.
  if (!scope.split(',').some((granted) => /^(read|write)_orders$/.test(granted.trim()))) {
    throw new ConnectorError(
      'credentials',
      'Shopify did not grant read access to orders; please connect again and approve it',
    );
  }
  const at = (offset: number | null) =>
    offset ? new Date(now.getTime() + offset * 1000).toISOString() : null;
  const refreshToken = typeof body.refresh_token === 'string' ? body.refresh_token : '';
  if (!refreshToken || !seconds(body.expires_in)) {
    // Shopify answered a non-expiring token: the app is not asking as decision 073 requires.
    throw new ConnectorError('protocol', 'Shopify answered without an expiring token and a refresh token');
  }
  return {
    shop,
    accessToken: body.access_token,
    accessTokenExpiresAt: at(seconds(body.expires_in)),
    refreshToken,
    refreshTokenExpiresAt: at(seconds(body.refresh_token_expires_in)),
    scope,
    ...(config.SHOPIFY_API_ORIGIN ? { apiOrigin: shopifyOrigin(config, shop) } : {}),
  };
}

/**
 * How Shopify credentials are renewed and judged, for token-rotation.ts: a stored non-expiring
 * token is migrated to an expiring pair; a refresh token past its stored expiry is not even sent.
 */
export function shopifyRotation(config: Config, now: () => Date): RotationRules<ShopifyCredentials> {
  return {
    async refresh(credentials) {
      if (!credentials.refreshToken) {
        return requestShopifyTokens(config, credentials.shop, { kind: 'migrate', credentials }, now());
      }
      const refreshEnd = credentials.refreshTokenExpiresAt
        ? Date.parse(credentials.refreshTokenExpiresAt)
        : null;
      if (refreshEnd !== null && refreshEnd <= now().getTime())
        throw new GrantRefusedError(SHOPIFY_RENEWAL_REFUSED);
      return requestShopifyTokens(config, credentials.shop, { kind: 'refresh', credentials }, now());
    },
    parse: parseShopifyCredentials,
    isFresh: (credentials) =>
      credentials.accessTokenExpiresAt !== null &&
      credentials.refreshToken !== '' &&
      Date.parse(credentials.accessTokenExpiresAt) - SHOPIFY_REFRESH_MARGIN_MS > now().getTime(),
    now,
  };
}
