// Intuit OAuth 2.0 for the QuickBooks Online connector (decision 024): the authorisation URL, the
// code exchange and the token refresh, through arctic's generic OAuth2Client. arctic's `Intuit`
// provider hard-codes Intuit's endpoints, so tests could not point it at the local fake; the
// generic client does the same requests (client secret as HTTP Basic, RFC 6749 §2.3.1) with
// endpoints we choose: Intuit's own unless QUICKBOOKS_OAUTH_ORIGIN (tests only) is set.
import {
  ArcticFetchError,
  OAuth2Client,
  OAuth2RequestError,
  type OAuth2Tokens,
  UnexpectedErrorResponseBodyError,
  UnexpectedResponseError,
} from 'arctic';
import type { Config } from '../../../config.ts';
import { ConnectorError, GrantRefusedError, type StoredSource } from '../types.ts';

/** Intuit's endpoints (discovery document https://developer.api.intuit.com/.well-known/openid_configuration). */
const INTUIT_AUTHORIZATION_ENDPOINT = 'https://appcenter.intuit.com/connect/oauth2';
const INTUIT_TOKEN_ENDPOINT = 'https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer';
const INTUIT_REVOCATION_ENDPOINT = 'https://developer.api.intuit.com/v2/oauth2/tokens/revoke';

/** Accounting API base URLs ("Accounting API > Base URL" in Intuit's developer docs). */
const API_ORIGINS = {
  production: 'https://quickbooks.api.intuit.com',
  sandbox: 'https://sandbox-quickbooks.api.intuit.com',
} as const;

/** Read access to the books is all the connector needs. */
export const QUICKBOOKS_SCOPES = ['com.intuit.quickbooks.accounting'];

export const QUICKBOOKS_CALLBACK_PATH = '/api/integrations/quickbooks/callback';

export const RECONNECT_MESSAGE =
  'QuickBooks no longer accepts this connection (access was revoked or has expired): connect QuickBooks again from Data Sources.';

export interface QuickBooksApp {
  client: OAuth2Client;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  apiOrigin: string;
}

/** Intuit's endpoint with its origin replaced by the test origin, path kept. */
function endpoint(official: string, testOrigin: string | undefined): string {
  if (!testOrigin) return official;
  const url = new URL(official);
  return new URL(url.pathname, testOrigin).toString();
}

/** Intuit's revocation endpoint (the discovery document's revocation_endpoint), moved like the others. */
export function intuitRevocationEndpoint(config: Config): string {
  return endpoint(INTUIT_REVOCATION_ENDPOINT, config.QUICKBOOKS_OAUTH_ORIGIN);
}

/**
 * The app registered with Intuit, or null when QUICKBOOKS_CLIENT_ID/SECRET are unset. The
 * redirect URI is needed to start a flow and to exchange its code; a refresh needs none.
 */
export function quickBooksApp(config: Config, redirectUri: string | null = null): QuickBooksApp | null {
  if (!config.QUICKBOOKS_CLIENT_ID || !config.QUICKBOOKS_CLIENT_SECRET) return null;
  return {
    client: new OAuth2Client(config.QUICKBOOKS_CLIENT_ID, config.QUICKBOOKS_CLIENT_SECRET, redirectUri),
    authorizationEndpoint: endpoint(INTUIT_AUTHORIZATION_ENDPOINT, config.QUICKBOOKS_OAUTH_ORIGIN),
    tokenEndpoint: endpoint(INTUIT_TOKEN_ENDPOINT, config.QUICKBOOKS_OAUTH_ORIGIN),
    apiOrigin: (config.QUICKBOOKS_API_ORIGIN ?? API_ORIGINS[config.QUICKBOOKS_ENVIRONMENT]).replace(
      /\/+$/,
      '',
    ),
  };
}

/** What is sealed in connector_connections for a QuickBooks source. */
export interface QuickBooksTokens {
  /** Marks the sealed JSON as QuickBooks tokens (registry.ts binds them to a session). */
  provider: 'quickbooks';
  /** The QuickBooks company id Intuit returned with the code. */
  realmId: string;
  accessToken: string;
  /** ISO 8601; Intuit's access tokens last one hour. */
  accessTokenExpiresAt: string;
  refreshToken: string;
  /** ISO 8601 or null; Intuit's refresh tokens last about 100 days and rotate. */
  refreshTokenExpiresAt: string | null;
}

export function isQuickBooksTokens(value: unknown): value is QuickBooksTokens {
  const tokens = value as Partial<QuickBooksTokens> | null;
  return (
    typeof tokens === 'object' &&
    tokens !== null &&
    tokens.provider === 'quickbooks' &&
    typeof tokens.realmId === 'string' &&
    typeof tokens.accessToken === 'string' &&
    typeof tokens.refreshToken === 'string'
  );
}

/**
 * Tokens as stored. Expiries are computed from our clock (not arctic's Date.now()) so they follow
 * the server's notion of time; Intuit sends the refresh token's lifetime as x_refresh_token_expires_in.
 * A refresh answer without a refresh token keeps the previous one.
 */
export function storedTokens(
  tokens: OAuth2Tokens,
  realmId: string,
  now: Date,
  previous: QuickBooksTokens | null = null,
): QuickBooksTokens {
  const data = tokens.data as { expires_in?: unknown; x_refresh_token_expires_in?: unknown };
  const seconds = (value: unknown, fallback: number) =>
    typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
  const at = (offsetSeconds: number) => new Date(now.getTime() + offsetSeconds * 1000).toISOString();
  const hasRefresh = tokens.hasRefreshToken();
  if (!hasRefresh && !previous) {
    throw new ConnectorError('protocol', 'Intuit did not return a refresh token');
  }
  return {
    provider: 'quickbooks',
    realmId,
    accessToken: tokens.accessToken(),
    accessTokenExpiresAt: at(seconds(data.expires_in, 3600)),
    refreshToken: hasRefresh ? tokens.refreshToken() : previous!.refreshToken,
    refreshTokenExpiresAt:
      typeof data.x_refresh_token_expires_in === 'number'
        ? at(seconds(data.x_refresh_token_expires_in, 0))
        : hasRefresh
          ? null
          : (previous?.refreshTokenExpiresAt ?? null),
  };
}

/** arctic's token-endpoint failures, in the connector's words. */
export function tokenEndpointError(error: unknown, action: 'renew' | 'authorise'): ConnectorError {
  if (error instanceof OAuth2RequestError) {
    if (error.code === 'invalid_grant') {
      return action === 'renew'
        ? new GrantRefusedError(RECONNECT_MESSAGE)
        : new ConnectorError(
            'credentials',
            'Intuit refused the authorisation code (it expired or was used): connect again.',
          );
    }
    if (error.code === 'invalid_client') {
      return new ConnectorError(
        'credentials',
        'Intuit did not accept this server’s app registration — ask your administrator to check it.',
      );
    }
    const detail = error.description ? `: ${error.description}` : '';
    return new ConnectorError('credentials', `Intuit refused to ${action} access (${error.code})${detail}`);
  }
  if (error instanceof ArcticFetchError) {
    return new ConnectorError('unreachable', `Could not reach Intuit to ${action} access`);
  }
  if (error instanceof UnexpectedResponseError || error instanceof UnexpectedErrorResponseBodyError) {
    if (error.status === 429)
      return new ConnectorError('rate_limited', 'Intuit is limiting requests (HTTP 429)');
    if (error.status >= 500) {
      return new ConnectorError('unreachable', `Intuit's token service answered HTTP ${error.status}`);
    }
    return new ConnectorError('protocol', `Intuit's token service answered HTTP ${error.status}`);
  }
  if (error instanceof ConnectorError) return error;
  return new ConnectorError('protocol', `Intuit's token service answered something unexpected`);
}

/** A new access token (and, as Intuit rotates them, usually a new refresh token). */
export async function refreshQuickBooksTokens(
  app: QuickBooksApp,
  tokens: QuickBooksTokens,
  now: Date,
): Promise<QuickBooksTokens> {
  if (tokens.refreshTokenExpiresAt && Date.parse(tokens.refreshTokenExpiresAt) <= now.getTime()) {
    throw new GrantRefusedError(RECONNECT_MESSAGE);
  }
  try {
    const fresh = await app.client.refreshAccessToken(app.tokenEndpoint, tokens.refreshToken, []);
    return storedTokens(fresh, tokens.realmId, now, tokens);
  } catch (error) {
    throw tokenEndpointError(error, 'renew');
  }
}

/**
 * What the adapter works with: the tokens, the app (to refresh them) and the stored source, where
 * new tokens go at once, since Intuit may invalidate the old refresh token as soon as it issues a
 * new one (token-rotation.ts, decision 033).
 */
export interface QuickBooksSession {
  tokens: QuickBooksTokens;
  /** null when the server's QuickBooks app credentials were removed since the connection. */
  app: QuickBooksApp | null;
  now: () => Date;
  /** Absent while connecting: nothing is stored yet, the connect flow keeps `tokens`. */
  stored?: StoredSource;
}

export function quickBooksSession(
  config: Config,
  now: () => Date,
  tokens: QuickBooksTokens,
  stored: StoredSource | undefined,
): QuickBooksSession {
  return { tokens, app: quickBooksApp(config), now, stored };
}
