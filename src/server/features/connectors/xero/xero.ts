// The Xero adapter (Accounting API, developer.xero.com/documentation/api/accounting/):
// - purchases: bills (`/Invoices`, where Type=="ACCPAY", Statuses AUTHORISED and PAID) and spend
//   money (`/BankTransactions`, where Type=="SPEND" AND Status=="AUTHORISED"), paged with `page=`
//   (100 per page, full line items when paging); one ExternalLine per line item (xero-lines.ts);
// - supplier credits (decision 028): credit notes (`/CreditNotes`, where Type=="ACCPAYCREDIT",
//   AUTHORISED or PAID) and refunds received into expense accounts (`/BankTransactions`, where
//   Type=="RECEIVE" AND Status=="AUTHORISED", lines whose account's Class is EXPENSE), net of tax
//   like bills. They lower the spend of the same account, tracking option and month
//   (credit-netting.ts) and never become lines of their own;
// - a VOIDED or DELETED document (or DRAFT, SUBMITTED) never counts, whatever the query returned
//   (`isCounted`, decision 075): a voided payment was never spent;
// - `/Accounts` for each line's account code and name (keyed by AccountID, stable when the code
//   changes; archived accounts are listed too), `/TrackingCategories?includeArchived=true` to name
//   a line's first tracking option (older answers carry only the option's name);
// - revenue per calendar year from the Profit and Loss report (`/Reports/ProfitAndLoss?fromDate&
//   toDate&standardLayout=true`): the rows of accounts whose Class is REVENUE (xero-report.ts), in
//   the organisation's base currency (`/Organisation`). Chosen over summing ACCREC invoices: it is
//   accrual revenue net of credit notes and includes income not invoiced, in one call a year.
// Full pulls without If-Modified-Since: the sync reconciles removals, which needs every line. Any
// page that fails fails the pull, so a sync never writes part of the books (sync.ts).
import { describeLeftovers, netCredits } from '../../../../domain/connectors/credit-netting.ts';
import { type ConnectorAdapter, ConnectorError, type ExternalLine, type RevenueYear } from '../types.ts';
import { XeroClient } from './xero-client.ts';
import {
  documentLines,
  isExpenseLine,
  type XeroAccount,
  type XeroDocument,
  type XeroLookups,
  type XeroTrackingCategory,
} from './xero-lines.ts';
import type { XeroCredentials } from './xero-oauth.ts';
import { revenueFromProfitAndLoss, type XeroReport } from './xero-report.ts';
import { revokeXero } from './xero-revoke.ts';

const PAGE_SIZE = 100;

/**
 * Documents that count: approved (AUTHORISED) or paid. DRAFT and SUBMITTED are not yet approved;
 * VOIDED and DELETED were cancelled (Xero's Invoice, Credit Note and Bank Transaction status codes).
 */
const isCounted = (document: XeroDocument) => document.Status === 'AUTHORISED' || document.Status === 'PAID';
/** A safety stop: 1,000 pages is 100,000 documents, far beyond what one sync writes in a batch. */
const MAX_PAGES = 1000;
/** Profit and Loss reports read per sync: the most recent years with purchases. */
const REVENUE_YEARS = 5;

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
      const lookups: XeroLookups = {
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
      const spend = await pages(client, '/BankTransactions', 'BankTransactions', {
        where: 'Type=="SPEND" AND Status=="AUTHORISED"',
      });
      const creditNotes = await pages(client, '/CreditNotes', 'CreditNotes', {
        where: 'Type=="ACCPAYCREDIT"',
      });
      const refunds = await pages(client, '/BankTransactions', 'BankTransactions', {
        where: 'Type=="RECEIVE" AND Status=="AUTHORISED"',
      });
      const netted = netCredits(
        [
          ...bills
            .filter((bill) => bill.Type === 'ACCPAY' && isCounted(bill))
            .flatMap((bill) => documentLines(bill, 'Invoice', lookups)),
          ...spend
            .filter((payment) => payment.Type === 'SPEND' && isCounted(payment))
            .flatMap((payment) => documentLines(payment, 'BankTransaction', lookups)),
        ],
        [
          ...creditNotes
            .filter((note) => note.Type === 'ACCPAYCREDIT' && isCounted(note))
            .flatMap((note) => documentLines(note, 'CreditNote', lookups)),
          ...refunds
            .filter((refund) => refund.Type === 'RECEIVE' && isCounted(refund))
            .flatMap((refund) =>
              documentLines(refund, 'BankTransaction', lookups, (item) => isExpenseLine(item, lookups)),
            ),
        ],
      );
      const leftover = describeLeftovers(netted.leftovers);
      return {
        lines: netted.lines,
        revenue: await pullRevenue(client, netted.lines, lookups.accountsById, session.now()),
        notices: leftover ? [leftover] : [],
      };
    },
    revoke: revokeXero,
  };
}

/** Every document of a paged endpoint (`page=1…` until a short page). */
async function pages(
  client: XeroClient,
  path: string,
  key: 'Invoices' | 'BankTransactions' | 'CreditNotes',
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

async function pullRevenue(
  client: XeroClient,
  lines: ExternalLine[],
  accountsById: XeroLookups['accountsById'],
  now: Date,
): Promise<RevenueYear[]> {
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
    const amount = revenueFromProfitAndLoss(answer.Reports?.[0], accountsById);
    if (amount !== null) revenue.push({ year, amount, currency });
  }
  return revenue;
}
