// Dated FX rates and price indices for spend-based factors: spend is converted into the factor
// set's currency (EPA: USD, Defra SIC: GBP) with the ECB annual average of the spend's year
// (cross rate through EUR), then deflated to the set's price year where the reference holds an
// index (US CPI-U for EPA's 2022 USD). Market exchange rates, not PPP (md §4.11 asks for "a
// documented FX/PPP method"): `spend_converted_currency` discloses it on every converted line.

import { CPI_U_ANNUAL, ECB_ANNUAL_MEANS_PER_EUR } from './reference-rates.ts';
import type { Flag } from './types.ts';

/** Units of each currency per 1 EUR, by calendar year. */
export interface FxTable {
  readonly source: string;
  readonly perEur: ReadonlyMap<number, Readonly<Record<string, number>>>;
}

/**
 * ECB euro foreign exchange reference rates: for each year 2015–2025 the arithmetic mean of the
 * daily rates of every currency the ECB file quotes that year (days marked N/A skipped), derived
 * by scripts/build-factor-datasets.ts from the ECB's eurofxref-hist file. It agrees with the
 * ECB's published annual averages to their precision (USD 2022 1.0530, 2023 1.0813, 2024 1.0824).
 * Spend of a year after 2025 converts with the 2025 means and is flagged `fx_rate_year_fallback`.
 */
export const ECB_ANNUAL_AVERAGE_RATES: FxTable = {
  source: 'Derived from European Central Bank (ECB), euro foreign exchange reference rates (annual means)',
  perEur: ECB_ANNUAL_MEANS_PER_EUR,
};

/** Every currency code some year of the table converts (EUR included), sorted. */
const acceptedCache = new WeakMap<FxTable, readonly string[]>();

export function acceptedCurrencies(fx: FxTable = ECB_ANNUAL_AVERAGE_RATES): readonly string[] {
  const known = acceptedCache.get(fx);
  if (known !== undefined) return known;
  const codes = new Set<string>();
  for (const rates of fx.perEur.values()) for (const code of Object.keys(rates)) codes.add(code);
  const sorted = Object.freeze([...codes].sort());
  acceptedCache.set(fx, sorted);
  return sorted;
}

/** Whether spend in `code` can be converted (some year of the ECB table quotes it). */
export function isAcceptedCurrency(code: string, fx: FxTable = ECB_ANNUAL_AVERAGE_RATES): boolean {
  return acceptedCurrencies(fx).includes(code.toUpperCase());
}

/** What a person reads when a spend's currency has no ECB rate: every code that has one. */
export function unknownCurrencyMessage(code: string): string {
  return `We have no exchange rate for ${code}. Use one of: ${acceptedCurrencies().join(', ')}`;
}

export interface SpendConversion {
  /** The spend in the target currency of the rate year (not deflated). */
  amount: number;
  /** Year of the rates used, or null when the spend was already in the target currency. */
  rateYear: number | null;
  flags: readonly Flag[];
}

const NO_FLAGS: readonly Flag[] = Object.freeze([]);
const CONVERTED: readonly Flag[] = Object.freeze(['spend_converted_currency'] as Flag[]);
const CONVERTED_FALLBACK: readonly Flag[] = Object.freeze([
  'spend_converted_currency',
  'fx_rate_year_fallback',
] as Flag[]);

/** Nearest year of the table holding both currencies; on a tie the earlier year. */
function nearestYear(fx: FxTable, from: string, to: string, year: number): number | undefined {
  let best: number | undefined;
  for (const [candidate, rates] of fx.perEur) {
    if (rates[from] === undefined || rates[to] === undefined) continue;
    const distance = Math.abs(candidate - year);
    const bestDistance = best === undefined ? Number.POSITIVE_INFINITY : Math.abs(best - year);
    if (distance < bestDistance || (distance === bestDistance && candidate < best!)) best = candidate;
  }
  return best;
}

/**
 * Converts `amount` of `currency` spent in `year` into `target` at that year's annual average
 * rates, crossed through EUR: amount / (currency per EUR) × (target per EUR). The same currency
 * is returned unchanged. Null when no year of the table quotes both currencies.
 */
export function convertSpend(
  amount: number,
  currency: string,
  target: string,
  year: number,
  fx: FxTable = ECB_ANNUAL_AVERAGE_RATES,
): SpendConversion | null {
  const from = currency.toUpperCase();
  if (from === target) return { amount, rateYear: null, flags: NO_FLAGS };
  const rateYear = nearestYear(fx, from, target, year);
  if (rateYear === undefined) return null;
  const rates = fx.perEur.get(rateYear)!;
  return {
    amount: (amount / rates[from]!) * rates[target]!,
    rateYear,
    flags: rateYear === year ? CONVERTED : CONVERTED_FALLBACK,
  };
}

/** USD of `amount` (kept for callers that only need USD; see convertSpend). */
export function convertSpendToUsd(
  amount: number,
  currency: string,
  year: number,
  fx: FxTable = ECB_ANNUAL_AVERAGE_RATES,
): { usd: number; rateYear: number | null; flags: readonly Flag[] } | null {
  const converted = convertSpend(amount, currency, 'USD', year, fx);
  return converted === null
    ? null
    : { usd: converted.amount, rateYear: converted.rateYear, flags: converted.flags };
}

/** EPA supply-chain factors are per USD of 2022 (PROVENANCE.md §6). */
export const EPA_PRICE_YEAR = 2022;

/**
 * Multiplier taking USD of `year` to USD of `priceYear` with US CPI-U annual averages (BLS
 * CUUR0000SA0): CPI_priceYear / CPI_year, e.g. 2025 → 2022 = 292.655 / 321.943. Null when either
 * year has no index in the reference (the caller flags `spend_not_deflated`).
 */
export function usCpiDeflator(year: number, priceYear: number = EPA_PRICE_YEAR): number | null {
  const from = CPI_U_ANNUAL.get(year);
  const to = CPI_U_ANNUAL.get(priceYear);
  return from === undefined || to === undefined ? null : to / from;
}
