// The "Does this apply to us?" form: its raw values, their checks with messages for a person, and
// the input of the pure `assessApplicability` (no server call, so no contract: the check is the
// form's schema, decision 071).
import type { ZodType } from 'zod';
import {
  APPLICABILITY_CURRENCIES,
  type ApplicabilityCurrency,
  type ApplicabilityInput,
} from '../../../domain/esg/applicability';
import { checkedFormSchema } from '../../forms/checked-form-schema';

export interface ApplicabilityFormValues {
  employees: string;
  turnover: string;
  turnoverCurrency: ApplicabilityCurrency;
  balanceSheet: string;
  balanceSheetCurrency: ApplicabilityCurrency;
  listed: '' | 'yes' | 'no';
  country: string;
}

export type ApplicabilityField = 'employees' | 'turnover' | 'balanceSheet' | 'listed' | 'country';

export const EMPTY_APPLICABILITY_FORM: ApplicabilityFormValues = {
  employees: '',
  turnover: '',
  turnoverCurrency: 'EUR',
  balanceSheet: '',
  balanceSheetCurrency: 'EUR',
  listed: '',
  country: '',
};

/** The currency people in the user's jurisdiction most likely keep their accounts in. */
export function defaultCurrency(jurisdiction: string): ApplicabilityCurrency {
  if (jurisdiction === 'SECR') return 'GBP';
  if (jurisdiction === 'SEC') return 'USD';
  return 'EUR';
}

/** The empty form, with both amounts in the jurisdiction's usual currency. */
export function emptyApplicabilityForm(jurisdiction: string): ApplicabilityFormValues {
  const currency = defaultCurrency(jurisdiction);
  return { ...EMPTY_APPLICABILITY_FORM, turnoverCurrency: currency, balanceSheetCurrency: currency };
}

export function isApplicabilityCurrency(value: string): value is ApplicabilityCurrency {
  return (APPLICABILITY_CURRENCIES as readonly string[]).includes(value);
}

const SCALES: Record<string, number> = { '': 1, k: 1e3, m: 1e6, mn: 1e6, bn: 1e9, b: 1e9 };

/**
 * '40,000,000', '40 000 000', '40m', '1.2bn', '750k' → a number; null when unreadable or negative.
 * Currency symbols are ignored (the currency is chosen beside the amount).
 */
export function parseAmount(text: string): number | null {
  const cleaned = text
    .trim()
    .toLowerCase()
    .replace(/[£€$\s,]/g, '');
  const match = /^(\d+(?:\.\d+)?)(k|m|mn|bn|b)?$/.exec(cleaned);
  if (!match) return null;
  const amount = Number(match[1]) * (SCALES[match[2] ?? ''] ?? 1);
  return Number.isFinite(amount) ? amount : null;
}

export const APPLICABILITY_MESSAGES: Record<ApplicabilityField, string> = {
  employees: 'Enter the average number of employees as a whole number, 0 or more',
  turnover: 'Enter your turnover as an amount, e.g. 4,500,000 or 4.5m',
  balanceSheet: 'Enter your balance sheet total as an amount, e.g. 2,000,000 or 2m',
  listed: 'Say whether your shares or bonds are listed on a stock market',
  country: 'Enter the two-letter code of the country you are incorporated in, e.g. GB, DE or US',
};

export type ApplicabilityResult =
  | { ok: true; payload: ApplicabilityInput }
  | { ok: false; errors: Partial<Record<ApplicabilityField, string>> };

export function readApplicabilityForm(values: ApplicabilityFormValues): ApplicabilityResult {
  const errors: Partial<Record<ApplicabilityField, string>> = {};
  const employeesText = values.employees.trim().replace(/[\s,]/g, '');
  const employees = /^\d+$/.test(employeesText) ? Number(employeesText) : null;
  if (employees === null) errors.employees = APPLICABILITY_MESSAGES.employees;
  const turnover = parseAmount(values.turnover);
  if (turnover === null) errors.turnover = APPLICABILITY_MESSAGES.turnover;
  const balanceSheet = parseAmount(values.balanceSheet);
  if (balanceSheet === null) errors.balanceSheet = APPLICABILITY_MESSAGES.balanceSheet;
  if (values.listed === '') errors.listed = APPLICABILITY_MESSAGES.listed;
  const country = values.country.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) errors.country = APPLICABILITY_MESSAGES.country;
  if (employees === null || turnover === null || balanceSheet === null || Object.keys(errors).length > 0) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    payload: {
      employees,
      turnover: { amount: turnover, currency: values.turnoverCurrency },
      balanceSheet: { amount: balanceSheet, currency: values.balanceSheetCurrency },
      listed: values.listed === 'yes',
      country,
    },
  };
}

/** The form's schema for the zod resolver: the typed answers in, the assessment's input out. */
export const applicabilityFormSchema: ZodType<ApplicabilityInput, ApplicabilityFormValues> =
  checkedFormSchema(readApplicabilityForm);

export const VERDICT_LABELS = {
  applies: 'Applies',
  does_not_apply: 'Does not apply',
  voluntary: 'Voluntary',
  not_in_force: 'Not in force',
} as const;
