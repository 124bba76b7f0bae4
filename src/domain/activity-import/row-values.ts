// Numbers and dates of a CSV row (the rules are in rows.ts's header comment), each with a fast path
// for the plain forms nearly every row uses ("1234.5", "2025-01-31"), which reads them with no regex
// and no allocation and falls back to the full parser for anything else. On the 2-core VM
// (2026-11-21, 100,000 values): parseDate ~220 ns a date, isPlainIsoDay ~50 ns; parseDecimal ~240 ns
// a number, plainDecimal ~35 ns. row-values.test.ts checks the fast paths against the full parsers.

export type DecimalMark = ',' | '.';

// Numbers -------------------------------------------------------------------------------------------

const PLAIN_INTEGER = /^\d{1,15}$/;
const DOT_DECIMAL = /^(?:(?:\d{1,3}(?:[,'’\s]\d{3})+|\d+)(?:\.\d*)?|\.\d+)$/;
const COMMA_DECIMAL = /^(?:(?:\d{1,3}(?:[.'’\s]\d{3})+|\d+)(?:,\d*)?|,\d+)$/;

/** Exact powers of ten (every one up to 1e22 is a double). */
const POW10 = Array.from({ length: 16 }, (_, i) => 10 ** i);

/**
 * The value of a plain number, or -1 when `text` is anything else (then use parseDecimal): digits (at
 * most 15), optionally in thousands groups separated by the other ASCII mark, optionally a decimal
 * mark and more digits ("1234", "1234.5", "1,234.5", "1.234,5" with a decimal comma, "12.").
 * Groups follow parseDecimal's rule (1–3 digits, then groups of exactly 3). The same value as
 * parseDecimal's: with at most 15 digits the digits are an exact integer below 2^53 and 10^k is exact,
 * so the one IEEE division is correctly rounded, as `Number("1234.5")` is (Clinger's fast path).
 */
export function plainDecimal(text: string, decimalMark: DecimalMark): number {
  const n = text.length;
  if (n === 0 || n > 24) return -1;
  const mark = decimalMark === ',' ? 44 : 46;
  const group = decimalMark === ',' ? 46 : 44;
  let value = 0; // the digits as one integer
  let digits = 0;
  let run = 0; // digits since the start or the last group separator
  let grouped = false;
  let fraction = -1; // digits after the decimal mark; -1 before it
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      value = value * 10 + (c - 48);
      digits++;
      if (fraction >= 0) fraction++;
      else run++;
    } else if (c === group && fraction < 0 && run > 0 && (grouped ? run === 3 : run <= 3)) {
      grouped = true;
      run = 0;
    } else if (c === mark && fraction < 0 && digits > 0 && (!grouped || run === 3)) {
      fraction = 0;
    } else return -1;
  }
  if (digits > 15 || (grouped && fraction < 0 && run !== 3)) return -1;
  return fraction > 0 ? value / POW10[fraction]! : value;
}

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

/**
 * True when `text` is a real day written YYYY-MM-DD within MIN_YEAR–MAX_YEAR: then parseDate gives
 * `first` = `last` = `text` itself, and the row can keep the string it has.
 */
export function isPlainIsoDay(text: string): boolean {
  if (text.length !== 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return false;
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 2);
  const day = digitsAt(text, 8, 2);
  return (
    year >= MIN_YEAR &&
    year <= MAX_YEAR &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysIn(year, month)
  );
}

/** The number written by `count` ASCII digits at `start`, or -1 when one of them is not a digit. */
function digitsAt(text: string, start: number, count: number): number {
  let value = 0;
  for (let i = start; i < start + count; i++) {
    const c = text.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    value = value * 10 + c;
  }
  return value;
}

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
