// Xero's OAuth 2.0 app: endpoints, scopes and the token exchanges, through arctic's generic
// OAuth2Client (authorization code + PKCE S256; the client secret goes as HTTP Basic, which Xero's
// token endpoint accepts). Endpoints from Xero's "OAuth 2.0 auth flow" guide
// (https://developer.xero.com/documentation/guides/oauth2/auth-flow/): authorize on
// login.xero.com, tokens on identity.xero.com, the granted organisations on api.xero.com/connections.
import {
  ArcticFetchError,
  OAuth2Client,
  OAuth2RequestError,
  type OAuth2Tokens,
  UnexpectedResponseError,
} from 'arctic';
import { noLongerSetUpMessage } from '../../../../domain/connectors/set-up-words.ts';
import type { Config } from '../../../config.ts';
import type { RotationRules } from '../token-rotation.ts';
import { ConnectorError, GrantRefusedError } from '../types.ts';

/** Refresh this long before the 30-minute access token expires, so a page never meets the edge. */
export const XERO_REFRESH_MARGIN_MS = 2 * 60 * 1000;

/** Access token lifetime when the token endpoint omits expires_in (Xero documents 30 minutes). */
const DEFAULT_EXPIRES_IN_S = 30 * 60;

export const XERO_RECONNECT =
  'Xero no longer accepts this connection (the authorisation expired or was revoked): delete this source and connect Xero again';

/** What is sealed in connector_connections for a Xero source. */
export interface XeroCredentials {
  accessToken: string;
  refreshToken: string;
  /** ISO time the access token expires. */
  expiresAt: string;
  tenantId: string;
  /**
   * The scopes Xero granted (the token answer's `scope`), to tell a connection made under another
   * scope set (connecting again helps) from a refusal connecting again cannot fix; absent in
   * credentials stored before decision 075.
   */
  scopes?: string[];
}

export function isXeroCredentials(value: unknown): value is XeroCredentials {
  const credentials = value as Partial<XeroCredentials> | null;
  return (
    typeof credentials === 'object' &&
    credentials !== null &&
    typeof credentials.accessToken === 'string' &&
    typeof credentials.refreshToken === 'string' &&
    typeof credentials.expiresAt === 'string' &&
    typeof credentials.tenantId === 'string' &&
    (credentials.scopes === undefined || Array.isArray(credentials.scopes))
  );
}

/**
 * How Xero credentials are refreshed and judged, for token-rotation.ts: `refresh` defaults to the
 * token endpoint through arctic; fresh means more than `marginMs` left on the access token.
 */
export function xeroRotation(
  config: Config,
  now: () => Date,
  marginMs = XERO_REFRESH_MARGIN_MS,
  refresh: (credentials: XeroCredentials) => Promise<XeroCredentials> = (credentials) =>
    refreshXeroTokens(config, credentials, now()),
): RotationRules<XeroCredentials> {
  return {
    refresh,
    parse: (value) => (isXeroCredentials(value) ? value : null),
    isFresh: (credentials) => Date.parse(credentials.expiresAt) - now().getTime() > marginMs,
    now,
  };
}

const origin = (value: string | undefined, fallback: string) => new URL(value ?? fallback).origin;

/** Xero's documented endpoints; XERO_*_ORIGIN (tests only, refused in production) move them. */
export function xeroEndpoints(config: Config) {
  const api = origin(config.XERO_API_ORIGIN, 'https://api.xero.com');
  const identity = origin(config.XERO_IDENTITY_ORIGIN, 'https://identity.xero.com');
  return {
    authorize: `${origin(config.XERO_LOGIN_ORIGIN, 'https://login.xero.com')}/identity/connect/authorize`,
    token: `${identity}/connect/token`,
    revocation: `${identity}/connect/revocation`,
    connections: `${api}/connections`,
    accounting: `${api}/api.xro/2.0`,
  };
}

/** The app's OAuth client, or null when XERO_CLIENT_ID / XERO_CLIENT_SECRET are not set. */
export function xeroOAuthClient(config: Config, redirectUri: string | null): OAuth2Client | null {
  if (!config.XERO_CLIENT_ID || !config.XERO_CLIENT_SECRET) return null;
  return new OAuth2Client(config.XERO_CLIENT_ID, config.XERO_CLIENT_SECRET, redirectUri);
}

/** Credentials from a token answer; a refresh answer without a new refresh token keeps the old one. */
export function credentialsFromTokens(
  tokens: OAuth2Tokens,
  tenantId: string,
  now: Date,
  previous?: Pick<XeroCredentials, 'refreshToken' | 'scopes'>,
): XeroCredentials {
  let expiresIn = DEFAULT_EXPIRES_IN_S;
  try {
    expiresIn = tokens.accessTokenExpiresInSeconds();
  } catch {
    // expires_in absent: Xero's documented 30 minutes.
  }
  const refreshToken = tokens.hasRefreshToken() ? tokens.refreshToken() : previous?.refreshToken;
  const scopes = tokens.hasScopes() ? tokens.scopes() : previous?.scopes;
  if (!refreshToken) {
    throw new ConnectorError(
      'protocol',
      'Xero answered without a refresh token (offline_access not granted)',
    );
  }
  return {
    accessToken: tokens.accessToken(),
    refreshToken,
    expiresAt: new Date(now.getTime() + expiresIn * 1000).toISOString(),
    tenantId,
    ...(scopes ? { scopes } : {}),
  };
}

/** A failed token request as a ConnectorError: invalid_grant means the user must connect again. */
export function tokenError(error: unknown): ConnectorError {
  if (error instanceof OAuth2RequestError) {
    if (error.code === 'invalid_grant') return new GrantRefusedError(XERO_RECONNECT);
    if (error.code === 'invalid_client' || error.code === 'unauthorized_client') {
      return new ConnectorError(
        'credentials',
        `Xero did not accept this server’s app registration (${error.code}) — ask your administrator to check it.`,
      );
    }
    return new ConnectorError('provider', `Xero refused the token request (${error.code})`);
  }
  if (error instanceof ArcticFetchError) {
    return new ConnectorError('unreachable', 'Could not reach Xero’s identity server');
  }
  if (error instanceof UnexpectedResponseError) {
    if (error.status === 429)
      return new ConnectorError('rate_limited', 'Xero is limiting token requests (HTTP 429)');
    if (error.status >= 500) {
      return new ConnectorError('unreachable', `Xero’s identity server answered HTTP ${error.status}`);
    }
    return new ConnectorError('protocol', `Xero’s identity server answered HTTP ${error.status}`);
  }
  if (error instanceof ConnectorError) return error;
  return new ConnectorError(
    'protocol',
    `Xero’s identity server answered something unexpected (${String(error)})`,
  );
}

/** Exchanges a refresh token (Xero rotates it: the answer carries the next one). */
export async function refreshXeroTokens(
  config: Config,
  credentials: XeroCredentials,
  now: Date,
): Promise<XeroCredentials> {
  const client = xeroOAuthClient(config, null);
  if (!client) {
    throw new ConnectorError('credentials', noLongerSetUpMessage('Xero'));
  }
  try {
    const tokens = await client.refreshAccessToken(xeroEndpoints(config).token, credentials.refreshToken, []);
    return credentialsFromTokens(tokens, credentials.tenantId, now, credentials);
  } catch (error) {
    throw tokenError(error);
  }
}
