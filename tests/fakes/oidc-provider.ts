import { createHash, createHmac } from 'node:crypto';

export interface FakeIdentity {
  sub: string;
  email: string;
  email_verified?: boolean;
  /** Microsoft Entra's optional claim "email domain owner verified" (Entra never sends email_verified). */
  xms_edov?: boolean;
  given_name?: string;
  family_name?: string;
}

/**
 * An OpenID Connect provider on 127.0.0.1 speaking the real wire format: the authorization
 * endpoint redirects back with `code` and `state`; the token endpoint takes an
 * application/x-www-form-urlencoded authorization_code grant with HTTP Basic client credentials
 * and a PKCE verifier (RFC 7636, S256), and returns a JSON token response with an `id_token`
 * (a JWT signed HS256 with the client secret, OIDC Core §10.1).
 */
export function startFakeOidcProvider(options: { clientId: string; clientSecret: string }) {
  const codes = new Map<string, { challenge: string; redirectUri: string; identity: FakeIdentity }>();
  let nextIdentity: FakeIdentity | null = null;
  const tokenRequests: URLSearchParams[] = [];

  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      const url = new URL(request.url);
      if (url.pathname === '/authorize') {
        const params = url.searchParams;
        if (params.get('client_id') !== options.clientId || params.get('response_type') !== 'code') {
          return new Response('invalid_request', { status: 400 });
        }
        if (params.get('code_challenge_method') !== 'S256' || !params.get('code_challenge')) {
          return new Response('PKCE required', { status: 400 });
        }
        if (!nextIdentity) return new Response('no user signed in at the provider', { status: 400 });
        const code = crypto.randomUUID();
        const redirectUri = params.get('redirect_uri')!;
        codes.set(code, { challenge: params.get('code_challenge')!, redirectUri, identity: nextIdentity });
        const back = new URL(redirectUri);
        back.searchParams.set('code', code);
        back.searchParams.set('state', params.get('state') ?? '');
        return Response.redirect(back.toString(), 302);
      }
      if (url.pathname === '/token' && request.method === 'POST') {
        const body = new URLSearchParams(await request.text());
        tokenRequests.push(body);
        const expectedAuth = `Basic ${btoa(`${options.clientId}:${options.clientSecret}`)}`;
        if (request.headers.get('authorization') !== expectedAuth) return oauthError('invalid_client', 401);
        const grant = codes.get(body.get('code') ?? '');
        codes.delete(body.get('code') ?? '');
        if (body.get('grant_type') !== 'authorization_code' || !grant) return oauthError('invalid_grant');
        if (body.get('redirect_uri') !== grant.redirectUri) return oauthError('invalid_grant');
        const verifierHash = createHash('sha256')
          .update(body.get('code_verifier') ?? '')
          .digest('base64url');
        if (verifierHash !== grant.challenge) return oauthError('invalid_grant');
        const now = Math.floor(Date.now() / 1000);
        const idToken = signJwt(
          { iss: issuer, aud: options.clientId, iat: now, exp: now + 3600, ...grant.identity },
          options.clientSecret,
        );
        return Response.json({
          access_token: crypto.randomUUID(),
          token_type: 'Bearer',
          expires_in: 3600,
          id_token: idToken,
        });
      }
      return new Response('not found', { status: 404 });
    },
  });
  const issuer = `http://127.0.0.1:${server.port}`;
  return {
    issuer,
    endpoints: { authorizationEndpoint: `${issuer}/authorize`, tokenEndpoint: `${issuer}/token`, issuer },
    tokenRequests,
    /** The person who will be "signed in at the provider" on the next authorization request. */
    signInAs(identity: FakeIdentity) {
      nextIdentity = identity;
    },
    stop: () => server.stop(true),
  };
}

function oauthError(error: string, status = 400) {
  return Response.json({ error }, { status });
}

function signJwt(payload: Record<string, unknown>, secret: string) {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}
