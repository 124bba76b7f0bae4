/**
 * The QuickBooks Online query endpoint of tests/fakes/quickbooks.ts
 * (`/v3/company/{realmId}/query?query=…`), held to Intuit's "Query operations and syntax":
 *   SELECT * | count(*) FROM IntuitEntity [WHERE WhereClause] [ORDERBY OrderByClause]
 *     [STARTPOSITION Number] [MAXRESULTS Number]
 * in that order; conditions joined by AND only (no OR, no GROUP BY, no JOIN); a property in WHERE
 * or ORDERBY must be one the entity has (QUERYABLE below, each an element of the entity in
 * Finance.xsd); at most 1000 results a page (100 when MAXRESULTS is absent), STARTPOSITION from
 * 1. It answers `{"QueryResponse": {<Entity>: [...], startPosition, maxResults}, time}` (an empty
 * QueryResponse past the last page) and Intuit's ValidationFault for what it refuses. Name-list
 * entities (those with `Active`) answer only active rows unless the WHERE clause names Active
 * ("SELECT * FROM Customer retrieves all active customers"). Preferences is read at
 * `/preferences`, not queried with paging: no Intuit document shows ORDERBY or paging on it.
 */
import type { FakeQuickBooksData } from './quickbooks-data.ts';

export const random = () => crypto.randomUUID().replace(/-/g, '');
export const time = () => new Date().toISOString();
/** Intuit's largest page, and the page when MAXRESULTS is absent. */
const MAX_PAGE = 1000;
const DEFAULT_PAGE = 100;

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { intuit_tid: random(), ...headers } });

export const validationFault = (message: string, detail: string, code = '4000', status = 400) =>
  json(
    { Fault: { Error: [{ Message: message, Detail: detail, code }], type: 'ValidationFault' }, time: time() },
    status,
  );

/** Properties each entity the fake serves can be filtered and sorted on (elements in Finance.xsd). */
export const QUERYABLE: Record<string, readonly string[]> = {
  Account: ['Id', 'Name', 'Active', 'AccountType', 'Classification', 'AcctNum', 'MetaData.LastUpdatedTime'],
  Class: ['Id', 'Name', 'Active', 'FullyQualifiedName', 'MetaData.LastUpdatedTime'],
  Department: ['Id', 'Name', 'Active', 'FullyQualifiedName', 'MetaData.LastUpdatedTime'],
  Item: ['Id', 'Name', 'Active', 'Type', 'MetaData.LastUpdatedTime'],
  Purchase: ['Id', 'TxnDate', 'DocNumber', 'PaymentType', 'MetaData.LastUpdatedTime'],
  Bill: ['Id', 'TxnDate', 'DocNumber', 'MetaData.LastUpdatedTime'],
  VendorCredit: ['Id', 'TxnDate', 'DocNumber', 'MetaData.LastUpdatedTime'],
};

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
    default:
      return null;
  }
}

/** Preferences as `GET /preferences` answers them. */
export const preferencesOf = (data: FakeQuickBooksData) => ({
  Id: '1',
  SyncToken: '0',
  CurrencyPrefs: { MultiCurrencyEnabled: true, HomeCurrency: { value: data.homeCurrency } },
});

const parseError = (text: string, why: string) =>
  validationFault('Error parsing query', `QueryParserError: ${why} in "${text}"`);

/** `Active` values a WHERE clause keeps; the conditions it does not know are refused upstream. */
function activeValues(conditions: string[]): ReadonlySet<boolean> {
  for (const condition of conditions) {
    const compact = condition.toLowerCase().replace(/\s+/g, '');
    if (compact === 'activein(true,false)' || compact === 'activein(false,true)')
      return new Set([true, false]);
    const single = /^active=(true|false)$/.exec(compact);
    if (single) return new Set([single[1] === 'true']);
  }
  return new Set([true]);
}

/** The query endpoint's answer to `text`, from `data`. */
export function queryAnswer(data: FakeQuickBooksData, text: string): Response {
  const statement =
    /^select (\*|count\(\*\)) from (\w+)(?: where (.+?))?(?: orderby ([\w.]+)(?: (?:asc|desc))?)?(?: startposition (\d+))?(?: maxresults (\d+))?$/i.exec(
      text.trim().replace(/\s+/g, ' '),
    );
  if (!statement) return parseError(text, 'Encountered an unexpected token');
  const [, , entity = '', where, orderBy, start = '1', max = String(DEFAULT_PAGE)] = statement;
  const listed = rows(data, entity);
  const queryable = QUERYABLE[entity];
  if (!listed || !queryable)
    return validationFault('Invalid query', `QueryValidationError: Unknown entity ${entity}`);
  if (where && /\sor\s/i.test(where)) return parseError(text, 'OR is not supported');
  const conditions = where ? where.split(/\s+and\s+/i) : [];
  for (const condition of conditions) {
    const property = /^([\w.]+)\s*(=|<|>|<=|>=|in|like)\s*(.+)$/i.exec(condition.trim());
    if (!property) return parseError(text, `Encountered an unexpected token "${condition}"`);
    if (!queryable.includes(property[1]!)) {
      return validationFault(
        'Invalid query',
        `QueryValidationError: property '${property[1]}' is not queryable`,
      );
    }
  }
  if (orderBy && !queryable.includes(orderBy)) {
    return validationFault('Invalid query', `QueryValidationError: property '${orderBy}' is not sortable`);
  }
  const startPosition = Number(start);
  const maxResults = Number(max);
  if (maxResults > MAX_PAGE) {
    return validationFault(
      'Invalid query',
      `QueryValidationError: value ${maxResults} is too large. Max allowed value is ${MAX_PAGE}`,
    );
  }
  if (startPosition < 1)
    return validationFault('Invalid query', 'QueryValidationError: STARTPOSITION starts at 1');
  const active = activeValues(conditions);
  const all = listed.filter((row) => {
    const flag = (row as { Active?: boolean }).Active;
    return flag === undefined || active.has(flag);
  });
  const sorted = orderBy
    ? [...all].sort((a, b) => Number((a as { Id: string }).Id) - Number((b as { Id: string }).Id))
    : all;
  const page = sorted.slice(startPosition - 1, startPosition - 1 + maxResults);
  if (page.length === 0) return json({ QueryResponse: {}, time: time() });
  return json({ QueryResponse: { [entity]: page, startPosition, maxResults: page.length }, time: time() });
}
