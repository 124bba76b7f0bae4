import { CodeChallengeMethod, decodeIdToken, OAuth2Client } from 'arctic';
import { and, eq } from 'drizzle-orm';
import { memberships, oauthAccounts, users } from '../../../../db/schema/auth.ts';
import type { AuthProviders } from '../../../domain/contracts/auth.ts';
import type { Config } from '../../config.ts';
import type { ServiceContext } from '../../context.ts';
import { HttpError } from '../../lib/errors.ts';
import { auditInsert } from '../audit/service.ts';
import {
  newAccountStatements,
  type RequestMeta,
  type StartedSession,
  startSessionForUser,
} from './service.ts';

export const oauthProviderNames = ['google', 'microsoft'] as const;
export type OAuthProviderName = (typeof oauthProviderNames)[number];

/** Where a provider's endpoints live; tests point them at the fake in tests/fakes/oidc-provider.ts. */
export type OAuthEndpointOverrides = Partial<
  Record<OAuthProviderName, { authorizationEndpoint: string; tokenEndpoint: string; issuer: string }>
>;

export function configuredProviders(config: Config): AuthProviders {
  return {
    password: config.AUTH_PASSWORD_ENABLED,
    google: Boolean(config.GOOGLE_CLIENT_ID),
    microsoft: Boolean(config.MICROSOFT_ENTRA_CLIENT_ID),
  };
}

/** With password sign-in off and exactly one provider, /api/login goes straight to it. */
export function soleSignInRoute(config: Config): string | null {
  const providers = configuredProviders(config);
  if (providers.password) return null;
  const enabled = oauthProviderNames.filter((name) => providers[name]);
  return enabled.length === 1 ? `/api/auth/oauth/${enabled[0]}` : null;
}

export interface OAuthClient {
  createAuthorizationURL(state: string, codeVerifier: string, scopes: string[]): URL;
  validateAuthorizationCode(code: string, codeVerifier: string): Promise<{ idToken(): string }>;
  /** Accepted `iss` values of the ID token. */
  issuers: (issuer: string) => boolean;
}

/** Google's OpenID Connect endpoints (accounts.google.com/.well-known/openid-configuration). */
const googleEndpoints = {
  authorizationEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenEndpoint: 'https://oauth2.googleapis.com/token',
};

/** Microsoft identity platform v2.0 endpoints for a tenant (or common/organizations/consumers). */
function entraEndpoints(tenant: string) {
  const base = `https://login.microsoftonline.com/${encodeURIComponent(tenant)}/oauth2/v2.0`;
  return { authorizationEndpoint: `${base}/authorize`, tokenEndpoint: `${base}/token` };
}

/** Both providers through arctic's OAuth2Client: authorization code + PKCE (S256). */
export function createOAuthClient(
  name: OAuthProviderName,
  config: Config,
  origin: string,
  overrides: OAuthEndpointOverrides = {},
): OAuthClient | null {
  const redirectUri = `${origin}/api/auth/oauth/${name}/callback`;
  const override = overrides[name];
  const clientId = name === 'google' ? config.GOOGLE_CLIENT_ID : config.MICROSOFT_ENTRA_CLIENT_ID;
  const clientSecret = name === 'google' ? config.GOOGLE_CLIENT_SECRET : config.MICROSOFT_ENTRA_CLIENT_SECRET;
  if (!clientId || !clientSecret) return null;
  const tenant = config.MICROSOFT_ENTRA_TENANT_ID;
  const endpoints = override ?? (name === 'google' ? googleEndpoints : entraEndpoints(tenant));
  const client = new OAuth2Client(clientId, clientSecret, redirectUri);
  const issuers = (issuer: string) => {
    if (override) return issuer === override.issuer;
    // Google's documented issuers (OpenID Connect, "Validating an ID token").
    if (name === 'google')
      return issuer === 'https://accounts.google.com' || issuer === 'accounts.google.com';
    // Entra ID v2 issuer: https://login.microsoftonline.com/{tenant id}/v2.0.
    const multiTenant = ['common', 'organizations', 'consumers'].includes(tenant);
    return (
      /^https:\/\/login\.microsoftonline\.com\/[0-9a-f-]{36}\/v2\.0$/.test(issuer) &&
      (multiTenant || issuer.includes(tenant))
    );
  };
  return {
    createAuthorizationURL: (state, verifier, scopes) =>
      client.createAuthorizationURLWithPKCE(
        endpoints.authorizationEndpoint,
        state,
        CodeChallengeMethod.S256,
        verifier,
        scopes,
      ),
    validateAuthorizationCode: (code, verifier) =>
      client.validateAuthorizationCode(endpoints.tokenEndpoint, code, verifier),
    issuers,
  };
}

export interface IdentityClaims {
  subject: string;
  email: string;
  /** The provider vouches that this person owns `email` (see `isEmailVerified`). */
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

/**
 * Whether the provider asserts that the person owns the address (decision 041). Google:
 * `email_verified` (OpenID Connect Core §5.1). Microsoft Entra ID never sends `email_verified`, and
 * its `email` claim "isn't guaranteed to be correct … Never use it for authorization" (Microsoft
 * identity platform, ID token claims reference): only the optional claim `xms_edov` (email domain
 * owner verified, optional claims reference) says the tenant owns the address's domain.
 */
export function isEmailVerified(provider: OAuthProviderName, claims: Record<string, unknown>): boolean {
  return provider === 'google' ? claims.email_verified === true : claims.xms_edov === true;
}

/**
 * Refused when an unverified address would decide whose account this is: linking to an existing
 * account, or opening a new one under an address an invitation may be bound to. One answer for
 * both, so it does not tell whether the address has an account.
 */
export const unverifiedEmailRefusal = () =>
  new HttpError(
    403,
    'Your sign-in provider did not confirm that you own this email address, so it cannot sign you in here. If you already have an account, sign in with your email and password.',
    'oauth_email_unverified',
  );

/**
 * Reads the ID token returned by the token endpoint. It came straight from the provider over TLS,
 * so per OpenID Connect Core §3.1.3.7 the TLS server validation stands in for the signature; the
 * issuer, audience and expiry are still checked.
 */
export function readIdentity(
  provider: OAuthProviderName,
  idToken: string,
  client: OAuthClient,
  clientId: string,
  now: Date,
): IdentityClaims {
  const claims = decodeIdToken(idToken) as Record<string, unknown>;
  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (
    typeof claims.sub !== 'string' ||
    typeof claims.iss !== 'string' ||
    !client.issuers(claims.iss) ||
    !audience.includes(clientId) ||
    typeof claims.exp !== 'number' ||
    claims.exp * 1000 < now.getTime() ||
    !email
  ) {
    throw new HttpError(401, 'The sign-in provider returned an identity we cannot accept', 'oauth_failed');
  }
  const name = typeof claims.name === 'string' ? claims.name.trim() : '';
  return {
    subject: claims.sub,
    email,
    emailVerified: isEmailVerified(provider, claims),
    firstName: typeof claims.given_name === 'string' ? claims.given_name : (name.split(' ')[0] ?? ''),
    lastName:
      typeof claims.family_name === 'string' ? claims.family_name : name.split(' ').slice(1).join(' '),
  };
}

/**
 * Signs in the user linked to this identity; links an existing account with the same verified
 * email; or creates a user with their own company (admin), which they can rename in Settings.
 * Without a verified email only an identity linked before signs in (decision 041).
 */
export async function signInWithIdentity(
  ctx: ServiceContext,
  provider: OAuthProviderName,
  identity: IdentityClaims,
  meta: RequestMeta,
): Promise<StartedSession> {
  const linked = await ctx.db
    .select({ userId: oauthAccounts.userId })
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.providerUserId, identity.subject)))
    .get();
  if (linked) return startSessionForUser(ctx, linked.userId, meta, 'signed_in');
  if (!identity.emailVerified) throw unverifiedEmailRefusal();

  const now = ctx.now();
  const existing = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, identity.email))
    .get();
  if (existing) {
    const membership = await ctx.db
      .select({ companyId: memberships.companyId })
      .from(memberships)
      .where(eq(memberships.userId, existing.id))
      .orderBy(memberships.createdAt)
      .get();
    if (!membership) throw new HttpError(403, 'This account does not belong to any company', 'no_company');
    await ctx.db.batch([
      ctx.db
        .insert(oauthAccounts)
        .values({ provider, providerUserId: identity.subject, userId: existing.id, createdAt: now }),
      auditInsert(ctx, {
        companyId: membership.companyId,
        userId: existing.id,
        action: 'single_sign_on_linked',
        entityType: 'user',
        entityId: existing.id,
      }),
    ]);
    return startSessionForUser(ctx, existing.id, meta, 'signed_in');
  }

  // The account and the session that opens it carry one instant: the dashboard greets that
  // session's visit as the first (decision 054).
  const opening = { ...ctx, now: () => now };
  const account = newAccountStatements(opening, {
    email: identity.email,
    firstName: identity.firstName,
    lastName: identity.lastName,
    passwordHash: null,
    companyName: identity.firstName ? `${identity.firstName}'s company` : 'My company',
  });
  await ctx.db.batch([
    ...account.statements,
    ctx.db
      .insert(oauthAccounts)
      .values({ provider, providerUserId: identity.subject, userId: account.userId, createdAt: now }),
  ]);
  const userId = account.userId;
  return startSessionForUser(opening, userId, meta, 'signed_in');
}
