// The one place the server calculates a ledger line: the line's fields and its site's country go
// to the pure calculator (src/domain/emissions) with the current factor library; line-figures.ts
// turns the result into what is stored on the line, each entry keeping its factor id and dataset.

import { factorLibrary } from '../../../../../db/reference/factors/seed.ts';
import { ActivityInputError, calculateActivity } from '../../../../domain/emissions/calculate.ts';
import type { ActivityCategory, ActivityInput, LineResult } from '../../../../domain/emissions/types.ts';
import { isUnitKey, type UnitKey } from '../../../../domain/emissions/units.ts';

/** The fields of an `activity_lines` row the calculation reads. */
export interface LedgerLineFields {
  date: string;
  category: string;
  variant: string | null;
  quantity: number | null;
  /** The ledger's unit vocabulary (src/domain/activity-import/vocabulary.ts). */
  unit: string | null;
  spend: number | null;
  currency: string | null;
  calorificBasis: 'gross' | 'net' | null;
  supplierKgCO2ePerKWh: number | null;
  instrument: 'renewable_tariff' | 'certificate' | null;
  radiativeForcing: boolean | null;
}

export interface SiteLocation {
  country: string;
  /** eGRID subregion such as US-CAMX, or GB-LONDON; null for the country's own factors. */
  region: string | null;
}

/**
 * The import vocabulary spells gallons `gal_us` / `gal_uk`, the calculator `us_gallon` /
 * `uk_gallon`; every other ledger unit is a calculator unit as written. (Adapter between the two
 * domain modules, which were written side by side.)
 */
const CALCULATOR_UNITS: Readonly<Record<string, UnitKey>> = { gal_us: 'us_gallon', gal_uk: 'uk_gallon' };

export function calculatorUnit(unit: string): UnitKey | undefined {
  const mapped = CALCULATOR_UNITS[unit];
  if (mapped) return mapped;
  return isUnitKey(unit) ? unit : undefined;
}

/** A line the calculator refuses (unknown variant, unit it cannot use): a 400 or a row error. */
export class LineCalculationError extends Error {
  constructor(
    message: string,
    readonly field: 'variant' | 'unit' | 'quantity' | 'spend' | 'currency' | 'date',
  ) {
    super(message);
  }
}

const FIELD_OF_CODE: Record<ActivityInputError['code'], LineCalculationError['field']> = {
  unknown_category: 'variant',
  unknown_variant: 'variant',
  invalid_date: 'date',
  invalid_country: 'variant',
  invalid_quantity: 'quantity',
  invalid_unit: 'unit',
  invalid_spend: 'spend',
  invalid_market: 'quantity',
};

function toInput(line: LedgerLineFields, site: SiteLocation): ActivityInput {
  const input: ActivityInput = {
    date: line.date,
    country: site.country,
    category: line.category as ActivityCategory,
  };
  if (site.region) input.subregion = site.region;
  if (line.variant) input.variant = line.variant;
  if (line.quantity !== null && line.unit) {
    input.quantity = line.quantity;
    const unit = calculatorUnit(line.unit);
    if (!unit) throw new LineCalculationError(`Unknown unit "${line.unit}"`, 'unit');
    input.unit = unit;
  }
  if (line.spend !== null && line.currency) {
    input.spend = line.spend;
    input.currency = line.currency;
  }
  if (line.calorificBasis) input.calorificBasis = line.calorificBasis;
  if (line.supplierKgCO2ePerKWh !== null || line.instrument !== null) {
    input.market = {};
    if (line.supplierKgCO2ePerKWh !== null) input.market.supplierKgCO2ePerKWh = line.supplierKgCO2ePerKWh;
    if (line.instrument !== null) input.market.instrument = line.instrument;
  }
  if (line.radiativeForcing !== null) input.radiativeForcing = line.radiativeForcing;
  return input;
}

/**
 * Calculates a line with the current library; the reporting year is the line's own year (the
 * calculator's default). Throws LineCalculationError for input it cannot use. A line without a
 * factor is not an error: it has no entries (blank is not zero, emission-factors.md §4.12).
 */
export function calculateLine(line: LedgerLineFields, site: SiteLocation): LineResult {
  try {
    return calculateActivity(toInput(line, site), factorLibrary());
  } catch (error) {
    if (error instanceof ActivityInputError)
      throw new LineCalculationError(error.message, FIELD_OF_CODE[error.code]);
    throw error;
  }
}
