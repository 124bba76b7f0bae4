// The state nonce of an OAuth connection in flight (Shopify, QuickBooks, Xero). The browser carries
// the random state; the database keeps only its SHA-256, who started the flow and the PKCE
// verifier (sealed). Consuming deletes the row, so a state works once (RFC 6749 §10.12).
import { encodeBase64urlNoPadding } from '@oslojs/encoding';
import { and, eq, gt } from 'drizzle-orm';
import { connectorOauthStates } from '../../../../db/schema/connectors.ts';
import { sha256Hex } from '../../../domain/sha256.ts';
import type { AuthedContext, ServiceContext } from '../../context.ts';
import { HttpError } from '../../lib/errors.ts';
import { openSecret, sealSecret } from '../../lib/secret-box.ts';

export type OAuthProvider = 'shopify' | 'quickbooks' | 'xero';

/** Long enough to finish a provider's consent screen, short enough to limit a leaked link. */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

export interface OAuthStart {
  provider: OAuthProvider;
  sourceName: string;
  /** Shopify: the validated `{shop}.myshopify.com`. */
  shop?: string | null;
  /** PKCE verifier, when the provider uses PKCE. */
  codeVerifier?: string | null;
}

export interface OAuthInFlight {
  provider: OAuthProvider;
  companyId: string;
  userId: string;
  sourceName: string;
  shop: string | null;
  codeVerifier: string | null;
}

function randomState(): string {
  return encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(32)));
}

/** Records a new flow for the caller and returns the state to put in the authorisation URL. */
export async function createOAuthState(ctx: AuthedContext, start: OAuthStart): Promise<string> {
  const state = randomState();
  const stateHash = sha256Hex(state);
  await ctx.db.insert(connectorOauthStates).values({
    stateHash,
    provider: start.provider,
    companyId: ctx.companyId,
    userId: ctx.userId,
    shop: start.shop ?? null,
    sealedVerifier: start.codeVerifier
      ? await sealSecret(ctx.config, start.codeVerifier, `oauth_state:${stateHash}`, ctx.log)
      : null,
    sourceName: start.sourceName,
    expiresAt: new Date(ctx.now().getTime() + OAUTH_STATE_TTL_MS),
    createdAt: ctx.now(),
  });
  return state;
}

export const oauthStateRefused = () =>
  new HttpError(
    400,
    'This connection request has expired or was already used. Start again from Data Sources.',
    'oauth_state_invalid',
  );

/**
 * Takes the flow for `state` out of the table (single use). Refuses an unknown, expired or
 * already-used state, one of another provider, and one started by someone other than `caller`
 * when a caller is given (the callback must come back to the browser that started it).
 */
export async function consumeOAuthState(
  ctx: ServiceContext,
  provider: OAuthProvider,
  state: string | undefined,
  caller?: { userId: string; companyId: string } | null,
): Promise<OAuthInFlight> {
  if (!state || state.length > 200) throw oauthStateRefused();
  const stateHash = sha256Hex(state);
  const row = await ctx.db
    .delete(connectorOauthStates)
    .where(
      and(
        eq(connectorOauthStates.stateHash, stateHash),
        eq(connectorOauthStates.provider, provider),
        gt(connectorOauthStates.expiresAt, ctx.now()),
      ),
    )
    .returning()
    .get();
  if (!row) throw oauthStateRefused();
  if (caller && (caller.userId !== row.userId || caller.companyId !== row.companyId)) {
    throw oauthStateRefused();
  }
  return {
    provider,
    companyId: row.companyId,
    userId: row.userId,
    sourceName: row.sourceName,
    shop: row.shop,
    codeVerifier: row.sealedVerifier
      ? await openSecret(ctx.config, row.sealedVerifier, `oauth_state:${stateHash}`, ctx.log)
      : null,
  };
}
