/**
 * An Odoo server on 127.0.0.1 answering as Odoo 17, 18 or 19 (`options.version`, decision 074):
 * `POST /web/version` (JSON-RPC envelope) with the version info; from 19 the JSON-2 API
 * (`POST /json/2/<model>/<method>`, `Authorization: bearer <key>`, `X-Odoo-Database`, named
 * parameters checked against each method's signature, errors as HTTP statuses with
 * `{name, message}`); and its external API over JSON-RPC (`POST /jsonrpc`, deprecated from 19:
 * its use there, and check_access_rights from 18, land in `deprecated`): `common.version`, `common.authenticate(db, login, key, {})` answering the
 * uid or `false`, and `object.execute_kw(db, uid, key, model, method, args, kwargs)` with
 * `search_read` (domain, fields, limit, offset, order), `search_count`, `read`, `check_access`
 * (18+) and `check_access_rights` on account.move, account.move.line, account.account and res.currency.
 * Moves of every type are served (vendor credit notes `in_refund` too: tests/fakes/odoo-refunds.ts).
 * As in Odoo 16/17, a line's `price_subtotal` is unsigned whatever the move type (quantity ×
 * price_unit less discount, `AccountMoveLine._compute_totals`); the direction is in `balance`
 * (`move_id.direction_sign`: + on vendor bills and customer credit notes, − on vendor credit
 * notes and customer invoices), served here for faithfulness and not read by the adapter.
 * Errors use Odoo's shape: HTTP 200 with `{"error": {"code": 200, "message": "Odoo Server Error",
 * "data": {"name": "odoo.exceptions.AccessDenied", …}}}`. A test can make the next requests
 * answer 429 with Retry-After, revoke the API key, or deny accounting access; `plan: 'standard'`
 * refuses the external API as Odoo Online does on One App Free and Standard plans. Every call is
 * recorded so a test can prove pagination happened.
 */

export interface FakeOdooAccount {
  id: number;
  code: string;
  name: string;
}

export interface FakeOdooMove {
  id: number;
  name: string;
  move_type: 'in_invoice' | 'out_invoice' | 'in_refund' | 'out_refund' | 'entry';
  state: 'draft' | 'posted' | 'cancel';
  date: string;
  invoice_date: string;
  currency: string;
  amount_untaxed: number;
}

export interface FakeOdooLine {
  id: number;
  move_id: number;
  account_id: number;
  product: string | null;
  /** Unsigned, as Odoo computes it: positive on a credit note for what it gives back. */
  price_subtotal: number;
  display_type: 'product' | 'tax' | 'payment_term' | 'line_section' | 'line_note';
  currency?: string;
  date?: string;
}

export interface FakeOdooData {
  database: string;
  login: string;
  apiKey: string;
  uid: number;
  accounts: FakeOdooAccount[];
  moves: FakeOdooMove[];
  lines: FakeOdooLine[];
}

export interface FakeOdooCall {
  service: string;
  method: string;
  model?: string;
  modelMethod?: string;
  kwargs?: Record<string, unknown>;
}

const CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF'];

type Value = string | number | boolean | null | [number, string] | false;
type Row = Record<string, Value>;

class OdooError extends Error {
  constructor(
    readonly exceptionName: string,
    message: string,
  ) {
    super(message);
  }
}

/** A small company's books: four expense accounts, three vendor bills, two customer invoices. */
export function sampleOdooData(overrides: Partial<FakeOdooData> = {}): FakeOdooData {
  return {
    database: 'acme-prod',
    login: 'books@acme.example',
    apiKey: 'odoo-api-key-0123456789',
    uid: 7,
    accounts: [
      { id: 11, code: '613000', name: 'Software subscriptions' },
      { id: 12, code: '622600', name: 'Legal fees' },
      { id: 13, code: '445660', name: 'Deductible VAT' },
      { id: 14, code: '604000', name: 'Purchases of services' },
    ],
    moves: [
      {
        id: 101,
        name: 'BILL/2025/03/0001',
        move_type: 'in_invoice',
        state: 'posted',
        date: '2025-03-04',
        invoice_date: '2025-03-03',
        currency: 'EUR',
        amount_untaxed: 1200,
      },
      {
        id: 102,
        name: 'BILL/2025/03/0002',
        move_type: 'in_invoice',
        state: 'posted',
        date: '2025-03-18',
        invoice_date: '2025-03-18',
        currency: 'USD',
        amount_untaxed: 800,
      },
      {
        id: 103,
        name: 'BILL/2025/04/0001',
        move_type: 'in_invoice',
        state: 'draft',
        date: '2025-04-02',
        invoice_date: '2025-04-02',
        currency: 'EUR',
        amount_untaxed: 999,
      },
      {
        id: 201,
        name: 'INV/2024/0009',
        move_type: 'out_invoice',
        state: 'posted',
        date: '2024-11-30',
        invoice_date: '2024-11-30',
        currency: 'EUR',
        amount_untaxed: 40000,
      },
      {
        id: 202,
        name: 'INV/2025/0001',
        move_type: 'out_invoice',
        state: 'posted',
        date: '2025-01-31',
        invoice_date: '2025-01-31',
        currency: 'EUR',
        amount_untaxed: 52500.5,
      },
    ],
    lines: [
      {
        id: 1001,
        move_id: 101,
        account_id: 11,
        product: 'Cloud hosting plan',
        price_subtotal: 1000,
        display_type: 'product',
      },
      { id: 1002, move_id: 101, account_id: 12, product: null, price_subtotal: 200, display_type: 'product' },
      { id: 1003, move_id: 101, account_id: 13, product: null, price_subtotal: 240, display_type: 'tax' },
      {
        id: 1004,
        move_id: 102,
        account_id: 14,
        product: 'Consulting day',
        price_subtotal: 800,
        display_type: 'product',
      },
      {
        id: 1005,
        move_id: 103,
        account_id: 14,
        product: 'Draft only',
        price_subtotal: 999,
        display_type: 'product',
      },
    ],
    ...overrides,
  };
}

export interface FakeOdooOptions {
  /** The Odoo release the server answers as (decision 074): 17 and 18 JSON-RPC, 19 also JSON-2. */
  version: 17 | 18 | 19;
  /**
   * The Odoo Online plan: the external API exists only on Custom plans (Odoo's "External API"
   * pages). Odoo does not document the refusal's wording; the fake answers AccessDenied naming the
   * plan once the login is accepted.
   */
  plan: 'custom' | 'standard';
}

/** Named parameters each ORM method takes (odoo/models.py), for JSON-2 bodies and kwargs. */
export const METHOD_PARAMETERS: Record<string, string[]> = {
  search_read: ['domain', 'fields', 'offset', 'limit', 'order', 'context'],
  search_count: ['domain', 'limit', 'context'],
  read: ['ids', 'fields', 'load', 'context'],
  check_access: ['ids', 'operation', 'context'],
  check_access_rights: ['operation', 'raise_exception', 'context'],
};

const PLAN_REFUSAL =
  'Access to the external API is not available on your current plan (One App Free or Standard). Upgrade to a Custom plan.';

export function startFakeOdoo(
  initial: FakeOdooData = sampleOdooData(),
  options: Partial<FakeOdooOptions> = {},
) {
  const data = initial;
  const settings: FakeOdooOptions = { version: 17, plan: 'custom', ...options };
  const calls: FakeOdooCall[] = [];
  /** Deprecated routes or methods the client used on a version that deprecates them. */
  const deprecated: string[] = [];
  let rateLimited = 0;
  let retryAfter = '1';
  let accountingAccess = true;

  const many2one = (id: number | undefined, name: string | undefined): Value =>
    id === undefined || name === undefined ? false : [id, name];

  const currencyId = (code: string) => CURRENCIES.indexOf(code) + 1;

  /** Odoo's `direction_sign` of a move: debit-side product lines are positive. */
  const directionSign = (moveType: FakeOdooMove['move_type']) =>
    moveType === 'in_invoice' || moveType === 'out_refund' || moveType === 'entry' ? 1 : -1;

  function records(model: string): Row[] {
    switch (model) {
      case 'account.account':
        return data.accounts.map((account) => ({
          id: account.id,
          code: account.code,
          name: account.name,
          display_name: `${account.code} ${account.name}`,
        }));
      case 'res.currency':
        return CURRENCIES.map((code) => ({ id: currencyId(code), name: code, display_name: code }));
      case 'account.move':
        return data.moves.map((move) => ({
          id: move.id,
          name: move.name,
          display_name: move.name,
          move_type: move.move_type,
          state: move.state,
          date: move.date,
          invoice_date: move.invoice_date,
          currency_id: many2one(currencyId(move.currency), move.currency),
          amount_untaxed: move.amount_untaxed,
        }));
      case 'account.move.line':
        return data.lines.map((line) => {
          const move = data.moves.find((candidate) => candidate.id === line.move_id)!;
          const account = data.accounts.find((candidate) => candidate.id === line.account_id);
          const currency = line.currency ?? move.currency;
          return {
            id: line.id,
            move_id: many2one(move.id, move.name),
            account_id: many2one(account?.id, account ? `${account.code} ${account.name}` : undefined),
            product_id: line.product ? [line.id + 50_000, line.product] : false,
            price_subtotal: line.price_subtotal,
            // In the move's currency here; Odoo's is in the company's (one currency suffices for the fake).
            balance: directionSign(move.move_type) * line.price_subtotal,
            move_type: move.move_type,
            currency_id: many2one(currencyId(currency), currency),
            date: line.date ?? move.date,
            display_type: line.display_type,
          };
        });
      default:
        throw new OdooError('builtins.KeyError', `'${model}'`);
    }
  }

  const fieldValue = (row: Row, field: string) => {
    const value = row[field];
    return Array.isArray(value) ? value[0] : value;
  };

  /** Odoo domains: a list of [field, operator, value] terms, implicitly AND-ed ('&' accepted). */
  function matches(row: Row, domain: unknown[]): boolean {
    return domain.every((term) => {
      if (term === '&') return true;
      if (!Array.isArray(term) || term.length !== 3)
        throw new OdooError('ValueError', `Invalid leaf ${JSON.stringify(term)}`);
      const [field, operator, expected] = term as [string, string, unknown];
      if (!(field in row))
        throw new OdooError('ValueError', `Invalid field ${field} in leaf ${JSON.stringify(term)}`);
      const actual = fieldValue(row, field);
      switch (operator) {
        case '=':
          return actual === expected;
        case '!=':
          return actual !== expected;
        case 'in':
          return Array.isArray(expected) && expected.includes(actual);
        case 'not in':
          return Array.isArray(expected) && !expected.includes(actual);
        case '>=':
          return String(actual) >= String(expected);
        case '<=':
          return String(actual) <= String(expected);
        default:
          throw new OdooError('ValueError', `Invalid domain operator ${operator}`);
      }
    });
  }

  const project = (row: Row, fields: unknown) =>
    Array.isArray(fields) && fields.length > 0
      ? Object.fromEntries([['id', row.id], ...fields.map((field: string) => [field, row[field] ?? false])])
      : row;

  function executeKw(args: unknown[]): unknown {
    const [database, uid, key, model, method, methodArgs = [], kwargs = {}] = args as [
      string,
      number,
      string,
      string,
      string,
      unknown[],
      Record<string, unknown>,
    ];
    if (database !== data.database || uid !== data.uid || key !== data.apiKey) {
      throw new OdooError('odoo.exceptions.AccessDenied', 'Access Denied');
    }
    return runMethod(model, method, methodArgs, kwargs);
  }

  function runMethod(
    model: string,
    method: string,
    methodArgs: unknown[],
    kwargs: Record<string, unknown>,
  ): unknown {
    if (settings.plan === 'standard') throw new OdooError('odoo.exceptions.AccessDenied', PLAN_REFUSAL);
    const allowed = METHOD_PARAMETERS[method];
    const unexpected = Object.keys(kwargs).find((name) => allowed && !allowed.includes(name));
    if (unexpected)
      throw new OdooError('TypeError', `${method}() got an unexpected keyword argument '${unexpected}'`);
    calls[calls.length - 1]!.model = model;
    calls[calls.length - 1]!.modelMethod = method;
    calls[calls.length - 1]!.kwargs = kwargs;
    if (method === 'check_access') {
      // Public from Odoo 18 (models.py: check_access(operation)); on no records, model rights only.
      if (settings.version < 18) {
        throw new OdooError(
          'AttributeError',
          `The method 'check_access' does not exist on the model '${model}'`,
        );
      }
      if (accountingAccess || !model.startsWith('account.')) return null;
      throw new OdooError('odoo.exceptions.AccessError', `You are not allowed to access '${model}' records.`);
    }
    if (method === 'check_access_rights') {
      if (settings.version >= 18) deprecated.push('check_access_rights');
      if (accountingAccess || !model.startsWith('account.')) return true;
      if (kwargs.raise_exception === false) return false;
      throw new OdooError('odoo.exceptions.AccessError', `You are not allowed to access '${model}' records.`);
    }
    if (!accountingAccess && model.startsWith('account.')) {
      throw new OdooError('odoo.exceptions.AccessError', `You are not allowed to access '${model}' records.`);
    }
    const all = records(model);
    switch (method) {
      case 'search_read': {
        const domain = (methodArgs[0] as unknown[]) ?? (kwargs.domain as unknown[]) ?? [];
        const offset = Number(kwargs.offset ?? 0);
        const limit = kwargs.limit === undefined ? Number.POSITIVE_INFINITY : Number(kwargs.limit);
        const found = all.filter((row) => matches(row, domain)).sort((a, b) => Number(a.id) - Number(b.id));
        return found.slice(offset, offset + limit).map((row) => project(row, kwargs.fields));
      }
      case 'search_count':
        return all.filter((row) => matches(row, (methodArgs[0] as unknown[]) ?? [])).length;
      case 'read': {
        const ids = methodArgs[0] as number[];
        return all
          .filter((row) => ids.includes(Number(row.id)))
          .map((row) => project(row, kwargs.fields ?? methodArgs[1]));
      }
      default:
        throw new OdooError(
          'AttributeError',
          `The method '${method}' does not exist on the model '${model}'`,
        );
    }
  }

  function answer(id: unknown, body: { result?: unknown; error?: OdooError }) {
    if (body.error) {
      return Response.json({
        jsonrpc: '2.0',
        id,
        error: {
          code: 200,
          message: 'Odoo Server Error',
          data: {
            name: body.error.exceptionName,
            debug: `Traceback (most recent call last):\n  …\n${body.error.exceptionName}: ${body.error.message}\n`,
            message: body.error.message,
            arguments: [body.error.message],
            context: {},
          },
        },
      });
    }
    return Response.json({ jsonrpc: '2.0', id, result: body.result });
  }

  const versionInfo = () => ({
    server_version: `${settings.version}.0`,
    server_version_info: [settings.version, 0, 0, 'final', 0, ''],
    server_serie: `${settings.version}.0`,
    protocol_version: 1,
  });

  /** Odoo 19's JSON-2 endpoint: bearer API key, named parameters, errors as HTTP statuses. */
  async function json2Answer(request: Request, model: string, method: string): Promise<Response> {
    calls.push({ service: 'json2', method });
    const error = (status: number, name: string, message: string) =>
      Response.json({ name, message, arguments: [message], context: {}, debug: '' }, { status });
    const key = /^bearer (.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
    if (key !== data.apiKey) return error(401, 'werkzeug.exceptions.Unauthorized', 'Invalid apikey');
    const database = request.headers.get('x-odoo-database');
    if (database !== null && database !== data.database) {
      return error(404, 'werkzeug.exceptions.NotFound', `database "${database}" not found`);
    }
    const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
    if (!body || typeof body !== 'object')
      return error(400, 'werkzeug.exceptions.BadRequest', 'Invalid JSON data');
    const { ids, ...named } = body;
    if (ids !== undefined && !METHOD_PARAMETERS[method]?.includes('ids')) {
      return error(422, 'TypeError', `${method}() got an unexpected keyword argument 'ids'`);
    }
    try {
      return Response.json(runMethod(model, method, ids === undefined ? [] : [ids], named) ?? null);
    } catch (failure) {
      if (!(failure instanceof OdooError)) throw failure;
      const status = /Access(Denied|Error)/.test(failure.exceptionName)
        ? 403
        : /TypeError/.test(failure.exceptionName)
          ? 422
          : 500;
      return error(status, failure.exceptionName, failure.message);
    }
  }

  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      const url = new URL(request.url);
      const json2 = /^\/json\/2\/([\w.]+)\/(\w+)$/.exec(url.pathname);
      const known =
        url.pathname === '/jsonrpc' || url.pathname === '/web/version' || (json2 && settings.version >= 19);
      if (!known)
        return new Response('<html><body>404: Not Found</body></html>', {
          status: 404,
          headers: { 'Content-Type': 'text/html' },
        });
      if (request.method !== 'POST') return new Response('Method Not Allowed', { status: 405 });
      if (rateLimited > 0) {
        rateLimited -= 1;
        calls.push({ service: 'rate-limited', method: '429' });
        return new Response('Too Many Requests', { status: 429, headers: { 'Retry-After': retryAfter } });
      }
      if (url.pathname === '/web/version') {
        calls.push({ service: 'web', method: 'version' });
        const body = (await request.json().catch(() => null)) as { id?: unknown } | null;
        return answer(body?.id ?? null, { result: versionInfo() });
      }
      if (json2) return json2Answer(request, json2[1]!, json2[2]!);
      // Deprecated since Odoo 19 in favour of JSON-2, to be removed (Odoo 19 "External API").
      if (settings.version >= 19) deprecated.push('/jsonrpc');
      let payload: { id?: unknown; params?: { service?: string; method?: string; args?: unknown[] } };
      try {
        payload = (await request.json()) as typeof payload;
      } catch {
        return answer(null, { error: new OdooError('werkzeug.exceptions.BadRequest', 'Invalid JSON data') });
      }
      const { service = '', method = '', args = [] } = payload.params ?? {};
      calls.push({ service, method });
      try {
        if (service === 'common' && method === 'version') {
          return answer(payload.id, { result: versionInfo() });
        }
        if (service === 'common' && method === 'authenticate') {
          const [database, login, key] = args as [string, string, string];
          if (database !== data.database) {
            throw new OdooError(
              'psycopg2.OperationalError',
              `connection to server failed: FATAL:  database "${database}" does not exist`,
            );
          }
          return answer(payload.id, {
            result: login === data.login && key === data.apiKey ? data.uid : false,
          });
        }
        if (service === 'object' && method === 'execute_kw')
          return answer(payload.id, { result: executeKw(args) });
        throw new OdooError('NameError', `Unknown service or method ${service}.${method}`);
      } catch (error) {
        if (error instanceof OdooError) return answer(payload.id, { error });
        throw error;
      }
    },
  });
  const url = `http://127.0.0.1:${server.port}`;
  return {
    url,
    data,
    calls,
    settings,
    /** Deprecated routes and methods the client used ('/jsonrpc' on 19, check_access_rights on 18+). */
    deprecated,
    /** The next `count` requests answer 429 with this Retry-After (seconds or an HTTP date). */
    rateLimit(count: number, retryAfterValue = '1') {
      rateLimited = count;
      retryAfter = retryAfterValue;
    },
    /** The API key stops working (revoked or expired): execute_kw answers AccessDenied. */
    revokeKey() {
      data.apiKey = `${data.apiKey}-revoked-${crypto.randomUUID()}`;
    },
    setAccountingAccess(allowed: boolean) {
      accountingAccess = allowed;
    },
    stop: () => server.stop(true),
  };
}
