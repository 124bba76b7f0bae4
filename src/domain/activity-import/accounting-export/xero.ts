// Xero "Account Transactions" report exported to CSV/Excel: title rows (report name, company, "For
// the period 1 January 2025 to 31 December 2025"), a header row (Date, Source, Description,
// Reference, Debit, Credit, Running Balance, Gross, GST/VAT — each money column may carry the
// currency: "Debit (GBP)"; Account, Account Code, Account Type, Net and tracking columns when the
// person added them), then one section per account: a row naming it ("429 - General Expenses", or
// "General Expenses (429)"), "Opening Balance", its transactions, "Total <account>" and "Closing
// Balance". Debit and Credit are the net amounts posted to the account; Gross and VAT beside them.
import type { CsvRecord } from '../csv-reader.ts';
import { type ExportTransaction, emptyExport, type ParsedExport } from './export-types.ts';
import { cellAt, columnOf, findHeaderRow, headerCurrency, isBlank, titleOf } from './table.ts';
import { currencyOfSymbol, dateOrderOf, parseExportDate, parseMoney } from './values.ts';

const REQUIRED = [['date'], ['source'], ['debit'], ['credit']] as const;

export function isXeroExport(records: readonly CsvRecord[]): boolean {
  return titleOf(records) === 'account transactions' || findHeaderRow(records, REQUIRED) !== null;
}

function accountOf(section: string): { code: string | null; name: string } {
  let match = /^(\w{1,10})\s+-\s+(.+)$/.exec(section);
  if (match) return { code: match[1]!, name: match[2]! };
  match = /^(.+?)\s+\((\w{1,10})\)$/.exec(section);
  if (match) return { code: match[2]!, name: match[1]! };
  return { code: null, name: section };
}

const FURNITURE = /^(opening balance|closing balance|total\b|grand total|net movement)/i;

export function readXero(records: readonly CsvRecord[]): ParsedExport {
  const header = findHeaderRow(records, REQUIRED);
  const parsed = emptyExport('xero');
  if (!header) return parsed;
  const { keys } = header;
  const col = {
    date: columnOf(keys, ['date']),
    source: columnOf(keys, ['source']),
    description: columnOf(keys, ['description']),
    reference: columnOf(keys, ['reference']),
    contact: columnOf(keys, ['contact']),
    debit: columnOf(keys, ['debit']),
    credit: columnOf(keys, ['credit']),
    net: columnOf(keys, ['net']),
    account: columnOf(keys, ['account']),
    accountCode: columnOf(keys, ['account code']),
    accountType: columnOf(keys, ['account type']),
    site: keys.findIndex((key) => /^(tracking|location|region|branch|site|department)/.test(key)),
  };
  parsed.siteColumn = col.site >= 0 ? header.record.fields[col.site]!.trim() : null;
  const body = records.slice(header.index + 1);
  parsed.currency =
    headerCurrency(header.record.fields) ??
    body.map((record) => currencyOfSymbol(cellAt(record, col.debit))).find(Boolean) ??
    null;
  const order = dateOrderOf(
    body.map((record) => cellAt(record, col.date)),
    false,
  );

  let section: string | null = null;
  for (const record of body) {
    if (isBlank(record)) continue;
    const first = (record.fields[0] ?? '').trim();
    const dateCell = cellAt(record, col.date);
    const rest = record.fields.slice(1).every((field) => field.trim() === '');
    if (FURNITURE.test(first) || FURNITURE.test(cellAt(record, col.source))) {
      parsed.totalsRows++;
      continue;
    }
    if (first !== '' && rest && parseExportDate(first, order) === null) {
      section = first;
      continue;
    }
    if (dateCell === '') {
      parsed.totalsRows++;
      continue;
    }
    const date = parseExportDate(dateCell, order);
    const debit = parseMoney(cellAt(record, col.debit) || '0');
    const credit = parseMoney(cellAt(record, col.credit) || '0');
    const code = cellAt(record, col.accountCode);
    const named = cellAt(record, col.account);
    const account = named ? { code: code || null, name: named } : section ? accountOf(section) : null;
    if (!date || debit === null || credit === null || !account) {
      parsed.problems.push({
        line: record.line,
        message: !date
          ? `The date "${dateCell}" is not a date`
          : !account
            ? 'This row is not under an account'
            : 'The debit or credit is not a number',
      });
      continue;
    }
    const reference = cellAt(record, col.reference);
    parsed.transactions.push({
      line: record.line,
      account: { ...account, type: cellAt(record, col.accountType) || null },
      date,
      transactionType: cellAt(record, col.source) || null,
      number: reference || null,
      name: cellAt(record, col.contact) || null,
      memo: cellAt(record, col.description),
      amount: Math.round((debit - credit) * 100) / 100,
      siteValue: cellAt(record, col.site) || null,
    } satisfies ExportTransaction);
  }
  return parsed;
}
