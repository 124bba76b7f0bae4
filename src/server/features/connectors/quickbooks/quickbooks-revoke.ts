// Revoking a QuickBooks connection when its source is deleted (decision 029). Intuit's "Revoke
// token" call (developer.intuit.com, OAuth 2.0 → "Revoke access tokens"; the revocation_endpoint
// of https://developer.api.intuit.com/.well-known/openid_configuration):
//   POST https://developer.api.intuit.com/v2/oauth2/tokens/revoke
//   Authorization: Basic base64(client_id:client_secret), Accept and Content-Type application/json
//   {"token": "<refresh token>"}  →  200 with an empty body.
// Revoking the refresh token ends the whole grant: its access tokens stop working too, and the app
// disappears from the company's connected apps in QuickBooks. The token sent is the live one: if a
// sync of this process is refreshing the source, or has just rotated the token read before the
// delete, its new refresh token is revoked instead (token-rotation.ts, decision 033).

import { noLongerSetUpMessage } from '../../../../domain/connectors/set-up-words.ts';
import { basicAuthorization, revocationRefused, revocationRequest } from '../revoke-http.ts';
import { latestCredentials } from '../token-rotation.ts';
import { ConnectorError, type ConnectorSession } from '../types.ts';
import { intuitRevocationEndpoint, isQuickBooksTokens, type QuickBooksTokens } from './quickbooks-oauth.ts';

export async function revokeQuickBooks(read: QuickBooksTokens, session: ConnectorSession): Promise<void> {
  if (!isQuickBooksTokens(read)) {
    throw new ConnectorError('credentials', 'the stored QuickBooks tokens could not be read');
  }
  const tokens = await latestCredentials(session.stored, read);
  const { QUICKBOOKS_CLIENT_ID: clientId, QUICKBOOKS_CLIENT_SECRET: clientSecret } = session.config;
  if (!clientId || !clientSecret) {
    throw new ConnectorError('credentials', noLongerSetUpMessage('QuickBooks'));
  }
  const response = await revocationRequest(
    'Intuit',
    intuitRevocationEndpoint(session.config),
    {
      method: 'POST',
      headers: {
        Authorization: basicAuthorization(clientId, clientSecret),
        Accept: 'application/json',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ token: tokens.refreshToken }),
    },
    session.signal,
  );
  if (!response.ok) throw await revocationRefused('Intuit', response);
  await response.body?.cancel().catch(() => undefined);
}
