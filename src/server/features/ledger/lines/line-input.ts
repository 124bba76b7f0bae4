// A manual ledger line (POST/PUT /api/activities) → the stored line, checked with the same
// vocabulary and rules as an imported row, and fingerprinted the same way, so a line typed by
// hand and the same line in a CSV are recognised as one (fingerprint.ts).
import { rowFingerprint } from '../../../../domain/activity-import/fingerprint.ts';
import type { ImportedActivityRow } from '../../../../domain/activity-import/rows.ts';
import { parseDate } from '../../../../domain/activity-import/rows.ts';
import {
  type ActivityCategory,
  type ActivityUnit,
  CATEGORY_DIMENSIONS,
  describeExpectedUnits,
  FUEL_CATEGORIES,
  parseUnit,
  UNIT_DIMENSION,
} from '../../../../domain/activity-import/vocabulary.ts';
import type { SaveActivity } from '../../../../domain/contracts/ledger.ts';
import {
  acceptedCurrencies,
  isAcceptedCurrency,
  unknownCurrencyMessage,
} from '../../../../domain/emissions/fx.ts';
import { HttpError } from '../../../lib/errors.ts';

/** A 400 shaped like zod's (`details.fieldErrors`), so forms show it beside the field. */
export function fieldError(field: string, message: string): HttpError {
  return new HttpError(400, message, 'validation_failed', {
    formErrors: [],
    fieldErrors: { [field]: [message] },
  });
}

export interface ManualLine {
  date: string;
  periodEnd: string | null;
  category: ActivityCategory;
  variant: string | null;
  quantity: number | null;
  unit: ActivityUnit | null;
  spend: number | null;
  currency: string | null;
  calorificBasis: 'gross' | 'net' | null;
  supplierKgCO2ePerKWh: number | null;
  instrument: 'renewable_tariff' | 'certificate' | null;
  radiativeForcing: boolean | null;
  dataQuality: 'measured' | 'supplier_specific' | 'activity_average' | 'spend_based';
  evidenceUrl: string | null;
  reference: string | null;
}

function realDate(field: 'date' | 'periodEnd', value: string): string {
  const parsed = parseDate(value);
  if (!parsed.ok || parsed.first !== value) throw fieldError(field, `${value} is not a real date`);
  return value;
}

/** Checks what the contract's zod schema cannot: real dates, units that fit the category. */
export function normaliseManualLine(input: SaveActivity): ManualLine {
  const category = input.category;
  const date = realDate('date', input.date);
  const periodEnd = input.periodEnd ? realDate('periodEnd', input.periodEnd) : null;
  if (periodEnd && periodEnd < date) throw fieldError('periodEnd', 'The period cannot end before it starts');
  let quantity: number | null = null;
  let unit: ActivityUnit | null = null;
  if (input.quantity != null && input.unit) {
    if (category === 'purchased_goods') {
      throw fieldError(
        'quantity',
        'Purchased goods and services are recorded by spend: give a spend and its currency',
      );
    }
    const parsed = parseUnit(input.unit, 'gal_us');
    if (!parsed.ok)
      throw fieldError(
        'unit',
        `"${input.unit}" is not a unit we know; use ${describeExpectedUnits(category)}`,
      );
    if (!CATEGORY_DIMENSIONS[category].includes(UNIT_DIMENSION[parsed.unit])) {
      throw fieldError('unit', `${category} is measured in ${describeExpectedUnits(category)}`);
    }
    quantity = input.quantity;
    unit = parsed.unit;
  }
  const hasSpend = input.spend != null && !!input.currency;
  if (category === 'purchased_goods' && !hasSpend) {
    throw fieldError('spend', 'Purchased goods and services need a spend and its currency');
  }
  // The contract already refuses these; kept here so no caller can store a spend that could never
  // be converted (it would be a line nobody can count). The 400 lists the accepted codes.
  if (hasSpend && !isAcceptedCurrency(input.currency!)) {
    throw new HttpError(400, unknownCurrencyMessage(input.currency!), 'validation_failed', {
      formErrors: [],
      fieldErrors: { currency: [unknownCurrencyMessage(input.currency!)] },
      acceptedCurrencies: acceptedCurrencies(),
    });
  }
  // Calorific basis only means something for a fuel measured in energy; UK bills are gross CV.
  const basisApplies = FUEL_CATEGORIES.has(category) && unit !== null && UNIT_DIMENSION[unit] === 'energy';
  return {
    date,
    periodEnd,
    category,
    variant: input.variant || null,
    quantity,
    unit,
    spend: hasSpend ? input.spend! : null,
    currency: hasSpend ? input.currency! : null,
    calorificBasis: basisApplies ? (input.calorificBasis ?? 'gross') : null,
    supplierKgCO2ePerKWh: input.supplierKgCO2ePerKWh ?? null,
    instrument: input.instrument ?? null,
    radiativeForcing: input.radiativeForcing ?? null,
    dataQuality: input.dataQuality ?? (quantity !== null ? 'measured' : 'spend_based'),
    evidenceUrl: input.evidenceUrl || null,
    reference: input.reference || null,
  };
}

/** The line's identity as an imported row would have it, site by name (fingerprint.ts). */
export function lineFingerprint(line: ManualLine, siteName: string): Promise<string> {
  const row: ImportedActivityRow = {
    date: line.date,
    periodEnd: line.periodEnd,
    site: siteName,
    category: line.category,
    variant: line.variant,
    quantity: line.quantity,
    unit: line.unit,
    spend: line.spend,
    currency: line.currency,
    dataQuality: line.dataQuality,
    reference: line.reference,
    calorificBasis: line.calorificBasis,
  };
  return rowFingerprint(row);
}
