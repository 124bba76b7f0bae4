/**
 * Intuit's OAuth 2.0 server and the QuickBooks Online Accounting API v3 on 127.0.0.1, one origin
 * for both (QUICKBOOKS_OAUTH_ORIGIN and QUICKBOOKS_API_ORIGIN point here):
 * - GET /connect/oauth2 (the consent screen, auto-approved) redirects to redirect_uri with code,
 *   state and realmId, or error=access_denied after `deny()`;
 * - POST /oauth2/v1/tokens/bearer with HTTP Basic client credentials: authorization_code (single
 *   use, redirect_uri must match) and refresh_token grants. Every refresh rotates the refresh
 *   token and the old one answers invalid_grant at once, the strictest reading of Intuit's advice
 *   to use "the latest refresh_token value from the most recent server response" (Authorization
 *   FAQ), which promises the old one no grace. `revokeAll()` kills every grant; `beforeNextRefresh(hook)` runs a test's
 *   hook before the next refresh request is answered (hold it, or rotate the token first as
 *   another app process would);
 * - POST /v2/oauth2/tokens/revoke (Intuit's revocation_endpoint, on developer.api.intuit.com) with
 *   HTTP Basic client credentials and a JSON body {"token": …}: answers 200 with an empty body and
 *   ends the token's whole grant (its access and refresh tokens then answer 401 / invalid_grant);
 *   `revoked` lists the tokens it was sent, `failRevocation(status)` makes the next one fail;
 * - /v3/company/{realmId}/query?query=… for Account, Class, Department, Item, Purchase, Bill and
 *   VendorCredit, parsed and refused as Intuit refuses (clause order, AND only, known properties,
 *   MAXRESULTS at most 1000; name lists answer only active rows unless WHERE names Active), in
 *   quickbooks-query.ts; entity payloads use only Finance.xsd's element names (checked in
 *   tests/integration/connectors-quickbooks-contract.test.ts), with inactive accounts, classes and
 *   locations that old transactions still name;
 * - preferences, companyinfo/{realmId}, and reports/ProfitAndLoss?summarize_column_by=Year;
 * - faults in Intuit's shapes: 401 {"fault": {"error": [{"message": "message=AuthenticationFailed;
 *   errorCode=003200; statusCode=401", …}], "type": "AUTHENTICATION"}}, 400 {"Fault": {"Error":
 *   [{"Message", "Detail", "code"}], "type": "ValidationFault"}}, 429 ThrottleExceeded with
 *   Retry-After on demand (`rateLimit`).
 * Every request is recorded in `calls` so tests can prove refreshes, pagination and waits.
 */
import { type FakeQuickBooksData, sampleQuickBooksData } from './quickbooks-data.ts';
import { json, preferencesOf, queryAnswer, random, time, validationFault } from './quickbooks-query.ts';
import { profitAndLoss } from './quickbooks-report.ts';

export interface FakeQuickBooksCall {
  kind: 'authorize' | 'token' | 'api' | '429' | 'revoke';
  grant?: string;
  path?: string;
  query?: string;
  status?: number;
}

const authenticationFault = () =>
  json(
    {
      fault: {
        error: [
          {
            message: 'message=AuthenticationFailed; errorCode=003200; statusCode=401',
            detail: 'Token expired',
            code: '3200',
          },
        ],
        type: 'AUTHENTICATION',
      },
      time: time(),
    },
    401,
    { 'WWW-Authenticate': 'Bearer realm="Intuit", error="invalid_token"' },
  );

export function startFakeQuickBooks(initial: FakeQuickBooksData = sampleQuickBooksData()) {
  const data = initial;
  const calls: FakeQuickBooksCall[] = [];
  const codes = new Map<string, { redirectUri: string; realmId: string }>();
  const accessTokens = new Map<string, string>();
  const refreshTokens = new Map<string, string>();
  /** Token → the grant (one consent) it belongs to; refreshes stay in their grant. */
  const grants = new Map<string, string>();
  const revoked: string[] = [];
  const revocationFailures: number[] = [];
  let deny = false;
  let rateLimited = 0;
  let retryAfter = '1';
  let serverErrors = 0;
  const refusals: { status: number; body: unknown }[] = [];
  /** Entities whose next query answer is cut in half. */
  const truncated: string[] = [];
  const refreshHooks: ((refreshToken: string) => Promise<void>)[] = [];

  function issue(realmId: string, grant = random()) {
    const accessToken = `qb-access-${random()}`;
    const refreshToken = `qb-refresh-${random()}`;
    accessTokens.set(accessToken, realmId);
    refreshTokens.set(refreshToken, realmId);
    grants.set(accessToken, grant);
    grants.set(refreshToken, grant);
    return {
      token_type: 'bearer',
      access_token: accessToken,
      expires_in: 3600,
      refresh_token: refreshToken,
      x_refresh_token_expires_in: 8_726_400,
    };
  }

  function authorize(url: URL): Response {
    calls.push({ kind: 'authorize' });
    const redirectUri = url.searchParams.get('redirect_uri') ?? '';
    const state = url.searchParams.get('state') ?? '';
    if (
      url.searchParams.get('client_id') !== data.clientId ||
      url.searchParams.get('response_type') !== 'code' ||
      url.searchParams.get('scope') !== 'com.intuit.quickbooks.accounting' ||
      !redirectUri
    ) {
      return new Response('invalid authorization request', { status: 400 });
    }
    const back = new URL(redirectUri);
    back.searchParams.set('state', state);
    if (deny) {
      deny = false;
      back.searchParams.set('error', 'access_denied');
    } else {
      const code = `AB11${random()}`;
      codes.set(code, { redirectUri, realmId: data.realmId });
      back.searchParams.set('code', code);
      back.searchParams.set('realmId', data.realmId);
    }
    return Response.redirect(back.toString(), 302);
  }

  /** The token endpoint; each call is recorded with the status it was answered. */
  async function token(request: Request): Promise<Response> {
    const form = new URLSearchParams(await request.text());
    const call = calls.push({ kind: 'token', grant: form.get('grant_type') ?? '' }) - 1;
    const answer = await tokenAnswer(request, form);
    calls[call]!.status = answer.status;
    return answer;
  }

  async function tokenAnswer(request: Request, form: URLSearchParams): Promise<Response> {
    const grant = form.get('grant_type') ?? '';
    const basic = `Basic ${btoa(`${data.clientId}:${data.clientSecret}`)}`;
    if (request.headers.get('Authorization') !== basic) return json({ error: 'invalid_client' }, 401);
    if (grant === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (!code || code.redirectUri !== form.get('redirect_uri'))
        return json({ error: 'invalid_grant' }, 400);
      return json(issue(code.realmId));
    }
    if (grant === 'refresh_token') {
      await refreshHooks.shift()?.(form.get('refresh_token') ?? '');
      const realmId = refreshTokens.get(form.get('refresh_token') ?? '');
      if (!realmId) return json({ error: 'invalid_grant' }, 400);
      refreshTokens.delete(form.get('refresh_token') ?? '');
      return json(issue(realmId, grants.get(form.get('refresh_token') ?? '')));
    }
    return json({ error: 'unsupported_grant_type' }, 400);
  }

  /** Intuit's "Revoke token": the token's grant ends; an unknown token changes nothing (RFC 7009 §2.2). */
  async function revoke(request: Request): Promise<Response> {
    calls.push({ kind: 'revoke' });
    const failure = revocationFailures.shift();
    if (failure) return new Response('<html><body>Service Unavailable</body></html>', { status: failure });
    const basic = `Basic ${btoa(`${data.clientId}:${data.clientSecret}`)}`;
    if (request.headers.get('Authorization') !== basic) return json({ error: 'invalid_client' }, 401);
    const body = (await request.json().catch(() => null)) as { token?: unknown } | null;
    if (typeof body?.token !== 'string') return json({ error: 'invalid_request' }, 400);
    revoked.push(body.token);
    const grant = grants.get(body.token);
    if (grant) {
      for (const [token, owner] of grants) {
        if (owner !== grant) continue;
        accessTokens.delete(token);
        refreshTokens.delete(token);
      }
    }
    return new Response(null, { status: 200, headers: { intuit_tid: random() } });
  }

  function api(request: Request, url: URL): Response | Promise<Response> {
    const parts = url.pathname.split('/').filter(Boolean);
    const realmId = parts[2];
    calls.push({
      kind: 'api',
      path: parts.slice(3).join('/'),
      query: url.searchParams.get('query') ?? undefined,
    });
    if (rateLimited > 0) {
      rateLimited--;
      calls[calls.length - 1]!.kind = '429';
      return json(
        {
          Fault: {
            Error: [
              {
                Message: 'message=ThrottleExceeded; errorCode=003001; statusCode=429',
                Detail: 'The request limit was reached.',
                code: '3001',
              },
            ],
            type: 'SERVICE',
          },
          time: time(),
        },
        429,
        { 'Retry-After': retryAfter },
      );
    }
    const refusal = refusals.shift();
    if (refusal) return json(refusal.body, refusal.status);
    if (serverErrors > 0) {
      serverErrors--;
      return new Response('<html><body>Service Unavailable</body></html>', { status: 503 });
    }
    const bearer = /^Bearer (.+)$/.exec(request.headers.get('Authorization') ?? '')?.[1] ?? '';
    if (accessTokens.get(bearer) !== realmId || realmId !== data.realmId) return authenticationFault();
    const [resource, id] = [parts[3], parts[4]];
    if (resource === 'query') {
      const query = url.searchParams.get('query') ?? '';
      const answer = queryAnswer(data, query);
      const cut = truncated.findIndex((entity) => query.includes(`FROM ${entity} `));
      if (cut < 0) return answer;
      truncated.splice(cut, 1);
      // The connection dropped mid-answer: half of the JSON arrives.
      return answer.text().then((text) => new Response(text.slice(0, text.length / 2), { status: 200 }));
    }
    if (resource === 'preferences' && !id) return json({ Preferences: preferencesOf(data), time: time() });
    if (resource === 'companyinfo' && id === data.realmId) {
      return json({
        CompanyInfo: {
          Id: '1',
          CompanyName: data.companyName,
          LegalName: `${data.companyName} LLC`,
          Country: 'US',
        },
        time: time(),
      });
    }
    if (resource === 'reports' && id === 'ProfitAndLoss') {
      const start = url.searchParams.get('start_date') ?? '';
      const end = url.searchParams.get('end_date') ?? '';
      if (!/^\d{4}-\d{2}-\d{2}$/.test(start) || !/^\d{4}-\d{2}-\d{2}$/.test(end)) {
        return validationFault('Invalid date', 'start_date and end_date must be yyyy-MM-dd', '2020');
      }
      return json(profitAndLoss(data, start, end));
    }
    return validationFault(
      'Unsupported Operation',
      `Operation ${parts.slice(3).join('/')} is not supported.`,
      '500',
    );
  }

  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      const url = new URL(request.url);
      if (request.method === 'GET' && url.pathname === '/connect/oauth2') return authorize(url);
      if (request.method === 'POST' && url.pathname === '/oauth2/v1/tokens/bearer') return token(request);
      if (request.method === 'POST' && url.pathname === '/v2/oauth2/tokens/revoke') return revoke(request);
      if (request.method === 'GET' && url.pathname.startsWith('/v3/company/')) return api(request, url);
      return new Response('Not Found', { status: 404 });
    },
  });
  const url = `http://127.0.0.1:${server.port}`;
  return {
    url,
    data,
    calls,
    /** The env that points the app at this fake. */
    env: {
      QUICKBOOKS_CLIENT_ID: data.clientId,
      QUICKBOOKS_CLIENT_SECRET: data.clientSecret,
      QUICKBOOKS_OAUTH_ORIGIN: url,
      QUICKBOOKS_API_ORIGIN: url,
    },
    /** The next consent is refused (error=access_denied). */
    deny() {
      deny = true;
    },
    /** The access tokens issued so far stop working (401 AuthenticationFailed); refresh tokens still work. */
    expireAccessTokens() {
      accessTokens.clear();
    },
    /** Every grant issued so far is revoked: API 401 and refresh invalid_grant. */
    revokeAll() {
      accessTokens.clear();
      refreshTokens.clear();
    },
    /** Every token sent to the revocation endpoint, in order. */
    revoked,
    /** The next revocation requests answer these statuses (503: Intuit unavailable). */
    failRevocation(...statuses: number[]) {
      revocationFailures.push(...statuses);
    },
    /** The refresh tokens that are valid now (the latest of each grant). */
    liveRefreshTokens: () => [...refreshTokens.keys()],
    liveAccessTokens: () => [...accessTokens.keys()],
    /** The next `count` API requests answer 429 ThrottleExceeded with this Retry-After. */
    rateLimit(count: number, retryAfterValue = '1') {
      rateLimited = count;
      retryAfter = retryAfterValue;
    },
    /**
     * Runs `hook` (given the refresh token presented) when the next refresh request arrives, before
     * it is answered: a test holds the answer, or refreshes that token itself first, as another app
     * process would, so the request then finds it rotated.
     */
    beforeNextRefresh(hook: (refreshToken: string) => Promise<void>) {
      refreshHooks.push(hook);
    },
    /** The next query of `entity` answers 200 with only half of its JSON (a dropped connection). */
    truncateNext(entity: string) {
      truncated.push(entity);
    },
    /** The next API request answers this status with this Fault document. */
    refuseNext(status: number, body: unknown) {
      refusals.push({ status, body });
    },
    /** The next `count` API requests answer 503. */
    failWith503(count: number) {
      serverErrors = count;
    },
    stop: () => server.stop(true),
  };
}

export type FakeQuickBooks = ReturnType<typeof startFakeQuickBooks>;
