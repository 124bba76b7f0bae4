// POST /api/activities/import/accounting/preview and POST /api/activities/import/accounting
// (decision 050): an accounting system's own export (QuickBooks, Xero, Sage) → ledger lines.
import { z } from 'zod';
import { ImportResultSchema } from './ledger.ts';
import { ImportDuplicateChoiceSchema } from './ledger-probable-duplicates.ts';

/** What an account's lines become: a quantity category, purchased_goods + spend category, or ignore. */
export const AccountTargetSchema = z.object({
  category: z.string().trim().min(1).max(40),
  variant: z.string().trim().min(1).max(60).nullable().default(null),
});
export type AccountTargetInput = z.infer<typeof AccountTargetSchema>;

/** The `options` form field of the import, as JSON beside the file. */
export const AccountingImportOptionsSchema = z
  .object({
    /** The site of every line of the file… */
    siteId: z.string().trim().min(1).max(100).optional(),
    /** …or true: each row's site is the export's site column (class, location, department). */
    siteFromColumn: z.boolean().optional(),
    /** ISO 4217; defaults to the currency the export names. */
    currency: z.string().trim().length(3).optional(),
    /** Account key (from the preview) → target. Overrides the company's remembered mapping. */
    mappings: z.record(z.string().max(200), AccountTargetSchema).default({}),
    /** The answer to a 409 `probable_duplicates`, as for a CSV file (decision 052). */
    onDuplicate: ImportDuplicateChoiceSchema.optional(),
  })
  .refine((options) => Boolean(options.siteId) !== Boolean(options.siteFromColumn), {
    message: 'Choose one site for the file, or the column that holds the site',
    path: ['siteId'],
  });
export type AccountingImportOptions = z.infer<typeof AccountingImportOptionsSchema>;

export const LeftOutSchema = z.object({
  reason: z.string(),
  label: z.string(),
  why: z.string(),
  lines: z.number(),
  /** Unsigned total of the left-out amounts; null for totals rows. */
  amount: z.number().nullable(),
});
export type LeftOut = z.infer<typeof LeftOutSchema>;

export const ExportAccountSchema = z.object({
  key: z.string(),
  code: z.string().nullable(),
  name: z.string(),
  type: z.string().nullable(),
  lines: z.number(),
  amount: z.number(),
  /** Left out whatever the mapping (VAT, payroll, income…): the reason's label; null when counted. */
  excludedAs: z.string().nullable(),
  excludedLabel: z.string().nullable(),
  suggested: AccountTargetSchema.nullable(),
  /** The company's remembered mapping of this account, if any. */
  remembered: AccountTargetSchema.nullable(),
});

export const AccountingPreviewSchema = z.object({
  format: z.enum(['quickbooks', 'xero', 'sage']),
  formatLabel: z.string(),
  currency: z.string().nullable(),
  /** The export's column that can hold the site, and its values. */
  siteColumn: z.string().nullable(),
  siteValues: z.array(z.string()),
  transactionCount: z.number(),
  accounts: z.array(ExportAccountSchema),
  /** What the import would leave out with the remembered and suggested mappings. */
  leftOut: z.array(LeftOutSchema),
  problems: z.array(z.object({ line: z.number(), message: z.string() })),
  problemCount: z.number(),
  /** Every choice an account can map to, in plain words. */
  choices: z.array(z.object({ category: z.string(), variant: z.string().nullable(), label: z.string() })),
});
export type AccountingPreview = z.infer<typeof AccountingPreviewSchema>;

export const AccountingImportResultSchema = ImportResultSchema.extend({
  format: z.enum(['quickbooks', 'xero', 'sage']),
  leftOut: z.array(LeftOutSchema),
  currency: z.string(),
});
export type AccountingImportResult = z.infer<typeof AccountingImportResultSchema>;
