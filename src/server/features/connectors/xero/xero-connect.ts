// Connecting Xero (decision 025): the authorisation URL for the signed-in member, then the
// callback that exchanges the code, picks the organisation and stores the source.
import { CodeChallengeMethod, decodeIdToken, generateCodeVerifier, OAuth2RequestError } from 'arctic';
import type { XeroConnect } from '../../../../domain/contracts/data-sources.ts';
import type { AuthedContext } from '../../../context.ts';
import { ConnectorUnavailable } from '../../data-sources/service.ts';
import { consumeOAuthState, createOAuthState } from '../oauth-state.ts';
import { oauthConnectorRefusal } from '../registry.ts';
import { storeConnectedSource } from '../store-source.ts';
import { ConnectorError } from '../types.ts';
import { credentialsFromTokens, tokenError, xeroEndpoints, xeroOAuthClient } from './xero-oauth.ts';
import { xeroScopeSet, xeroScopes } from './xero-scopes.ts';

export const xeroRedirectUri = (origin: string) => `${origin}/api/integrations/xero/callback`;

/** 501 "not configured" without the app credentials; otherwise the URL to send the browser to. */
export async function startXeroConnect(ctx: AuthedContext, input: XeroConnect, origin: string) {
  const client = xeroOAuthClient(ctx.config, xeroRedirectUri(origin));
  if (!client) throw new ConnectorUnavailable(oauthConnectorRefusal('xero', ctx.config, ctx.log)!);
  const codeVerifier = generateCodeVerifier();
  const state = await createOAuthState(ctx, {
    provider: 'xero',
    sourceName: input.name ?? '',
    codeVerifier,
  });
  const url = client.createAuthorizationURLWithPKCE(
    xeroEndpoints(ctx.config).authorize,
    state,
    CodeChallengeMethod.S256,
    codeVerifier,
    xeroScopes(xeroScopeSet(ctx.config)),
  );
  return { authorizationUrl: url.toString() };
}

interface XeroConnection {
  tenantId?: string;
  tenantType?: string;
  tenantName?: string;
  authEventId?: string;
}

/** Xero's access token is a JWT naming the consent that issued it (authentication_event_id). */
function authEventOf(accessToken: string): string | null {
  try {
    const claims = decodeIdToken(accessToken) as Record<string, unknown>;
    return typeof claims.authentication_event_id === 'string' ? claims.authentication_event_id : null;
  } catch {
    return null;
  }
}

/**
 * The organisation to read: GET /connections lists every tenant the user ever granted this app;
 * the ones granted by this consent share its authEventId. The first ORGANISATION among those (or,
 * when the token names no event, the first ORGANISATION) is chosen; practices are not books.
 */
async function chooseTenant(config: AuthedContext['config'], accessToken: string) {
  let response: Response;
  try {
    response = await fetch(xeroEndpoints(config).connections, {
      headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(30_000),
    });
  } catch {
    throw new ConnectorError('unreachable', 'Could not reach Xero to read the connected organisation');
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new ConnectorError(
      'provider',
      `Xero answered HTTP ${response.status} when listing the organisations`,
    );
  }
  const connections = (await response.json().catch(() => null)) as XeroConnection[] | null;
  if (!Array.isArray(connections)) {
    throw new ConnectorError('protocol', 'Xero answered the organisation list with something unexpected');
  }
  const organisations = connections.filter((entry) => entry.tenantType === 'ORGANISATION' && entry.tenantId);
  const event = authEventOf(accessToken);
  const chosen = organisations.find((entry) => event && entry.authEventId === event) ?? organisations[0];
  if (!chosen?.tenantId) {
    throw new ConnectorError(
      'provider',
      'No Xero organisation was connected: choose an organisation on Xero’s consent page',
    );
  }
  return { tenantId: chosen.tenantId, tenantName: chosen.tenantName ?? 'Xero organisation' };
}

/**
 * Xero's refusal at its consent page in the person's words. `unauthorized_client` ("Invalid scope
 * for client") and `invalid_scope` mean this server's app may not ask for these scopes: an app
 * created on or after 2 March 2026 asked for the broad set (decision 075). Connecting again
 * cannot help; the administrator's setting can.
 */
function consentRefusal(error: string, config: AuthedContext['config']): string {
  if (error === 'access_denied') return 'Xero access was not granted';
  if (error === 'unauthorized_client' || error === 'invalid_scope') {
    const other = xeroScopeSet(config) === 'broad' ? 'granular' : 'broad';
    return `Xero refused the permissions this server’s Xero app asks for, so connecting again will not help: ask your administrator to check the app’s scope setting (XERO_SCOPE_SET is “${xeroScopeSet(config)}”; an app created ${other === 'granular' ? 'on or after' : 'before'} 2 March 2026 needs “${other}”).`;
  }
  return `Xero refused the authorisation (${error})`;
}

/**
 * The callback: the state must be this caller's (single use), the code is exchanged with the
 * PKCE verifier kept with the state, then the source (connected), its sealed tokens, the first
 * sync and the audit row are written in one batch. Returns the new source's id.
 */
export async function finishXeroConnect(
  ctx: AuthedContext,
  query: { code?: string; state?: string; error?: string },
  origin: string,
): Promise<string> {
  const flow = await consumeOAuthState(ctx, 'xero', query.state, ctx);
  if (query.error) throw new ConnectorError('provider', consentRefusal(query.error, ctx.config));
  if (!query.code) throw new ConnectorError('protocol', 'Xero sent no authorisation code');
  const client = xeroOAuthClient(ctx.config, xeroRedirectUri(origin));
  if (!client) throw new ConnectorUnavailable(oauthConnectorRefusal('xero', ctx.config, ctx.log)!);
  let tokens: Awaited<ReturnType<typeof client.validateAuthorizationCode>>;
  try {
    tokens = await client.validateAuthorizationCode(
      xeroEndpoints(ctx.config).token,
      query.code,
      flow.codeVerifier,
    );
  } catch (error) {
    if (error instanceof OAuth2RequestError && error.code === 'invalid_grant') {
      throw new ConnectorError(
        'credentials',
        'Xero did not accept the authorisation code: start again from Data Sources',
      );
    }
    throw tokenError(error);
  }
  const tenant = await chooseTenant(ctx.config, tokens.accessToken());
  const credentials = credentialsFromTokens(tokens, tenant.tenantId, ctx.now());
  const { id } = await storeConnectedSource(ctx, {
    type: 'xero',
    name: flow.sourceName || `Xero ${tenant.tenantName}`,
    status: 'connected',
    config: { organisation: tenant.tenantName },
    credentials,
  });
  return id;
}
