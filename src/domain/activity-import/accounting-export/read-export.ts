// Recognises an accounting system's own export and reads it (decision 050). Returns null for
// anything else, which then goes through the product's own CSV import.
import { type CsvRecord, parseCsvText } from '../csv-reader.ts';
import type { AccountingFormat, ParsedExport } from './export-types.ts';
import { isQuickBooksExport, readQuickBooks } from './quickbooks.ts';
import { isSageExport, readSage } from './sage.ts';
import { isXeroExport, readXero } from './xero.ts';

/** Reads `text` when it is a QuickBooks, Xero or Sage export; null otherwise. */
export function readAccountingExport(text: string): ParsedExport | null {
  const records = readRecords(text);
  if (records === null) return null;
  if (isQuickBooksExport(records)) return readQuickBooks(records);
  if (isXeroExport(records)) return readXero(records);
  if (isSageExport(records)) return readSage(records);
  return null;
}

/**
 * Which accounting export the start of a file is (a few kilobytes are enough: title and header
 * rows), or null. The import dialog and the CSV import ask this before choosing the import.
 */
export function accountingFormatOf(head: string): AccountingFormat | null {
  // A cut-off head may end inside a quoted cell: read whole lines only.
  const cut = head.lastIndexOf('\n');
  const records = readRecords(cut > 0 ? head.slice(0, cut) : head);
  if (records === null) return null;
  if (isQuickBooksExport(records)) return 'quickbooks';
  if (isXeroExport(records)) return 'xero';
  if (isSageExport(records)) return 'sage';
  return null;
}

function readRecords(text: string): CsvRecord[] | null {
  try {
    // Title rows have no separators, so the separator is taken from the whole text.
    const separator = (text.match(/\t/g)?.length ?? 0) > (text.match(/,/g)?.length ?? 0) ? '\t' : ',';
    return parseCsvText(text, { separator }).records;
  } catch {
    return null;
  }
}
