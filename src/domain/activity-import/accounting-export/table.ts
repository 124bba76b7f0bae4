// Reading an export as a table: finding its header row under the report's title rows, and its
// columns by the names each system prints (with a currency in brackets: "Debit (GBP)").
import type { CsvRecord } from '../csv-reader.ts';

/** "Debit (GBP)" → "debit"; "Memo/Description" → "memo/description"; "No." → "no". */
export function headerKey(cell: string): string {
  return cell
    .replace(/\((?:[A-Z]{3}|[£$€])\)\s*$/, '')
    .trim()
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/\s+/g, ' ');
}

/** The ISO code in a header's brackets ("Debit (GBP)"), if any. */
export function headerCurrency(cells: readonly string[]): string | null {
  for (const cell of cells) {
    const match = /\(([A-Z]{3})\)\s*$/.exec(cell.trim());
    if (match) return match[1]!;
    if (/\(£\)\s*$/.test(cell)) return 'GBP';
    if (/\(€\)\s*$/.test(cell)) return 'EUR';
  }
  return null;
}

export interface HeaderRow {
  index: number;
  record: CsvRecord;
  keys: string[];
}

/** The first of the file's first 20 records whose cells include every one of `required` (header keys). */
export function findHeaderRow(
  records: readonly CsvRecord[],
  required: readonly (readonly string[])[],
): HeaderRow | null {
  const limit = Math.min(records.length, 20);
  for (let index = 0; index < limit; index++) {
    const record = records[index]!;
    const keys = record.fields.map(headerKey);
    if (required.every((names) => names.some((name) => keys.includes(name)))) {
      return { index, record, keys };
    }
  }
  return null;
}

/** Index of the first column named any of `names`, or -1. */
export function columnOf(keys: readonly string[], names: readonly string[]): number {
  for (const name of names) {
    const index = keys.indexOf(name);
    if (index >= 0) return index;
  }
  return -1;
}

export function cellAt(record: CsvRecord, index: number): string {
  return index < 0 ? '' : (record.fields[index] ?? '').trim();
}

/** True when every cell of the record is empty. */
export function isBlank(record: CsvRecord): boolean {
  return record.fields.every((field) => field.trim() === '');
}

/** The first cell of the first records (the report title), lower-cased. */
export function titleOf(records: readonly CsvRecord[]): string {
  for (const record of records.slice(0, 5)) {
    const first = record.fields.find((field) => field.trim() !== '');
    if (first) return first.trim().toLowerCase();
  }
  return '';
}
