// "One bill, counted once" (issue 17 item 6, decision 052). The fingerprint index stops the same
// line arriving twice by the same route (fingerprint.ts); the same bill read by two routes (a
// scanned receipt, a CSV row, a connector line) differs in what each route writes (the date read,
// a reference, rounding), so its fingerprints differ. This module says when a line "looks like"
// another: a probable duplicate, shown to the person, never decided silently.
//
// Two lines look alike when ALL of:
// 1. same category;
// 2. same site, or the same supplier where both routes know it (a receipt reads its supplier; a
//    CSV or connector line may name it in its reference);
// 3. their periods overlap, each widened by DATE_TOLERANCE_DAYS, and start at most
//    MAX_START_GAP_DAYS apart (see the constants);
// 4. the same quantity in the same unit, within QUANTITY_TOLERANCE; or, when the two do not both
//    carry a quantity in one unit, the same amount in the same currency, to the cent.
// The rule is symmetric: a looks like b exactly when b looks like a.

/** What the matcher reads of a line; `supplier` and `reference` are optional hints. */
export interface DuplicateLine {
  siteId: string;
  category: string;
  /** `YYYY-MM-DD`, first day the line covers. */
  date: string;
  /** `YYYY-MM-DD` last day of a bill's period; null for a point-in-time line. */
  periodEnd: string | null;
  quantity: number | null;
  unit: string | null;
  spend: number | null;
  currency: string | null;
  supplier?: string | null;
  reference?: string | null;
}

/**
 * Days two periods may lie apart and still be the same bill. A bill reaches the ledger under
 * different dates by different routes: the scan reads its issue date, a spreadsheet holds the
 * period's end or the day it was paid; these differ by days. Six, not seven: the same fill-up a
 * week later is another week's purchase, not the same receipt.
 */
export const DATE_TOLERANCE_DAYS = 6;

/**
 * Most days the first days of two records of one bill lie apart. Suppliers bill monthly or
 * quarterly (a quarter is at most 92 days), so a bill issued a few days after its quarter ends is
 * within this of the quarter's first day; lines starting further apart are two bills. It also
 * bounds the ledger read around a candidate (server: emissions/probable-duplicates.ts).
 */
export const MAX_START_GAP_DAYS = 100;

/**
 * Relative difference of two quantities still read as one: 0.5 %, the rounding of a bill's
 * figure retyped or read by OCR (1,820 kWh vs 1,829 kWh), well below one month's change in use.
 */
export const QUANTITY_TOLERANCE = 0.005;

const DAY_MS = 86_400_000;

/** Days since the epoch of a `YYYY-MM-DD` date (UTC), for differences. */
export function dayNumber(date: string): number {
  return Math.round(Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / DAY_MS);
}

/** The `YYYY-MM-DD` date `days` after `date` (before, when negative). */
export function addDays(date: string, days: number): string {
  return new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);
}

const lastDay = (line: DuplicateLine) => line.periodEnd ?? line.date;

/** Rule 3: overlapping periods (widened by the tolerance), starting close enough. */
export function periodsOverlap(a: DuplicateLine, b: DuplicateLine): boolean {
  const aStart = dayNumber(a.date);
  const bStart = dayNumber(b.date);
  if (Math.abs(aStart - bStart) > MAX_START_GAP_DAYS) return false;
  return (
    aStart <= dayNumber(lastDay(b)) + DATE_TOLERANCE_DAYS &&
    bStart <= dayNumber(lastDay(a)) + DATE_TOLERANCE_DAYS
  );
}

/** Lower case, letters and digits only, single spaces: "British Gas Ltd." → "british gas ltd". */
export function normaliseName(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** `name` appears in `text` as whole words. */
function namedIn(name: string, text: string): boolean {
  return name !== '' && ` ${text} `.includes(` ${name} `);
}

/**
 * Rule 2's supplier half: both name a supplier and they are the same, or one side's supplier is
 * named, as whole words, in the other's reference ("British Gas" in "British Gas bill 0193").
 */
export function sameSupplier(a: DuplicateLine, b: DuplicateLine): boolean {
  const aSupplier = a.supplier ? normaliseName(a.supplier) : '';
  const bSupplier = b.supplier ? normaliseName(b.supplier) : '';
  if (aSupplier && bSupplier) return aSupplier === bSupplier;
  if (aSupplier && b.reference) return namedIn(aSupplier, normaliseName(b.reference));
  if (bSupplier && a.reference) return namedIn(bSupplier, normaliseName(a.reference));
  return false;
}

/** Rule 4's first half: null when the two lines do not both have a quantity in one unit. */
export function sameQuantity(a: DuplicateLine, b: DuplicateLine): boolean | null {
  if (a.quantity === null || b.quantity === null || !a.unit || a.unit !== b.unit) return null;
  const largest = Math.max(Math.abs(a.quantity), Math.abs(b.quantity));
  return Math.abs(a.quantity - b.quantity) <= QUANTITY_TOLERANCE * largest;
}

/** Rule 4's second half: the same amount in the same currency, to the cent. */
export function sameAmount(a: DuplicateLine, b: DuplicateLine): boolean {
  if (a.spend === null || b.spend === null || !a.currency || a.currency !== b.currency) return false;
  return Math.round(a.spend * 100) === Math.round(b.spend * 100);
}

/**
 * True when `a` looks like `b` (rules 1–4 above). Where both lines state a quantity in one unit,
 * the quantity decides, not the amount: a fixed monthly direct debit pays the same amount for
 * bills of different use.
 */
export function looksLikeDuplicate(a: DuplicateLine, b: DuplicateLine): boolean {
  if (a.category !== b.category) return false;
  if (a.siteId !== b.siteId && !sameSupplier(a, b)) return false;
  if (!periodsOverlap(a, b)) return false;
  return sameQuantity(a, b) ?? sameAmount(a, b);
}

/**
 * The first and last `date` of ledger lines that could look like `line`: rule 3 read as a range
 * of start dates, so a server reads only that slice of a date-ordered index.
 */
export function searchWindow(line: DuplicateLine): { from: string; to: string } {
  const latest = Math.min(
    dayNumber(lastDay(line)) + DATE_TOLERANCE_DAYS,
    dayNumber(line.date) + MAX_START_GAP_DAYS,
  );
  return {
    from: addDays(line.date, -MAX_START_GAP_DAYS),
    to: addDays(line.date, latest - dayNumber(line.date)),
  };
}

/** Windows merged where they touch or overlap, sorted: one read per merged window. */
export function mergeWindows(
  windows: readonly { from: string; to: string }[],
): { from: string; to: string }[] {
  const sorted = [...windows].sort((x, y) => (x.from < y.from ? -1 : x.from > y.from ? 1 : 0));
  const merged: { from: string; to: string }[] = [];
  for (const window of sorted) {
    const last = merged.at(-1);
    if (last && window.from <= addDays(last.to, 1)) {
      if (window.to > last.to) last.to = window.to;
    } else {
      merged.push({ ...window });
    }
  }
  return merged;
}
