// Xero documents → ExternalLines (decisions 025, 028). Bills (Invoices of Type ACCPAY), bank
// transactions (SPEND, and RECEIVE refunds) and credit notes (ACCPAYCREDIT) share the line shape
// read here (developer.xero.com/documentation/api/accounting/types: LineItems with AccountCode or
// AccountID, LineAmount, TaxAmount, Tracking): one ExternalLine per line item, amount net of tax by
// the document's LineAmountTypes (Exclusive: LineAmount; Inclusive: LineAmount − TaxAmount; NoTax).
import type { ExternalLine } from '../types.ts';
import { parseXeroDate } from './xero-report.ts';

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

/** An Invoice, BankTransaction or CreditNote as far as the connector reads them. */
export interface XeroDocument {
  InvoiceID?: string;
  BankTransactionID?: string;
  CreditNoteID?: string;
  InvoiceNumber?: string;
  CreditNoteNumber?: string;
  Reference?: string;
  Type?: string;
  Status?: string;
  Date?: string;
  LineAmountTypes?: 'Exclusive' | 'Inclusive' | 'NoTax';
  CurrencyCode?: string;
  LineItems?: XeroLineItem[];
}

export interface XeroAccount {
  AccountID: string;
  Code?: string;
  Name: string;
  /** ASSET, EQUITY, EXPENSE, LIABILITY or REVENUE. */
  Class?: string;
  Type?: string;
}

export interface XeroTrackingCategory {
  TrackingCategoryID: string;
  Name: string;
  Options?: { TrackingOptionID: string; Name: string }[];
}

export type XeroKind = 'Invoice' | 'BankTransaction' | 'CreditNote';

export interface XeroLookups {
  tenantId: string;
  accountsByCode: Map<string, XeroAccount>;
  accountsById: Map<string, XeroAccount>;
  categories: Map<string, XeroTrackingCategory>;
}

/** Xero's account types of the EXPENSE class, for accounts answered without `Class`. */
const EXPENSE_TYPES = new Set([
  'EXPENSE',
  'DIRECTCOSTS',
  'OVERHEADS',
  'DEPRECIATN',
  'WAGESEXPENSE',
  'SUPERANNUATIONEXPENSE',
]);

const cents = (value: number) => Math.round(value * 100) / 100;

const idOf = (document: XeroDocument, kind: XeroKind) =>
  kind === 'Invoice'
    ? document.InvoiceID
    : kind === 'BankTransaction'
      ? document.BankTransactionID
      : document.CreditNoteID;

function accountOf(item: XeroLineItem, lookups: XeroLookups): XeroAccount | undefined {
  return (
    (item.AccountID ? lookups.accountsById.get(item.AccountID) : undefined) ??
    (item.AccountCode ? lookups.accountsByCode.get(item.AccountCode) : undefined)
  );
}

/**
 * Whether a line item is booked to an expense account: money received into one (a RECEIVE bank
 * transaction) is a refund of spend, money received into any other is income, a loan, a transfer.
 */
export function isExpenseLine(item: XeroLineItem, lookups: XeroLookups): boolean {
  const account = accountOf(item, lookups);
  if (!account) return false;
  return account.Class ? account.Class === 'EXPENSE' : EXPENSE_TYPES.has(account.Type ?? '');
}

/** The lines of one document; `keep` picks line items (all by default). */
export function documentLines(
  document: XeroDocument,
  kind: XeroKind,
  lookups: XeroLookups,
  keep: (item: XeroLineItem) => boolean = () => true,
): ExternalLine[] {
  const id = idOf(document, kind);
  const date = parseXeroDate(document.Date);
  const currency = document.CurrencyCode ?? '';
  if (!id || !date || !/^[A-Z]{3}$/.test(currency)) return [];
  const lines: ExternalLine[] = [];
  for (const item of document.LineItems ?? []) {
    if (!item.LineItemID || typeof item.LineAmount !== 'number' || !keep(item)) continue;
    const account = accountOf(item, lookups);
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
      document: document.InvoiceNumber || document.CreditNoteNumber || document.Reference || null,
      tracking: trackingOf(item, lookups),
    });
  }
  return lines;
}

/** The line's first tracking option, `tracking:{category id}:{option id}` named "Category: Option". */
function trackingOf(item: XeroLineItem, lookups: XeroLookups): ExternalLine['tracking'] {
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
