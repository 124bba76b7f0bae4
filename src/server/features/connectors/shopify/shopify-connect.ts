import type { AuthedContext } from '../../../context.ts';
import { HttpError } from '../../../lib/errors.ts';
import { ConnectorUnavailable } from '../../data-sources/service.ts';
import { consumeOAuthState, createOAuthState } from '../oauth-state.ts';
import { oauthConnectorRefusal } from '../registry.ts';
import { storeConnectedSource } from '../store-source.ts';
import { ConnectorError } from '../types.ts';
import {
  BAD_STORE_NAME_MESSAGE,
  isShopDomain,
  isShopifyConfigured,
  SHOPIFY_TIMESTAMP_TOLERANCE_SECONDS,
  shopDomainFromName,
  shopifyAuthorizeUrl,
  verifyShopifyHmac,
} from './shopify-oauth.ts';
import { requestShopifyTokens, type ShopifyCredentials } from './shopify-tokens.ts';

export const SHOPIFY_CALLBACK_PATH = '/api/integrations/shopify/callback';

function requireConfigured(ctx: AuthedContext) {
  if (!isShopifyConfigured(ctx.config)) {
    throw new ConnectorUnavailable(oauthConnectorRefusal('shopify', ctx.config, ctx.log)!);
  }
}

const unverified = (why: string) =>
  new HttpError(
    400,
    `Shopify's answer could not be verified (${why}). Start again from Data Sources.`,
    'oauth_invalid',
  );

/** The Shopify authorisation URL to send the browser to. */
export async function startShopifyConnect(
  ctx: AuthedContext,
  input: { shop?: string; name?: string },
  appOrigin: string,
): Promise<string> {
  requireConfigured(ctx);
  const storeName = (input.shop ?? '').trim();
  const shop = shopDomainFromName(storeName);
  if (!shop) throw new HttpError(400, BAD_STORE_NAME_MESSAGE, 'validation_failed');
  const name = (input.name ?? '').trim() || `Shopify ${storeName}`;
  if (name.length > 100)
    throw new HttpError(400, 'The display name is at most 100 characters', 'validation_failed');
  const state = await createOAuthState(ctx, { provider: 'shopify', sourceName: name, shop });
  return shopifyAuthorizeUrl(ctx.config, {
    shop,
    redirectUri: `${appOrigin}${SHOPIFY_CALLBACK_PATH}`,
    state,
  });
}

/**
 * Checks Shopify's redirect and stores the connection; answers the source id. The same store
 * connected again by the same company gets its token replaced (a reconnect), not a second source.
 */
export async function completeShopifyConnect(
  ctx: AuthedContext,
  params: ReadonlyArray<readonly [string, string]>,
): Promise<{ id: string; reconnected: boolean }> {
  requireConfigured(ctx);
  const query = new Map<string, string>();
  for (const [key, value] of params) {
    // A repeated parameter could be signed as one value and used as another: refuse it.
    if (query.has(key)) throw unverified(`the parameter ${key} appears twice`);
    query.set(key, value);
  }
  const error = query.get('error_description') ?? query.get('error');
  if (error && !query.has('code')) {
    throw new HttpError(400, `Shopify did not authorise the connection (${error})`, 'oauth_denied');
  }
  const code = query.get('code');
  const shop = query.get('shop') ?? '';
  const timestamp = query.get('timestamp') ?? '';
  if (!code || !query.get('hmac') || !query.get('state')) throw unverified('parameters are missing');
  if (!(await verifyShopifyHmac(ctx.config.SHOPIFY_CLIENT_SECRET!, params)))
    throw unverified('bad signature');
  if (!isShopDomain(shop)) throw unverified('the shop is not a myshopify.com store');
  const age = Math.abs(ctx.now().getTime() / 1000 - Number(timestamp));
  if (!/^\d{1,12}$/.test(timestamp) || age > SHOPIFY_TIMESTAMP_TOLERANCE_SECONDS) {
    throw unverified('the answer is too old');
  }
  const flow = await consumeOAuthState(ctx, 'shopify', query.get('state'), {
    userId: ctx.userId,
    companyId: ctx.companyId,
  });
  if (flow.shop !== shop) throw unverified('another store answered than the one you asked to connect');

  let credentials: ShopifyCredentials;
  try {
    // An expiring offline token and its refresh token (decision 073).
    credentials = await requestShopifyTokens(ctx.config, shop, { kind: 'code', code }, ctx.now());
  } catch (failure) {
    if (!(failure instanceof ConnectorError)) throw failure;
    throw new HttpError(502, failure.message, 'oauth_exchange_failed');
  }
  return storeShopifySource(ctx, flow.sourceName, credentials);
}

async function storeShopifySource(ctx: AuthedContext, name: string, credentials: ShopifyCredentials) {
  const { id, reconnected } = await storeConnectedSource(ctx, {
    type: 'shopify',
    name,
    status: 'connected',
    config: { shop: credentials.shop },
    credentials,
    // The same store again replaces the token on its source instead of adding a second one.
    sameAccount: { path: '$.shop', value: credentials.shop },
  });
  return { id, reconnected };
}
