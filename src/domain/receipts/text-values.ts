// Numbers, money and dates as printed on receipts and bills, read from OCR or PDF text. Pure.

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;

/**
 * A printed number: "1,234.56" (UK/US), "1.234,56" (continental Europe), "62,01", "42.50".
 * The right-most separator is the decimal one when it has one or two digits after it; a lone
 * separator followed by exactly three digits is a thousands separator ("1,234" → 1234) unless the
 * quantity is one printed with three decimals (pump litres: "42.500 L").
 */
export function parseNumber(
  raw: string,
  loneThreeDigits: 'thousands' | 'decimals' = 'thousands',
): number | null {
  const text = raw.replace(/[\u00a0']/g, '');
  if (!/^\d[\d.,]*$/.test(text)) return null;
  const lastDot = text.lastIndexOf('.');
  const lastComma = text.lastIndexOf(',');
  const last = Math.max(lastDot, lastComma);
  if (last === -1) return Number(text);
  const decimals = text.length - last - 1;
  const separators = text.replace(/\d/g, '');
  const lone = separators.length === 1;
  if (lone && decimals === 3 && loneThreeDigits === 'thousands') return Number(text.replace(/[.,]/g, ''));
  if (decimals === 0 || decimals > 3) return null;
  const whole = text.slice(0, last).replace(/[.,]/g, '');
  return Number(`${whole}.${text.slice(last + 1)}`);
}

/** A number with up to 3 decimals, with either separator style, as a regex source. */
export const NUMBER = String.raw`\d{1,3}(?:[.,]\d{3})*(?:[.,]\d{1,3})?|\d+(?:[.,]\d{1,3})?`;

/** Currency symbols and codes → ISO 4217. "$" is read as USD (the product's US market). */
const SYMBOLS: readonly [RegExp, string][] = [
  [/£|\bGBP\b/, 'GBP'],
  [/€|\bEUR\b|\bEuro\b/i, 'EUR'],
  [/\bUSD\b|US\$|\$/, 'USD'],
  [/\bCHF\b/, 'CHF'],
  [/\bCAD\b/, 'CAD'],
  [/\bAUD\b/, 'AUD'],
  [/\bSEK\b/, 'SEK'],
  [/\bDKK\b/, 'DKK'],
  [/\bNOK\b/, 'NOK'],
];

/** The currency a line names, or null. */
export function currencyIn(line: string): string | null {
  for (const [pattern, code] of SYMBOLS) if (pattern.test(line)) return code;
  return null;
}

/** The currency named most often in the text (ties go to the first in SYMBOLS order). */
export function dominantCurrency(lines: readonly string[]): string | null {
  const counts = new Map<string, number>();
  for (const line of lines) {
    const code = currencyIn(line);
    if (code) counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const [code, count] of counts) if (best === null || count > (counts.get(best) ?? 0)) best = code;
  return best;
}

/** Money amounts on a line: numbers with exactly two decimals ("62.01", "1.234,56", "£ 62,01"). */
export function amountsIn(line: string): number[] {
  const found: number[] = [];
  const pattern = /(?<![\d.,])(\d{1,3}(?:[.,]\d{3})+[.,]\d{2}|\d+[.,]\d{2})(?![\d.,]*\d)/g;
  for (const match of line.matchAll(pattern)) {
    const value = parseNumber(match[1]!);
    if (value !== null) found.push(value);
  }
  return found;
}

const pad = (value: number) => String(value).padStart(2, '0');

function isoDate(year: number, month: number, day: number): string | null {
  if (year < 100) year += 2000;
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1990 || year > 2100) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

const monthIndex = (name: string) =>
  MONTHS.indexOf(name.slice(0, 3).toLowerCase() as (typeof MONTHS)[number]) + 1;

const MONTH_NAME =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';

/**
 * Every date on a line, in order, as ISO strings. Numeric dates are day-first unless `monthFirst`
 * (US receipts) — and either way a part above 12 decides.
 */
export function datesIn(line: string, monthFirst = false): string[] {
  const found: { index: number; iso: string }[] = [];
  const push = (index: number, iso: string | null) => {
    if (iso) found.push({ index, iso });
  };
  for (const m of line.matchAll(/\b(\d{4})-(\d{2})-(\d{2})\b/g))
    push(m.index, isoDate(+m[1]!, +m[2]!, +m[3]!));
  for (const m of line.matchAll(/(?<![\d-])(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?![\d])/g)) {
    const a = +m[1]!;
    const b = +m[2]!;
    const year = +m[3]!;
    const dayFirst = a > 12 ? true : b > 12 ? false : !monthFirst;
    push(m.index, dayFirst ? isoDate(year, b, a) : isoDate(year, a, b));
  }
  const dayMonth = new RegExp(String.raw`\b(\d{1,2})(?:st|nd|rd|th)?\s+${MONTH_NAME}\.?,?\s+(\d{4})\b`, 'gi');
  for (const m of line.matchAll(dayMonth)) push(m.index, isoDate(+m[3]!, monthIndex(m[2]!), +m[1]!));
  const monthDay = new RegExp(String.raw`\b${MONTH_NAME}\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b`, 'gi');
  for (const m of line.matchAll(monthDay)) push(m.index, isoDate(+m[3]!, monthIndex(m[1]!), +m[2]!));
  return found.sort((x, y) => x.index - y.index).map((entry) => entry.iso);
}

/** Whole days from one ISO date to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
