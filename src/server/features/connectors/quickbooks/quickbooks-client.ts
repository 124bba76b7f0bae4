// The QuickBooks Online Accounting API v3 (`{origin}/v3/company/{realmId}/…?minorversion=75`) as
// the connector uses it: GET reads, the query endpoint paged with STARTPOSITION/MAXRESULTS, and
// reports. Intuit answers errors with a Fault document, `{"Fault": {"Error": [{"Message",
// "Detail", "code"}], "type"}}`, or in lower case from its gateway for authentication
// (`{"fault": {"error": [{"message": "message=AuthenticationFailed; errorCode=003200; …"}]}}`).
// An expired access token is refreshed before the call, and once more on a 401; 429 (Intuit's
// throttling: 500 requests a minute per company) waits Retry-After, within bounds.

import { noLongerSetUpMessage } from '../../../../domain/connectors/set-up-words.ts';
import { waits } from '../../../lib/clock.ts';
import { retryAfterMs } from '../../../lib/retry-after.ts';
import { type RotationRules, renewCredentials } from '../token-rotation.ts';
import { ConnectorError } from '../types.ts';
import {
  isQuickBooksTokens,
  type QuickBooksApp,
  type QuickBooksSession,
  type QuickBooksTokens,
  RECONNECT_MESSAGE,
  refreshQuickBooksTokens,
} from './quickbooks-oauth.ts';

/** The Accounting API minor version the entity shapes were read from. */
export const QUICKBOOKS_MINOR_VERSION = '75';

/** Intuit's largest page (query operations: "the maximum number of entities … is 1000"). */
export const QUICKBOOKS_PAGE_SIZE = 1000;

/** Refresh a little before the hour is up, so a token does not expire mid-request. */
const EXPIRY_MARGIN_MS = 60_000;

export interface QuickBooksClientOptions {
  /** 429 answers waited out before giving up (default 3). */
  maxRetries?: number;
  /** A Retry-After longer than this is not waited for: the sync fails and the job retries later. */
  maxRetryAfterMs?: number;
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

interface FaultError {
  message: string;
  detail: string;
  code: string;
}

/** The errors of a Fault document in either spelling; null when `body` is not one. */
export function faultErrors(body: unknown): FaultError[] | null {
  if (!body || typeof body !== 'object') return null;
  const record = body as Record<string, unknown>;
  const fault = (record.Fault ?? record.fault) as Record<string, unknown> | undefined;
  if (!fault || typeof fault !== 'object') return null;
  const errors = fault.Error ?? fault.error;
  if (!Array.isArray(errors)) return [];
  return errors.map((entry: Record<string, unknown>) => ({
    message: String(entry.Message ?? entry.message ?? ''),
    detail: String(entry.Detail ?? entry.detail ?? ''),
    code: String(entry.code ?? entry.Code ?? ''),
  }));
}

/** "message=AuthenticationFailed; errorCode=003200; statusCode=401" → "AuthenticationFailed". */
function faultName(error: FaultError): string {
  return /message=([^;]+)/.exec(error.message)?.[1]?.trim() ?? error.message;
}

function describeFault(errors: FaultError[] | null, status: number): string {
  const first = errors?.[0];
  if (!first) return `HTTP ${status}`;
  const name = faultName(first);
  return first.detail && first.detail !== name ? `${name}: ${first.detail}` : name;
}

/**
 * Intuit's refusals of a company, in the person's words (decision 076), saying when connecting
 * again helps and when it cannot:
 * - errorCode 007001 "Subscription for company has lapsed or Invalid destination URL is used":
 *   the company's plan (a trial ended, a subscription cancelled or unpaid), or a sandbox company
 *   read through the production API (or the reverse): neither is fixed by connecting again;
 * - 403 (ApplicationAuthorizationFailed, errorCode 003100): the QuickBooks user who connected may
 *   no longer see the company's books; an admin of the company connecting again helps.
 */
function accessRefusal(errors: FaultError[] | null, status: number): ConnectorError | null {
  const lapsed = errors?.some((error) => error.code === '7001' || /errorCode=007001/.test(error.message));
  if (lapsed) {
    return new ConnectorError(
      'provider',
      'QuickBooks will not share this company’s books: its QuickBooks subscription has lapsed (a trial that ended, a cancelled or unpaid plan), or it is a sandbox company and this server reads production ones (or the reverse). Connecting again will not help: renew the subscription in QuickBooks, or ask your administrator to check QUICKBOOKS_ENVIRONMENT, then sync again.',
    );
  }
  if (status !== 403) return null;
  return new ConnectorError(
    'credentials',
    `QuickBooks refused access to this company (${describeFault(errors, 403)}): the QuickBooks user who connected it may no longer be allowed to see its books. An admin of the company should connect QuickBooks again.`,
  );
}

/** How QuickBooks tokens are refreshed and judged, for token-rotation.ts. */
export function quickBooksRotation(app: QuickBooksApp, now: () => Date): RotationRules<QuickBooksTokens> {
  return {
    refresh: (tokens) => refreshQuickBooksTokens(app, tokens, now()),
    parse: (value) => (isQuickBooksTokens(value) ? value : null),
    isFresh: (tokens) => Date.parse(tokens.accessTokenExpiresAt) - EXPIRY_MARGIN_MS > now().getTime(),
    now,
  };
}

export class QuickBooksClient {
  private readonly base: string;

  constructor(
    private readonly session: QuickBooksSession,
    private readonly options: QuickBooksClientOptions = {},
  ) {
    if (!session.app) {
      throw new ConnectorError('credentials', noLongerSetUpMessage('QuickBooks'));
    }
    this.base = `${session.app.apiOrigin}/v3/company/${encodeURIComponent(session.tokens.realmId)}`;
  }

  get realmId(): string {
    return this.session.tokens.realmId;
  }

  private get rotation() {
    return quickBooksRotation(this.session.app!, this.session.now);
  }

  /**
   * New tokens from Intuit, stored (sealed) before use, as the old refresh token may be dead now;
   * or the ones another operation on the source has just obtained (token-rotation.ts).
   */
  private async refresh(): Promise<void> {
    const { stored, tokens } = this.session;
    this.session.tokens = await renewCredentials(stored, tokens, this.rotation);
  }

  private async accessToken(): Promise<string> {
    if (!this.rotation.isFresh(this.session.tokens)) await this.refresh();
    return this.session.tokens.accessToken;
  }

  /** One GET under the company, as JSON; throws ConnectorError. */
  async get(path: string, params: Record<string, string> = {}): Promise<Record<string, unknown>> {
    const url = new URL(`${this.base}${path}`);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    url.searchParams.set('minorversion', QUICKBOOKS_MINOR_VERSION);
    const maxRetries = this.options.maxRetries ?? 3;
    const maxWait = this.options.maxRetryAfterMs ?? 60_000;
    const sleep = this.options.sleep ?? waits.sleep;
    let refreshed = false;
    for (let retries = 0; ; ) {
      const token = await this.accessToken();
      let response: Response;
      try {
        response = await fetch(url, {
          headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
          signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
        });
      } catch (error) {
        const reason =
          error instanceof Error && error.name === 'TimeoutError' ? 'no answer in time' : 'no connection';
        throw new ConnectorError('unreachable', `Could not reach QuickBooks (${reason})`);
      }
      if (response.status === 429) {
        const retryAfter = retryAfterMs(response.headers.get('Retry-After'), this.session.now().getTime());
        const wait = retryAfter ?? 2 ** retries * 1000;
        await response.body?.cancel();
        if (retries >= maxRetries || wait > maxWait) {
          throw new ConnectorError(
            'rate_limited',
            `QuickBooks is limiting requests (HTTP 429); the sync will try again in ${Math.ceil(wait / 1000)} s`,
          );
        }
        retries++;
        await sleep(wait);
        continue;
      }
      if (response.status === 401 && !refreshed) {
        // Expired or revoked access token (AuthenticationFailed, 003200): refresh once and retry.
        await response.body?.cancel();
        refreshed = true;
        await this.refresh();
        continue;
      }
      return this.readAnswer(response);
    }
  }

  private async readAnswer(response: Response): Promise<Record<string, unknown>> {
    let body: unknown = null;
    const text = await response.text();
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    const errors = faultErrors(body);
    if (response.status === 401) throw new ConnectorError('credentials', RECONNECT_MESSAGE);
    const refusal = accessRefusal(errors, response.status);
    if (refusal) throw refusal;
    if (response.status >= 500) {
      throw new ConnectorError('unreachable', `QuickBooks answered HTTP ${response.status}`);
    }
    if (errors) {
      throw new ConnectorError(
        'provider',
        `QuickBooks refused the request: ${describeFault(errors, response.status)}`,
      );
    }
    if (!response.ok || !body || typeof body !== 'object' || Array.isArray(body)) {
      throw new ConnectorError(
        'protocol',
        `QuickBooks answered HTTP ${response.status} without the expected JSON`,
      );
    }
    return body as Record<string, unknown>;
  }

  /**
   * Every entity of a kind, page by page in Id order so pages never shift. `where` is a fixed
   * clause of ours (never user input), e.g. `Active IN (true, false)`: name lists such as Item
   * answer only active entries without it ("SELECT * FROM Customer retrieves all active
   * customers", Intuit's query operations guide), and inactive items still sit on old bills.
   */
  async queryAll<T>(entity: string, where?: string, pageSize = QUICKBOOKS_PAGE_SIZE): Promise<T[]> {
    const out: T[] = [];
    const filter = where ? ` WHERE ${where}` : '';
    for (let start = 1; ; start += pageSize) {
      const body = await this.get('/query', {
        query: `SELECT * FROM ${entity}${filter} ORDERBY Id STARTPOSITION ${start} MAXRESULTS ${pageSize}`,
      });
      const answer = body.QueryResponse;
      if (!answer || typeof answer !== 'object') {
        throw new ConnectorError(
          'protocol',
          `QuickBooks answered the ${entity} query without a QueryResponse`,
        );
      }
      const page = (answer as Record<string, unknown>)[entity] ?? [];
      if (!Array.isArray(page)) {
        throw new ConnectorError(
          'protocol',
          `QuickBooks answered the ${entity} query with something other than a list`,
        );
      }
      out.push(...(page as T[]));
      if (page.length < pageSize) return out;
    }
  }
}
