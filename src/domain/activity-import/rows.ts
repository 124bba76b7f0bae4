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

import { MAX_AMOUNT, MAX_QUANTITY } from '../contracts/numbers.ts';
import { hasRefusedCharacters } from '../contracts/text.ts';
import { CATEGORY_LABELS } from './choices.ts';
import type { CsvSeparator } from './csv-reader.ts';
import type { ColumnMapping, ImportField } from './headers.ts';
import { type DecimalMark, isPlainIsoDay, parseDate, parseDecimal, plainDecimal } from './row-values.ts';
import {
  ACTIVITY_CATEGORIES,
  ACTIVITY_UNITS,
  type ActivityCategory,
  type ActivityUnit,
  CATEGORY_DIMENSIONS,
  currencyFromSymbol,
  DATA_QUALITY_TIERS,
  type DataQuality,
  describeExpectedUnits,
  FUEL_CATEGORIES,
  memo,
  orList,
  parseCategory,
  parseCurrency,
  parseDataQuality,
  parseUnit,
  slugKey,
  UNIT_DIMENSION,
  unitsFor,
} from './vocabulary.ts';

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

const MAX_TEXT = 500;
/** The categories as a person reads them (choices.ts), for messages. */
const CATEGORY_WORDS = ACTIVITY_CATEGORIES.map((category) => CATEGORY_LABELS[category]).join(', ');
/** Whitespace other than single spaces: tidied to one space. */
const MESSY_SPACE = /\s\s|[^\S ]/;

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
 * bench/notes/ledger-import.md): column indexes and options are read once; a valid row allocates its row
 * object and nothing else (no closures, no error array, and no regex for plain dates, numbers and
 * text: see row-values.ts and tidyText).
 */
export function rowChecker(mapping: ColumnMapping, options: Omit<ValidateRowOptions, 'line'>): RowCheck {
  const column = (field: ImportField) => mapping[field] ?? -1;
  const dateColumn = column('date');
  const periodEndColumn = column('periodEnd');
  const siteColumn = column('site');
  const categoryColumn = column('category');
  const variantColumn = column('variant');
  const quantityColumn = column('quantity');
  const unitColumn = column('unit');
  const spendColumn = column('spend');
  const currencyColumn = column('currency');
  const dataQualityColumn = column('dataQuality');
  const referenceColumn = column('reference');
  const calorificBasisColumn = column('calorificBasis');
  const decimalMark: DecimalMark = options.decimalMark ?? (options.separator === ';' ? ',' : '.');
  const defaultUnit = options.defaults?.unit;
  const defaultCurrency = options.defaults?.currency;
  const plainGallon = options.plainGallon;

  return (fields, line) => {
    let errors: string[] | undefined;

    // date / periodEnd
    let date: string | null = null;
    let periodEnd: string | null = null;
    const dateText = cell(fields, dateColumn);
    if (dateText === '') errors = fail(errors, line, 'date is empty; use YYYY-MM-DD, DD/MM/YYYY or YYYY-MM');
    else if (isPlainIsoDay(dateText)) date = dateText;
    else {
      const d = readDate(dateText);
      if (d.ok) {
        date = d.first;
        if (d.wholeMonth) periodEnd = d.last;
      } else errors = fail(errors, line, `date ${d.message}`);
    }
    const endText = cell(fields, periodEndColumn);
    if (endText !== '') {
      const d = isPlainIsoDay(endText) ? undefined : readDate(endText);
      if (d === undefined || d.ok) {
        periodEnd = d === undefined ? endText : d.last;
        if (date && periodEnd < date) {
          errors = fail(errors, line, `period end ${periodEnd} is before the date ${date}`);
        }
      } else {
        periodEnd = null;
        errors = fail(errors, line, `period end ${d.message}`);
      }
    }

    const siteText = cell(fields, siteColumn);
    const site = tidyText(siteText);
    if (site.length > MAX_TEXT) errors = fail(errors, line, tooLong('site', site));
    if (hasRefusedCharacters(site)) errors = fail(errors, line, refused('site'));
    if (siteText === '') errors = fail(errors, line, 'site is empty');

    let category: ActivityCategory | undefined;
    const categoryText = cell(fields, categoryColumn);
    if (categoryText === '') {
      errors = fail(errors, line, `category is empty; use one of: ${CATEGORY_WORDS}`);
    } else {
      category = parseCategory(categoryText);
      if (!category) {
        errors = fail(
          errors,
          line,
          `category "${categoryText}" is not one we know; choose what it is in the mapping step, or use one of: ${CATEGORY_WORDS}`,
        );
      }
    }
    const variant = tidyText(cell(fields, variantColumn));
    if (variant.length > MAX_TEXT) errors = fail(errors, line, tooLong('variant', variant));
    if (hasRefusedCharacters(variant)) errors = fail(errors, line, refused('variant'));
    const reference = tidyText(cell(fields, referenceColumn));
    if (reference.length > MAX_TEXT) errors = fail(errors, line, tooLong('reference', reference));
    if (hasRefusedCharacters(reference)) errors = fail(errors, line, refused('reference'));

    // quantity + unit
    let quantity: number | null = null;
    let unit: ActivityUnit | null = null;
    const quantityText = cell(fields, quantityColumn);
    const spendText = cell(fields, spendColumn);
    if (quantityText === '' && spendText === '') {
      errors = fail(errors, line, 'needs a quantity with a unit, or a spend with a currency; both are empty');
    }
    if (quantityText !== '') {
      if (category === 'purchased_goods') {
        errors = fail(
          errors,
          line,
          'purchased goods and services are recorded by spend; leave quantity and unit empty and give spend and currency',
        );
      }
      const plain = plainDecimal(quantityText, decimalMark);
      if (plain >= 0) quantity = plain;
      else {
        const q = parseDecimal(quantityText, decimalMark);
        if (q.ok) quantity = q.value;
        else errors = fail(errors, line, numberMessage('quantity', quantityText, q.reason, decimalMark));
      }
      if (quantity !== null && quantity > MAX_QUANTITY) {
        errors = fail(errors, line, aboveLimit('quantity', quantityText, MAX_QUANTITY));
      }
      const unitText = cell(fields, unitColumn);
      if (unitText === '' && defaultUnit) unit = defaultUnit;
      else if (unitText === '') {
        errors = fail(
          errors,
          line,
          category && category !== 'purchased_goods'
            ? `quantity has no unit; use ${describeExpectedUnits(category)}`
            : 'quantity has no unit',
        );
      } else {
        const u = parseUnit(unitText, plainGallon);
        if (u.ok) {
          unit = u.unit;
          if (category && category !== 'purchased_goods') {
            const dims = CATEGORY_DIMENSIONS[category];
            if (!dims.includes(UNIT_DIMENSION[u.unit])) {
              errors = fail(
                errors,
                line,
                `unit "${unitText}" does not fit ${CATEGORY_LABELS[category]}, which is measured in ${describeExpectedUnits(category)}`,
              );
            }
          }
        } else if (u.reason === 'ambiguous_ton') {
          errors = fail(
            errors,
            line,
            `unit "${unitText}" is ambiguous; use tonne (1,000 kg) or short_ton (2,000 lb)`,
          );
        } else {
          const expected =
            category && category !== 'purchased_goods'
              ? orList(unitsFor(category))
              : `one of: ${ACTIVITY_UNITS.join(', ')}`;
          errors = fail(errors, line, `unit "${unitText}" is not a unit we know; use ${expected}`);
        }
      }
    }

    // spend + currency
    let spend: number | null = null;
    let currency: string | null = null;
    if (spendText !== '') {
      let amount = spendText;
      let symbolCurrency: string | undefined;
      // £ and € are the only currency symbols read, neither is ASCII: skip the split for plain amounts.
      if (spendText.charCodeAt(0) > 127 || spendText.charCodeAt(spendText.length - 1) > 127) {
        ({ amount, symbolCurrency } = splitCurrencySymbol(spendText));
      }
      const plain = plainDecimal(amount, decimalMark);
      if (plain >= 0) spend = plain;
      else {
        const s = parseDecimal(amount, decimalMark);
        if (s.ok) spend = s.value;
        else errors = fail(errors, line, numberMessage('spend', spendText, s.reason, decimalMark));
      }
      if (spend !== null && spend > MAX_AMOUNT)
        errors = fail(errors, line, aboveLimit('spend', spendText, MAX_AMOUNT));
      const currencyText = cell(fields, currencyColumn);
      if (currencyText !== '') {
        const c = parseCurrency(currencyText);
        if (!c) {
          errors = fail(
            errors,
            line,
            `currency "${currencyText}" is not an ISO 4217 code; use three letters such as GBP, EUR or USD`,
          );
        } else if (symbolCurrency && symbolCurrency !== c) {
          errors = fail(
            errors,
            line,
            `spend "${spendText}" is in ${symbolCurrency} but the currency column says ${c}`,
          );
        } else currency = c;
      } else if (symbolCurrency) currency = symbolCurrency;
      else if (defaultCurrency) currency = defaultCurrency;
      else {
        errors = fail(
          errors,
          line,
          `spend "${spendText}" has no currency; add a three-letter ISO 4217 code such as GBP`,
        );
      }
    } else if (category === 'purchased_goods') {
      errors = fail(errors, line, 'purchased goods and services need a spend and a currency');
    }

    // dataQuality
    let dataQuality: DataQuality = quantityText !== '' ? 'measured' : 'spend_based';
    const qualityText = cell(fields, dataQualityColumn);
    if (qualityText !== '') {
      const dq = parseDataQuality(qualityText);
      if (!dq) {
        errors = fail(
          errors,
          line,
          `data quality "${qualityText}" is not one we know; use ${orList(DATA_QUALITY_TIERS)}`,
        );
      } else if (dq === 'spend_based' && spendText === '') {
        errors = fail(errors, line, 'data quality "spend_based" needs a spend and a currency');
      } else dataQuality = dq;
    }

    // calorificBasis
    let calorificBasis: 'gross' | 'net' | null = null;
    const basisText = cell(fields, calorificBasisColumn);
    const basisApplies =
      category !== undefined &&
      FUEL_CATEGORIES.has(category) &&
      unit !== null &&
      UNIT_DIMENSION[unit] === 'energy';
    if (basisApplies) calorificBasis = 'gross';
    if (basisText !== '') {
      const basis = parseCalorificBasis(basisText);
      if (!basis) errors = fail(errors, line, `calorific basis "${basisText}" is not gross or net`);
      else if (!basisApplies) {
        errors = fail(
          errors,
          line,
          `calorific basis "${basisText}" only applies to fuels measured in energy units (kWh, MWh, GJ, therm, mmBtu); leave it empty here`,
        );
      } else calorificBasis = basis;
    }

    if (errors) return errors;
    if (!date || site === '' || !category) return fail(errors, line, 'is incomplete');
    return {
      date,
      periodEnd,
      site,
      category,
      variant: variant === '' ? null : variant,
      quantity,
      unit,
      spend,
      currency,
      dataQuality,
      reference: reference === '' ? null : reference,
      calorificBasis,
    };
  };
}

/**
 * parseDate for the dates that are not plain YYYY-MM-DD (31/01/2025, 2025-01), remembered: a file
 * repeats its dates, and the regexes cost ~220 ns a date against ~90 ns for a lookup (2-core VM,
 * 2026-11-21). The results are shared between rows: read them, never change them.
 */
const readDate = memo(parseDate);

/**
 * `errors` (created on the first problem) with `message` added. The line travels beside the
 * message, never inside it: one problem on 38 rows is one group (problem-groups.ts).
 */
function fail(errors: string[] | undefined, _line: number, message: string): string[] {
  const list = errors ?? [];
  list.push(message);
  return list;
}

/** decision 042: control characters and lone surrogates are refused in every text cell. */
function refused(label: string): string {
  return `${label} contains characters that are not allowed (control characters)`;
}

/** decision 042: bounds that keep every sum of the ledger finite. */
function aboveLimit(label: string, text: string, max: number): string {
  return `${label} "${text}" is above the largest accepted, ${max.toLocaleString('en-GB')}`;
}

function tooLong(label: string, value: string): string {
  return `${label} is ${value.length} characters long; keep it to ${MAX_TEXT}`;
}

/** The cell in `column` (-1: no such column), trimmed; '' when missing (a short row). */
function cell(fields: readonly string[], column: number): string {
  if (column < 0) return '';
  const value = fields[column];
  if (value === undefined || value === '') return '';
  // Most cells need no trimming: skip the copy.
  return value.charCodeAt(0) > 32 && value.charCodeAt(value.length - 1) > 32 ? value : value.trim();
}

/**
 * Runs of whitespace, and whitespace other than a space, become one space ("London  HQ", a line break in a
 * quoted reference). Printable ASCII with single spaces — nearly every cell — is checked without the regex.
 */
function tidyText(text: string): string {
  let space = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 32 && c < 127) space = false;
    else if (c === 32 && !space) space = true;
    else return MESSY_SPACE.test(text) ? text.replace(/\s+/g, ' ') : text;
  }
  return text;
}

const parseCalorificBasis = memo((text: string): 'gross' | 'net' | undefined => {
  switch (slugKey(text)) {
    case 'gross':
    case 'gcv':
    case 'gross_cv':
    case 'hhv':
      return 'gross';
    case 'net':
    case 'ncv':
    case 'net_cv':
    case 'lhv':
      return 'net';
    default:
      return undefined;
  }
});

function splitCurrencySymbol(text: string): { amount: string; symbolCurrency: string | undefined } {
  const first = text.charAt(0);
  const last = text.charAt(text.length - 1);
  let symbolCurrency = currencyFromSymbol(first);
  if (symbolCurrency) return { amount: text.slice(1).trim(), symbolCurrency };
  symbolCurrency = currencyFromSymbol(last);
  if (symbolCurrency) return { amount: text.slice(0, -1).trim(), symbolCurrency };
  return { amount: text, symbolCurrency: undefined };
}

function numberMessage(
  label: string,
  text: string,
  reason: 'format' | 'negative',
  decimalMark: DecimalMark,
): string {
  if (reason === 'negative') {
    return `${label} "${text}" is negative; negative values are not accepted (enter credits and corrections separately)`;
  }
  return decimalMark === ','
    ? `${label} "${text}" is not a number in this file's format; this file is separated by ";", so write decimals with a comma (1234,5 or 1.234,5)`
    : `${label} "${text}" is not a number; write decimals with a dot (1234.5 or "1,234.5")`;
}
