// An accounting export's transactions → the ledger lines to import and what is left out, and why
// (decision 050). Pure: the server feeds it the parsed file and the company's account mappings.
// - One line per transaction of a counted account: spend (net of VAT, as the export posts it) in
//   the file's currency, or, for an account mapped to electricity, gas, a fuel or water, the
//   quantity the memo states (memo-quantity.ts).
// - The line's reference keeps the transaction's account, type, number, supplier and memo, so it
//   is traceable to the books, and makes the line's fingerprint stable: the same export imported
//   again adds nothing.
import { replaceRefusedCharacters } from '../../contracts/text.ts';
import type { ImportField } from '../headers.ts';
import type { ActivityUnit } from '../vocabulary.ts';
import { type AccountTarget, accountKeyOf, suggestAccountTarget } from './account-targets.ts';
import {
  type AccountExclusion,
  accountExclusion,
  isTransferType,
  LEFT_OUT_LABELS,
  type LeftOutReason,
} from './exclusion.ts';
import type { ExportTransaction, ParsedExport } from './export-types.ts';
import { memoQuantity } from './memo-quantity.ts';

export interface ExportAccountSummary {
  key: string;
  code: string | null;
  name: string;
  type: string | null;
  /** Transactions of the account in the file. */
  lines: number;
  /** Their net total (debits positive), rounded to the penny. */
  amount: number;
  /** Why the account is left out whatever the mapping, or null when it is counted and needs a mapping. */
  excludedAs: AccountExclusion | null;
  /** The name-based suggestion for a counted account (null when nothing fits: the person chooses). */
  suggested: AccountTarget | null;
}

export interface LeftOutSummary {
  reason: LeftOutReason;
  label: string;
  why: string;
  lines: number;
  /** Sum of the left-out amounts, unsigned, rounded to the penny; null for totals rows (they repeat other lines). */
  amount: number | null;
}

export interface PlannedLine {
  /** Line of the export the ledger line comes from. */
  sourceLine: number;
  date: string;
  /** Site name (the one chosen for the file, or the row's site column). */
  site: string;
  category: string;
  variant: string | null;
  quantity: number | null;
  unit: ActivityUnit | null;
  spend: number;
  dataQuality: 'measured' | 'spend_based';
  reference: string;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

function excludedAs(parsed: ParsedExport, transaction: ExportTransaction): AccountExclusion | null {
  return accountExclusion(transaction.account, parsed.format === 'sage');
}

/** Every account of the file, in the order first met, with its counts and suggestion. */
export function summariseAccounts(parsed: ParsedExport): ExportAccountSummary[] {
  const accounts = new Map<string, ExportAccountSummary>();
  for (const transaction of parsed.transactions) {
    const key = accountKeyOf(transaction.account);
    let summary = accounts.get(key);
    if (!summary) {
      const exclusion = excludedAs(parsed, transaction);
      summary = {
        key,
        code: transaction.account.code,
        name: transaction.account.name,
        type: transaction.account.type,
        lines: 0,
        amount: 0,
        excludedAs: exclusion,
        suggested: exclusion === null ? suggestAccountTarget(transaction.account) : null,
      };
      accounts.set(key, summary);
    }
    summary.lines++;
    summary.amount = round2(summary.amount + transaction.amount);
  }
  return [...accounts.values()];
}

function referenceOf(transaction: ExportTransaction): string {
  const parts = [
    transaction.account.code
      ? `${transaction.account.code} ${transaction.account.name}`
      : transaction.account.name,
    [transaction.transactionType, transaction.number].filter(Boolean).join(' '),
    transaction.name,
    transaction.memo,
  ].filter((part): part is string => Boolean(part));
  return replaceRefusedCharacters(parts.join(' · ').replace(/\s+/g, ' ')).slice(0, 500);
}

export interface AccountingPlan {
  lines: PlannedLine[];
  leftOut: LeftOutSummary[];
  /** Counted accounts with no mapping: the import asks for them before anything is written. */
  unmapped: string[];
}

export interface PlanOptions {
  /** Account key → target (the person's answers over the company's remembered mappings). */
  mappings: ReadonlyMap<string, AccountTarget>;
  /** The site of every line, or null to take each row's site column value. */
  site: string | null;
}

export function planAccountingImport(parsed: ParsedExport, options: PlanOptions): AccountingPlan {
  const left = new Map<LeftOutReason, { lines: number; amount: number }>();
  const leave = (reason: LeftOutReason, amount: number) => {
    const entry = left.get(reason) ?? { lines: 0, amount: 0 };
    entry.lines++;
    entry.amount = round2(entry.amount + Math.abs(amount));
    left.set(reason, entry);
  };
  const lines: PlannedLine[] = [];
  const unmapped = new Set<string>();
  for (const transaction of parsed.transactions) {
    if (isTransferType(transaction.transactionType)) {
      leave('transfer', transaction.amount);
      continue;
    }
    const exclusion = excludedAs(parsed, transaction);
    if (exclusion) {
      leave(exclusion, transaction.amount);
      continue;
    }
    const key = accountKeyOf(transaction.account);
    const target = options.mappings.get(key);
    if (!target) {
      unmapped.add(transaction.account.name);
      continue;
    }
    if (target.category === 'ignore') {
      leave('not_counted_account', transaction.amount);
      continue;
    }
    if (transaction.amount === 0) {
      leave('zero', 0);
      continue;
    }
    if (transaction.amount < 0) {
      leave('refund', transaction.amount);
      continue;
    }
    const site = options.site ?? transaction.siteValue ?? '';
    const base = { sourceLine: transaction.line, date: transaction.date, site, spend: transaction.amount };
    const reference = referenceOf(transaction);
    if (target.category === 'purchased_goods') {
      lines.push({
        ...base,
        category: 'purchased_goods',
        variant: target.variant,
        quantity: null,
        unit: null,
        dataQuality: 'spend_based',
        reference,
      });
      continue;
    }
    const stated = memoQuantity(transaction.memo, target.category);
    if (!stated) {
      leave('needs_quantity', transaction.amount);
      continue;
    }
    lines.push({
      ...base,
      category: target.category,
      variant: null,
      quantity: stated.quantity,
      unit: stated.unit,
      dataQuality: 'measured',
      reference,
    });
  }
  if (parsed.totalsRows > 0) left.set('totals', { lines: parsed.totalsRows, amount: Number.NaN });
  const leftOut = [...left.entries()].map(([reason, entry]) => ({
    reason,
    ...LEFT_OUT_LABELS[reason],
    lines: entry.lines,
    amount: reason === 'totals' ? null : entry.amount,
  }));
  return { lines, leftOut, unmapped: [...unmapped] };
}

/** The CSV import's own field names (headers.ts), so the planned file reads with no mapping. */
const CSV_COLUMNS: readonly ImportField[] = [
  'date',
  'site',
  'category',
  'variant',
  'quantity',
  'unit',
  'spend',
  'currency',
  'dataQuality',
  'reference',
];

function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The planned lines as the product's own import CSV, which the existing import reads, calculates
 * and writes all or nothing (the one write path: decision 050).
 */
export function plannedLinesCsv(lines: readonly PlannedLine[], currency: string): string {
  const rows = lines.map((line) =>
    [
      line.date,
      line.site,
      line.category,
      line.variant,
      line.quantity,
      line.unit,
      line.spend,
      currency,
      line.dataQuality,
      line.reference,
    ]
      .map(csvCell)
      .join(','),
  );
  return `${[CSV_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}
