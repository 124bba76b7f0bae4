/**
 * The QuickBooks Online query endpoint of tests/fakes/quickbooks.ts
 * (`/v3/company/{realmId}/query?query=…`, Intuit's "Query operations and syntax"): `SELECT * FROM
 * <Entity> [WHERE …] [ORDERBY Id] [STARTPOSITION n] [MAXRESULTS m]`, answering
 * `{"QueryResponse": {<Entity>: [...], startPosition, maxResults}, time}` (an empty QueryResponse
 * past the last page), and Intuit's ValidationFault for what it cannot parse. Name-list entities
 * (those with `Active`) answer only active rows unless the WHERE clause names Active.
 */
import type { FakeQuickBooksData } from './quickbooks-data.ts';

export const random = () => crypto.randomUUID().replace(/-/g, '');
export const time = () => new Date().toISOString();
/** Intuit's largest page. */
const MAX_PAGE = 1000;

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { intuit_tid: random(), ...headers } });

export const validationFault = (message: string, detail: string, code = '4000', status = 400) =>
  json(
    { Fault: { Error: [{ Message: message, Detail: detail, code }], type: 'ValidationFault' }, time: time() },
    status,
  );

function rows(data: FakeQuickBooksData, entity: string): unknown[] | null {
  switch (entity) {
    case 'Account':
      return data.accounts;
    case 'Class':
      return data.classes;
    case 'Department':
      return data.departments;
    case 'Purchase':
      return data.purchases;
    case 'Bill':
      return data.bills;
    case 'Item':
      return data.items;
    case 'VendorCredit':
      return data.vendorCredits;
    case 'Preferences':
      return [
        {
          Id: '1',
          CurrencyPrefs: { MultiCurrencyEnabled: true, HomeCurrency: { value: data.homeCurrency } },
        },
      ];
    default:
      return null;
  }
}

/** Which `Active` values a WHERE clause asks for; null when the fake does not know the clause. */
function activeFilter(where: string | undefined): ReadonlySet<boolean> | null {
  if (where === undefined) return new Set([true]);
  const clause = where.trim().toLowerCase().replace(/\s+/g, ' ');
  if (clause === 'active in (true, false)' || clause === 'active in (true,false)') {
    return new Set([true, false]);
  }
  const single = /^active ?= ?(true|false)$/.exec(clause);
  return single ? new Set([single[1] === 'true']) : null;
}

/** The query endpoint's answer to `text`, from `data`. */
export function queryAnswer(data: FakeQuickBooksData, text: string): Response {
  const match =
    /^select \* from (\w+)(?: where (.+?))?(?: orderby (\w+))?(?: startposition (\d+))?(?: maxresults (\d+))?$/i.exec(
      text.trim(),
    );
  const active = match ? activeFilter(match[2]) : null;
  if (!match || !active)
    return validationFault(
      'Error parsing query',
      `QueryParserError: Encountered an unexpected token in "${text}"`,
    );
  const [, entity = '', , orderBy, start = '1', max = '100'] = match;
  const listed = rows(data, entity);
  if (!listed) return validationFault('Invalid query', `QueryValidationError: Unknown entity ${entity}`);
  const all = listed.filter((row) => {
    const flag = (row as { Active?: boolean }).Active;
    return flag === undefined || active.has(flag);
  });
  const sorted = orderBy
    ? [...all].sort((a, b) => Number((a as { Id: string }).Id) - Number((b as { Id: string }).Id))
    : all;
  const startPosition = Math.max(1, Number(start));
  const page = sorted.slice(startPosition - 1, startPosition - 1 + Math.min(MAX_PAGE, Number(max)));
  if (page.length === 0) return json({ QueryResponse: {}, time: time() });
  return json({ QueryResponse: { [entity]: page, startPosition, maxResults: page.length }, time: time() });
}
