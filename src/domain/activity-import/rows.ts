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
import { type ColumnMapping, IMPORT_FIELDS, type ImportField } from './headers.ts';
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

export type DecimalMark = ',' | '.';

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

const MAX_TEXT = 500;
/** Whitespace other than single spaces: tidied to one space. */
const MESSY_SPACE = /\s\s|[^\S ]/;

const FIELD_POSITION = Object.fromEntries(IMPORT_FIELDS.map((f, i) => [f, i])) as Record<ImportField, number>;
const compiled = new WeakMap<ColumnMapping, Int32Array>();

/** The mapping as an array in IMPORT_FIELDS order (-1 = no column), computed once per mapping object. */
function columnIndexes(mapping: ColumnMapping): Int32Array {
  let columns = compiled.get(mapping);
  if (!columns) {
    columns = Int32Array.from(IMPORT_FIELDS, (f) => mapping[f] ?? -1);
    compiled.set(mapping, columns);
  }
  return columns;
}

/** True when every field is empty or whitespace (";;;;" rows at the end of spreadsheet exports). */
export function isBlankRecord(fields: readonly string[]): boolean {
  for (const f of fields) if (f.trim() !== '') return false;
  return true;
}

/**
 * Validate one record against a column mapping. Reports every problem of the row, each message starting
 * "Line N:". The mapping object is compiled once and cached: treat it as immutable (recogniseHeaders
 * returns a fresh one each time).
 */
export function validateRow(
  fields: readonly string[],
  mapping: ColumnMapping,
  options: ValidateRowOptions,
): RowResult {
  const { line } = options;
  const errors: string[] = [];
  const fail = (message: string) => {
    errors.push(`Line ${line}: ${message}`);
  };
  const columns = columnIndexes(mapping);
  const cell = (field: ImportField): string => {
    const index = columns[FIELD_POSITION[field]]!;
    if (index < 0) return '';
    const value = fields[index];
    if (value === undefined || value === '') return '';
    // Most cells need no trimming: skip the copy.
    return value.charCodeAt(0) > 32 && value.charCodeAt(value.length - 1) > 32 ? value : value.trim();
  };
  const text = (field: 'site' | 'variant' | 'reference', label: string): string | null => {
    const raw = cell(field);
    const value = MESSY_SPACE.test(raw) ? raw.replace(/\s+/g, ' ') : raw;
    if (value.length > MAX_TEXT) {
      fail(`${label} is ${value.length} characters long; keep it to ${MAX_TEXT}`);
      return null;
    }
    return value === '' ? null : value;
  };
  const decimalMark: DecimalMark = options.decimalMark ?? (options.separator === ';' ? ',' : '.');

  // date / periodEnd
  let date: string | null = null;
  let periodEnd: string | null = null;
  const dateText = cell('date');
  if (dateText === '') fail('date is empty; use YYYY-MM-DD, DD/MM/YYYY or YYYY-MM');
  else {
    const d = parseDate(dateText);
    if (d.ok) {
      date = d.first;
      if (d.wholeMonth) periodEnd = d.last;
    } else fail(`date ${d.message}`);
  }
  const endText = cell('periodEnd');
  if (endText !== '') {
    const d = parseDate(endText);
    if (d.ok) {
      periodEnd = d.last;
      if (date && periodEnd < date) fail(`period end ${periodEnd} is before the date ${date}`);
    } else {
      periodEnd = null;
      fail(`period end ${d.message}`);
    }
  }

  const site = text('site', 'site');
  if (cell('site') === '') fail('site is empty');

  let category: ActivityCategory | undefined;
  const categoryText = cell('category');
  if (categoryText === '') fail(`category is empty; use one of: ${ACTIVITY_CATEGORIES.join(', ')}`);
  else {
    category = parseCategory(categoryText);
    if (!category) {
      fail(`category "${categoryText}" is not one we know; use one of: ${ACTIVITY_CATEGORIES.join(', ')}`);
    }
  }
  const variant = text('variant', 'variant');
  const reference = text('reference', 'reference');

  // quantity + unit
  let quantity: number | null = null;
  let unit: ActivityUnit | null = null;
  const quantityText = cell('quantity');
  const spendText = cell('spend');
  if (quantityText === '' && spendText === '') {
    fail('needs a quantity with a unit, or a spend with a currency; both are empty');
  }
  if (quantityText !== '') {
    if (category === 'purchased_goods') {
      fail(
        'category "purchased_goods" is recorded by spend; leave quantity and unit empty and give spend and currency',
      );
    }
    const q = parseDecimal(quantityText, decimalMark);
    if (q.ok) quantity = q.value;
    else fail(numberMessage('quantity', quantityText, q.reason, decimalMark));
    const unitText = cell('unit');
    if (unitText === '' && options.defaults?.unit) unit = options.defaults.unit;
    else if (unitText === '') {
      fail(
        category && category !== 'purchased_goods'
          ? `quantity has no unit; use ${describeExpectedUnits(category)}`
          : 'quantity has no unit',
      );
    } else {
      const u = parseUnit(unitText, options.plainGallon);
      if (u.ok) {
        unit = u.unit;
        if (category && category !== 'purchased_goods') {
          const dims = CATEGORY_DIMENSIONS[category];
          if (!dims.includes(UNIT_DIMENSION[u.unit])) {
            fail(
              `unit "${unitText}" does not fit category "${category}"; ${category} is measured in ${describeExpectedUnits(category)}`,
            );
          }
        }
      } else if (u.reason === 'ambiguous_ton') {
        fail(`unit "${unitText}" is ambiguous; use tonne (1,000 kg) or short_ton (2,000 lb)`);
      } else {
        const expected =
          category && category !== 'purchased_goods'
            ? orList(unitsFor(category))
            : `one of: ${ACTIVITY_UNITS.join(', ')}`;
        fail(`unit "${unitText}" is not a unit we know; use ${expected}`);
      }
    }
  }

  // spend + currency
  let spend: number | null = null;
  let currency: string | null = null;
  if (spendText !== '') {
    const { amount, symbolCurrency } = splitCurrencySymbol(spendText);
    const s = parseDecimal(amount, decimalMark);
    if (s.ok) spend = s.value;
    else fail(numberMessage('spend', spendText, s.reason, decimalMark));
    const currencyText = cell('currency');
    if (currencyText !== '') {
      const c = parseCurrency(currencyText);
      if (!c)
        fail(`currency "${currencyText}" is not an ISO 4217 code; use three letters such as GBP, EUR or USD`);
      else if (symbolCurrency && symbolCurrency !== c) {
        fail(`spend "${spendText}" is in ${symbolCurrency} but the currency column says ${c}`);
      } else currency = c;
    } else if (symbolCurrency) currency = symbolCurrency;
    else if (options.defaults?.currency) currency = options.defaults.currency;
    else fail(`spend "${spendText}" has no currency; add a three-letter ISO 4217 code such as GBP`);
  } else if (category === 'purchased_goods') {
    fail('category "purchased_goods" needs a spend and a currency');
  }

  // dataQuality
  let dataQuality: DataQuality = quantityText !== '' ? 'measured' : 'spend_based';
  const qualityText = cell('dataQuality');
  if (qualityText !== '') {
    const dq = parseDataQuality(qualityText);
    if (!dq) fail(`data quality "${qualityText}" is not one we know; use ${orList(DATA_QUALITY_TIERS)}`);
    else if (dq === 'spend_based' && spendText === '') {
      fail('data quality "spend_based" needs a spend and a currency');
    } else dataQuality = dq;
  }

  // calorificBasis
  let calorificBasis: 'gross' | 'net' | null = null;
  const basisText = cell('calorificBasis');
  const basisApplies =
    category !== undefined &&
    FUEL_CATEGORIES.has(category) &&
    unit !== null &&
    UNIT_DIMENSION[unit] === 'energy';
  if (basisApplies) calorificBasis = 'gross';
  if (basisText !== '') {
    const basis = parseCalorificBasis(basisText);
    if (!basis) fail(`calorific basis "${basisText}" is not gross or net`);
    else if (!basisApplies) {
      fail(
        `calorific basis "${basisText}" only applies to fuels measured in energy units (kWh, MWh, GJ, therm, mmBtu); leave it empty here`,
      );
    } else calorificBasis = basis;
  }

  if (errors.length > 0 || !date || !site || !category) {
    if (errors.length === 0) fail('is incomplete');
    return { ok: false, line, errors };
  }
  return {
    ok: true,
    line,
    row: {
      date,
      periodEnd,
      site,
      category,
      variant,
      quantity,
      unit,
      spend,
      currency,
      dataQuality,
      reference,
      calorificBasis,
    },
  };
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

// Numbers -------------------------------------------------------------------------------------------

const PLAIN_INTEGER = /^\d{1,15}$/;
const DOT_DECIMAL = /^(?:(?:\d{1,3}(?:[,'’\s]\d{3})+|\d+)(?:\.\d*)?|\.\d+)$/;
const COMMA_DECIMAL = /^(?:(?:\d{1,3}(?:[.'’\s]\d{3})+|\d+)(?:,\d*)?|,\d+)$/;

export type DecimalParse = { ok: true; value: number } | { ok: false; reason: 'format' | 'negative' };

/**
 * "1.234,5" (decimal comma) / "1,234.5" (decimal dot) → 1234.5. Thousands groups must have three digits.
 * A leading sign (+, -, −) or accounting brackets are read; a negative result is `reason: 'negative'`.
 */
export function parseDecimal(input: string, decimalMark: DecimalMark): DecimalParse {
  if (PLAIN_INTEGER.test(input)) return { ok: true, value: Number(input) };
  let s = input.trim();
  let negative = false;
  if (s.startsWith('(') && s.endsWith(')')) {
    negative = true;
    s = s.slice(1, -1).trim();
  }
  const sign = s.charAt(0);
  if (sign === '-' || sign === '−' || sign === '+') {
    if (sign !== '+') negative = true;
    s = s.slice(1).trim();
  }
  let normal: string;
  if (decimalMark === '.') {
    if (!DOT_DECIMAL.test(s)) return { ok: false, reason: 'format' };
    normal = s.replace(/[,'’\s]/g, '');
  } else {
    if (!COMMA_DECIMAL.test(s)) return { ok: false, reason: 'format' };
    normal = s.replace(/[.'’\s]/g, '').replace(',', '.');
  }
  const value = Number(normal);
  if (!Number.isFinite(value)) return { ok: false, reason: 'format' };
  if (negative && value !== 0) return { ok: false, reason: 'negative' };
  return { ok: true, value: value === 0 ? 0 : value };
}

// Dates ---------------------------------------------------------------------------------------------

const ISO_DATE = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const DAY_FIRST = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})(?: [\d:.]+)?$/;
const YEAR_MONTH = /^(\d{4})[-/](\d{1,2})$/;
const MIN_YEAR = 1900;
const MAX_YEAR = 2100;

export type DateParse =
  | { ok: true; first: string; last: string; wholeMonth: boolean }
  | { ok: false; message: string };

const pad = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const daysIn = (year: number, month: number) =>
  month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : (MONTH_DAYS[month - 1] ?? 0);

const outOfRange = (input: string): DateParse => ({
  ok: false,
  message: `"${input}" is outside ${MIN_YEAR}–${MAX_YEAR}`,
});

/** Year, month, day of a single-day date, or undefined when `text` is not in a single-day format. */
function dateParts(
  text: string,
): { year: number; month: number; day: number; dayFirst: boolean } | undefined {
  const iso = ISO_DATE.exec(text);
  if (iso) return { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]), dayFirst: false };
  const dmy = DAY_FIRST.exec(text);
  if (dmy) return { year: Number(dmy[4]), month: Number(dmy[3]), day: Number(dmy[1]), dayFirst: true };
  return undefined;
}

/** See the header comment. `first`/`last` are equal for a single day; a month gives its first and last day. */
export function parseDate(input: string): DateParse {
  const text = input.trim();
  const parts = dateParts(text);
  if (!parts) {
    const ym = YEAR_MONTH.exec(text);
    if (!ym) {
      return {
        ok: false,
        message: `"${input}" is not in a format we read; use YYYY-MM-DD, DD/MM/YYYY or YYYY-MM`,
      };
    }
    const year = Number(ym[1]);
    const month = Number(ym[2]);
    if (month < 1 || month > 12) return { ok: false, message: `"${input}" is not a real month` };
    if (year < MIN_YEAR || year > MAX_YEAR) return outOfRange(input);
    const prefix = `${year}-${pad(month)}`;
    return {
      ok: true,
      first: `${prefix}-01`,
      last: `${prefix}-${pad(daysIn(year, month))}`,
      wholeMonth: true,
    };
  }
  const { year, month, day, dayFirst } = parts;
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) {
    const usHint =
      dayFirst && month > 12 && day <= 12 && month <= 31
        ? `; dates with slashes are read day first (DD/MM/YYYY), so write ${year}-${pad(day)}-${pad(month)} for the US-style date`
        : '';
    return { ok: false, message: `"${input}" is not a real date${usHint}` };
  }
  if (year < MIN_YEAR || year > MAX_YEAR) return outOfRange(input);
  const iso = `${year}-${pad(month)}-${pad(day)}`;
  return { ok: true, first: iso, last: iso, wholeMonth: false };
}
