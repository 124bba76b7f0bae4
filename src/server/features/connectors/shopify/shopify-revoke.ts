// Revoking a Shopify connection when its source is deleted (decision 029): the app uninstalls
// itself from the store, which revokes its access token. Shopify's "Uninstall an app with an API
// request" (shopify.dev/docs/apps/build/authentication-authorization/app-installation/uninstall-app-api-request):
//   DELETE https://{shop}/admin/api_permissions/current.json
//   X-Shopify-Access-Token: <token>  →  200 {}
// The access token expires after an hour (decision 073): one that is due is renewed first (not
// stored: the source is already deleted), and a renewal Shopify refuses means the app already
// lost its access, as a 401 does (the merchant uninstalled it): nothing is left to revoke. The
// store's host (or the test-only origin kept with the token) is the only place the token is sent,
// redirects are not followed, as for the Admin API (shopify-client.ts).

import { revocationRefused, revocationRequest } from '../revoke-http.ts';
import { latestCredentials, renewCredentials } from '../token-rotation.ts';
import { ConnectorError, type ConnectorSession, GrantRefusedError } from '../types.ts';
import { isShopDomain } from './shopify-oauth.ts';
import { parseShopifyCredentials, type ShopifyCredentials, shopifyRotation } from './shopify-tokens.ts';

/** Credentials whose access token still works, or null when Shopify no longer renews them. */
async function liveCredentials(held: ShopifyCredentials, session: ConnectorSession) {
  const rotation = shopifyRotation(session.config, session.now);
  const latest = await latestCredentials(session.stored, held);
  if (rotation.isFresh(latest)) return latest;
  try {
    return await renewCredentials(session.stored, latest, rotation);
  } catch (error) {
    if (error instanceof GrantRefusedError) return null;
    throw error;
  }
}

export async function revokeShopify(stored: ShopifyCredentials, session: ConnectorSession): Promise<void> {
  const held = parseShopifyCredentials(stored);
  if (!held || !isShopDomain(held.shop)) {
    throw new ConnectorError('credentials', 'the stored Shopify token could not be read');
  }
  const credentials = await liveCredentials(held, session);
  if (!credentials) return;
  const origin = credentials.apiOrigin ?? `https://${credentials.shop}`;
  const response = await revocationRequest(
    'Shopify',
    `${origin}/admin/api_permissions/current.json`,
    {
      method: 'DELETE',
      headers: { 'X-Shopify-Access-Token': credentials.accessToken, Accept: 'application/json' },
    },
    session.signal,
  );
  if (response.ok || response.status === 401) {
    await response.body?.cancel().catch(() => undefined);
    return;
  }
  throw await revocationRefused('Shopify', response);
}
