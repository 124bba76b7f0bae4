import type { ZodType, z } from 'zod';
import {
  type EmployeesBasis,
  type Financials,
  SaveFinancialsSchema,
  SaveTargetSchema,
  SaveWorkforceSchema,
  type Target,
  type Workforce,
} from '../../../domain/contracts/ledger';
import { checkedFormSchema, type FieldErrors, issuesToErrors } from '../../forms/checked-form-schema';

export type SaveTarget = z.infer<typeof SaveTargetSchema>;
export type SaveFinancials = z.infer<typeof SaveFinancialsSchema>;
export type SaveWorkforce = z.infer<typeof SaveWorkforceSchema>;

/** '' → null, '1,200' → 1200, anything unreadable → NaN (which the schema refuses). */
export function parseOptionalNumber(value: string): number | null {
  const cleaned = value.trim().replace(/,/g, '');
  if (!cleaned) return null;
  return Number(cleaned);
}

const numberMessage = (message: string) =>
  message.includes('NaN') || /expected number/i.test(message) ? 'Enter a number' : message;

export interface TargetFormValues {
  baseYear: string;
  targetYear: string;
  reductionPercent: string;
  coverage: 'scope_1_2' | 'scope_1_2_3';
}
export type TargetField = keyof TargetFormValues;

export function targetFormFrom(target: Target | null, currentYear: number): TargetFormValues {
  return {
    baseYear: String(target?.baseYear ?? currentYear - 1),
    targetYear: String(target?.targetYear ?? 2030),
    reductionPercent: target ? String(target.reductionPercent) : '',
    coverage: target?.coverage ?? 'scope_1_2',
  };
}

/** Checked with the shared contract, so the form refuses exactly what the server would. */
export function validateTargetForm(
  values: TargetFormValues,
): { ok: true; payload: SaveTarget } | { ok: false; errors: FieldErrors<TargetField> } {
  const result = SaveTargetSchema.safeParse({
    baseYear: parseOptionalNumber(values.baseYear) ?? Number.NaN,
    targetYear: parseOptionalNumber(values.targetYear) ?? Number.NaN,
    reductionPercent: parseOptionalNumber(values.reductionPercent) ?? Number.NaN,
    coverage: values.coverage,
  });
  if (result.success) return { ok: true, payload: result.data };
  const errors = issuesToErrors<TargetField>(result.error.issues);
  for (const key of Object.keys(errors) as TargetField[]) errors[key] = numberMessage(errors[key]!);
  return { ok: false, errors };
}

export interface FinancialsFormValues {
  revenue: string;
  currency: string;
  employees: string;
  /** '' until chosen: records saved before the question have none (decision 057). */
  employeesBasis: EmployeesBasis | '';
}
export type FinancialsField = keyof FinancialsFormValues;

export function financialsFormFrom(record: Financials | null): FinancialsFormValues {
  return {
    revenue: record?.revenue == null ? '' : String(record.revenue),
    currency: record?.currency ?? '',
    employees: record?.employees == null ? '' : String(record.employees),
    employeesBasis: record?.employeesBasis ?? '',
  };
}

export function validateFinancialsForm(
  year: number,
  values: FinancialsFormValues,
): { ok: true; payload: SaveFinancials } | { ok: false; errors: FieldErrors<FinancialsField> } {
  const revenue = parseOptionalNumber(values.revenue);
  const errors: FieldErrors<FinancialsField> = {};
  if (revenue != null && !values.currency.trim())
    errors.currency = 'Give the currency of the revenue, e.g. GBP';
  const employees = parseOptionalNumber(values.employees);
  // XBRL tags the figure in this basis (VSME B1), so it is asked, never assumed (decision 057).
  if (employees != null && !values.employeesBasis)
    errors.employeesBasis = 'Say whether this is a headcount or full-time equivalents';
  const result = SaveFinancialsSchema.safeParse({
    year,
    revenue,
    currency: values.currency.trim() || null,
    employees,
    employeesBasis: employees == null ? null : values.employeesBasis || null,
  });
  if (!result.success) {
    const found = issuesToErrors<FinancialsField>(result.error.issues);
    for (const key of Object.keys(found) as FinancialsField[]) {
      errors[key] ??=
        key === 'currency' ? 'Use a three-letter currency code such as GBP' : numberMessage(found[key]!);
    }
  }
  if (Object.keys(errors).length > 0 || !result.success) return { ok: false, errors };
  return { ok: true, payload: result.data };
}

export const WORKFORCE_FIELDS = [
  'headcountFemale',
  'headcountMale',
  'headcountOther',
  'leadershipFemale',
  'leadershipTotal',
  'ageUnder30',
  'age30To50',
  'ageOver50',
  'trainingHours',
] as const;
export type WorkforceField = (typeof WORKFORCE_FIELDS)[number];
export type WorkforceFormValues = Record<WorkforceField, string>;

export function workforceFormFrom(record: Partial<Workforce> | null): WorkforceFormValues {
  const values = {} as WorkforceFormValues;
  for (const field of WORKFORCE_FIELDS) {
    const value = record?.[field];
    values[field] = value == null ? '' : String(value);
  }
  return values;
}

export function validateWorkforceForm(
  year: number,
  values: WorkforceFormValues,
): { ok: true; payload: SaveWorkforce } | { ok: false; errors: FieldErrors<WorkforceField> } {
  const input: Record<string, unknown> = { year };
  for (const field of WORKFORCE_FIELDS) input[field] = parseOptionalNumber(values[field]);
  const result = SaveWorkforceSchema.safeParse(input);
  const errors: FieldErrors<WorkforceField> = {};
  if (!result.success) {
    const found = issuesToErrors<WorkforceField>(result.error.issues);
    for (const key of Object.keys(found) as WorkforceField[]) {
      const message = found[key]!;
      errors[key] =
        /int/i.test(message) && key !== 'trainingHours' ? 'Enter a whole number' : numberMessage(message);
      if (/too small|>=0|nonnegative/i.test(message)) errors[key] = 'Cannot be negative';
    }
    return { ok: false, errors };
  }
  const leadershipFemale = result.data.leadershipFemale;
  const leadershipTotal = result.data.leadershipTotal;
  if (leadershipFemale != null && leadershipTotal != null && leadershipFemale > leadershipTotal) {
    return { ok: false, errors: { leadershipFemale: 'Cannot be more than the leadership total' } };
  }
  return { ok: true, payload: result.data };
}

/** The forms' schemas for the zod resolver (decision 071): typed values in, the contract's request out. */
export const targetFormSchema: ZodType<SaveTarget, TargetFormValues> = checkedFormSchema(validateTargetForm);

export function financialsFormSchema(year: number): ZodType<SaveFinancials, FinancialsFormValues> {
  return checkedFormSchema((values: FinancialsFormValues) => validateFinancialsForm(year, values));
}

export function workforceFormSchema(year: number): ZodType<SaveWorkforce, WorkforceFormValues> {
  return checkedFormSchema((values: WorkforceFormValues) => validateWorkforceForm(year, values));
}
