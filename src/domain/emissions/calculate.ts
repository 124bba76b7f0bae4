// Turns one ledger line into emission entries. Pure: the library and FX table come in as data.
// Hot path: everything that depends only on the line's "shape" (category, variant, region, year,
// unit, CV, RF, currency) is resolved once and cached per library; a line then costs a few
// multiplications and the result objects.

import { ActivityInputError, planFor } from './activity-plans.ts';
import type { FactorLibrary } from './factor-library.ts';
import { ECB_ANNUAL_AVERAGE_RATES, type FxTable } from './fx.ts';
import {
  cached,
  INSTRUMENT_FLAGS,
  type MarketResolution,
  type ResolvedEntry,
  resolve,
  rootFor,
  SUPPLIER_FLAGS,
  store,
} from './resolve-line.ts';
import type { ActivityInput, EmissionEntry, Flag, LineResult, Scope } from './types.ts';

export { ActivityInputError } from './activity-plans.ts';

/** Market-based entries not made by a library factor (they need rows of their own if stored
 * against db/schema emission_factors, whose id they reference). */
export const MARKET_SUPPLIER_FACTOR_ID = 'market:supplier-specific';
export const MARKET_INSTRUMENT_FACTOR_ID = 'market:contractual-instrument';

export interface CalculationOptions {
  /** FX table for spend lines; default ECB annual averages (fx.ts). */
  fx?: FxTable;
  /** Reporting year when it is not the calendar year of `date` (April-March years: DESNZ's
   * "majority" approach, 2024 workbook Introduction). */
  reportingYear?: number;
}

/** Year of a 'YYYY-MM-DD' date, or NaN when the text is not shaped like one (no allocation). */
function yearOf(date: string): number {
  if (
    typeof date !== 'string' ||
    date.length !== 10 ||
    date.charCodeAt(4) !== 45 ||
    date.charCodeAt(7) !== 45
  ) {
    return Number.NaN;
  }
  let year = 0;
  for (let i = 0; i < 4; i++) {
    const digit = date.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return Number.NaN;
    year = year * 10 + digit;
  }
  return year;
}

const INSTRUMENT_DATASETS = {
  renewable_tariff: 'Contractual instrument (renewable_tariff)',
  certificate: 'Contractual instrument (certificate)',
} as const;

function marketEntry(m: MarketResolution, input: ActivityInput, quantity: number): EmissionEntry {
  const loc = m.location;
  const instrument = input.market?.instrument;
  const supplier = input.market?.supplierKgCO2ePerKWh;
  // GHG Protocol Scope 2 Guidance (2015) Table 6.3: contractual instruments (certificates, green
  // tariffs) rank above supplier-specific rates; a renewable instrument conveys 0 kg CO2e/kWh.
  if (instrument === 'renewable_tariff' || instrument === 'certificate') {
    const kWh = m.toKWh === null ? quantity * loc.conversion : quantity * m.toKWh;
    return {
      scope: 'scope_2_market',
      scope3Category: null,
      kgCO2e: 0,
      factorId: MARKET_INSTRUMENT_FACTOR_ID,
      dataset: INSTRUMENT_DATASETS[instrument],
      activityQuantity: kWh,
      activityUnit: m.toKWh === null ? loc.factor.unit : 'kWh',
      kgCO2ePerUnit: 0,
      gases: undefined,
      flags: INSTRUMENT_FLAGS,
    };
  }
  if (supplier !== undefined && m.toKWh !== null) {
    const kWh = quantity * m.toKWh;
    return {
      scope: 'scope_2_market',
      scope3Category: null,
      kgCO2e: kWh * supplier,
      factorId: MARKET_SUPPLIER_FACTOR_ID,
      dataset: 'Supplier-specific emission factor',
      activityQuantity: kWh,
      activityUnit: 'kWh',
      kgCO2ePerUnit: supplier,
      gases: undefined,
      flags: SUPPLIER_FLAGS,
    };
  }
  return buildEntry(loc, quantity, 'scope_2_market', m.mirrorFlags);
}

function buildEntry(e: ResolvedEntry, quantity: number, scope: Scope, flags: readonly Flag[]): EmissionEntry {
  const activityQuantity = quantity * e.conversion;
  const g = e.factor.gases;
  return {
    scope,
    scope3Category: e.scope3Category,
    kgCO2e: activityQuantity * e.factor.kgCO2ePerUnit,
    factorId: e.factor.id,
    dataset: e.factor.dataset,
    activityQuantity,
    activityUnit: e.factor.unit,
    kgCO2ePerUnit: e.factor.kgCO2ePerUnit,
    gases:
      g === null
        ? undefined
        : { co2: activityQuantity * g.co2, ch4: activityQuantity * g.ch4, n2o: activityQuantity * g.n2o },
    flags,
  };
}

function validateMarket(input: ActivityInput): void {
  const supplier = input.market?.supplierKgCO2ePerKWh;
  if (supplier !== undefined && !(Number.isFinite(supplier) && supplier >= 0)) {
    throw new ActivityInputError('invalid_market', 'supplierKgCO2ePerKWh must be a number ≥ 0');
  }
}

/**
 * Calculates one ledger line. Entries keep full precision (round for display only). Throws
 * ActivityInputError for malformed input; a missing factor is not an error but a `no_factor` flag
 * and no entry (blank is not zero, md §4.12).
 */
export function calculateActivity(
  input: ActivityInput,
  library: FactorLibrary,
  options?: CalculationOptions,
): LineResult {
  const fx = options?.fx ?? ECB_ANNUAL_AVERAGE_RATES;
  const year = options?.reportingYear ?? yearOf(input.date);
  if (!Number.isInteger(year)) throw new ActivityInputError('invalid_date', `Invalid date "${input.date}"`);
  if (typeof input.country !== 'string' || input.country.length < 2) {
    throw new ActivityInputError('invalid_country', 'country must be an ISO 3166-1 alpha-2 code');
  }
  const root = rootFor(library, fx);
  let resolution = cached(root, input, year);
  if (resolution === undefined) {
    resolution = resolve(input, planFor(input.category, input.variant), library, fx, year);
    store(root, input, year, resolution);
  }
  const quantity = resolution.spendBased ? input.spend : input.quantity;
  if (typeof quantity !== 'number' || !Number.isFinite(quantity)) {
    throw resolution.spendBased
      ? new ActivityInputError('invalid_spend', 'spend must be a finite number')
      : new ActivityInputError('invalid_quantity', 'quantity must be a finite number');
  }
  const resolved = resolution.entries;
  const entries: EmissionEntry[] = [];
  for (let i = 0; i < resolved.length; i++) {
    const e = resolved[i]!;
    entries.push(buildEntry(e, quantity, e.scope, e.flags));
  }
  const market = resolution.market;
  if (market === null) return { entries, flags: resolution.lineFlags };
  if (input.market !== undefined) validateMarket(input);
  const entry = marketEntry(market, input, quantity);
  entries.push(entry);
  const flags =
    entry.flags === INSTRUMENT_FLAGS
      ? market.lineFlagsInstrument
      : entry.flags === SUPPLIER_FLAGS
        ? market.lineFlagsSupplier
        : market.lineFlagsMirror;
  return { entries, flags };
}
