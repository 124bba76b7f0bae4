/**
 * Xero on 127.0.0.1, one server for its three hosts (point XERO_LOGIN_ORIGIN, XERO_IDENTITY_ORIGIN
 * and XERO_API_ORIGIN at `url`):
 * - login: `GET /identity/connect/authorize` consents at once and redirects back with `code` and
 *   `state` (or `error=access_denied` when told to refuse); it keeps the PKCE challenge and the
 *   scopes asked for. Like an app created on or after 2 March 2026 (`data.granularOnly`, the
 *   default), it refuses the broad `accounting.transactions(.read)` and `accounting.reports.read`
 *   with `error=unauthorized_client` ("Invalid scope for client"); an older app may ask for both;
 * - identity: `POST /connect/token` with HTTP Basic client credentials; `authorization_code`
 *   checks the redirect URI and the PKCE verifier (S256) and answers the granted `scope`;
 *   `refresh_token` rotates. A rotated refresh token may be presented again "as many times as
 *   needed" within Xero's 30-minute grace, each time for a new pair (developer.xero.com/faq/oauth2;
 *   Xero's community answers), until `endGrace()` says the 30 minutes have passed; after that, and
 *   for revoked grants, it answers `{"error":"invalid_grant"}` (listed in `refusedRefreshes`).
 *   `loseNextRefreshAnswer()` rotates but answers 503, as a lost answer; `beforeNextRefresh(hook)`
 *   runs a test's hook before the next refresh request is answered (hold it, or rotate the token
 *   first as another app process would);
 * - identity: `POST /connect/revocation` (RFC 7009: HTTP Basic, form `token=`) answers 200 with an
 *   empty body, also for an unknown token; a refresh token's revocation ends its grant (its access
 *   tokens answer 401) and, as Xero documents, removes all the user's connections to the app;
 * - connections: a consent connects the tenants it grants (all, or those of `consentTo`), each
 *   connection keeping the authEventId of the consent that made it; `GET /connections` lists them,
 *   `DELETE /connections/{id}` (Bearer) removes one (204) so its tenant answers 403 afterwards;
 * - api: `GET /connections`, and under `/api.xro/2.0`: Organisation, Accounts, TrackingCategories,
 *   Invoices, BankTransactions and CreditNotes (`where=Type=="…"` optionally `AND Status=="…"`,
 *   `Statuses=` for invoices, `page=` of 100 with line items), and Reports/ProfitAndLoss, whose
 *   rows carry each account's AccountID (a UK organisation's income section is "Turnover"). Every
 *   answer is checked against Xero's OpenAPI document in tests/contracts/xero-contract.test.ts.
 *   Bearer, the token's scopes (the operation's `security` in that document, or the granular scope
 *   that replaced it) and xero-tenant-id are checked; 401/403 use Xero's problem JSON (a scope the
 *   token lacks: 401 AuthorizationUnsuccessful), 400s its ApiException shape. A test can expire access tokens, revoke refresh tokens, and make
 *   the next calls answer 429 (Retry-After, X-Rate-Limit-Problem) or another error.
 */
import { createHash } from 'node:crypto';
import { sampleXeroData } from './xero-data.ts';
import { profitAndLoss } from './xero-report.ts';
import { BANK_ACCOUNT_ID, type FakeXeroData, type FakeXeroDocument, TENANT_ID } from './xero-shapes.ts';

export interface FakeXeroCall {
  path: string;
  query: Record<string, string>;
  tenant: string | null;
}

const b64url = (input: string) => Buffer.from(input).toString('base64url');
const random = () => Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString('base64url');
const jwt = (claims: Record<string, unknown>) =>
  `${b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }))}.${b64url(JSON.stringify(claims))}.${random()}`;
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers });
const problem = (status: number, title: string, detail: string) =>
  json(
    {
      Type: null,
      Title: title,
      Status: status,
      Detail: detail,
      Instance: crypto.randomUUID(),
      Extensions: {},
    },
    status,
  );
const xeroDate = (date: string) => `/Date(${Date.parse(`${date}T00:00:00Z`)}+0000)/`;

/** The bank account spend and receive money go through (BankAccount is required on them). */
const BANK_ACCOUNT = { AccountID: BANK_ACCOUNT_ID, Code: '090', Name: 'Business Bank Account' };

function serveDocument(document: FakeXeroDocument) {
  const { date, ...rest } = document;
  return { ...rest, Date: xeroDate(date), ...(rest.BankTransactionID ? { BankAccount: BANK_ACCOUNT } : {}) };
}

/**
 * The scopes that open each endpoint: the broad ones from the operation's `security` in Xero's
 * OpenAPI document, and the granular one that replaced the transactions and reports scopes.
 */
const ENDPOINT_SCOPES: Record<string, string[]> = {
  '/Invoices': [
    'accounting.transactions',
    'accounting.transactions.read',
    'accounting.invoices',
    'accounting.invoices.read',
  ],
  '/CreditNotes': [
    'accounting.transactions',
    'accounting.transactions.read',
    'accounting.invoices',
    'accounting.invoices.read',
  ],
  '/BankTransactions': [
    'accounting.transactions',
    'accounting.transactions.read',
    'accounting.banktransactions',
    'accounting.banktransactions.read',
  ],
  '/Reports/ProfitAndLoss': ['accounting.reports.read', 'accounting.reports.profitandloss.read'],
  '/Accounts': ['accounting.settings', 'accounting.settings.read'],
  '/TrackingCategories': ['accounting.settings', 'accounting.settings.read'],
  '/Organisation': ['accounting.settings', 'accounting.settings.read'],
};

/** Scopes an app created on or after 2 March 2026 may not ask for. */
const RETIRED_SCOPES = new Set([
  'accounting.transactions',
  'accounting.transactions.read',
  'accounting.reports.read',
]);
const KNOWN_SCOPES = new Set([
  'openid',
  'profile',
  'email',
  'offline_access',
  ...Object.values(ENDPOINT_SCOPES).flat(),
]);

/** `Type=="X"` or `Type=="X" AND Status=="Y"`: what the connector filters on; anything else is refused. */
function parseWhere(where: string): { type: string; status: string | null } | null {
  const match = /^Type=="([A-Z-]+)"(?: AND Status=="([A-Z]+)")?$/.exec(where);
  return match ? { type: match[1]!, status: match[2] ?? null } : null;
}

export function startFakeXero(initial: FakeXeroData = sampleXeroData()) {
  const data = initial;
  const codes = new Map<
    string,
    { challenge: string; redirectUri: string; authEventId: string; scopes: string[] }
  >();
  /** A token → the consent (authEventId) it belongs to and the scopes granted. */
  interface Grant {
    event: string;
    scopes: string[];
  }
  const accessTokens = new Map<string, Grant>();
  const refreshTokens = new Map<string, Grant>();
  /** Rotated refresh tokens still within Xero's 30-minute grace. */
  const graceTokens = new Map<string, Grant>();
  let loseNextAnswer = false;
  /** September 2027: the broad scopes no longer open any endpoint. */
  let broadRetired = false;
  const calls: FakeXeroCall[] = [];
  const tokenGrants: string[] = [];
  /** Every access and refresh token handed out, so a test can look for them in the database. */
  const issued: string[] = [];
  let refuseConsent = false;
  const queued: Response[] = [];
  /** The user's connections to the app: tenantId → the consent (authEventId) that made it. */
  const connections = new Map<string, string>();
  let consentTenants: string[] | null = null;
  const revoked: string[] = [];
  const revocationFailures: number[] = [];
  const refreshHooks: ((refreshToken: string) => Promise<void>)[] = [];
  /** Refresh tokens the token endpoint refused with invalid_grant. */
  const refusedRefreshes: string[] = [];
  const connectionId = (tenantId: string) =>
    `conn-${data.tenants.findIndex((tenant) => tenant.tenantId === tenantId)}`;

  function issue(grant: Grant) {
    const access = jwt({
      authentication_event_id: grant.event,
      xero_userid: 'u-1',
      exp: 9_999_999_999,
      jti: random(),
    });
    const refresh = random();
    accessTokens.set(access, grant);
    issued.push(access, refresh);
    refreshTokens.set(refresh, grant);
    return {
      id_token: jwt({ sub: 'u-1', email: 'erin@example.com', aud: data.clientId }),
      access_token: access,
      expires_in: 1800,
      token_type: 'Bearer',
      refresh_token: refresh,
      scope: grant.scopes.join(' '),
    };
  }

  function authorize(url: URL): Response {
    const q = Object.fromEntries(url.searchParams);
    if (q.client_id !== data.clientId || q.response_type !== 'code' || !q.redirect_uri || !q.state) {
      return new Response('Invalid authorisation request', { status: 400 });
    }
    if (q.code_challenge_method !== 'S256' || !q.code_challenge) {
      return new Response('PKCE S256 required', { status: 400 });
    }
    const back = new URL(q.redirect_uri);
    back.searchParams.set('state', q.state);
    const scopes = (q.scope ?? '').split(' ').filter(Boolean);
    const refused = scopes.some(
      (scope) => !KNOWN_SCOPES.has(scope) || (data.granularOnly && RETIRED_SCOPES.has(scope)),
    );
    if (refused) {
      back.searchParams.set('error', 'unauthorized_client');
      back.searchParams.set('error_description', 'Invalid scope for client');
    } else if (refuseConsent) back.searchParams.set('error', 'access_denied');
    else {
      const code = random();
      const authEventId = crypto.randomUUID();
      for (const tenant of data.tenants) {
        if (!consentTenants || consentTenants.includes(tenant.tenantId)) {
          connections.set(tenant.tenantId, authEventId);
        }
      }
      codes.set(code, { challenge: q.code_challenge, redirectUri: q.redirect_uri, authEventId, scopes });
      back.searchParams.set('code', code);
    }
    return Response.redirect(back.toString(), 302);
  }

  async function token(request: Request): Promise<Response> {
    const basic = `Basic ${Buffer.from(`${data.clientId}:${data.clientSecret}`).toString('base64')}`;
    if (request.headers.get('Authorization') !== basic) return json({ error: 'invalid_client' }, 400);
    const form = new URLSearchParams(await request.text());
    const grant = form.get('grant_type') ?? '';
    tokenGrants.push(grant);
    if (grant === 'authorization_code') {
      const entry = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (!entry || entry.redirectUri !== form.get('redirect_uri') || entry.challenge !== challenge) {
        return json({ error: 'invalid_grant' }, 400);
      }
      return json(issue({ event: entry.authEventId, scopes: entry.scopes }));
    }
    if (grant === 'refresh_token') {
      const presented = form.get('refresh_token') ?? '';
      await refreshHooks.shift()?.(presented);
      const owner = refreshTokens.get(presented) ?? graceTokens.get(presented);
      if (!owner) {
        refusedRefreshes.push(presented);
        return json({ error: 'invalid_grant' }, 400);
      }
      if (refreshTokens.delete(presented)) graceTokens.set(presented, owner);
      const answer = issue(owner);
      if (loseNextAnswer) {
        loseNextAnswer = false;
        return json({ error: 'server_error' }, 503);
      }
      return json(answer);
    }
    return json({ error: 'unsupported_grant_type' }, 400);
  }

  /** RFC 7009 revocation, as Xero's identity server does it. */
  async function revocation(request: Request): Promise<Response> {
    const failure = revocationFailures.shift();
    if (failure) return json({ error: 'server_error' }, failure);
    const basic = `Basic ${Buffer.from(`${data.clientId}:${data.clientSecret}`).toString('base64')}`;
    if (request.headers.get('Authorization') !== basic) return json({ error: 'invalid_client' }, 400);
    const token = new URLSearchParams(await request.text()).get('token');
    if (!token) return json({ error: 'invalid_request' }, 400);
    revoked.push(token);
    const grant = refreshTokens.get(token) ?? graceTokens.get(token);
    if (grant) {
      for (const tokens of [accessTokens, refreshTokens, graceTokens]) {
        for (const [key, owner] of tokens) if (owner.event === grant.event) tokens.delete(key);
      }
      connections.clear();
    }
    return new Response(null, { status: 200 });
  }

  function removeConnection(request: Request, id: string): Response {
    const bearer = request.headers.get('Authorization')?.replace(/^Bearer /, '') ?? '';
    if (!accessTokens.has(bearer)) return problem(401, 'Unauthorized', 'AuthenticationUnsuccessful');
    const tenant = [...connections.keys()].find((tenantId) => connectionId(tenantId) === id);
    if (!tenant) return problem(404, 'Not Found', 'The connection was not found');
    connections.delete(tenant);
    return new Response(null, { status: 204 });
  }

  function page(documents: FakeXeroDocument[], query: Record<string, string>) {
    const where = query.where ? parseWhere(query.where) : null;
    if (query.where && !where) throw new Error(`unsupported where ${query.where}`);
    const statuses = query.Statuses ? query.Statuses.split(',') : null;
    const matching = documents.filter(
      (document) =>
        (!where || (document.Type === where.type && (!where.status || document.Status === where.status))) &&
        (!statuses || statuses.includes(document.Status)),
    );
    const number = Number(query.page ?? '1');
    return matching.slice((number - 1) * 100, number * 100).map(serveDocument);
  }

  function api(request: Request, url: URL): Response {
    const bearer = request.headers.get('Authorization')?.replace(/^Bearer /, '') ?? '';
    const grant = accessTokens.get(bearer);
    if (!grant) return problem(401, 'Unauthorized', 'AuthenticationUnsuccessful');
    if (url.pathname === '/connections') {
      return json(
        data.tenants.flatMap((tenant) => {
          const event = connections.get(tenant.tenantId);
          if (!event) return [];
          const at = '2025-01-01T00:00:00.0000000';
          return [
            {
              id: connectionId(tenant.tenantId),
              authEventId: event,
              ...tenant,
              createdDateUtc: at,
              updatedDateUtc: at,
            },
          ];
        }),
      );
    }
    const tenant = request.headers.get('xero-tenant-id');
    const query = Object.fromEntries(url.searchParams);
    const path = url.pathname.replace('/api.xro/2.0', '');
    calls.push({ path, query, tenant });
    const next = queued.shift();
    if (next) return next;
    const opening = ENDPOINT_SCOPES[path];
    const opens = (scope: string) =>
      grant.scopes.includes(scope) && !(broadRetired && RETIRED_SCOPES.has(scope));
    if (opening && !opening.some(opens)) {
      return problem(401, 'Unauthorized', 'AuthorizationUnsuccessful');
    }
    const connected = data.tenants.some(
      (t) => t.tenantId === tenant && t.tenantType === 'ORGANISATION' && connections.has(t.tenantId),
    );
    if (!connected) {
      return problem(403, 'Forbidden', 'AuthorizationUnsuccessful');
    }
    try {
      switch (path) {
        case '/Organisation':
          return json({
            Organisations: [
              {
                OrganisationID: TENANT_ID,
                Name: 'Bristol Bakes Ltd',
                BaseCurrency: data.baseCurrency,
                CountryCode: 'GB',
                OrganisationType: 'COMPANY',
                OrganisationStatus: 'ACTIVE',
              },
            ],
          });
        case '/Accounts':
          return json({ Accounts: data.accounts });
        case '/TrackingCategories':
          return json({ TrackingCategories: data.trackingCategories });
        case '/Invoices':
          return json({ Invoices: page(data.invoices, query) });
        case '/BankTransactions':
          return json({ BankTransactions: page(data.bankTransactions, query) });
        case '/CreditNotes':
          return json({ CreditNotes: page(data.creditNotes, query) });
        case '/Reports/ProfitAndLoss':
          return json(profitAndLoss(data, query));
        default:
          return json(
            {
              ErrorNumber: 404,
              Type: 'NotFound',
              Message: 'The resource you are looking for cannot be found',
            },
            404,
          );
      }
    } catch (error) {
      return json(
        { ErrorNumber: 16, Type: 'QueryParseException', Message: String((error as Error).message) },
        400,
      );
    }
  }

  /** Paths whose next answer is cut in half (a dropped connection). */
  const truncated: string[] = [];
  async function answer(request: Request, url: URL): Promise<Response> {
    const full = api(request, url);
    const path = url.pathname.replace('/api.xro/2.0', '');
    const cut = truncated.indexOf(path);
    if (cut < 0) return full;
    truncated.splice(cut, 1);
    const text = await full.text();
    return new Response(text.slice(0, text.length / 2), { status: full.status });
  }

  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      const url = new URL(request.url);
      if (request.method === 'GET' && url.pathname === '/identity/connect/authorize') return authorize(url);
      if (request.method === 'POST' && url.pathname === '/connect/token') return token(request);
      if (request.method === 'POST' && url.pathname === '/connect/revocation') return revocation(request);
      const connection = /^\/connections\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'DELETE' && connection) return removeConnection(request, connection[1]!);
      if (request.method === 'GET') return answer(request, url);
      return new Response('Not found', { status: 404 });
    },
  });
  const url = `http://127.0.0.1:${server.port}`;

  return {
    url,
    data,
    calls,
    tokenGrants,
    issued,
    /** The env that points the app at this fake. */
    env: {
      XERO_CLIENT_ID: data.clientId,
      XERO_CLIENT_SECRET: data.clientSecret,
      XERO_LOGIN_ORIGIN: url,
      XERO_IDENTITY_ORIGIN: url,
      XERO_API_ORIGIN: url,
    },
    /** Every token sent to the revocation endpoint, in order. */
    revoked,
    refusedRefreshes,
    /**
     * Runs `hook` (given the refresh token presented) when the next refresh request arrives, before
     * it is answered: a test holds the answer, or refreshes that token itself first, as another app
     * process would, so the request then finds it rotated.
     */
    beforeNextRefresh(hook: (refreshToken: string) => Promise<void>) {
      refreshHooks.push(hook);
    },
    /** The refresh tokens that are valid now (the latest of each grant). */
    liveRefreshTokens: () => [...refreshTokens.keys()],
    /** The tenant ids connected to the app now. */
    connectedTenants: () => [...connections.keys()],
    /** The next consents grant only these tenants (null: all of them). */
    consentTo(tenantIds: string[] | null) {
      consentTenants = tenantIds;
    },
    /** The next revocation requests answer these statuses. */
    failRevocation(...statuses: number[]) {
      revocationFailures.push(...statuses);
    },
    refuseConsent(value = true) {
      refuseConsent = value;
    },
    /** Every access token issued so far answers 401 (as if 30 minutes had passed). */
    expireAccessTokens() {
      accessTokens.clear();
    },
    /** Every refresh token issued so far answers invalid_grant (the user disconnected the app). */
    revokeRefreshTokens() {
      refreshTokens.clear();
      graceTokens.clear();
    },
    /** 30 minutes have passed: refresh tokens rotated so far are refused from now on. */
    endGrace() {
      graceTokens.clear();
    },
    /** Xero stops honouring the broad scopes (September 2027): those tokens answer 401 AuthorizationUnsuccessful. */
    retireBroadScopes() {
      broadRetired = true;
    },
    /** The next refresh rotates the token at Xero, but its answer is lost (503). */
    loseNextRefreshAnswer() {
      loseNextAnswer = true;
    },
    /** The next `count` accounting calls answer 429 with these headers. */
    rateLimitNext(count: number, retryAfter: string, limit: 'minute' | 'day' = 'minute') {
      for (let i = 0; i < count; i++) {
        queued.push(
          json({ Title: 'Too Many Requests' }, 429, {
            'Retry-After': retryAfter,
            'X-Rate-Limit-Problem': limit,
          }),
        );
      }
    },
    /** The next answer for `path` (e.g. `/BankTransactions`) arrives cut in half. */
    truncateNext(path: string) {
      truncated.push(path);
    },
    /** The next accounting call answers this status and body. */
    failNext(status: number, body: unknown) {
      queued.push(json(body, status));
    },
    stop() {
      server.stop(true);
    },
  };
}

export type FakeXero = ReturnType<typeof startFakeXero>;
