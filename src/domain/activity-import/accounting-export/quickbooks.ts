// QuickBooks Online "Transaction Detail by Account" exported to CSV/Excel: three title rows (report
// name, company, period), a header row whose first cell is empty (Date, Transaction Type, No. —
// "Num" in the US edition —, Name, Memo/Description, Split, Amount, Balance; Class, Location,
// Account and Account Type when the person added them), then one section per account: a row with
// only the account's name ("Utilities", or "Utilities:Electricity" for a sub-account), its
// transactions, and "Total for <account>". The report ends with "TOTAL" and an "Accrual basis …"
// footer. Amounts are what the transaction posted to the account, net of VAT when VAT is tracked.
import type { CsvRecord } from '../csv-reader.ts';
import { type ExportTransaction, emptyExport, type ParsedExport } from './export-types.ts';
import { cellAt, columnOf, findHeaderRow, headerCurrency, isBlank, titleOf } from './table.ts';
import { currencyOfSymbol, dateOrderOf, parseExportDate, parseMoney } from './values.ts';

const REQUIRED = [['date'], ['transaction type'], ['amount']] as const;

export function isQuickBooksExport(records: readonly CsvRecord[]): boolean {
  const header = findHeaderRow(records, REQUIRED);
  return (
    titleOf(records).includes('transaction detail by account') || header?.keys.includes('split') === true
  );
}

/** "6100 Utilities" (account numbers on) → code 6100; a sub-account keeps its full path as name. */
function accountOf(section: string): { code: string | null; name: string } {
  const match = /^(\d{3,6})\s+(.+)$/.exec(section);
  return match ? { code: match[1]!, name: match[2]! } : { code: null, name: section };
}

/** The report's columns by their QuickBooks names (-1 when absent). */
function quickBooksColumns(keys: Parameters<typeof columnOf>[0]) {
  return {
    date: columnOf(keys, ['date', 'transaction date']),
    type: columnOf(keys, ['transaction type']),
    number: columnOf(keys, ['no', 'num', 'number']),
    name: columnOf(keys, ['name', 'supplier', 'vendor', 'payee']),
    memo: columnOf(keys, ['memo/description', 'memo', 'description']),
    amount: columnOf(keys, ['amount']),
    account: columnOf(keys, ['account', 'account full name']),
    accountType: columnOf(keys, ['account type']),
    site: columnOf(keys, ['location', 'class']),
  };
}

type QuickBooksColumns = ReturnType<typeof quickBooksColumns>;

/**
 * The currency (from the header, else the first amount's symbol) and the date order (from the dates,
 * with a $ in the amounts as a hint: dateOrderOf).
 */
function moneyAndDateConventions(
  headerFields: readonly string[],
  body: readonly CsvRecord[],
  col: QuickBooksColumns,
) {
  let symbolCurrency: string | null = null;
  let hasDollar = false;
  for (const record of body) {
    const amount = cellAt(record, col.amount);
    symbolCurrency ??= currencyOfSymbol(amount);
    hasDollar ||= amount.includes('$');
  }
  const order = dateOrderOf(
    body.map((record) => cellAt(record, col.date)),
    hasDollar,
  );
  return { currency: headerCurrency(headerFields) ?? symbolCurrency, order };
}

export function readQuickBooks(records: readonly CsvRecord[]): ParsedExport {
  const header = findHeaderRow(records, REQUIRED);
  const parsed = emptyExport('quickbooks');
  if (!header) return parsed;
  const { keys } = header;
  const col = quickBooksColumns(keys);
  parsed.siteColumn = col.site >= 0 ? header.record.fields[col.site]!.trim() : null;
  const body = records.slice(header.index + 1);
  const { currency, order } = moneyAndDateConventions(header.record.fields, body, col);
  parsed.currency = currency;

  const sections: string[] = [];
  for (const record of body) {
    if (isBlank(record)) continue;
    const first = (record.fields[0] ?? '').trim();
    const dateCell = cellAt(record, col.date);
    const rest = record.fields.slice(1).every((field) => field.trim() === '');
    if (/^total for /i.test(first)) {
      parsed.totalsRows++;
      sections.pop();
      continue;
    }
    if (/^total$/i.test(first) || /^(accrual|cash) basis/i.test(first)) {
      parsed.totalsRows++;
      continue;
    }
    if (first !== '' && rest) {
      sections.push(first);
      continue;
    }
    if (dateCell === '' && first !== '') {
      parsed.totalsRows++;
      continue;
    }
    if (/^(beginning|opening) balance$/i.test(cellAt(record, col.type)) || dateCell === '') {
      parsed.totalsRows++;
      continue;
    }
    const date = parseExportDate(dateCell, order);
    const amount = parseMoney(cellAt(record, col.amount));
    const section = cellAt(record, col.account) || sections[sections.length - 1];
    if (!date || amount === null || !section) {
      parsed.problems.push({
        line: record.line,
        message: !date
          ? `The date "${dateCell}" is not a date`
          : amount === null
            ? `The amount "${cellAt(record, col.amount)}" is not a number`
            : 'This row is not under an account',
      });
      continue;
    }
    parsed.transactions.push({
      line: record.line,
      account: { ...accountOf(section), type: cellAt(record, col.accountType) || null },
      date,
      transactionType: cellAt(record, col.type) || null,
      number: cellAt(record, col.number) || null,
      name: cellAt(record, col.name) || null,
      memo: cellAt(record, col.memo),
      amount,
      siteValue: cellAt(record, col.site) || null,
    } satisfies ExportTransaction);
  }
  return parsed;
}
