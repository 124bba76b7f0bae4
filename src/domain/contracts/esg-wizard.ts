import { z } from 'zod';
import { JurisdictionSchema as ProfileJurisdictionSchema } from './auth.ts';
import { ComplianceStatusSchema } from './dashboard.ts';
import { text } from './text.ts';

/** spec §5: a jurisdiction must be chosen (CSRD, SECR, SEC). */
export const WizardJurisdictionSchema = z.enum(ProfileJurisdictionSchema.options, {
  error: 'Please select a jurisdiction',
});

export const EsgSectionSchema = z.enum(['environmental', 'social', 'governance']);

/** Reporting year of the checklist; default: the last full calendar year. */
const reportingYear = z.coerce.number().int().min(2000).max(2100);

/** GET /api/esg/progress?jurisdiction=&year= */
export const ProgressQuerySchema = z.object({
  jurisdiction: WizardJurisdictionSchema,
  year: reportingYear.optional(),
});

/** POST /api/esg/initialize. Re-initialising keeps every value already entered. */
export const InitializeSchema = z.object({
  jurisdiction: WizardJurisdictionSchema,
  /** CSRD/VSME: add the optional Comprehensive module (C1–C9). Ignored elsewhere. */
  includeComprehensive: z.boolean().optional(),
  /** Reporting year of the progress answered (default: the last full calendar year). */
  year: reportingYear.optional(),
});

/**
 * PUT /api/esg/progress (spec §7: jurisdiction, indicator, value). `value` is the answer text
 * (empty = not completed, spec §4). `useLedger: true` drops a person's override of an auto-filled
 * indicator so the ledger figure applies again. `note` is the indicator's evidence note.
 */
export const UpdateProgressSchema = z
  .object({
    jurisdiction: WizardJurisdictionSchema,
    indicator: z
      .string({ error: 'Choose an indicator' })
      .trim()
      .regex(/^[a-z0-9_]{1,80}$/, 'Choose an indicator'),
    value: text('The answer', {
      max: 10_000,
      multiline: true,
      keepSpaces: true,
      maxMessage: 'Keep the answer under 10,000 characters',
    }).optional(),
    useLedger: z.literal(true).optional(),
    note: text('The note', {
      max: 2000,
      multiline: true,
      maxMessage: 'Keep the note under 2,000 characters',
    }).nullish(),
    /** Reporting year of the progress answered (default: the last full calendar year). */
    year: reportingYear.optional(),
  })
  .refine((body) => body.value !== undefined || body.useLedger || body.note !== undefined, {
    message: 'Send a value, a note, or useLedger',
    path: ['value'],
  });
export type UpdateProgress = z.infer<typeof UpdateProgressSchema>;

/** Where the current value came from. */
export const ValueOriginSchema = z.enum(['ledger', 'manual', 'empty']);

/** spec §3 ESG progress item, plus what the review step shows about its origin. */
export const EsgProgressItemSchema = z.object({
  section: EsgSectionSchema,
  indicator: z.string(),
  value: z.string(),
  isCompleted: z.boolean(),
  isRequired: z.boolean(),
  /** The value shown comes from the ledger (not overridden). */
  autoFilled: z.boolean(),
  category: z.string(),
  title: z.string(),
  description: z.string(),
  unit: z.string().nullable(),
  module: z.enum(['basic', 'comprehensive']).nullable(),
  /** e.g. 'VSME B3 · GrossScope1GreenhouseGasEmissions' or 'SECR · UK energy use (kWh)'. */
  mappingLabel: z.string(),
  origin: ValueOriginSchema,
  /** The indicator can be answered from the ledger. */
  ledgerBacked: z.boolean(),
  /** What the ledger says now (null when it has nothing or the indicator is not ledger-backed). */
  ledgerValue: z.string().nullable(),
  /**
   * The geography the ledger figure covers when it is not every site: 'GB' = UK sites only
   * (SECR's UK energy use and related emissions; decision 010, amendment 1). Absent = all sites.
   */
  ledgerRegion: z.enum(['GB']).optional(),
  /**
   * What the ledger cannot give or leaves out for this indicator, e.g. transport fuel recorded in
   * litres, which cannot yet be converted to kWh. Absent when there is nothing to say.
   */
  ledgerNote: z.string().optional(),
  /** A person typed over a ledger figure; the override is kept until they return to the ledger. */
  overridden: z.boolean(),
  note: z.string().nullable(),
  evidenceCount: z.number().int(),
  updatedAt: z.string().nullable(),
  /** Name (or email) of who last changed it; null for ledger values. */
  updatedBy: z.string().nullable(),
});
export type EsgProgressItem = z.infer<typeof EsgProgressItemSchema>;

export const EvidenceSchema = z.object({
  id: z.string(),
  jurisdiction: z.string(),
  indicator: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type Evidence = z.infer<typeof EvidenceSchema>;

/** GET /api/esg/progress, and the answer of initialise and update. */
export const EsgProgressResponseSchema = z.object({
  jurisdiction: WizardJurisdictionSchema,
  year: z.number().int(),
  rulePack: z.object({ id: z.string(), version: z.string(), asOf: z.string(), framework: z.string() }),
  /** The pack version the checklist was initialised with (null before initialisation). */
  initializedVersion: z.string().nullable(),
  includeComprehensive: z.boolean(),
  /** Empty until initialised. */
  progress: z.array(EsgProgressItemSchema),
  /** null until initialised. */
  complianceStatus: ComplianceStatusSchema.nullable(),
  evidence: z.array(EvidenceSchema),
});
export type EsgProgressResponse = z.infer<typeof EsgProgressResponseSchema>;

/** POST /api/esg/evidence (multipart): fields jurisdiction, indicator, file (PDF, image or CSV ≤ 10 MB). */
export const EvidenceFieldsSchema = z.object({
  jurisdiction: WizardJurisdictionSchema,
  indicator: z
    .string({ error: 'Choose an indicator' })
    .trim()
    .regex(/^[a-z0-9_]{1,80}$/, 'Choose an indicator'),
});
