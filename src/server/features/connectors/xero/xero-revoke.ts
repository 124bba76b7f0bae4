// Revoking a Xero connection when its source is deleted (decision 029), with Xero's documented
// calls (developer.xero.com/documentation/guides/oauth2/auth-flow/ → "Removing connections" and
// "Revoking tokens"):
//   DELETE https://api.xero.com/connections/{connectionId}  (Bearer)  →  204: this organisation
//   POST https://identity.xero.com/connect/revocation  (Basic, form token=<refresh token>)  →  200
// Xero's tokens belong to the Xero user, not to one organisation, and revoking one removes all of
// that user's connections to the app. So the organisation of the deleted source is disconnected
// first, and the grant is revoked only when it serves no other organisation: a second Xero source
// connected by the same Xero user keeps working. The stored credentials name the tenant, not the
// connection (decision 025), so GET /connections gives the connection's id. A refresh on the way
// goes through token-rotation.ts, and so does the token revoked: a refresh a sync of this process
// has in flight is joined, a pair it has just rotated to is taken, so the live refresh token is the
// one revoked (decision 033).

import { noLongerSetUpMessage } from '../../../../domain/connectors/set-up-words.ts';
import { basicAuthorization, revocationRefused, revocationRequest } from '../revoke-http.ts';
import { latestCredentials, renewCredentials } from '../token-rotation.ts';
import { ConnectorError, type ConnectorSession, GrantRefusedError } from '../types.ts';
import { type XeroCredentials, xeroEndpoints, xeroRotation } from './xero-oauth.ts';

interface XeroConnectionEntry {
  id?: string;
  tenantId?: string;
  tenantType?: string;
}

/** Refresh first when the access token has less than this left: the calls must not meet its end. */
const MARGIN_MS = 60_000;

export async function revokeXero(read: XeroCredentials, session: ConnectorSession): Promise<void> {
  const { XERO_CLIENT_ID: clientId, XERO_CLIENT_SECRET: clientSecret } = session.config;
  if (!clientId || !clientSecret) {
    throw new ConnectorError('credentials', noLongerSetUpMessage('Xero'));
  }
  if (typeof read?.refreshToken !== 'string' || typeof read.tenantId !== 'string') {
    throw new ConnectorError('credentials', 'the stored Xero tokens could not be read');
  }
  const credentials = await latestCredentials(session.stored, read);
  const endpoints = xeroEndpoints(session.config);
  const basic = basicAuthorization(clientId, clientSecret);
  const send = (url: string, init: RequestInit) => revocationRequest('Xero', url, init, session.signal);

  // The token request under the revocation's deadline (arctic takes no AbortSignal).
  const refresh = async (held: XeroCredentials): Promise<XeroCredentials> => {
    const refreshed = await send(endpoints.token, {
      method: 'POST',
      headers: { Authorization: basic, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: held.refreshToken }),
    });
    const body = (await refreshed.json().catch(() => null)) as {
      access_token?: string;
      refresh_token?: string;
      expires_in?: number;
      error?: string;
    } | null;
    if (body?.error === 'invalid_grant') throw new GrantRefusedError('the grant has already ended');
    if (!refreshed.ok || !body?.access_token) throw await revocationRefused('Xero', refreshed);
    // Xero's access tokens last 30 minutes (expires_in 1800).
    const lifetimeMs = (typeof body.expires_in === 'number' ? body.expires_in : 1800) * 1000;
    return {
      ...held,
      accessToken: body.access_token,
      refreshToken: body.refresh_token ?? held.refreshToken,
      expiresAt: new Date(session.now().getTime() + lifetimeMs).toISOString(),
    };
  };
  const rotation = xeroRotation(session.config, session.now, MARGIN_MS, refresh);
  let { accessToken, refreshToken } = credentials;
  if (!rotation.isFresh(credentials)) {
    try {
      ({ accessToken, refreshToken } = await renewCredentials(session.stored, credentials, rotation));
    } catch (error) {
      // The grant was already ended (revoked, disconnected in Xero, unused for 60 days).
      if (error instanceof GrantRefusedError) return;
      throw error;
    }
  }
  const bearer = { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' };

  const listed = await send(endpoints.connections, { headers: bearer });
  if (!listed.ok) throw await revocationRefused('Xero', listed);
  const connections = (await listed.json().catch(() => null)) as XeroConnectionEntry[] | null;
  if (!Array.isArray(connections)) {
    throw new ConnectorError('protocol', 'Xero answered the connection list with something unexpected');
  }
  for (const connection of connections) {
    if (connection.tenantId !== credentials.tenantId || !connection.id) continue;
    const removed = await send(`${endpoints.connections}/${encodeURIComponent(connection.id)}`, {
      method: 'DELETE',
      headers: bearer,
    });
    // 404: already removed.
    if (!removed.ok && removed.status !== 404) throw await revocationRefused('Xero', removed);
    await removed.body?.cancel().catch(() => undefined);
  }
  const servesOthers = connections.some(
    (connection) => connection.tenantId !== credentials.tenantId && connection.tenantType === 'ORGANISATION',
  );
  if (servesOthers) return;

  // RFC 7009 §2.2: 200 also for a token that was no longer valid.
  const revoked = await send(endpoints.revocation, {
    method: 'POST',
    headers: { Authorization: basic, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: refreshToken }),
  });
  if (!revoked.ok) throw await revocationRefused('Xero', revoked);
  await revoked.body?.cancel().catch(() => undefined);
}
