import { generateCodeVerifier, generateState } from 'arctic';
import { type Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../../context.ts';
import { HttpError } from '../../lib/errors.ts';
import { isLocalhost, publicOrigin, requestHostname } from '../../lib/origin.ts';
import { serviceContext } from '../../lib/request.ts';
import { readSessionCookie, setSessionCookie } from '../../lib/session-cookie.ts';
import {
  createOAuthClient,
  type OAuthEndpointOverrides,
  type OAuthProviderName,
  oauthProviderNames,
  readIdentity,
  signInWithIdentity,
} from './oauth.ts';

const STATE_COOKIE = 'esg_oauth_state';
const VERIFIER_COOKIE = 'esg_oauth_verifier';
const FLOW_LIFETIME_SECONDS = 600;

function providerOf(c: Context<AppEnv>): OAuthProviderName | null {
  const name = c.req.param('provider');
  return oauthProviderNames.find((candidate) => candidate === name) ?? null;
}

function clientFor(c: Context<AppEnv>, overrides: OAuthEndpointOverrides | undefined) {
  const provider = providerOf(c);
  if (!provider) return null;
  const origin = publicOrigin(c.req.url, c.var.deps.config.PUBLIC_URL);
  const client = createOAuthClient(provider, c.var.deps.config, origin, overrides);
  return client ? { provider, client } : null;
}

/** Authorization-code flow with PKCE and state (RFC 6749 §10.12, RFC 7636), per arctic's guide. */
export function oauthRoutes(overrides?: OAuthEndpointOverrides) {
  return new Hono<AppEnv>()
    .get('/auth/oauth/:provider', (c) => {
      const found = clientFor(c, overrides);
      if (!found) return c.redirect('/login?error=oauth_not_configured', 302);
      const state = generateState();
      const verifier = generateCodeVerifier();
      const url = found.client.createAuthorizationURL(state, verifier, ['openid', 'profile', 'email']);
      const cookie = {
        httpOnly: true,
        sameSite: 'Lax' as const,
        secure: !isLocalhost(requestHostname(c.req.url)),
        path: '/api/auth/oauth',
        maxAge: FLOW_LIFETIME_SECONDS,
      };
      setCookie(c, STATE_COOKIE, state, cookie);
      setCookie(c, VERIFIER_COOKIE, verifier, cookie);
      return c.redirect(url.toString(), 302);
    })
    .get('/auth/oauth/:provider/callback', async (c) => {
      const found = clientFor(c, overrides);
      if (!found) return c.redirect('/login?error=oauth_not_configured', 302);
      const expectedState = getCookie(c, STATE_COOKIE);
      const verifier = getCookie(c, VERIFIER_COOKIE);
      deleteCookie(c, STATE_COOKIE, { path: '/api/auth/oauth' });
      deleteCookie(c, VERIFIER_COOKIE, { path: '/api/auth/oauth' });
      const code = c.req.query('code');
      const state = c.req.query('state');
      if (!code || !state || !expectedState || !verifier || state !== expectedState) {
        return c.redirect('/login?error=oauth_failed', 302);
      }
      const ctx = serviceContext(c);
      try {
        const tokens = await found.client.validateAuthorizationCode(code, verifier);
        const clientId =
          found.provider === 'google' ? ctx.config.GOOGLE_CLIENT_ID! : ctx.config.MICROSOFT_ENTRA_CLIENT_ID!;
        const identity = readIdentity(found.provider, tokens.idToken(), found.client, clientId, ctx.now());
        const session = await signInWithIdentity(ctx, found.provider, identity, {
          userAgent: c.req.header('user-agent') ?? null,
          previousToken: readSessionCookie(c),
        });
        setSessionCookie(c, session.token, session.expiresAt);
        return c.redirect('/', 302);
      } catch (error) {
        ctx.log.warn('single sign-on failed', { provider: found.provider, error: String(error) });
        // The one refusal the person can act on gets its own words on the sign-in page.
        const code =
          error instanceof HttpError && error.code === 'oauth_email_unverified' ? error.code : 'oauth_failed';
        return c.redirect(`/login?error=${code}`, 302);
      }
    });
}
