// Odoo's external API over JSON-RPC (`POST <baseUrl>/jsonrpc`, services `common` and `object`),
// as documented in Odoo's "External API" page: `common.authenticate(db, login, key, {})` answers
// the uid or false; `object.execute_kw(db, uid, key, model, method, args, kwargs)` runs an ORM
// method. Errors come back as HTTP 200 with a JSON-RPC `error` object whose `data.name` is the
// Python exception (e.g. odoo.exceptions.AccessDenied). Odoo.sh and proxies answer 429 with
// Retry-After when rate limiting.
//
// Every call goes through the guarded outbound fetch (src/server/lib/outbound-fetch.ts, decision
// 040): the endpoint is built from the typed base URL, redirects are refused, and what the remote
// answers is never shown raw: people read our own sentences, the details go to the server log.

import { describeOdooBase, ODOO_URL_EXAMPLE, odooEndpoint } from '../../../../domain/connectors/odoo-url.ts';
import { type OutboundAnswer, OutboundError, outboundFetch } from '../../../lib/outbound-fetch.ts';
import { outboundPolicy } from '../../../lib/outbound-url.ts';
import { ConnectorError } from '../types.ts';

export interface OdooCredentials {
  baseUrl: string;
  database: string;
  username: string;
  apiKey: string;
}

export interface OdooClientOptions {
  /** 429 answers waited out before giving up (default 3). */
  maxRetries?: number;
  /** A Retry-After longer than this is not waited for: the sync fails and the job retries later. */
  maxRetryAfterMs?: number;
  timeoutMs?: number;
  /** Largest answer read; a page of move lines is far below it. */
  maxAnswerBytes?: number;
  /** Tests: answers for names instead of the system resolver. */
  resolver?: (host: string) => Promise<string[]>;
  sleep?: (ms: number) => Promise<void>;
}

const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

export const BAD_LOGIN_MESSAGE = 'Odoo rejected the login: check the database name, username and API key';

const ACCESS_DENIED = /AccessDenied|SessionExpired/;

/** Odoo's exception classes (odoo/exceptions.py), in words a person can act on. */
const ODOO_EXCEPTIONS: Record<string, string> = {
  AccessError: 'the Odoo user lacks the access rights this needs (give it Accounting read access)',
  MissingError: 'a record it asked for no longer exists in Odoo',
  UserError: 'Odoo reported a problem with the data it was asked for',
  ValidationError: 'Odoo found the request invalid',
  CacheMiss: 'Odoo could not read a field it was asked for',
};

interface JsonRpcAnswer {
  result?: unknown;
  error?: { code?: number; message?: string; data?: { name?: string; message?: string } };
}

/** Seconds or an HTTP date, as RFC 9110 §10.2.3 allows; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export class OdooClient {
  private readonly endpoint: string;
  private readonly origin: string;
  private uid: number | null = null;
  private requestId = 0;

  constructor(
    private readonly credentials: OdooCredentials,
    private readonly options: OdooClientOptions = {},
  ) {
    if (!URL.canParse(credentials.baseUrl.trim())) throw new ConnectorError('protocol', ODOO_URL_EXAMPLE);
    // Built on the parsed URL: a `?` or `#` in stored credentials cannot steer the path.
    this.endpoint = odooEndpoint(credentials.baseUrl).toString();
    this.origin = describeOdooBase(credentials.baseUrl);
  }

  /** One JSON-RPC call, waiting out 429s; throws ConnectorError. */
  async call(service: 'common' | 'object', method: string, args: unknown[]): Promise<unknown> {
    const maxRetries = this.options.maxRetries ?? 3;
    const maxWait = this.options.maxRetryAfterMs ?? 60_000;
    const sleep = this.options.sleep ?? ((ms: number) => new Promise((done) => setTimeout(done, ms)));
    const body = JSON.stringify({
      jsonrpc: '2.0',
      method: 'call',
      params: { service, method, args },
      id: ++this.requestId,
    });
    for (let attempt = 0; ; attempt++) {
      const answer = await this.post(body);
      if (answer.status === 429) {
        const wait = retryAfterMs(answer.headers.get('Retry-After')) ?? 2 ** attempt * 1000;
        if (attempt >= maxRetries || wait > maxWait) {
          throw new ConnectorError(
            'rate_limited',
            `Odoo is limiting requests (HTTP 429); the sync will try again in ${Math.ceil(wait / 1000)} s`,
          );
        }
        await sleep(wait);
        continue;
      }
      return this.readAnswer(answer);
    }
  }

  /** One POST to the endpoint; transport failures become connector errors in our own words. */
  private async post(body: string): Promise<OutboundAnswer> {
    try {
      return await outboundFetch(this.endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body,
        // A redirect is refused: the API key must not follow it anywhere (SSRF guard).
        maxRedirects: 0,
        timeoutMs: this.options.timeoutMs ?? 30_000,
        maxBytes: this.options.maxAnswerBytes ?? MAX_ANSWER_BYTES,
        resolver: this.options.resolver,
      });
    } catch (error) {
      if (!(error instanceof OutboundError)) throw error;
      if (error.failure === 'refused') throw new ConnectorError('protocol', error.message);
      if (error.failure === 'too_large') {
        throw new ConnectorError(
          'protocol',
          `The Odoo server at ${this.origin} answered more than ESG Pilot reads`,
        );
      }
      // Refused, reset, silent or unknown name read alike: the caller learns nothing about ports.
      throw new ConnectorError(
        'unreachable',
        `Could not reach the Odoo server at ${this.origin}: check the address and that the server is online`,
      );
    }
  }

  private readAnswer(response: OutboundAnswer): unknown {
    if (response.status >= 300 && response.status < 400) {
      throw new ConnectorError(
        'protocol',
        `The Odoo server at ${this.origin} redirects to another address (HTTP ${response.status}): enter the address Odoo itself answers on`,
      );
    }
    if (response.status === 404) {
      throw new ConnectorError(
        'protocol',
        `No Odoo JSON-RPC endpoint at ${this.endpoint}: check the server URL`,
      );
    }
    if (response.status >= 500) {
      throw new ConnectorError(
        'unreachable',
        `The Odoo server answered with an error (HTTP ${response.status})`,
      );
    }
    if (response.status < 200 || response.status >= 300) {
      throw new ConnectorError(
        'protocol',
        `The Odoo server answered HTTP ${response.status}: check the server URL`,
      );
    }
    let answer: JsonRpcAnswer;
    try {
      answer = JSON.parse(response.text()) as JsonRpcAnswer;
    } catch {
      throw new ConnectorError(
        'protocol',
        `The server at ${this.origin} did not answer as Odoo does (no JSON-RPC)`,
      );
    }
    if (answer && typeof answer === 'object' && answer.error) throw this.refusal(answer.error);
    if (!answer || typeof answer !== 'object' || !('result' in answer)) {
      throw new ConnectorError(
        'protocol',
        `The server at ${this.origin} did not answer as Odoo does (no JSON-RPC)`,
      );
    }
    return answer.result;
  }

  /**
   * Odoo's JSON-RPC error in our words: the exception's class picks the sentence; its free text
   * (which a server that is not Odoo could fill with anything) goes to the log only.
   */
  private refusal(error: NonNullable<JsonRpcAnswer['error']>): ConnectorError {
    const name = typeof error.data?.name === 'string' ? error.data.name : '';
    outboundPolicy().log?.warn('Odoo refused a request', {
      origin: this.origin,
      exception: name.slice(0, 200),
      detail: String(error.data?.message || error.message || '').slice(0, 500),
    });
    if (ACCESS_DENIED.test(name)) return new ConnectorError('credentials', BAD_LOGIN_MESSAGE);
    // What Odoo raises for a database it cannot open (psycopg2: "database … does not exist").
    if (/OperationalError$/.test(name)) {
      return new ConnectorError(
        'provider',
        `Odoo cannot open a database named "${this.credentials.database}": check the database name`,
      );
    }
    const known = ODOO_EXCEPTIONS[name.replace(/^odoo\.exceptions\./, '')];
    return new ConnectorError('provider', `Odoo refused the request: ${known ?? 'Odoo reported an error'}`);
  }

  /** The user id; ConnectorError('credentials') when Odoo answers false. */
  async authenticate(): Promise<number> {
    if (this.uid !== null) return this.uid;
    const { database, username, apiKey } = this.credentials;
    const uid = await this.call('common', 'authenticate', [database, username, apiKey, {}]);
    if (typeof uid !== 'number' || uid <= 0) throw new ConnectorError('credentials', BAD_LOGIN_MESSAGE);
    this.uid = uid;
    return uid;
  }

  async executeKw(model: string, method: string, args: unknown[], kwargs: Record<string, unknown> = {}) {
    const uid = await this.authenticate();
    const { database, apiKey } = this.credentials;
    return this.call('object', 'execute_kw', [database, uid, apiKey, model, method, args, kwargs]);
  }

  /** Every record matching `domain`, page by page (limit/offset, ordered by id so pages never shift). */
  async searchReadAll<T>(model: string, domain: unknown[], fields: string[], pageSize = 200): Promise<T[]> {
    const out: T[] = [];
    for (let offset = 0; ; offset += pageSize) {
      const page = await this.executeKw(model, 'search_read', [domain], {
        fields,
        limit: pageSize,
        offset,
        order: 'id asc',
      });
      if (!Array.isArray(page)) {
        throw new ConnectorError(
          'protocol',
          `Odoo answered ${model}.search_read with something other than a list`,
        );
      }
      out.push(...(page as T[]));
      if (page.length < pageSize) return out;
    }
  }
}
