// The Xero adapter (Accounting API, developer.xero.com/documentation/api/accounting/):
// - purchases: bills (`/Invoices`, where Type=="ACCPAY", statuses AUTHORISED and PAID) and spend
//   money (`/BankTransactions`, where Type=="SPEND", not DELETED), paged with `page=` (100 per
//   page, full line items when paging); one ExternalLine per line item, amount net of tax by the
//   document's LineAmountTypes (Exclusive: LineAmount; Inclusive: LineAmount − TaxAmount; NoTax);
// - `/Accounts` for each line's account code and name (keyed by AccountID, stable when the code
//   changes), `/TrackingCategories?includeArchived=true` to name a line's first tracking option
//   (older answers carry only the option's name, not its TrackingOptionID);
// - revenue per calendar year from the Profit and Loss report (`/Reports/ProfitAndLoss?fromDate&
//   toDate&standardLayout=true`, developer.xero.com/documentation/api/accounting/reports): its
//   "Income" (or "Trading Income") section total, in the organisation's base currency
//   (`/Organisation`). Chosen over summing ACCREC invoices: it is accrual revenue net of credit
//   notes and includes income not invoiced (receive-money transactions), in one call a year.
// Full pulls without If-Modified-Since: the sync reconciles removals, which needs every line.
import { type ConnectorAdapter, ConnectorError, type ExternalLine, type RevenueYear } from './types.ts';
import { XeroClient } from './xero-client.ts';
import type { XeroCredentials } from './xero-oauth.ts';
import { parseXeroDate, revenueFromProfitAndLoss, type XeroReport } from './xero-report.ts';
import { revokeXero } from './xero-revoke.ts';

const PAGE_SIZE = 100;
/** A safety stop: 1,000 pages is 100,000 documents, far beyond what one sync writes in a batch. */
const MAX_PAGES = 1000;
/** Profit and Loss reports read per sync: the most recent years with purchases. */
const REVENUE_YEARS = 5;

interface XeroTracking {
  TrackingCategoryID?: string;
  TrackingOptionID?: string;
  Name?: string;
  Option?: string;
}

interface XeroLineItem {
  LineItemID?: string;
  Description?: string;
  AccountCode?: string;
  AccountID?: string;
  LineAmount?: number;
  TaxAmount?: number;
  Tracking?: XeroTracking[];
}

interface XeroDocument {
  InvoiceID?: string;
  BankTransactionID?: string;
  InvoiceNumber?: string;
  Reference?: string;
  Type?: string;
  Status?: string;
  Date?: string;
  DateString?: string;
  LineAmountTypes?: 'Exclusive' | 'Inclusive' | 'NoTax';
  CurrencyCode?: string;
  LineItems?: XeroLineItem[];
}

interface XeroAccount {
  AccountID: string;
  Code?: string;
  Name: string;
}

interface XeroTrackingCategory {
  TrackingCategoryID: string;
  Name: string;
  Options?: { TrackingOptionID: string; Name: string }[];
}

const cents = (value: number) => Math.round(value * 100) / 100;

export function xeroAdapter(): ConnectorAdapter<XeroCredentials> {
  return {
    type: 'xero',
    async testConnection(credentials, session) {
      try {
        await new XeroClient(credentials, session).get('/Organisation');
        return { connected: true, error: null };
      } catch (error) {
        if (error instanceof ConnectorError) return { connected: false, error: error.message };
        throw error;
      }
    },
    async pull(credentials, session) {
      const client = new XeroClient(credentials, session);
      const accounts = await client.get<{ Accounts?: XeroAccount[] }>('/Accounts');
      const categories = await client.get<{ TrackingCategories?: XeroTrackingCategory[] }>(
        '/TrackingCategories',
        { includeArchived: 'true' },
      );
      const lookups = {
        tenantId: client.tenantId,
        accountsByCode: new Map(
          (accounts.Accounts ?? []).flatMap((a) => (a.Code ? [[a.Code, a] as const] : [])),
        ),
        accountsById: new Map((accounts.Accounts ?? []).map((a) => [a.AccountID, a] as const)),
        categories: new Map(
          (categories.TrackingCategories ?? []).map((c) => [c.TrackingCategoryID, c] as const),
        ),
      };
      const bills = await pages(client, '/Invoices', 'Invoices', {
        where: 'Type=="ACCPAY"',
        Statuses: 'AUTHORISED,PAID',
      });
      const spend = await pages(client, '/BankTransactions', 'BankTransactions', { where: 'Type=="SPEND"' });
      const lines = [
        ...bills
          .filter(
            (bill) => bill.Type === 'ACCPAY' && (bill.Status === 'AUTHORISED' || bill.Status === 'PAID'),
          )
          .flatMap((bill) => documentLines(bill, 'Invoice', lookups)),
        ...spend
          .filter((payment) => payment.Type === 'SPEND' && payment.Status !== 'DELETED')
          .flatMap((payment) => documentLines(payment, 'BankTransaction', lookups)),
      ];
      return { lines, revenue: await pullRevenue(client, lines, session.now()) };
    },
    revoke: revokeXero,
  };
}

/** Every document of a paged endpoint (`page=1…` until a short page). */
async function pages(
  client: XeroClient,
  path: string,
  key: 'Invoices' | 'BankTransactions',
  query: Record<string, string>,
): Promise<XeroDocument[]> {
  const all: XeroDocument[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await client.get<Record<string, unknown>>(path, { ...query, page: String(page) });
    const items = answer[key];
    if (!Array.isArray(items)) {
      throw new ConnectorError('protocol', `Xero answered ${path} without ${key}`);
    }
    all.push(...(items as XeroDocument[]));
    if (items.length < PAGE_SIZE) return all;
  }
  throw new ConnectorError(
    'provider',
    `More than ${MAX_PAGES * PAGE_SIZE} documents in ${path}: too many for one sync`,
  );
}

interface Lookups {
  tenantId: string;
  accountsByCode: Map<string, XeroAccount>;
  accountsById: Map<string, XeroAccount>;
  categories: Map<string, XeroTrackingCategory>;
}

function documentLines(
  document: XeroDocument,
  kind: 'Invoice' | 'BankTransaction',
  lookups: Lookups,
): ExternalLine[] {
  const id = kind === 'Invoice' ? document.InvoiceID : document.BankTransactionID;
  const date = parseXeroDate(document.Date) ?? parseXeroDate(document.DateString);
  const currency = document.CurrencyCode ?? '';
  if (!id || !date || !/^[A-Z]{3}$/.test(currency)) return [];
  const lines: ExternalLine[] = [];
  for (const item of document.LineItems ?? []) {
    if (!item.LineItemID || typeof item.LineAmount !== 'number') continue;
    const account =
      (item.AccountID ? lookups.accountsById.get(item.AccountID) : undefined) ??
      (item.AccountCode ? lookups.accountsByCode.get(item.AccountCode) : undefined);
    if (!account && !item.AccountCode) continue;
    const net =
      document.LineAmountTypes === 'Inclusive' ? item.LineAmount - (item.TaxAmount ?? 0) : item.LineAmount;
    lines.push({
      externalId: `xero:${lookups.tenantId}:${kind}:${id}:${item.LineItemID}`,
      date,
      account: account
        ? { key: account.AccountID, code: account.Code ?? '', name: account.Name }
        : { key: `code:${item.AccountCode}`, code: item.AccountCode ?? '', name: item.AccountCode ?? '' },
      product: item.Description?.trim() || null,
      amount: cents(net),
      currency,
      document: document.InvoiceNumber || document.Reference || null,
      tracking: trackingOf(item, lookups),
    });
  }
  return lines;
}

/** The line's first tracking option, `tracking:{category id}:{option id}` named "Category: Option". */
function trackingOf(item: XeroLineItem, lookups: Lookups): ExternalLine['tracking'] {
  const first = item.Tracking?.find(
    (entry) => entry.TrackingCategoryID && (entry.TrackingOptionID || entry.Option),
  );
  if (!first?.TrackingCategoryID) return null;
  const category = lookups.categories.get(first.TrackingCategoryID);
  const option =
    category?.Options?.find((candidate) => candidate.TrackingOptionID === first.TrackingOptionID) ??
    category?.Options?.find((candidate) => candidate.Name === first.Option);
  const optionId = first.TrackingOptionID ?? option?.TrackingOptionID;
  const optionName = option?.Name ?? first.Option ?? '';
  const categoryName = category?.Name ?? first.Name ?? '';
  if (!optionId) return null;
  return {
    key: `tracking:${first.TrackingCategoryID}:${optionId}`,
    name: categoryName ? `${categoryName}: ${optionName}` : optionName,
  };
}

async function pullRevenue(client: XeroClient, lines: ExternalLine[], now: Date): Promise<RevenueYear[]> {
  const seen = [...new Set(lines.map((line) => Number(line.date.slice(0, 4))))].sort((a, b) => b - a);
  const years = (seen.length > 0 ? seen : [now.getUTCFullYear()]).slice(0, REVENUE_YEARS);
  const organisation = await client.get<{ Organisations?: { BaseCurrency?: string }[] }>('/Organisation');
  const currency = organisation.Organisations?.[0]?.BaseCurrency;
  if (!currency) return [];
  const revenue: RevenueYear[] = [];
  for (const year of years.sort((a, b) => a - b)) {
    const answer = await client.get<{ Reports?: XeroReport[] }>('/Reports/ProfitAndLoss', {
      fromDate: `${year}-01-01`,
      toDate: `${year}-12-31`,
      standardLayout: 'true',
    });
    const amount = revenueFromProfitAndLoss(answer.Reports?.[0]);
    if (amount !== null) revenue.push({ year, amount, currency });
  }
  return revenue;
}
