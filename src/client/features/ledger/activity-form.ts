import type { ZodType } from 'zod';
import {
  type ActivityCategory,
  type ActivityLine,
  type SaveActivity,
  SaveActivitySchema,
} from '../../../domain/contracts/ledger';
import { checkedFormSchema } from '../../forms/checked-form-schema';
import { variantField } from './variants';

export type AmountKind = 'quantity' | 'spend';
export type DataQualityChoice = ActivityLine['dataQuality'];

/** The dialog's fields, all as typed (strings), so half-typed numbers survive re-renders. */
export interface ActivityFormValues {
  siteId: string;
  date: string;
  periodEnd: string;
  category: ActivityCategory;
  variant: string;
  amountKind: AmountKind;
  quantity: string;
  unit: string;
  spend: string;
  currency: string;
  /** '' = not stated. */
  calorificBasis: '' | 'gross' | 'net';
  supplierKgCO2ePerKWh: string;
  /** '' = none. */
  instrument: '' | 'renewable_tariff' | 'certificate';
  radiativeForcing: boolean;
  dataQuality: DataQualityChoice;
  reference: string;
  evidenceUrl: string;
}

export type ActivityField = keyof ActivityFormValues;
export type ActivityErrors = Partial<Record<ActivityField, string>>;

/**
 * Unit suggestions per category, in spellings the calculator reads (src/domain/emissions/units.ts
 * unit keys and their aliases); the field accepts any of its units.
 */
export const UNIT_SUGGESTIONS: Partial<Record<ActivityCategory, string[]>> = {
  electricity: ['kWh', 'MWh'],
  natural_gas: ['kWh', 'm3', 'therm', 'ft3'],
  heating_oil: ['litre', 'kWh', 'US gallon'],
  gas_oil: ['litre', 'US gallon'],
  diesel: ['litre', 'US gallon', 'UK gallon'],
  petrol: ['litre', 'US gallon', 'UK gallon'],
  lpg: ['litre', 'kg'],
  propane: ['litre', 'kg', 'US gallon'],
  refrigerant: ['kg'],
  district_heat: ['kWh', 'MWh'],
  steam: ['kWh', 'mmBtu'],
  owned_vehicle: ['km', 'mile'],
  business_travel_car: ['km', 'mile'],
  flight: ['passenger-km', 'passenger-mile'],
  rail: ['passenger-km', 'passenger-mile'],
  bus: ['passenger-km', 'passenger-mile'],
  taxi: ['passenger-km', 'km'],
  hotel: ['room-night'],
  water: ['m3'],
  waste: ['tonne', 'kg'],
  freight: ['tonne-km'],
  homeworking: ['FTE hour'],
};

export function emptyActivityForm(defaults: { siteId?: string; today: string }): ActivityFormValues {
  return {
    siteId: defaults.siteId ?? '',
    date: defaults.today,
    periodEnd: '',
    category: 'electricity',
    variant: '',
    amountKind: 'quantity',
    quantity: '',
    unit: 'kWh',
    spend: '',
    currency: '',
    calorificBasis: '',
    supplierKgCO2ePerKWh: '',
    instrument: '',
    radiativeForcing: false,
    dataQuality: 'measured',
    reference: '',
    evidenceUrl: '',
  };
}

/**
 * The settings a line was saved with. ActivityLine does not (yet) return the calorific basis,
 * instrument, supplier factor and RF choice; when a server sends them anyway they are read here.
 */
type LineExtras = Partial<
  Pick<SaveActivity, 'calorificBasis' | 'instrument' | 'supplierKgCO2ePerKWh' | 'radiativeForcing'>
>;
const EXTRA_KEYS = ['calorificBasis', 'instrument', 'supplierKgCO2ePerKWh', 'radiativeForcing'] as const;

export function lineHasExtras(line: ActivityLine): boolean {
  return EXTRA_KEYS.some((key) => key in line);
}

const text = (value: number | string | null | undefined) => (value == null ? '' : String(value));

export function activityFormFromLine(line: ActivityLine): ActivityFormValues {
  const extras = line as ActivityLine & LineExtras;
  return {
    siteId: line.siteId,
    date: line.date,
    periodEnd: text(line.periodEnd),
    category: line.category,
    variant: text(line.variant),
    amountKind: line.quantity == null && line.spend != null ? 'spend' : 'quantity',
    quantity: text(line.quantity),
    unit: text(line.unit),
    spend: text(line.spend),
    currency: text(line.currency),
    calorificBasis: extras.calorificBasis ?? '',
    supplierKgCO2ePerKWh: text(extras.supplierKgCO2ePerKWh),
    instrument: extras.instrument ?? '',
    radiativeForcing: extras.radiativeForcing ?? false,
    dataQuality: line.dataQuality,
    reference: text(line.reference),
    evidenceUrl: text(line.evidenceUrl),
  };
}

/** '' → null; anything else must be a finite number ('1,234.5' is accepted). */
function parseNumber(value: string): number | null | 'invalid' {
  const cleaned = value.trim().replace(/,/g, '');
  if (!cleaned) return null;
  const number = Number(cleaned);
  return Number.isFinite(number) ? number : 'invalid';
}

const blankToNull = (value: string) => (value.trim() ? value.trim() : null);

export type ActivityValidation = { ok: true; payload: SaveActivity } | { ok: false; errors: ActivityErrors };

/**
 * Builds the request body and checks it with the shared contract (SaveActivitySchema), so the
 * dialog refuses exactly what the server would. Fields that do not apply to the category are sent
 * as null. With `keepUnknownExtras` (editing a line whose stored settings the list did not return),
 * settings left blank are omitted rather than cleared.
 */
export function validateActivityForm(
  values: ActivityFormValues,
  { keepUnknownExtras = false }: { keepUnknownExtras?: boolean } = {},
): ActivityValidation {
  const errors: ActivityErrors = {};
  const numberField = (field: 'quantity' | 'spend' | 'supplierKgCO2ePerKWh'): number | null => {
    const parsed = parseNumber(values[field]);
    if (parsed === 'invalid') {
      errors[field] = 'Enter a number';
      return null;
    }
    return parsed;
  };

  const useQuantity = values.amountKind === 'quantity';
  const quantity = useQuantity ? numberField('quantity') : null;
  const spend = useQuantity ? null : numberField('spend');
  const isElectricity = values.category === 'electricity';
  const supplierFactor = isElectricity ? numberField('supplierKgCO2ePerKWh') : null;
  if (useQuantity && !values.quantity.trim() && !errors.quantity) errors.quantity = 'Enter the quantity';
  if (useQuantity && values.quantity.trim() && !values.unit.trim()) errors.unit = 'Enter the unit';
  if (!useQuantity && !values.spend.trim() && !errors.spend) errors.spend = 'Enter the amount spent';
  if (!useQuantity && values.spend.trim() && !values.currency.trim()) errors.currency = 'Enter the currency';

  const payload: Record<string, unknown> = {
    siteId: values.siteId,
    date: values.date.trim(),
    periodEnd: blankToNull(values.periodEnd),
    category: values.category,
    variant: blankToNull(values.variant),
    quantity,
    unit: useQuantity ? blankToNull(values.unit) : null,
    spend,
    currency: useQuantity ? null : blankToNull(values.currency),
    calorificBasis: values.category === 'natural_gas' ? values.calorificBasis || null : null,
    supplierKgCO2ePerKWh: supplierFactor,
    instrument: isElectricity ? values.instrument || null : null,
    radiativeForcing: values.category === 'flight' ? values.radiativeForcing : null,
    dataQuality: values.dataQuality,
    reference: blankToNull(values.reference),
    evidenceUrl: blankToNull(values.evidenceUrl),
  };
  const variant = variantField(values.category);
  if (variant.kind === 'none') payload.variant = null;
  else if (variant.required && !payload.variant) errors.variant = 'Choose the kind of activity';
  const periodEnd = blankToNull(values.periodEnd);
  if (periodEnd && periodEnd < values.date.trim()) {
    errors.periodEnd = 'The end of the period cannot be before its start';
  }
  const evidence = payload.evidenceUrl as string | null;
  if (evidence && !/^https?:\/\/\S+$/i.test(evidence)) {
    errors.evidenceUrl = 'Use a web link starting with https://';
  }
  if (keepUnknownExtras) {
    if (payload.calorificBasis === null) delete payload.calorificBasis;
    if (payload.instrument === null) delete payload.instrument;
    if (payload.supplierKgCO2ePerKWh === null) delete payload.supplierKgCO2ePerKWh;
    if (payload.radiativeForcing === false || payload.radiativeForcing === null)
      delete payload.radiativeForcing;
  }

  const result = SaveActivitySchema.safeParse(payload);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as ActivityField | undefined;
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !result.success) return { ok: false, errors };
  return { ok: true, payload: result.data };
}

/** The dialog's schema for the zod resolver (decision 071): the typed values in, SaveActivity out. */
export function activityFormSchema(options: {
  keepUnknownExtras: boolean;
}): ZodType<SaveActivity, ActivityFormValues> {
  return checkedFormSchema((values: ActivityFormValues) => validateActivityForm(values, options));
}

/** Today as `YYYY-MM-DD` in the person's own time zone. */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
