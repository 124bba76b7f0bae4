import { z } from 'zod';
import { companyNumberProblem, leiProblem, normaliseIdentifier } from '../company-profile/identifiers.ts';
import { text } from './text.ts';

/**
 * The company profile's reporting details (issue 18, items 3 and 5; decision 057): the registry
 * identifiers XBRL names the company by, and the GHG Protocol boundary the methodology states.
 * Anyone in the company reads them; an admin (`company.edit`) changes them.
 */
export const COMPANY_PROFILE_PATH = '/api/company/profile';

/**
 * GHG Protocol Corporate Standard, chapter 3. operational_control: all of the operations the
 * company has full authority to run; financial_control: all of those whose policies it directs
 * for economic benefit; equity_share: each operation in proportion to the equity held.
 */
export const ConsolidationApproachSchema = z.enum(
  ['operational_control', 'financial_control', 'equity_share'],
  {
    error: 'Choose operational control, financial control or equity share',
  },
);
export type ConsolidationApproach = z.infer<typeof ConsolidationApproachSchema>;

export const MAX_BOUNDARY_LENGTH = 1000;

/** An identifier field: '' or null clears it; a value is normalised, then checked by `problem`. */
const identifier = (label: string, problem: (value: string) => string | null) =>
  text(label, { max: 40 })
    .nullish()
    .transform((value) => (value ? normaliseIdentifier(value) : null))
    .superRefine((value, context) => {
      const found = value === null ? null : problem(value);
      if (found) context.addIssue({ code: 'custom', message: found });
    });

/**
 * PATCH /api/company/profile: only the fields sent change (the export form saves just the
 * identifier it was given). null or '' clears a field.
 */
export const UpdateCompanyProfileSchema = z.object({
  lei: identifier('LEI', leiProblem).optional(),
  companyNumber: identifier('Company number', companyNumberProblem).optional(),
  consolidationApproach: ConsolidationApproachSchema.nullish(),
  organisationalBoundary: text('Organisational boundary', { max: MAX_BOUNDARY_LENGTH, multiline: true })
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type UpdateCompanyProfile = z.input<typeof UpdateCompanyProfileSchema>;

/** GET and PATCH /api/company/profile answer. */
export const CompanyProfileSchema = z.object({
  lei: z.string().nullable(),
  companyNumber: z.string().nullable(),
  /** null: not chosen yet; reports say so rather than assume one. */
  consolidationApproach: ConsolidationApproachSchema.nullable(),
  organisationalBoundary: z.string().nullable(),
  /** null until first saved. */
  updatedAt: z.string().nullable(),
});
export type CompanyProfile = z.infer<typeof CompanyProfileSchema>;
