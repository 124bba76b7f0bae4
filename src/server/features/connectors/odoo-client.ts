// Odoo's external API over JSON-RPC (`POST <baseUrl>/jsonrpc`, services `common` and `object`),
// as documented in Odoo's "External API" page: `common.authenticate(db, login, key, {})` answers
// the uid or false; `object.execute_kw(db, uid, key, model, method, args, kwargs)` runs an ORM
// method. Errors come back as HTTP 200 with a JSON-RPC `error` object whose `data.name` is the
// Python exception (e.g. odoo.exceptions.AccessDenied). Odoo.sh and proxies answer 429 with
// Retry-After when rate limiting.

import { HttpError } from '../../lib/errors.ts';
import { assertPublicUrl } from '../../lib/outbound-url.ts';
import { ConnectorError } from './types.ts';

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
  sleep?: (ms: number) => Promise<void>;
}

export const BAD_LOGIN_MESSAGE = 'Odoo rejected the login: check the database name, username and API key';

const ACCESS_DENIED = /AccessDenied|SessionExpired/;

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
    const base = credentials.baseUrl
      .trim()
      .replace(/\/+$/, '')
      .replace(/\/(odoo|web)(\/.*)?$/, '');
    this.endpoint = `${base}/jsonrpc`;
    this.origin = base;
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
    await this.checkDestination();
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await fetch(this.endpoint, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body,
          // A public address must not bounce the API key to a private one (SSRF guard).
          redirect: 'manual',
          signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
        });
      } catch (error) {
        const reason =
          error instanceof Error && error.name === 'TimeoutError' ? 'no answer in time' : describe(error);
        throw new ConnectorError(
          'unreachable',
          `Could not reach the Odoo server at ${this.origin} (${reason})`,
        );
      }
      if (response.status === 429) {
        const wait = retryAfterMs(response.headers.get('Retry-After')) ?? 2 ** attempt * 1000;
        await response.body?.cancel();
        if (attempt >= maxRetries || wait > maxWait) {
          throw new ConnectorError(
            'rate_limited',
            `Odoo is limiting requests (HTTP 429); the sync will try again in ${Math.ceil(wait / 1000)} s`,
          );
        }
        await sleep(wait);
        continue;
      }
      return this.readAnswer(response);
    }
  }

  private destinationChecked = false;

  /** The SSRF guard (src/server/lib/outbound-url.ts), once per client, as a connector error. */
  private async checkDestination(): Promise<void> {
    if (this.destinationChecked) return;
    try {
      await assertPublicUrl(this.endpoint);
    } catch (error) {
      if (error instanceof HttpError) throw new ConnectorError('protocol', error.message);
      throw error;
    }
    this.destinationChecked = true;
  }

  private async readAnswer(response: Response): Promise<unknown> {
    if (response.status >= 300 && response.status < 400) {
      const location = response.headers.get('Location');
      throw new ConnectorError(
        'protocol',
        `The Odoo server redirects to ${location ?? 'another address'}: enter that address as the server URL`,
      );
    }
    if (response.status === 404) {
      throw new ConnectorError(
        'protocol',
        `No Odoo JSON-RPC endpoint at ${this.endpoint}: check the server URL`,
      );
    }
    if (response.status >= 500) {
      throw new ConnectorError('unreachable', `The Odoo server answered HTTP ${response.status}`);
    }
    if (!response.ok) {
      throw new ConnectorError(
        'protocol',
        `The Odoo server answered HTTP ${response.status}: check the server URL`,
      );
    }
    let answer: JsonRpcAnswer;
    try {
      answer = (await response.json()) as JsonRpcAnswer;
    } catch {
      throw new ConnectorError(
        'protocol',
        `The server at ${this.origin} did not answer as Odoo does (no JSON-RPC)`,
      );
    }
    if (answer && typeof answer === 'object' && answer.error) {
      const name = answer.error.data?.name ?? '';
      if (ACCESS_DENIED.test(name)) throw new ConnectorError('credentials', BAD_LOGIN_MESSAGE);
      const detail = answer.error.data?.message || answer.error.message || 'unknown error';
      throw new ConnectorError('provider', `Odoo refused the request: ${detail}`);
    }
    if (!answer || typeof answer !== 'object' || !('result' in answer)) {
      throw new ConnectorError(
        'protocol',
        `The server at ${this.origin} did not answer as Odoo does (no JSON-RPC)`,
      );
    }
    return answer.result;
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

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: string }).code;
    return code ? `${code}` : error.message;
  }
  return String(error);
}
