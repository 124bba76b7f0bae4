// What the three export readers (quickbooks.ts, xero.ts, sage.ts) give back: the transactions of
// the file with their account, and what they skipped as report furniture (titles, totals, balances).
import type { ExportAccount } from './exclusion.ts';

export const ACCOUNTING_FORMATS = ['quickbooks', 'xero', 'sage'] as const;
export type AccountingFormat = (typeof ACCOUNTING_FORMATS)[number];

export const FORMAT_LABELS: Record<AccountingFormat, string> = {
  quickbooks: 'QuickBooks Transaction Detail by Account',
  xero: 'Xero Account Transactions',
  sage: 'Sage transaction list',
};

export interface ExportTransaction {
  /** Physical line of the file, for messages. */
  line: number;
  account: ExportAccount;
  /** YYYY-MM-DD. */
  date: string;
  /** "Bill", "Expense", "Payable Invoice", "PI"… as exported. */
  transactionType: string | null;
  /** Document number or reference ("INV-1001"). */
  number: string | null;
  /** Supplier or contact. */
  name: string | null;
  /** Memo, description or details. */
  memo: string;
  /**
   * Net amount posted to the account (excluding VAT where the system records VAT apart, as
   * QuickBooks, Xero and Sage do with VAT tracking on), signed: positive is a debit, i.e. spend
   * on an expense account; a refund or credit note is negative.
   */
  amount: number;
  /** The value of the site column the person may choose (QuickBooks class or location, Sage department…). */
  siteValue: string | null;
}

export interface ExportProblem {
  line: number;
  message: string;
}

export interface ParsedExport {
  format: AccountingFormat;
  transactions: ExportTransaction[];
  /** Totals, opening and closing balance rows skipped (they repeat the lines). */
  totalsRows: number;
  /** Rows that look like transactions but cannot be read (date or amount): the import refuses these. */
  problems: ExportProblem[];
  /** The currency the export names (a "(GBP)" header or £/€ amounts), or null. */
  currency: string | null;
  /** The header of a column that can hold the site (class, location, department, tracking), or null. */
  siteColumn: string | null;
}

/** What a reader answers before it has read a row: nothing found yet. */
export function emptyExport(format: AccountingFormat): ParsedExport {
  return { format, transactions: [], totalsRows: 0, problems: [], currency: null, siteColumn: null };
}
