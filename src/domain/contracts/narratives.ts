import { z } from 'zod';
import { text } from './text.ts';

/**
 * spec §9: narrative sections (default executive_summary) and frameworks (default gri). 'csrd' (the
 * EFRAG VSME standard) and 'secr' (UK SECR) share the report frameworks' names, so a report picks the
 * narrative written in its own framework's language (issue 18 item 7; decision 060).
 */
export const NarrativeSectionSchema = z.enum(['executive_summary', 'environmental', 'social', 'governance'], {
  error: 'Choose a section',
});
export type NarrativeSection = z.infer<typeof NarrativeSectionSchema>;
export const NarrativeFrameworkSchema = z.enum(['gri', 'sasb', 'tcfd', 'csrd', 'secr'], {
  error: 'Choose a framework',
});
export type NarrativeFramework = z.infer<typeof NarrativeFrameworkSchema>;
/** spec §4: draft → reviewed (edits saved) → approved ('Approve & Save'). */
export const NarrativeStatusSchema = z.enum(['draft', 'reviewed', 'approved']);
export type NarrativeStatus = z.infer<typeof NarrativeStatusSchema>;

/** Narrative text limit: a section is 200–400 words (spec tips); this leaves ample room. */
const MAX_CONTENT = 20_000;
const content = text('The narrative', {
  max: MAX_CONTENT,
  multiline: true,
  keepSpaces: true,
  missingMessage: 'Please enter narrative content',
  maxMessage: 'Keep the narrative under 20,000 characters',
}).refine((value) => value.trim() !== '', 'Please enter narrative content');
/** A number a person confirmed, exactly as written in the text. */
const confirmedNumber = text('A confirmed number', { max: 40, keepSpaces: true });

/**
 * A number in a text that matches no figure of the facts pack (issue: "marked in the editor and
 * blocks 'Approve & Save' until a person edits or confirms it"). Offsets are UTF-16 indexes.
 */
export const UnsupportedNumberSchema = z.object({
  text: z.string(),
  start: z.number().int(),
  end: z.number().int(),
});
export type UnsupportedNumber = z.infer<typeof UnsupportedNumberSchema>;

/** spec §3 Narrative, plus versioning and the number check. */
export const NarrativeSchema = z.object({
  id: z.string(),
  section: NarrativeSectionSchema,
  framework: NarrativeFrameworkSchema,
  content: z.string(),
  status: NarrativeStatusSchema,
  aiGenerated: z.boolean(),
  version: z.number().int(),
  updatedAt: z.string(),
  /** Reporting year the text speaks about. */
  year: z.number().int(),
  /** Numbers a person confirmed as correct although they match no fact (exact text as written). */
  confirmedNumbers: z.array(z.string()),
  /** Numbers still unsupported and unconfirmed, checked against the current facts at read time. */
  unsupportedNumbers: z.array(UnsupportedNumberSchema),
  updatedBy: z.string().nullable(),
});
export type Narrative = z.infer<typeof NarrativeSchema>;

/** GET /api/narratives?section= (spec §7). */
export const ListNarrativesQuerySchema = z.object({ section: NarrativeSectionSchema.optional() });

/** POST /api/narratives/generate (spec §7: section, framework → content). */
export const GenerateNarrativeSchema = z.object({
  section: NarrativeSectionSchema,
  framework: NarrativeFrameworkSchema,
  /** Reporting year; default the last full calendar year. */
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});
export type GenerateNarrative = z.infer<typeof GenerateNarrativeSchema>;

/**
 * The answer of generate (JSON), and the last event of its stream (`Accept: text/event-stream`:
 * `event: delta` with `{text}` chunks, then `event: done` with this object, or `event: error`
 * with `{message}`).
 */
export const GeneratedNarrativeSchema = z.object({
  content: z.string(),
  /** 'openai-compatible' (with the model name) or 'built-in' (offline writer). */
  writer: z.string(),
  model: z.string().nullable(),
  unsupportedNumbers: z.array(UnsupportedNumberSchema),
  /** Data the facts pack lacks, named in the draft as missing. */
  missing: z.array(z.string()),
  year: z.number().int(),
});
export type GeneratedNarrative = z.infer<typeof GeneratedNarrativeSchema>;

/**
 * POST /api/narratives (spec §7). Every new narrative starts as a draft (spec §4): `status` is
 * accepted because the spec's client sends it, but approval only happens through PUT, where the
 * number check applies.
 */
export const CreateNarrativeSchema = z.object({
  section: NarrativeSectionSchema,
  framework: NarrativeFrameworkSchema,
  content,
  status: NarrativeStatusSchema.optional(),
  aiGenerated: z.boolean().optional(),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  confirmedNumbers: z.array(confirmedNumber).max(200).optional(),
});
export type CreateNarrative = z.infer<typeof CreateNarrativeSchema>;

/** PUT /api/narratives/{id} (spec §7: content and/or status). */
export const UpdateNarrativeSchema = z
  .object({
    content: content.optional(),
    status: NarrativeStatusSchema.optional(),
    confirmedNumbers: z.array(confirmedNumber).max(200).optional(),
  })
  .refine((body) => body.content !== undefined || body.status !== undefined || body.confirmedNumbers, {
    message: 'Send content or a status',
    path: ['content'],
  });
export type UpdateNarrative = z.infer<typeof UpdateNarrativeSchema>;

/** POST /api/narratives/check: the number check of a text being edited. */
export const CheckNarrativeSchema = z.object({
  content: text('The narrative', {
    max: MAX_CONTENT,
    multiline: true,
    keepSpaces: true,
    maxMessage: 'Keep the narrative under 20,000 characters',
  }),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  confirmedNumbers: z.array(confirmedNumber).max(200).optional(),
});

/** GET /api/narratives/{id}/versions: every saved version, newest first. */
export const NarrativeVersionSchema = z.object({
  version: z.number().int(),
  content: z.string(),
  status: NarrativeStatusSchema,
  aiGenerated: z.boolean(),
  savedAt: z.string(),
  savedBy: z.string().nullable(),
});
export type NarrativeVersion = z.infer<typeof NarrativeVersionSchema>;
// POST /api/narratives/{id}/restore {version}: a new version with that version's content (status reviewed).
export const RestoreVersionSchema = z.object({ version: z.number().int().min(1) });
