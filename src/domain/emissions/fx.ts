// Dated FX rates for converting spend into the currency of spend-based factors (USEEIO: USD).
// Market exchange rates, not PPP (md §4.11 asks for "a documented FX/PPP method"): the flag
// `spend_converted_currency` discloses it on every converted line.

import type { Flag } from './types.ts';

/** Units of each currency per 1 EUR, by calendar year. */
export interface FxTable {
  readonly source: string;
  readonly perEur: ReadonlyMap<number, Readonly<Record<string, number>>>;
}

/**
 * ECB euro foreign exchange reference rates, annual averages of the daily rates (ECB Data Portal
 * series EXR.A.USD.EUR.SP00.A and EXR.A.GBP.EUR.SP00.A; the same figures as Eurostat
 * ert_bil_eur_a). Each figure below was checked against at least two independent transcriptions
 * of the ECB/Eurostat series (the 2024 GBP one also against the unrounded ECB observation
 * 0.8466166015625).
 *
 * 2025 is left out: its annual averages could not be checked against a second copy here. Spend of
 * 2025 or later converts with the 2024 rates and is flagged `fx_rate_year_fallback`.
 */
export const ECB_ANNUAL_AVERAGE_RATES: FxTable = {
  source: 'ECB euro foreign exchange reference rates, annual average (EXR.A.*.EUR.SP00.A)',
  perEur: new Map([
    // 2022: USD 1.0530 per EUR; GBP 0.85276 per EUR.
    [2022, { EUR: 1, USD: 1.053, GBP: 0.85276 }],
    // 2023: USD 1.0813 per EUR; GBP 0.86979 per EUR.
    [2023, { EUR: 1, USD: 1.0813, GBP: 0.86979 }],
    // 2024: USD 1.0824 per EUR; GBP 0.84662 per EUR.
    [2024, { EUR: 1, USD: 1.0824, GBP: 0.84662 }],
  ]),
};

export interface SpendConversion {
  /** The spend in USD of the rate year (not deflated to another price year). */
  usd: number;
  /** Year of the rates used, or null when the spend was already in USD. */
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
function nearestYear(fx: FxTable, currency: string, year: number): number | undefined {
  let best: number | undefined;
  for (const [candidate, rates] of fx.perEur) {
    if (rates[currency] === undefined || rates.USD === undefined) continue;
    const distance = Math.abs(candidate - year);
    const bestDistance = best === undefined ? Number.POSITIVE_INFINITY : Math.abs(best - year);
    if (distance < bestDistance || (distance === bestDistance && candidate < best!)) best = candidate;
  }
  return best;
}

/**
 * Converts `amount` of `currency` spent in `year` into USD at that year's annual average rate
 * (cross rate through EUR). USD is returned unchanged. Null when the currency has no rate at all.
 */
export function convertSpendToUsd(
  amount: number,
  currency: string,
  year: number,
  fx: FxTable = ECB_ANNUAL_AVERAGE_RATES,
): SpendConversion | null {
  const code = currency.toUpperCase();
  if (code === 'USD') return { usd: amount, rateYear: null, flags: NO_FLAGS };
  const rateYear = nearestYear(fx, code, year);
  if (rateYear === undefined) return null;
  const rates = fx.perEur.get(rateYear)!;
  const usd = (amount / rates[code]!) * rates.USD!;
  return { usd, rateYear, flags: rateYear === year ? CONVERTED : CONVERTED_FALLBACK };
}
