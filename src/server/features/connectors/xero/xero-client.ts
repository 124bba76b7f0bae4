// GET requests to Xero's Accounting API for one organisation (the `xero-tenant-id` header), with
// the connection's OAuth tokens kept fresh:
// - the access token lasts 30 minutes: it is refreshed shortly before it expires, or once on a
//   401, and the rotated pair is sealed and stored at once (session.stored, token-rotation.ts),
//   because the old refresh token stops working 30 minutes after use
//   (developer.xero.com/faq/oauth2); a refresh another operation of the source has in flight, or
//   has just stored, is shared rather than repeated (decision 033); a refresh whose answer was lost
//   is asked again at once, within Xero's 30-minute grace (decision 075);
// - 401 AuthorizationUnsuccessful: the token may not read this endpoint (scope or Xero role), told
//   in the person's words, never refreshed (decision 075);
// - 429: Xero's per-organisation limits are 60 calls a minute and 5,000 a day
//   (developer.xero.com/documentation/guides/oauth2/limits/); the answer says which one in
//   X-Rate-Limit-Problem and when to come back in Retry-After (seconds). Minute limits are waited
//   out (up to 3 times, 60 s each); a day limit or a longer wait fails the sync as rate_limited,
//   which the job retries later;
// - 5xx → unreachable; Xero's error bodies (ApiException with Message, ValidationException with
//   Elements[].ValidationErrors[].Message) → provider, with Xero's message.

import { waits } from '../../../lib/clock.ts';
import { retryAfterMs } from '../../../lib/retry-after.ts';
import { renewCredentials } from '../token-rotation.ts';
import { ConnectorError, type ConnectorSession } from '../types.ts';
import { XERO_RECONNECT, type XeroCredentials, xeroEndpoints, xeroRotation } from './xero-oauth.ts';
import { scopeFor, xeroScopeSet } from './xero-scopes.ts';

export interface XeroClientOptions {
  maxRetries?: number;
  maxRetryAfterMs?: number;
  timeoutMs?: number;
}

interface XeroErrorBody {
  Type?: string | null;
  Message?: string;
  Title?: string;
  Detail?: string;
  Elements?: { ValidationErrors?: { Message?: string }[] }[];
}

/** Xero's own words from an error body, when it has any. */
export function xeroErrorMessage(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const error = body as XeroErrorBody;
  const validation = (error.Elements ?? [])
    .flatMap((element) => element.ValidationErrors ?? [])
    .map((item) => item.Message)
    .filter((message): message is string => Boolean(message));
  if (validation.length > 0) return validation.join('; ');
  return error.Message ?? error.Detail ?? error.Title ?? null;
}

export class XeroClient {
  private readonly base: string;

  constructor(
    private credentials: XeroCredentials,
    private readonly session: ConnectorSession,
    private readonly options: XeroClientOptions = {},
  ) {
    this.base = xeroEndpoints(session.config).accounting;
  }

  get tenantId(): string {
    return this.credentials.tenantId;
  }

  private get rotation() {
    return xeroRotation(this.session.config, this.session.now);
  }

  /**
   * A refresh whose answer never came (no connection, a timeout, a 5xx) is asked again at once with
   * the same refresh token: Xero honours a used refresh token "for a grace period of 30 minutes" in
   * case its answer was lost, and after that only the token that answer carried works
   * (developer.xero.com/faq/oauth2). Leaving the retry to the next sync could outlast the grace and
   * end the connection.
   */
  private async refresh(): Promise<void> {
    try {
      this.credentials = await renewCredentials(this.session.stored, this.credentials, this.rotation);
    } catch (error) {
      if (!(error instanceof ConnectorError) || error.kind !== 'unreachable') throw error;
      this.credentials = await renewCredentials(this.session.stored, this.credentials, this.rotation);
    }
  }

  private expiresSoon(): boolean {
    return !this.rotation.isFresh(this.credentials);
  }

  /** GET `<api.xro/2.0><path>` with query parameters; the parsed JSON answer. */
  async get<T>(path: string, query: Record<string, string> = {}): Promise<T> {
    const url = new URL(`${this.base}${path}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    const maxRetries = this.options.maxRetries ?? 3;
    const maxWait = this.options.maxRetryAfterMs ?? 60_000;
    const sleep = this.session.sleep ?? waits.sleep;
    let refreshed = false;
    for (let attempt = 0; ; attempt++) {
      if (this.expiresSoon() && !refreshed) {
        await this.refresh();
        refreshed = true;
      }
      const response = await this.fetch(url);
      if (response.status === 401) {
        const detail = xeroErrorMessage(await response.json().catch(() => null));
        // AuthorizationUnsuccessful: the token is good but may not read this endpoint (a scope it
        // was not granted, a Xero role that cannot see it); a new token would not change that.
        if (detail === 'AuthorizationUnsuccessful') throw this.scopeRefusal(path);
        if (refreshed) throw new ConnectorError('credentials', XERO_RECONNECT);
        await this.refresh();
        refreshed = true;
        continue;
      }
      if (response.status === 429) {
        const problem = response.headers.get('X-Rate-Limit-Problem')?.toLowerCase() ?? 'minute';
        const retryAfter = retryAfterMs(response.headers.get('Retry-After'), this.session.now().getTime());
        const wait = retryAfter ?? 2 ** attempt * 1000;
        await response.body?.cancel();
        if (problem === 'day' || attempt >= maxRetries || wait > maxWait) {
          throw new ConnectorError(
            'rate_limited',
            problem === 'day'
              ? 'Xero’s daily limit of API calls for this organisation is used up; the sync will try again later'
              : `Xero is limiting requests (HTTP 429, ${problem} limit); the sync will try again later`,
          );
        }
        await sleep(wait);
        continue;
      }
      return this.read<T>(response, url);
    }
  }

  /**
   * Xero's refusal of one endpoint, in the person's words: a connection granted before the server
   * asked for this endpoint's scope is fixed by connecting again; otherwise connecting again as the
   * same Xero user would not help (decision 075).
   */
  private scopeRefusal(path: string): ConnectorError {
    const needed = scopeFor(path, xeroScopeSet(this.session.config));
    const what = needed?.what ?? path;
    const granted = this.credentials.scopes;
    if (needed && granted && !granted.includes(needed.scope)) {
      return new ConnectorError(
        'credentials',
        `This Xero connection was made before ESG Pilot asked to read ${what} (Xero’s permission “${needed.scope}”): connect Xero again from Data Sources and allow it.`,
      );
    }
    return new ConnectorError(
      'provider',
      `Xero would not let this connection read ${what} (AuthorizationUnsuccessful): the Xero user who connected may not be allowed to see ${what} in Xero, or this server’s Xero app may not ask for it. Ask your administrator to check the app’s scope setting (XERO_SCOPE_SET).`,
    );
  }

  private async fetch(url: URL): Promise<Response> {
    try {
      return await fetch(url, {
        headers: {
          Authorization: `Bearer ${this.credentials.accessToken}`,
          'xero-tenant-id': this.credentials.tenantId,
          Accept: 'application/json',
        },
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
      });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError' ? 'no answer in time' : String(error);
      throw new ConnectorError('unreachable', `Could not reach Xero (${reason})`);
    }
  }

  private async read<T>(response: Response, url: URL): Promise<T> {
    let body: unknown = null;
    const text = await response.text();
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    if (response.status >= 500) {
      throw new ConnectorError(
        'unreachable',
        `Xero answered HTTP ${response.status}; the sync will try again`,
      );
    }
    if (response.status === 403) {
      throw new ConnectorError(
        'credentials',
        'Xero refused access to this organisation (HTTP 403): it may have been disconnected from the app; connect Xero again',
      );
    }
    if (!response.ok) {
      const message = xeroErrorMessage(body);
      if (message) throw new ConnectorError('provider', `Xero refused the request: ${message}`);
      throw new ConnectorError('protocol', `Xero answered HTTP ${response.status} for ${url.pathname}`);
    }
    if (body === null || typeof body !== 'object') {
      throw new ConnectorError('protocol', `Xero answered ${url.pathname} with something other than JSON`);
    }
    return body as T;
  }
}
