import type { OAuthConnect, OAuthConnectStarted } from '../../../../domain/contracts/oauth-connect.ts';
import type { AuthedContext, Principal, ServiceContext } from '../../../context.ts';
import { HttpError } from '../../../lib/errors.ts';
import { ConnectorUnavailable } from '../../data-sources/service.ts';
import { consumeOAuthState, createOAuthState } from '../oauth-state.ts';
import { oauthConnectorRefusal } from '../registry.ts';
import { storeConnectedSource } from '../store-source.ts';
import { ConnectorError } from '../types.ts';
import { quickBooksCompanyName } from './quickbooks.ts';
import { QuickBooksClient } from './quickbooks-client.ts';
import {
  QUICKBOOKS_CALLBACK_PATH,
  QUICKBOOKS_SCOPES,
  type QuickBooksTokens,
  quickBooksApp,
  storedTokens,
  tokenEndpointError,
} from './quickbooks-oauth.ts';

export const CONNECTED_LOCATION = '/data-sources?connected=quickbooks';

const failedLocation = (reason: string) => `/data-sources?connect_error=${encodeURIComponent(reason)}`;

const redirectUri = (origin: string) => `${origin}${QUICKBOOKS_CALLBACK_PATH}`;

/** Records the flow for the caller and returns where to send the browser. */
export async function startQuickBooksConnect(
  ctx: AuthedContext,
  origin: string,
  input: OAuthConnect,
): Promise<OAuthConnectStarted> {
  const app = quickBooksApp(ctx.config, redirectUri(origin));
  if (!app) throw new ConnectorUnavailable(oauthConnectorRefusal('quickbooks', ctx.config, ctx.log)!);
  const state = await createOAuthState(ctx, { provider: 'quickbooks', sourceName: input.name ?? '' });
  const url = app.client.createAuthorizationURL(app.authorizationEndpoint, state, QUICKBOOKS_SCOPES);
  return { authorizationUrl: url.toString() };
}

export interface QuickBooksCallback {
  code?: string;
  state?: string;
  realmId?: string;
  error?: string;
}

/** Where the callback sends the browser: the connected source, or the reason it was not connected. */
export async function finishQuickBooksConnect(
  ctx: ServiceContext,
  principal: Principal | null,
  origin: string,
  query: QuickBooksCallback,
): Promise<string> {
  try {
    await connectFromCallback(ctx, principal, origin, query);
    return CONNECTED_LOCATION;
  } catch (error) {
    if (
      error instanceof HttpError ||
      error instanceof ConnectorError ||
      error instanceof ConnectorUnavailable
    ) {
      return failedLocation(error.message);
    }
    ctx.log.error('QuickBooks connection failed', {
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    return failedLocation('Something went wrong while connecting QuickBooks. Please try again.');
  }
}

async function connectFromCallback(
  ctx: ServiceContext,
  principal: Principal | null,
  origin: string,
  query: QuickBooksCallback,
): Promise<void> {
  if (query.error) {
    // Spend the state anyway, so the same link cannot be replayed with a code later.
    await consumeOAuthState(ctx, 'quickbooks', query.state, principal).catch(() => undefined);
    throw new HttpError(
      400,
      query.error === 'access_denied'
        ? 'Access was not allowed in QuickBooks, so nothing was connected.'
        : `QuickBooks did not authorise the connection (${query.error.slice(0, 100)}).`,
    );
  }
  if (!principal) throw new HttpError(401, 'Sign in, then connect QuickBooks again from Data Sources.');
  const flow = await consumeOAuthState(ctx, 'quickbooks', query.state, principal);
  if (principal.role === 'viewer')
    throw new HttpError(403, 'Only members and admins can connect data sources.');
  const realmId = query.realmId ?? '';
  if (!query.code || query.code.length > 2000 || !/^\d{1,32}$/.test(realmId)) {
    throw new HttpError(400, 'QuickBooks did not return an authorisation for a company. Please try again.');
  }
  const app = quickBooksApp(ctx.config, redirectUri(origin));
  if (!app) throw new ConnectorUnavailable(oauthConnectorRefusal('quickbooks', ctx.config, ctx.log)!);
  let tokens: QuickBooksTokens;
  try {
    const answer = await app.client.validateAuthorizationCode(app.tokenEndpoint, query.code, null);
    tokens = storedTokens(answer, realmId, ctx.now());
  } catch (error) {
    throw tokenEndpointError(error, 'authorise');
  }
  // Read the company once: proves the tokens work and names a source the user did not name.
  // Nothing is stored yet: a token refreshed on the way stays in the session and is stored below.
  const session = { tokens, app, now: ctx.now };
  const companyName = await quickBooksCompanyName(new QuickBooksClient(session));
  tokens = session.tokens;
  await storeConnection(
    { ...ctx, ...principal },
    { realmId, companyName, tokens, sourceName: flow.sourceName },
  );
}

interface Connection {
  realmId: string;
  companyName: string | null;
  tokens: QuickBooksTokens;
  /** The name the user gave when starting; empty for none. */
  sourceName: string;
}

/**
 * A company already connected to the caller's company is reconnected (new tokens, status
 * connected, its lines kept) rather than added twice; otherwise a new source is created.
 */
async function storeConnection(ctx: AuthedContext, connection: Connection) {
  await storeConnectedSource(ctx, {
    type: 'quickbooks',
    name:
      connection.sourceName ||
      (connection.companyName ? `QuickBooks ${connection.companyName}` : 'QuickBooks'),
    status: 'connected',
    config: {
      realmId: connection.realmId,
      companyName: connection.companyName,
      environment: ctx.config.QUICKBOOKS_ENVIRONMENT,
    },
    credentials: connection.tokens,
    sameAccount: { path: '$.realmId', value: connection.realmId },
  });
}
