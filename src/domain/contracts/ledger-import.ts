// The import's mapping step (decision 049): the answers a person gives to a preview's questions,
// sent with the import, and the remembered mappings they become.
import { z } from 'zod';
import { SaveSiteSchema } from './ledger.ts';

const sourceText = z.string().max(500);

/** A site name in the file → one of the company's sites, or a new site created with the import. */
export const SiteAnswerSchema = z.union([
  z.object({ source: sourceText, siteId: z.string().min(1).max(100) }),
  z.object({ source: sourceText, create: SaveSiteSchema }),
]);

/** A category, variant (of `category`) or spend text → what it means (a choice of the question). */
export const ValueAnswerSchema = z.object({
  kind: z.enum(['category', 'variant', 'spend']),
  source: sourceText,
  category: z.string().max(50).optional(),
  target: z.string().min(1).max(200),
});

export const ImportAnswersSchema = z.object({
  sites: z.array(SiteAnswerSchema).max(200).default([]),
  values: z.array(ValueAnswerSchema).max(1000).default([]),
});
export type ImportAnswers = z.infer<typeof ImportAnswersSchema>;

export const ImportMappingSchema = z.object({
  id: z.string(),
  kind: z.string(),
  source: z.string(),
  target: z.string(),
  /** The target in words: the site's name, the category or variant label. */
  targetLabel: z.string(),
  updatedAt: z.string(),
});
export type ImportMapping = z.infer<typeof ImportMappingSchema>;

export const ChoiceSchema = z.object({ value: z.string(), label: z.string() });

/** One thing the person must decide before the file can go in (import-preview.ts). */
export const ImportQuestionSchema = z.object({
  kind: z.enum(['site', 'category', 'variant', 'spend']),
  /** As written in the file ('' for a missing variant); send it back as the answer's `source`. */
  text: z.string(),
  category: z.string().optional(),
  lines: z.array(z.number()),
  count: z.number(),
  /** "rows 2–39 and 41". */
  rows: z.string(),
  choices: z.array(ChoiceSchema),
});
export type ImportQuestion = z.infer<typeof ImportQuestionSchema>;

/** One distinct problem of a file with its rows and what to do (problem-groups.ts). */
export const ImportProblemGroupSchema = z.object({
  message: z.string(),
  lines: z.array(z.number()),
  count: z.number(),
  rows: z.string(),
  fix: z.string(),
});
export type ImportProblemGroup = z.infer<typeof ImportProblemGroupSchema>;

export const ImportPreviewSchema = z.object({
  rowCount: z.number(),
  readyCount: z.number(),
  questions: z.array(ImportQuestionSchema),
  questionsLeftOut: z.number(),
  problems: z.array(ImportProblemGroupSchema),
  problemRowCount: z.number(),
  columns: z.array(z.string()),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;
