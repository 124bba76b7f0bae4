// Shopify's authorization code grant, as its guide "Implement authorization code grant manually"
// describes (shopify.dev/docs/apps/build/authentication-authorization/access-tokens/
// authorization-code-grant): redirect to https://{shop}/admin/oauth/authorize with client_id,
// scope, redirect_uri and state; on the way back check the state, the hmac, that `shop` is a
// *.myshopify.com host, then POST the code to https://{shop}/admin/oauth/access_token.
import type { Config } from '../../../config.ts';

/**
 * The one Admin API version the connector speaks (decision 073: the upgrade routine). Shopify
 * releases a stable version each quarter and supports each for at least twelve months
 * (shopify.dev/docs/api/usage/versioning); 2026-10 is the stable release of October 2026.
 */
export const SHOPIFY_API_VERSION = '2026-10';

/** Orders only: revenue and shipping lines (spec §2). Read-only. */
export const SHOPIFY_SCOPE = 'read_orders';

/**
 * How far the callback's `timestamp` may be from our clock: the tolerance of Shopify's own
 * library (@shopify/shopify-api, HMAC_TIMESTAMP_PERMITTED_CLOCK_TOLERANCE_SEC = 90).
 */
export const SHOPIFY_TIMESTAMP_TOLERANCE_SECONDS = 90;

/** The store name people type (spec §5: without .myshopify.com): its myshopify.com subdomain. */
const STORE_NAME = /^[a-z0-9][a-z0-9-]{0,59}$/;
/** Shopify's documented check of the `shop` parameter (a-z, 0-9, hyphens, then .myshopify.com). */
const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

export const BAD_STORE_NAME_MESSAGE =
  'Enter your store name as it appears in your-store.myshopify.com: lowercase letters, digits and hyphens only';

/**
 * `{name}.myshopify.com` for a valid store name, else null. Nothing but that exact shape is ever
 * fetched, so a store name cannot point the server at another host (SSRF).
 */
export function shopDomainFromName(name: string): string | null {
  return STORE_NAME.test(name) ? `${name}.myshopify.com` : null;
}

export function isShopDomain(value: string): boolean {
  return value.length <= 80 && SHOP_DOMAIN.test(value);
}

/** https://{shop}, or the test-only SHOPIFY_API_ORIGIN (a local fake; refused in production). */
export function shopifyOrigin(config: Config, shop: string): string {
  return config.SHOPIFY_API_ORIGIN ? new URL(config.SHOPIFY_API_ORIGIN).origin : `https://${shop}`;
}

export function isShopifyConfigured(config: Config): boolean {
  return Boolean(config.SHOPIFY_CLIENT_ID && config.SHOPIFY_CLIENT_SECRET);
}

export function shopifyAuthorizeUrl(
  config: Config,
  input: { shop: string; redirectUri: string; state: string },
): string {
  const url = new URL('/admin/oauth/authorize', shopifyOrigin(config, input.shop));
  url.searchParams.set('client_id', config.SHOPIFY_CLIENT_ID ?? '');
  url.searchParams.set('scope', SHOPIFY_SCOPE);
  url.searchParams.set('redirect_uri', input.redirectUri);
  url.searchParams.set('state', input.state);
  return url.toString();
}

const encoder = new TextEncoder();

/**
 * The message Shopify signs: every query parameter but `hmac` (and the legacy `signature`), sorted
 * by name and encoded as URLSearchParams encodes them, then every `+` written `%20`, as Shopify's
 * own library does (stringifyQueryForAdmin → ProcessedQuery.stringify in @shopify/shopify-api,
 * lib/utils/processed-query.ts): a space in a value (a shop's locale label, a `state` of ours
 * never has one) is signed as %20, not +. Values are signed encoded: `host` is base64 and often
 * ends in `=`.
 */
export function shopifyHmacMessage(params: ReadonlyArray<readonly [string, string]>): string {
  const kept = params
    .filter(([key]) => key !== 'hmac' && key !== 'signature')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(kept.map(([key, value]) => [key, value])).toString().replace(/\+/g, '%20');
}

function hmacKey(secret: string, usage: 'sign' | 'verify') {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    usage,
  ]);
}

/** Hex HMAC-SHA256 of the message: what the fake provider (and Shopify) put in `hmac`. */
export async function signShopifyQuery(
  secret: string,
  params: ReadonlyArray<readonly [string, string]>,
): Promise<string> {
  const signature = await crypto.subtle.sign(
    'HMAC',
    await hmacKey(secret, 'sign'),
    encoder.encode(shopifyHmacMessage(params)),
  );
  return [...new Uint8Array(signature)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * True when `hmac` is the HMAC-SHA256 of the other parameters under the app secret. WebCrypto's
 * verify compares in constant time; a malformed hmac is simply false.
 */
export async function verifyShopifyHmac(
  secret: string,
  params: ReadonlyArray<readonly [string, string]>,
): Promise<boolean> {
  const given = params.find(([key]) => key === 'hmac')?.[1] ?? '';
  if (!/^[0-9a-f]{64}$/i.test(given)) return false;
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i++) bytes[i] = Number.parseInt(given.slice(i * 2, i * 2 + 2), 16);
  return crypto.subtle.verify(
    'HMAC',
    await hmacKey(secret, 'verify'),
    bytes,
    encoder.encode(shopifyHmacMessage(params)),
  );
}
