// One CSV record → one activity line, or every reason it cannot be one (all reported, not just the first).
//
// Dates: `date` accepts YYYY-MM-DD (an ISO date-time keeps its date part), DD/MM/YYYY (also with `.` or
// `-`: 31.01.2025, 31-01-2025; slashes are always day first, never US month first), YYYY/MM/DD, and
// YYYY-MM, which means the whole month: date = the 1st and, when periodEnd is empty, periodEnd = the last
// day. `periodEnd` takes the same formats; YYYY-MM there means the last day of that month.
//
// Numbers: the decimal mark follows the separator — `;` files use `,` as decimal mark and `.`, space or
// `'` as thousands (1.234,5 · 1 234,5 · 1234,5); `,` and tab files use `.` (1234.5 · "1,234.5"). Thousands
// groups must be groups of three, so a wrong-convention number is refused rather than read 1,000× off.
// `decimalMark` overrides. Negative quantities and spends are refused (credits are entered differently);
// zero is allowed. A spend may carry £ or € ("£1,200.00"), which also gives its currency.
//
// Quantity and spend: a row needs a quantity (+ unit) or a spend (+ currency), and may have both.
// purchased_goods needs a spend. dataQuality defaults to measured when there is a quantity, else
// spend_based. calorificBasis (gross | net) applies to fuels measured in energy units and defaults to
// gross there (UK bills are gross CV); elsewhere it must be empty and is null.

import type { CsvSeparator } from './csv-reader.ts';
import type { ColumnMapping } from './headers.ts';
import {
  newDraft,
  type RowDraft,
  readCalorificBasis,
  readCategory,
  readDataQuality,
  readDates,
  readNotes,
  readQuantity,
  readSite,
  readSpend,
  rowSettings,
  startDraft,
} from './row-fields.ts';
import type { DecimalMark } from './row-values.ts';
import type { ActivityCategory, ActivityUnit, DataQuality } from './vocabulary.ts';

export interface ImportedActivityRow {
  /** YYYY-MM-DD. */
  date: string;
  /** YYYY-MM-DD, on or after `date`; null when not given. */
  periodEnd: string | null;
  /** The site name as the company wrote it (whitespace tidied); matched to a site id later. */
  site: string;
  category: ActivityCategory;
  /** Free-text factor key as written (trimmed): 'long_haul_economy', 'food_landfill', '541611', 'R410A'. */
  variant: string | null;
  quantity: number | null;
  unit: ActivityUnit | null;
  spend: number | null;
  /** ISO 4217, upper case. */
  currency: string | null;
  dataQuality: DataQuality;
  /** Invoice number, meter id… as written (trimmed). */
  reference: string | null;
  /** Set (default 'gross') for fuels measured in energy units; null otherwise. */
  calorificBasis: 'gross' | 'net' | null;
}

export { type DateParse, type DecimalParse, parseDate, parseDecimal } from './row-values.ts';
export type { DecimalMark };

export interface ValidateRowOptions {
  /** Physical line of the record, for messages. */
  line: number;
  /** The file's separator: `;` means decimal comma. Ignored when `decimalMark` is given. */
  separator?: CsvSeparator;
  decimalMark?: DecimalMark;
  /** Unit / currency used when the row has none (from a header hint like "Usage (kWh)", or the company). */
  defaults?: { unit?: ActivityUnit; currency?: string };
  /** What a plain "gallons" means. Default gal_us. */
  plainGallon?: 'gal_us' | 'gal_uk';
}

export type RowResult =
  | { ok: true; line: number; row: ImportedActivityRow }
  | { ok: false; line: number; errors: string[] };

/** One record → its row, or every problem of it. See rowChecker. */
export type RowCheck = (fields: readonly string[], line: number) => ImportedActivityRow | string[];

/** True when every field is empty or whitespace (";;;;" rows at the end of spreadsheet exports). */
export function isBlankRecord(fields: readonly string[]): boolean {
  for (const f of fields) {
    // A printable ASCII first character is not whitespace: no need to trim (one copy per field).
    const c = f.charCodeAt(0);
    if (c > 32 && c < 127) return false;
    if (f.trim() !== '') return false;
  }
  return true;
}

/**
 * Validate one record against a column mapping. Reports every problem of the row. For many rows use rowChecker, which reads the mapping and options once.
 */
export function validateRow(
  fields: readonly string[],
  mapping: ColumnMapping,
  options: ValidateRowOptions,
): RowResult {
  const { line } = options;
  const result = rowChecker(mapping, options)(fields, line);
  return Array.isArray(result) ? { ok: false, line, errors: result } : { ok: true, line, row: result };
}

/**
 * The validation of validateRow for every row of a file with one mapping and options: returns the row,
 * or its problems. Built for the 100,000-row import (decision 069; figures in
 * bench/notes/ledger-import.md): column indexes and options are read once, and one draft is reused for
 * every row, so a valid row allocates its row object and nothing else (no closures, no error array, and
 * no regex for plain dates, numbers and text: see row-values.ts and tidyText in row-fields.ts). The
 * problems come in the order of the readers below.
 */
export function rowChecker(mapping: ColumnMapping, options: Omit<ValidateRowOptions, 'line'>): RowCheck {
  const settings = rowSettings(mapping, options);
  const draft = newDraft();
  return (fields) => {
    startDraft(draft);
    readDates(draft, fields, settings);
    readSite(draft, fields, settings);
    readCategory(draft, fields, settings);
    readNotes(draft, fields, settings);
    readQuantity(draft, fields, settings);
    readSpend(draft, fields, settings);
    readDataQuality(draft, fields, settings);
    readCalorificBasis(draft, fields, settings);
    return finishRow(draft);
  };
}

/** The draft's row, or its problems ('is incomplete' should a reader let a required field through empty). */
function finishRow(draft: RowDraft): ImportedActivityRow | string[] {
  const { errors, date, site, category } = draft;
  if (errors) return errors;
  if (!date || site === '' || !category) return ['is incomplete'];
  return {
    date,
    periodEnd: draft.periodEnd,
    site,
    category,
    variant: draft.variant === '' ? null : draft.variant,
    quantity: draft.quantity,
    unit: draft.unit,
    spend: draft.spend,
    currency: draft.currency,
    dataQuality: draft.dataQuality,
    reference: draft.reference === '' ? null : draft.reference,
    calorificBasis: draft.calorificBasis,
  };
}
