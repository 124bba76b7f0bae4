// Sage transaction lists: the Sage 50 audit trail / nominal activity exported to CSV (No, Type,
// Account, Nominal A/C Ref or N/C, Dept, Date, Ref, Details, Net Amount, Tax Amount, T/C, Gross
// Amount) and the Sage Business Cloud Accounting transactions export (Date, Type, Reference,
// Contact, Ledger Account "7200 - Electricity", Details, Net, VAT, Total; Debit/Credit columns in
// some reports). Types are Sage 50's two-letter codes (PI purchase invoice, PC purchase credit,
// BP/BR bank payment/receipt, CP/CR cash, VP/VR card, JD/JC journal debit/credit, SI/SC sales) or
// Business Cloud's words ("Purchase Invoice", "Other Receipt"). Net is before VAT.
import type { CsvRecord } from '../csv-reader.ts';
import { type ExportTransaction, emptyExport, type ParsedExport } from './export-types.ts';
import { cellAt, columnOf, findHeaderRow, headerCurrency, isBlank } from './table.ts';
import { currencyOfSymbol, dateOrderOf, parseExportDate, parseMoney } from './values.ts';

const ACCOUNT_NAMES = [
  'nominal a/c ref',
  'nominal code',
  'n/c',
  'nominal',
  'ledger account',
  'nominal account',
  'account code',
];
const REQUIRED = [['type'], ['date'], ACCOUNT_NAMES, ['net', 'net amount', 'debit']] as const;

export function isSageExport(records: readonly CsvRecord[]): boolean {
  return findHeaderRow(records, REQUIRED) !== null;
}

/** Sage UK standard nominal names, for exports that carry only the code (Sage 50 audit trail). */
const SAGE_NOMINAL_NAMES: Record<string, string> = {
  '0030': 'Office equipment',
  '0050': 'Motor vehicles',
  '5000': 'Materials purchased',
  '5100': 'Carriage',
  '7100': 'Rent',
  '7103': 'General rates',
  '7200': 'Electricity',
  '7201': 'Gas',
  '7202': 'Oil',
  '7300': 'Fuel and oil',
  '7400': 'Travelling',
  '7500': 'Printing',
  '7501': 'Postage and carriage',
  '7502': 'Office stationery',
  '7550': 'Telephone and fax',
  '7600': 'Legal fees',
  '7601': 'Audit and accountancy fees',
  '7700': 'Equipment hire',
  '7800': 'Repairs and renewals',
  '7901': 'Bank charges',
  '8204': 'Insurance',
};

/** Business Cloud types are words; Sage 50 types are two letters. Credits and receipts reduce the account. */
function signOf(type: string): 1 | -1 {
  if (/^(PC|BR|CR|VR|JC|SI)$/i.test(type)) return -1;
  return /credit|receipt|refund/i.test(type) ? -1 : 1;
}

function accountOf(codeCell: string, nameCell: string): { code: string | null; name: string } {
  const combined = /^(\w{1,10})\s+-\s+(.+)$/.exec(codeCell);
  if (combined) return { code: combined[1]!, name: nameCell || combined[2]! };
  const code = codeCell || null;
  return { code, name: nameCell || (code && SAGE_NOMINAL_NAMES[code]) || `Nominal ${codeCell}` };
}

export function readSage(records: readonly CsvRecord[]): ParsedExport {
  const header = findHeaderRow(records, REQUIRED);
  const parsed = emptyExport('sage');
  if (!header) return parsed;
  const { keys } = header;
  const col = {
    type: columnOf(keys, ['type']),
    code: columnOf(keys, ACCOUNT_NAMES),
    name: columnOf(keys, ['nominal name', 'account name', 'ledger account name', 'nominal account name']),
    accountType: columnOf(keys, ['account type', 'ledger account type', 'category']),
    date: columnOf(keys, ['date']),
    reference: columnOf(keys, ['ref', 'reference', 'inv ref', 'invoice ref']),
    contact: columnOf(keys, ['contact', 'account', 'a/c', 'account reference', 'supplier']),
    details: columnOf(keys, ['details', 'description', 'narrative']),
    net: columnOf(keys, ['net', 'net amount']),
    debit: columnOf(keys, ['debit']),
    credit: columnOf(keys, ['credit']),
    site: columnOf(keys, ['dept', 'department', 'cost centre', 'project', 'project refn']),
  };
  parsed.siteColumn = col.site >= 0 ? header.record.fields[col.site]!.trim() : null;
  const body = records.slice(header.index + 1);
  const money = col.net >= 0 ? col.net : col.debit;
  parsed.currency =
    headerCurrency(header.record.fields) ??
    body.map((record) => currencyOfSymbol(cellAt(record, money))).find(Boolean) ??
    null;
  const order = dateOrderOf(
    body.map((record) => cellAt(record, col.date)),
    false,
  );
  for (const record of body) {
    if (isBlank(record)) continue;
    const dateCell = cellAt(record, col.date);
    const codeCell = cellAt(record, col.code);
    if (dateCell === '' || codeCell === '' || /^total/i.test(record.fields[0]?.trim() ?? '')) {
      parsed.totalsRows++;
      continue;
    }
    const date = parseExportDate(dateCell, order);
    const type = cellAt(record, col.type);
    let amount: number | null;
    if (col.net >= 0) {
      const net = parseMoney(cellAt(record, col.net));
      // A Sage 50 net is unsigned: the type says which way it went. A signed net is kept as is.
      amount = net === null ? null : net < 0 ? net : net * signOf(type);
    } else {
      const debit = parseMoney(cellAt(record, col.debit) || '0');
      const credit = parseMoney(cellAt(record, col.credit) || '0');
      amount = debit === null || credit === null ? null : Math.round((debit - credit) * 100) / 100;
    }
    if (!date || amount === null) {
      parsed.problems.push({
        line: record.line,
        message: !date ? `The date "${dateCell}" is not a date` : 'The net amount is not a number',
      });
      continue;
    }
    parsed.transactions.push({
      line: record.line,
      account: {
        ...accountOf(codeCell, cellAt(record, col.name)),
        type: cellAt(record, col.accountType) || null,
      },
      date,
      transactionType: type || null,
      number: cellAt(record, col.reference) || null,
      name: cellAt(record, col.contact) || null,
      memo: cellAt(record, col.details),
      amount,
      siteValue: cellAt(record, col.site) || null,
    } satisfies ExportTransaction);
  }
  return parsed;
}
