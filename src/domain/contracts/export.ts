import { z } from 'zod';
import {
  COMPANIES_HOUSE_SCHEME,
  companyNumberProblem,
  LEI_SCHEME,
  leiProblem,
  normaliseIdentifier,
} from '../company-profile/identifiers.ts';
import { text } from './text.ts';

export { LEI_SCHEME };

/** spec §9: formats and report frameworks. */
export const ReportFormatSchema = z.enum(['pdf', 'xbrl', 'csv'], {
  error: 'Choose a format: pdf, xbrl or csv',
});
export type ReportFormat = z.infer<typeof ReportFormatSchema>;
export const ReportFrameworkSchema = z.enum(['gri', 'sasb', 'tcfd', 'csrd', 'secr'], {
  error: 'Choose a reporting framework',
});
export type ReportFramework = z.infer<typeof ReportFrameworkSchema>;

/**
 * A reporting period: a calendar year `YYYY` or a quarter `YYYY-qN` (spec §9 uses this shape; the
 * screen offers the last full year and its quarters first, since the spec's fixed 2023–2024 list
 * predates any data a new company has).
 */
export const ReportPeriodSchema = z
  .string({ error: 'Choose a reporting period' })
  .regex(/^(20\d{2})(-q[1-4])?$/, 'Choose a reporting period such as 2025 or 2025-q1');
export type ReportPeriod = z.infer<typeof ReportPeriodSchema>;

/** spec §4: draft → final → submitted → filed. */
export const ReportStatusSchema = z.enum(['draft', 'final', 'submitted', 'filed']);
export type ReportStatus = z.infer<typeof ReportStatusSchema>;

/** Generation runs as a job: queued → running → succeeded | failed. */
export const GenerationStatusSchema = z.enum(['queued', 'running', 'succeeded', 'failed']);

/**
 * The entity identifier an XBRL report names its company by, given with the request; without one
 * the report takes the company profile's (decision 057). Either is frozen into the snapshot.
 * Scheme default: LEI.
 */
export const EntityIdentifierSchema = z
  .object({
    scheme: text('Scheme', { max: 200 })
      .regex(/^[A-Za-z][A-Za-z0-9+.-]*:\S+$/, 'Use an LEI or a scheme URI such as https://www.dnb.com')
      .default(LEI_SCHEME),
    value: text('The entity identifier', {
      max: 100,
      missingMessage: 'Enter the entity identifier',
      maxMessage: 'Keep the identifier under 100 characters',
    }).min(1, 'Enter the entity identifier'),
  })
  // The company profile's checks (decision 057): the LEI's check digits, Companies House formats.
  .superRefine((identifier, context) => {
    const problem =
      identifier.scheme === LEI_SCHEME
        ? leiProblem(identifier.value)
        : identifier.scheme === COMPANIES_HOUSE_SCHEME
          ? companyNumberProblem(identifier.value)
          : null;
    if (problem) context.addIssue({ code: 'custom', message: problem, path: ['value'] });
  })
  // Both are written in capitals without spaces; other schemes keep the value as given.
  .transform((identifier) =>
    identifier.scheme === LEI_SCHEME || identifier.scheme === COMPANIES_HOUSE_SCHEME
      ? { ...identifier, value: normaliseIdentifier(identifier.value) }
      : identifier,
  );
export type EntityIdentifier = z.infer<typeof EntityIdentifierSchema>;

/** The EFRAG VSME XBRL taxonomy versions a CSRD report can be tagged with, oldest first. */
export const VSME_TAXONOMY_VERSIONS = ['2024-12-17', '2026-05-01'] as const;
export const VsmeTaxonomyVersionSchema = z.enum(VSME_TAXONOMY_VERSIONS, {
  error: `Choose a VSME taxonomy version: ${VSME_TAXONOMY_VERSIONS.join(' or ')}`,
});
export type VsmeTaxonomyVersionChoice = z.infer<typeof VsmeTaxonomyVersionSchema>;
export const DEFAULT_VSME_TAXONOMY_VERSION: VsmeTaxonomyVersionChoice = '2026-05-01';
/**
 * Why the default is the latest: shared/reference/regulation.md §3a (EFRAG's converter supports
 * 2026-05-01 since June 2026, with Digital Template 1.3.0). Shown beside the version choice on the
 * export screen and in the API description.
 */
export const VSME_DEFAULT_VERSION_REASON =
  'The default is 2026-05-01, the latest version EFRAG publishes and the one its VSME digital template and converter use; choose 2024-12-17 only if whoever receives the report asks for it.';

/** POST /api/reports/generate (spec §7: format, framework, period; delivery options of §9). */
export const GenerateReportSchema = z.object({
  format: ReportFormatSchema,
  framework: ReportFrameworkSchema,
  period: ReportPeriodSchema,
  delivery: z
    .object({ download: z.boolean().default(true), email: z.boolean().default(false) })
    .default({ download: true, email: false }),
  /** VSME taxonomy version for CSRD Inline XBRL; default the latest. */
  taxonomyVersion: VsmeTaxonomyVersionSchema.optional().describe(
    `VSME taxonomy version for CSRD XBRL, ${VSME_TAXONOMY_VERSIONS.join(' or ')}. ${VSME_DEFAULT_VERSION_REASON}`,
  ),
  /**
   * Optional: the company's LEI, or another scheme's identifier (e.g. a Companies House number
   * under a scheme URI), frozen into the snapshot for XBRL. Without it the company profile's is
   * used (the company number for SECR, else the LEI; decision 057); with neither, an XBRL report
   * (format xbrl, or POST /api/reports/{id}/xbrl) is refused with a message asking for one. PDF
   * and CSV do not need it.
   */
  entityIdentifier: EntityIdentifierSchema.optional(),
});
export type GenerateReport = z.infer<typeof GenerateReportSchema>;

/** spec §3 Report, plus generation and download details. */
export const ReportSchema = z.object({
  id: z.string(),
  title: z.string(),
  format: ReportFormatSchema,
  framework: ReportFrameworkSchema,
  period: z.string(),
  /** The company's nth report of this framework and period (1 first), in the title as "v2". */
  version: z.number().int(),
  jurisdiction: z.string(),
  status: ReportStatusSchema,
  generation: GenerationStatusSchema,
  /** Why generation failed, in plain words (null otherwise). */
  generationError: z.string().nullable(),
  /** e.g. 'report-<id>.pdf'; null until generated. */
  fileName: z.string().nullable(),
  contentType: z.string().nullable(),
  size: z.number().int().nullable(),
  sha256: z.string().nullable(),
  /** GET this to download the file (null until generated). */
  downloadUrl: z.string().nullable(),
  /**
   * GET this for the Inline XBRL document of a CSRD XBRL report on its own (`report-<id>.xhtml`),
   * readable in any browser without unzipping the package; null for other reports and until generated.
   */
  readableUrl: z.string().nullable(),
  /** Email delivery outcome: 'sent', 'not_configured', 'failed', or null when not asked. */
  emailDelivery: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  finalizedAt: z.string().nullable(),
});
export type Report = z.infer<typeof ReportSchema>;

/** PUT /api/reports/{id}/status: a person marks a draft final (other moves come from filing). */
export const UpdateReportStatusSchema = z.object({
  status: z.literal('final', { error: 'Only a draft can be marked final' }),
});

/** spec §3 Regulator. */
export const RegulatorSchema = z.object({
  code: z.string(),
  name: z.string(),
  jurisdiction: z.string(),
  filingTypes: z.array(z.string()),
  supportedFormats: z.array(z.string()),
  /** Plain words: what the body is, what it accepts, whether the regime is in force. */
  notes: z.string(),
  inForce: z.boolean(),
  url: z.string(),
  /** The date these facts were last checked against their sources (ISO). */
  asOf: z.string(),
  /** Dated steps of the regime, oldest first; `passed` on the server's date when answered. */
  deadlines: z.array(z.object({ date: z.string(), what: z.string(), passed: z.boolean() })),
});
export type Regulator = z.infer<typeof RegulatorSchema>;

/** POST /api/regulatory/submit (spec §7). */
export const SubmitFilingSchema = z.object({
  reportId: z.string({ error: 'Choose a report' }).min(1, 'Choose a report'),
  regulatorCode: z.string({ error: 'Choose a regulator' }).min(1, 'Choose a regulator'),
  jurisdiction: z.string().min(1).max(10).optional(),
  filingType: z.string({ error: 'Choose a filing type' }).min(1, 'Choose a filing type'),
});
export type SubmitFiling = z.infer<typeof SubmitFilingSchema>;

/** spec §3 Regulatory filing. `sandbox`: no regulator accepts automated filings from us. */
export const FilingSchema = z.object({
  id: z.string(),
  reportId: z.string(),
  reportTitle: z.string(),
  regulatorCode: z.string(),
  regulatorName: z.string(),
  filingType: z.string(),
  jurisdiction: z.string(),
  filingStatus: z.enum(['pending', 'submitted', 'accepted', 'rejected']),
  submittedAt: z.string().nullable(),
  confirmationNumber: z.string(),
  sandbox: z.boolean(),
  /** Why the package was rejected by validation, in plain words. */
  statusReason: z.string().nullable(),
  /** GET this for the exact submission package the adapter built (zip). */
  packageUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type Filing = z.infer<typeof FilingSchema>;

export const SubmitFilingResponseSchema = z.object({
  regulatorCode: z.string(),
  confirmationNumber: z.string(),
  filing: FilingSchema,
});
