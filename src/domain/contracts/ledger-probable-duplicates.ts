// Probable duplicates (decision 052): a line that looks like one already in the ledger
// (src/domain/emissions/probable-duplicates.ts) is shown before it is stored, and the person
// chooses. The 409 `probable_duplicates` answer of a receipt confirmation or a CSV import carries
// ProbableDuplicatesDetails.
import { z } from 'zod';

/** The error code of the 409 that lists probable duplicates. */
export const PROBABLE_DUPLICATES_CODE = 'probable_duplicates';

/** At most this many pairs are listed in a 409; `count` says how many there are. */
export const MAX_LISTED_DUPLICATES = 20;

/** A line as the duplicate prompt shows it: when, where, how much, from where. */
export const LineBriefSchema = z.object({
  /** Null for the line not yet stored (the draft or the file's row). */
  id: z.string().nullable(),
  date: z.string(),
  periodEnd: z.string().nullable(),
  siteName: z.string(),
  category: z.string(),
  quantity: z.number().nullable(),
  unit: z.string().nullable(),
  spend: z.number().nullable(),
  currency: z.string().nullable(),
  /** manual, csv, receipt, or a connector name (null for the line not yet stored). */
  source: z.string().nullable(),
  reference: z.string().nullable(),
});
export type LineBrief = z.infer<typeof LineBriefSchema>;

/** `line` (new) looks like `existing` (in the ledger). */
export const ProbableDuplicateSchema = z.object({ line: LineBriefSchema, existing: LineBriefSchema });
export type ProbableDuplicate = z.infer<typeof ProbableDuplicateSchema>;

export const ProbableDuplicatesDetailsSchema = z.object({
  /** New lines that look like at least one ledger line. */
  count: z.number(),
  /** The first MAX_LISTED_DUPLICATES pairs. */
  duplicates: z.array(ProbableDuplicateSchema),
});
export type ProbableDuplicatesDetails = z.infer<typeof ProbableDuplicatesDetailsSchema>;

/**
 * A receipt's choice: keep both lines, replace the existing line (`replaceLineId`) with the new
 * one, or skip (store nothing).
 */
export const ReceiptDuplicateChoiceSchema = z.enum(['keep', 'replace', 'skip']);
export type ReceiptDuplicateChoice = z.infer<typeof ReceiptDuplicateChoiceSchema>;

/** An import's choice for the whole file: skip the rows that look like ledger lines, or keep them. */
export const ImportDuplicateChoiceSchema = z.enum(['skip', 'keep']);
export type ImportDuplicateChoice = z.infer<typeof ImportDuplicateChoiceSchema>;

/** What an import did with its probable duplicates. */
export const ImportDuplicateCountsSchema = z.object({
  found: z.number(),
  skipped: z.number(),
  kept: z.number(),
});
export type ImportDuplicateCounts = z.infer<typeof ImportDuplicateCountsSchema>;

/** POST /api/activities with onDuplicate 'skip' when the line had probable duplicates: nothing stored. */
export const SkippedActivitySchema = z.object({ skipped: z.literal(true) });
export type SkippedActivity = z.infer<typeof SkippedActivitySchema>;
