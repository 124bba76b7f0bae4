// Recognises an accounting system's own export and reads it (decision 050). Returns null for
// anything else, which then goes through the product's own CSV import.
import { type CsvRecord, parseCsvText } from '../csv-reader.ts';
import type { ParsedExport } from './export-types.ts';
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
 * Whether the start of a file (a few kilobytes are enough: title and header rows) is an accounting
 * export. The import dialog asks this before choosing which import to show.
 */
export function looksLikeAccountingExport(head: string): boolean {
  // A cut-off head may end inside a quoted cell: read whole lines only.
  const cut = head.lastIndexOf('\n');
  const records = readRecords(cut > 0 ? head.slice(0, cut) : head);
  return records !== null && (isQuickBooksExport(records) || isXeroExport(records) || isSageExport(records));
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
