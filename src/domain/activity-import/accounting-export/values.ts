// Money and dates as accounting systems print them in their report exports: "£1,234.56",
// "-1,234.56", "(1,234.56)" (accountants' negative), "1,234.56 CR", "$ 12.00"; "15/01/2025" (UK
// day first), "01/15/2025" (US QuickBooks month first), "15 Jan 2025" (Xero), "2025-01-15".

/** Signed amount, or null when the cell holds no number. Thousands commas and currency signs are dropped. */
export function parseMoney(text: string): number | null {
  let body = text.trim();
  if (body === '') return null;
  let negative = false;
  if (/^\(.*\)$/.test(body)) {
    negative = true;
    body = body.slice(1, -1).trim();
  }
  if (/\s*CR$/i.test(body)) {
    negative = !negative;
    body = body.replace(/\s*CR$/i, '');
  } else body = body.replace(/\s*DR$/i, '');
  body = body.replace(/^[A-Z]{3}\s+|\s+[A-Z]{3}$/g, '');
  if (/^[-−]/.test(body)) {
    negative = !negative;
    body = body.slice(1).trim();
  }
  body = body.replace(/^[£$€]\s*|\s*[£$€]$/g, '');
  if (/^[-−]/.test(body)) {
    negative = !negative;
    body = body.slice(1).trim();
  }
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/.test(body)) return null;
  const value = Number(body.replaceAll(',', ''));
  if (!Number.isFinite(value)) return null;
  return negative && value !== 0 ? -value : value;
}

/** The single-currency symbol of an amount cell, if any ("£" → GBP, "€" → EUR; "$" names no one currency). */
export function currencyOfSymbol(text: string): string | null {
  if (text.includes('£')) return 'GBP';
  if (text.includes('€')) return 'EUR';
  return null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** Which way a file writes numeric dates: 'dmy' (UK, Xero, Sage) or 'mdy' (US QuickBooks). */
export type DateOrder = 'dmy' | 'mdy';

function iso(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1) return null;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > last) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function fullYear(text: string): number {
  const year = Number(text);
  return text.length === 2 ? 2000 + year : year;
}

/** YYYY-MM-DD, or null when the cell is not a date (a section header, a totals row). */
export function parseExportDate(text: string, order: DateOrder): string | null {
  const cell = text.trim();
  let match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(cell);
  if (match) return iso(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})$/.exec(cell);
  if (match) {
    const [first, second] = [Number(match[1]), Number(match[2])];
    const year = fullYear(match[3]!);
    return order === 'dmy' ? iso(year, second, first) : iso(year, first, second);
  }
  match = /^(\d{1,2})[\s-]([A-Za-z]{3,9})[\s-](\d{4}|\d{2})$/.exec(cell);
  if (match) {
    const month = MONTHS.indexOf(match[2]!.slice(0, 3).toLowerCase()) + 1;
    return month === 0 ? null : iso(fullYear(match[3]!), month, Number(match[1]));
  }
  match = /^([A-Za-z]{3,9})\s+(\d{1,2}),?\s+(\d{4})$/.exec(cell);
  if (match) {
    const month = MONTHS.indexOf(match[1]!.slice(0, 3).toLowerCase()) + 1;
    return month === 0 ? null : iso(Number(match[3]), month, Number(match[2]));
  }
  return null;
}

/**
 * The date order of a file from its numeric dates: a first part above 12 means day first, a second
 * part above 12 month first; when every date is ambiguous (both parts ≤ 12), the currency decides
 * ($ month first, as US QuickBooks prints) and otherwise day first (UK, Xero, Sage).
 */
export function dateOrderOf(cells: readonly string[], hasDollar: boolean): DateOrder {
  for (const cell of cells) {
    const match = /^(\d{1,2})[/.-](\d{1,2})[/.-]\d{2,4}$/.exec(cell.trim());
    if (!match) continue;
    if (Number(match[1]) > 12) return 'dmy';
    if (Number(match[2]) > 12) return 'mdy';
  }
  return hasDollar ? 'mdy' : 'dmy';
}
