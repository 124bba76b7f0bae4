// Revoking a Shopify connection when its source is deleted (decision 029): the app uninstalls
// itself from the store, which revokes its access token. Shopify's "Uninstall an app with an API
// request" (shopify.dev/docs/apps/build/authentication-authorization/app-installation/uninstall-app-api-request):
//   DELETE https://{shop}/admin/api_permissions/current.json
//   X-Shopify-Access-Token: <token>  →  200 {}
// A 401 means the token no longer works (the merchant already uninstalled the app): nothing is
// left to revoke. The store's host (or the test-only origin kept with the token) is the only
// place the token is sent, redirects are not followed, as for the Admin API (shopify-client.ts).

import { revocationRefused, revocationRequest } from './revoke-http.ts';
import type { ShopifyCredentials } from './shopify-client.ts';
import { isShopDomain } from './shopify-oauth.ts';
import { ConnectorError, type ConnectorSession } from './types.ts';

export async function revokeShopify(
  credentials: ShopifyCredentials,
  session: ConnectorSession,
): Promise<void> {
  if (!isShopDomain(credentials.shop) || typeof credentials.accessToken !== 'string') {
    throw new ConnectorError('credentials', 'the stored Shopify token could not be read');
  }
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
