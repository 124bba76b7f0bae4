// QuickBooks Online transaction lines → ExternalLines (decisions 024, 028). Purchase, Bill and
// VendorCredit share the line shapes read here (Accounting API v3, minor version 75):
// - AccountBasedExpenseLineDetail {AccountRef, ClassRef}: the line's account is AccountRef;
// - ItemBasedExpenseLineDetail {ItemRef, ClassRef, Qty, UnitPrice}: the line's account is the
//   item's ExpenseAccountRef (the Item entity: "Reference to the expense account used to pay the
//   vendor for this item", set on inventory, non-inventory and service items that are bought), and
//   the item's name is the product. An item without one cannot be placed: the line is reported.
// `Line.Amount` is Qty × UnitPrice for item lines, excluding tax as on account lines.
import type { ExternalLine } from '../types.ts';

export interface Ref {
  value: string;
  name?: string;
}

export interface QbAccount {
  Id: string;
  Name: string;
  FullyQualifiedName?: string;
  AcctNum?: string;
  Classification?: string;
}

export interface QbNamed {
  Id: string;
  Name: string;
  FullyQualifiedName?: string;
}

/** The Item entity as far as the connector reads it. */
export interface QbItem extends QbNamed {
  Type?: string;
  ExpenseAccountRef?: Ref;
}

interface QbLine {
  Id?: string;
  Amount?: number;
  Description?: string;
  DetailType?: string;
  AccountBasedExpenseLineDetail?: { AccountRef?: Ref; ClassRef?: Ref };
  ItemBasedExpenseLineDetail?: { ItemRef?: Ref; ClassRef?: Ref; Qty?: number; UnitPrice?: number };
}

/** Purchase, Bill and VendorCredit share what the connector reads. */
export interface QbTransaction {
  Id: string;
  TxnDate?: string;
  DocNumber?: string;
  CurrencyRef?: Ref;
  DepartmentRef?: Ref;
  /** Purchase only: true for a credit card credit (a refund), not a purchase. */
  Credit?: boolean;
  Line?: QbLine[];
}

export type QbKind = 'Purchase' | 'Bill' | 'VendorCredit';

/**
 * Lines booked to these account classifications move money between balance-sheet accounts
 * (paying a card or a loan, owner's draws): they are not purchases, so they are not imported.
 */
const NOT_PURCHASES = new Set(['Liability', 'Equity', 'Revenue']);

export interface QbLookups {
  realmId: string;
  homeCurrency: string | null;
  accounts: Map<string, QbAccount>;
  items: Map<string, QbItem>;
  classes: Map<string, string>;
  locations: Map<string, string>;
}

export interface TransactionLines {
  lines: ExternalLine[];
  /** Item lines whose item has no expense account: "Bill 1042: Gift cards". */
  unplaced: string[];
}

const documentOf = (kind: QbKind, txn: QbTransaction) => `${kind} ${txn.DocNumber || txn.Id}`;

/** The importable lines of one transaction, spend or credit alike (the caller says which). */
export function transactionLines(kind: QbKind, txn: QbTransaction, lookups: QbLookups): TransactionLines {
  const out: TransactionLines = { lines: [], unplaced: [] };
  if (!txn.TxnDate || !/^\d{4}-\d{2}-\d{2}$/.test(txn.TxnDate)) return out;
  const currency = txn.CurrencyRef?.value ?? lookups.homeCurrency;
  if (!currency || !/^[A-Z]{3}$/.test(currency)) return out;
  const location = txn.DepartmentRef?.value
    ? {
        key: `location:${txn.DepartmentRef.value}`,
        name:
          lookups.locations.get(txn.DepartmentRef.value) ?? txn.DepartmentRef.name ?? txn.DepartmentRef.value,
      }
    : null;
  for (const line of txn.Line ?? []) {
    // A voided transaction keeps its lines with Amount 0 ("Voided" in PrivateNote): nothing spent.
    if (!line.Id || typeof line.Amount !== 'number' || line.Amount === 0) continue;
    let accountRef: Ref | undefined;
    let classRef: Ref | undefined;
    let product = line.Description?.trim() || null;
    if (line.DetailType === 'AccountBasedExpenseLineDetail') {
      accountRef = line.AccountBasedExpenseLineDetail?.AccountRef;
      classRef = line.AccountBasedExpenseLineDetail?.ClassRef;
    } else if (line.DetailType === 'ItemBasedExpenseLineDetail') {
      const detail = line.ItemBasedExpenseLineDetail;
      if (!detail?.ItemRef?.value) continue;
      const item = lookups.items.get(detail.ItemRef.value);
      const itemName = item?.Name ?? detail.ItemRef.name ?? detail.ItemRef.value;
      accountRef = item?.ExpenseAccountRef;
      classRef = detail.ClassRef;
      product = itemName;
      if (!accountRef?.value) {
        out.unplaced.push(`${documentOf(kind, txn)}: ${itemName}`);
        continue;
      }
    }
    if (!accountRef?.value) continue;
    const account = lookups.accounts.get(accountRef.value);
    if (account?.Classification && NOT_PURCHASES.has(account.Classification)) continue;
    out.lines.push({
      externalId: `quickbooks:${lookups.realmId}:${kind}:${txn.Id}:${line.Id}`,
      date: txn.TxnDate,
      account: {
        key: accountRef.value,
        code: account?.AcctNum ?? '',
        name: account ? account.FullyQualifiedName || account.Name : (accountRef.name ?? accountRef.value),
      },
      product,
      amount: line.Amount,
      currency,
      document: documentOf(kind, txn),
      tracking: classRef?.value
        ? {
            key: `class:${classRef.value}`,
            name: lookups.classes.get(classRef.value) ?? classRef.name ?? classRef.value,
          }
        : location,
    });
  }
  return out;
}

/** One sentence for the sync record about item lines that could not be placed; null when none. */
export function describeUnplaced(unplaced: readonly string[]): string | null {
  if (unplaced.length === 0) return null;
  const listed = unplaced.slice(0, 3).join('; ');
  const more = unplaced.length > 3 ? `; and ${unplaced.length - 3} more` : '';
  const count = unplaced.length === 1 ? '1 item line' : `${unplaced.length} item lines`;
  return `${count} left out: the item has no expense account in QuickBooks (${listed}${more}). Set the item's expense account, then sync again.`;
}
