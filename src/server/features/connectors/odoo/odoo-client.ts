// Odoo's external API, in the protocol the server speaks (decision 074), chosen from its version
// (`POST <base>/web/version`, a JSON-RPC route in every version; `common.version` on /jsonrpc
// where that route is missing):
// - Odoo 19 and later: the JSON-2 API, `POST <base>/json/2/<model>/<method>` with
//   `Authorization: bearer <API key>` and `X-Odoo-Database`, named parameters in a JSON body
//   (`ids` for the records), the result as the body; refusals as HTTP statuses (401 a bad key)
//   with `{name, message}` (Odoo 19 "External JSON-2 API"). /jsonrpc is deprecated there and is to
//   be removed, so it is not used;
// - Odoo 17 and 18: JSON-RPC (`POST <base>/jsonrpc`, services `common` and `object`):
//   `common.authenticate(db, login, key, {})` answers the uid or false;
//   `object.execute_kw(db, uid, key, model, method, args, kwargs)` runs an ORM method. Errors come
//   back as HTTP 200 with a JSON-RPC `error` whose `data.name` is the Python exception.
// Odoo.sh and proxies answer 429 with Retry-After when rate limiting.
//
// Every call goes through the guarded outbound fetch (src/server/lib/outbound-fetch.ts, decision
// 040): the endpoint is built from the typed base URL, redirects are refused, and what the remote
// answers is never shown raw: people read our own sentences, the details go to the server log.

import { describeOdooBase, ODOO_URL_EXAMPLE, odooEndpoint } from '../../../../domain/connectors/odoo-url.ts';
import { waits } from '../../../lib/clock.ts';
import { type OutboundAnswer, OutboundError, outboundFetch } from '../../../lib/outbound-fetch.ts';
import { retryAfterMs } from '../../../lib/retry-after.ts';
import { ConnectorError } from '../types.ts';
import { BAD_LOGIN_MESSAGE, type OdooFault, odooRefusal } from './odoo-refusal.ts';

export { BAD_LOGIN_MESSAGE } from './odoo-refusal.ts';

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
  /** The session's clock, against which an HTTP-date Retry-After is read (default: the system's). */
  now?: () => Date;
}

const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

interface JsonRpcAnswer {
  result?: unknown;
  error?: { code?: number; message?: string; data?: { name?: string; message?: string } };
}

/** The first Odoo version whose JSON-2 API the connector uses (decision 074). */
export const ODOO_JSON2_FROM = 19;

/** Named parameters of an ORM call; `ids` are the records a method runs on. */
export type OdooParams = { ids?: number[] } & Record<string, unknown>;

/** The major version from Odoo's version info (`server_version_info[0]`, or "saas~18.3"). */
export function odooMajorVersion(info: unknown): number | null {
  const record = info as { server_version_info?: unknown[]; server_version?: unknown } | null;
  const first = record?.server_version_info?.[0];
  if (typeof first === 'number' && Number.isInteger(first)) return first;
  const match = /(\d+)\.\d+/.exec(typeof record?.server_version === 'string' ? record.server_version : '');
  return match ? Number(match[1]) : null;
}

export class OdooClient {
  private readonly origin: string;
  private uid: number | null = null;
  private major: number | null = null;
  private requestId = 0;

  constructor(
    private readonly credentials: OdooCredentials,
    private readonly options: OdooClientOptions = {},
  ) {
    if (!URL.canParse(credentials.baseUrl.trim())) throw new ConnectorError('protocol', ODOO_URL_EXAMPLE);
    this.origin = describeOdooBase(credentials.baseUrl);
  }

  /** Built on the parsed base: a `?` or `#` in stored credentials cannot steer the path. */
  private endpoint(path: string): string {
    return odooEndpoint(this.credentials.baseUrl, path).toString();
  }

  /** The server's major version, asked once (no login needed). */
  async serverVersion(): Promise<number> {
    if (this.major !== null) return this.major;
    let info: unknown;
    try {
      info = await this.rpc('/web/version', { jsonrpc: '2.0', method: 'call', params: {} });
    } catch (error) {
      // An Odoo without the /web/version route (or a proxy hiding it) still has common.version.
      if (!(error instanceof ConnectorError) || error.kind !== 'protocol') throw error;
      info = await this.call('common', 'version', []);
    }
    const major = odooMajorVersion(info);
    if (major === null) {
      throw new ConnectorError(
        'protocol',
        `The server at ${this.origin} did not say which Odoo version it runs`,
      );
    }
    this.major = major;
    return major;
  }

  /** True when the server speaks the JSON-2 API (Odoo 19 and later). */
  async usesJson2(): Promise<boolean> {
    return (await this.serverVersion()) >= ODOO_JSON2_FROM;
  }

  /** One JSON-RPC call on /jsonrpc (Odoo 17–18), waiting out 429s; throws ConnectorError. */
  async call(service: 'common' | 'object', method: string, args: unknown[]): Promise<unknown> {
    return this.rpc('/jsonrpc', { jsonrpc: '2.0', method: 'call', params: { service, method, args } });
  }

  private async rpc(path: string, envelope: Record<string, unknown>): Promise<unknown> {
    const answer = await this.post(path, JSON.stringify({ ...envelope, id: ++this.requestId }), {});
    return this.readRpcAnswer(answer, path);
  }

  /** One POST, waiting out 429s; transport failures become connector errors in our own words. */
  private async post(path: string, body: string, headers: Record<string, string>): Promise<OutboundAnswer> {
    const maxRetries = this.options.maxRetries ?? 3;
    const maxWait = this.options.maxRetryAfterMs ?? 60_000;
    const sleep = this.options.sleep ?? waits.sleep;
    for (let attempt = 0; ; attempt++) {
      const answer = await this.send(path, body, headers);
      if (answer.status !== 429) return answer;
      const now = this.options.now?.() ?? new Date();
      const wait = retryAfterMs(answer.headers.get('Retry-After'), now.getTime()) ?? 2 ** attempt * 1000;
      if (attempt >= maxRetries || wait > maxWait) {
        throw new ConnectorError(
          'rate_limited',
          `Odoo is limiting requests (HTTP 429); the sync will try again in ${Math.ceil(wait / 1000)} s`,
        );
      }
      await sleep(wait);
    }
  }

  private async send(path: string, body: string, headers: Record<string, string>): Promise<OutboundAnswer> {
    try {
      return await outboundFetch(this.endpoint(path), {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          Accept: 'application/json',
          ...headers,
        },
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

  /** Statuses every protocol reads alike: redirects, 5xx. */
  private checkStatus(response: OutboundAnswer) {
    if (response.status >= 300 && response.status < 400) {
      throw new ConnectorError(
        'protocol',
        `The Odoo server at ${this.origin} redirects to another address (HTTP ${response.status}): enter the address Odoo itself answers on`,
      );
    }
    if (response.status >= 500) {
      throw new ConnectorError(
        'unreachable',
        `The Odoo server answered with an error (HTTP ${response.status})`,
      );
    }
  }

  private readRpcAnswer(response: OutboundAnswer, path: string): unknown {
    this.checkStatus(response);
    if (response.status === 404) {
      throw new ConnectorError(
        'protocol',
        `No Odoo JSON-RPC endpoint at ${this.endpoint(path)}: check the server URL`,
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
    if (answer && typeof answer === 'object' && answer.error) {
      const data = answer.error.data;
      throw this.refusal({
        name: typeof data?.name === 'string' ? data.name : '',
        message: String(data?.message || answer.error.message || ''),
      });
    }
    if (!answer || typeof answer !== 'object' || !('result' in answer)) {
      throw new ConnectorError(
        'protocol',
        `The server at ${this.origin} did not answer as Odoo does (no JSON-RPC)`,
      );
    }
    return answer.result;
  }

  private refusal(fault: OdooFault, loggedIn = this.uid !== null): ConnectorError {
    return odooRefusal(fault, { origin: this.origin, database: this.credentials.database, loggedIn });
  }

  /** One JSON-2 call (Odoo 19+): the method's named parameters in, its result out. */
  private async json2(model: string, method: string, params: OdooParams): Promise<unknown> {
    const path = `/json/2/${encodeURIComponent(model)}/${encodeURIComponent(method)}`;
    const response = await this.post(path, JSON.stringify(params), {
      Authorization: `bearer ${this.credentials.apiKey}`,
      'X-Odoo-Database': this.credentials.database,
      'User-Agent': 'ESG Pilot',
    });
    this.checkStatus(response);
    let body: unknown = null;
    try {
      body = JSON.parse(response.text());
    } catch {
      throw new ConnectorError(
        'protocol',
        `The server at ${this.origin} did not answer as Odoo's JSON-2 API does`,
      );
    }
    if (response.status === 401) throw new ConnectorError('credentials', BAD_LOGIN_MESSAGE);
    if (response.status >= 400) {
      const fault = body as { name?: unknown; message?: unknown } | null;
      if (response.status === 404 && typeof fault?.name !== 'string') {
        throw new ConnectorError('protocol', `No Odoo JSON-2 API at ${this.origin}: check the server URL`);
      }
      // A key Odoo accepted (not 401): an AccessDenied now is the plan refusing the API.
      throw this.refusal(
        { name: typeof fault?.name === 'string' ? fault.name : '', message: String(fault?.message ?? '') },
        true,
      );
    }
    return body;
  }

  /** The user id (JSON-RPC only); ConnectorError('credentials') when Odoo answers false. */
  async authenticate(): Promise<number> {
    if (this.uid !== null) return this.uid;
    const { database, username, apiKey } = this.credentials;
    const uid = await this.call('common', 'authenticate', [database, username, apiKey, {}]);
    if (typeof uid !== 'number' || uid <= 0) throw new ConnectorError('credentials', BAD_LOGIN_MESSAGE);
    this.uid = uid;
    return uid;
  }

  /** One ORM method with named parameters, over the server's protocol. */
  async execute(model: string, method: string, params: OdooParams = {}): Promise<unknown> {
    if (await this.usesJson2()) return this.json2(model, method, params);
    const uid = await this.authenticate();
    const { ids, ...named } = params;
    const { database, apiKey } = this.credentials;
    return this.call('object', 'execute_kw', [database, uid, apiKey, model, method, ids ? [ids] : [], named]);
  }

  /**
   * Whether the user may read `model`: `check_access` on no records (model rights only) from Odoo
   * 18, where `check_access_rights` is deprecated; `check_access_rights` on Odoo 17, which has no
   * public check_access. Logs in (or proves the API key) on the way.
   */
  async canRead(model: string): Promise<boolean> {
    if ((await this.serverVersion()) < 18) {
      return (
        (await this.execute(model, 'check_access_rights', { operation: 'read', raise_exception: false })) ===
        true
      );
    }
    try {
      await this.execute(model, 'check_access', { ids: [], operation: 'read' });
      return true;
    } catch (error) {
      if (error instanceof ConnectorError && error.message.includes('lacks the access rights')) return false;
      throw error;
    }
  }

  /** Every record matching `domain`, page by page (limit/offset, ordered by id so pages never shift). */
  async searchReadAll<T>(model: string, domain: unknown[], fields: string[], pageSize = 200): Promise<T[]> {
    const out: T[] = [];
    for (let offset = 0; ; offset += pageSize) {
      const page = await this.execute(model, 'search_read', {
        domain,
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
