// Pure helpers of the accounting-export import (decision 050): the mapping table's values, the
// answers sent, and the words of the result.
import type { AccountingPreview, LeftOut } from '../../../domain/contracts/ledger-accounting-import';
import { getErrorBody, getErrorMessage } from '../../lib/api';

export type PreviewAccount = AccountingPreview['accounts'][number];
export type AccountChoice = AccountingPreview['choices'][number];

/** Radix Select values cannot be empty: an account not yet chosen shows this. */
export const NOT_CHOSEN = 'choose';

export function choiceValue(target: { category: string; variant: string | null }): string {
  return `${target.category}|${target.variant ?? ''}`;
}

export function targetOfValue(value: string): { category: string; variant: string | null } {
  const [category = '', variant = ''] = value.split('|');
  return { category, variant: variant === '' ? null : variant };
}

/** Each counted account's starting choice: remembered, else suggested, else not chosen. */
export function initialChoices(accounts: readonly PreviewAccount[]): Record<string, string> {
  const choices: Record<string, string> = {};
  for (const account of accounts) {
    if (account.excludedAs) continue;
    const target = account.remembered ?? account.suggested;
    choices[account.key] = target ? choiceValue(target) : NOT_CHOSEN;
  }
  return choices;
}

/** The answers to send; the names of accounts still to choose. */
export function mappingAnswers(
  accounts: readonly PreviewAccount[],
  choices: Readonly<Record<string, string>>,
): { mappings: Record<string, { category: string; variant: string | null }>; missing: string[] } {
  const mappings: Record<string, { category: string; variant: string | null }> = {};
  const missing: string[] = [];
  for (const account of accounts) {
    if (account.excludedAs) continue;
    const value = choices[account.key] ?? NOT_CHOSEN;
    if (value === NOT_CHOSEN) missing.push(account.name);
    else mappings[account.key] = targetOfValue(value);
  }
  return { mappings, missing };
}

export function formatAmount(amount: number, currency: string | null): string {
  if (currency && /^[A-Z]{3}$/.test(currency)) {
    try {
      return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(amount);
    } catch {
      // An ISO code the browser does not know: the plain number with the code.
    }
  }
  const plain = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    amount,
  );
  return currency ? `${plain} ${currency}` : plain;
}

/** "9 lines, £5,175.88" — or "13 rows" for totals rows, which have no amount of their own. */
export function describeLeftOut(row: LeftOut, currency: string | null): string {
  const count = `${row.lines.toLocaleString('en-GB')} ${row.amount === null ? 'row' : 'line'}${row.lines === 1 ? '' : 's'}`;
  return row.amount === null ? count : `${count}, ${formatAmount(row.amount, currency)}`;
}

/** "Imported 7 lines; 2 were already in the ledger." */
export function describeAccountingResult(result: { imported: number; duplicates: number }): string {
  const lines = `Imported ${result.imported.toLocaleString('en-GB')} line${result.imported === 1 ? '' : 's'}`;
  return result.duplicates > 0
    ? `${lines}; ${result.duplicates.toLocaleString('en-GB')} already in the ledger were skipped.`
    : `${lines}.`;
}

/** The words of a refused import, and its rows when the refusal names some. */
export function readAccountingProblem(error: unknown): {
  message: string;
  rows: { line: number; message: string }[];
} {
  const body = getErrorBody(error);
  const details = (body?.details ?? {}) as { errors?: unknown };
  const rows = Array.isArray(details.errors)
    ? details.errors.filter(
        (row): row is { line: number; message: string } =>
          typeof row === 'object' &&
          row !== null &&
          typeof row.line === 'number' &&
          typeof row.message === 'string',
      )
    : [];
  return { message: getErrorMessage(error), rows };
}
