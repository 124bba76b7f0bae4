import {
  type CompanyProfile,
  type ConsolidationApproach,
  UpdateCompanyProfileSchema,
} from '../../../domain/contracts/company-profile';
import { checkedFormSchema, type FieldErrors, issuesToErrors } from '../../forms/checked-form-schema';

/** The company details form as typed: text fields, and '' for an approach not chosen yet. */
export interface CompanyDetailsValues {
  lei: string;
  companyNumber: string;
  consolidationApproach: ConsolidationApproach | '';
  organisationalBoundary: string;
}
export type CompanyDetailsField = keyof CompanyDetailsValues;

export function companyDetailsFrom(profile: CompanyProfile | undefined): CompanyDetailsValues {
  return {
    lei: profile?.lei ?? '',
    companyNumber: profile?.companyNumber ?? '',
    consolidationApproach: profile?.consolidationApproach ?? '',
    organisationalBoundary: profile?.organisationalBoundary ?? '',
  };
}

/**
 * Checked with the server's contract (same LEI check digits, same company number formats), so the
 * form refuses exactly what the server would. Empty fields clear what was saved.
 */
export function validateCompanyDetails(values: CompanyDetailsValues) {
  const payload = {
    lei: values.lei,
    companyNumber: values.companyNumber,
    consolidationApproach: values.consolidationApproach || null,
    organisationalBoundary: values.organisationalBoundary,
  };
  const result = UpdateCompanyProfileSchema.safeParse(payload);
  if (result.success) return { ok: true as const, payload };
  return {
    ok: false as const,
    errors: issuesToErrors<CompanyDetailsField>(result.error.issues) as FieldErrors<CompanyDetailsField>,
  };
}

/** The form's schema for the zod resolver (decision 071). */
export const companyDetailsSchema = checkedFormSchema(validateCompanyDetails);
export type CompanyDetailsPayload = Extract<
  ReturnType<typeof validateCompanyDetails>,
  { ok: true }
>['payload'];
