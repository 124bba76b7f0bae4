import { z } from 'zod';
import { ActivityCategorySchema, DataQualitySchema } from './ledger.ts';

/** spec §5 and §9: a receipt file is at most 10 MB, refused in these words. */
export const MAX_RECEIPT_BYTES = 10 * 1024 * 1024;
export const RECEIPT_TOO_LARGE_MESSAGE = 'File size must be less than 10MB';
export const RECEIPT_TYPE_MESSAGE = 'Upload a receipt or bill as an image (PNG, JPEG, WebP, GIF) or a PDF';

export const ReceiptKindSchema = z.enum(['fuel', 'energy', 'hotel', 'other']);
export type ReceiptKind = z.infer<typeof ReceiptKindSchema>;

/**
 * The draft ledger line a receipt suggests, in the vocabulary of SaveActivitySchema (ledger.ts),
 * without a site: the person picks the site and confirms or corrects every field.
 */
export const SuggestedLineSchema = z.object({
  category: ActivityCategorySchema,
  variant: z.string().nullable(),
  quantity: z.number().nullable(),
  unit: z.string().nullable(),
  spend: z.number().nullable(),
  currency: z.string().nullable(),
  /** Null when the receipt shows no readable date: the person enters it. */
  date: z.string().nullable(),
  periodEnd: z.string().nullable(),
  dataQuality: DataQualitySchema,
  instrument: z.enum(['renewable_tariff', 'certificate']).nullable(),
  reference: z.string().nullable(),
});
export type SuggestedLine = z.infer<typeof SuggestedLineSchema>;

/** What was read from the receipt. Absent facts are null, never guessed. */
export const ReceiptDataSchema = z.object({
  vendor: z.string().nullable(),
  /** ISO date of the receipt (for a bill: its issue date, else the period's end). */
  date: z.string().nullable(),
  total: z.number().nullable(),
  currency: z.string().nullable(),
  kind: ReceiptKindSchema,
  litres: z.number().nullable(),
  fuelType: z.enum(['diesel', 'petrol']).nullable(),
  kWh: z.number().nullable(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  /** Energy bills: which carrier the kWh are (a dual-fuel bill gives two lines; see notes). */
  energyType: z.enum(['electricity', 'natural_gas']).nullable(),
  supplier: z.string().nullable(),
  greenTariff: z.boolean().nullable(),
  nights: z.number().nullable(),
  /** Plain-language notes on what could not be read or was assumed, for the person confirming. */
  notes: z.array(z.string()),
});
export type ReceiptData = z.infer<typeof ReceiptDataSchema>;

/** POST /api/integrations/ocr/upload → 201 (spec §7: `ocrResult.receiptData.vendor`). */
export const OcrUploadResultSchema = z.object({
  ocrResult: z.object({
    receiptData: ReceiptDataSchema,
    /** The recognised (or PDF) text, so the person can check what the fields came from. */
    text: z.string(),
    textSource: z.enum(['ocr', 'pdf_text']),
    suggestedLine: SuggestedLineSchema.nullable(),
    evidenceId: z.string(),
    /** Where the original file is downloaded: the ledger line's evidence link. */
    evidenceUrl: z.string(),
  }),
});
export type OcrUploadResult = z.infer<typeof OcrUploadResultSchema>;

export const receiptFileUrl = (id: string) => `/api/integrations/ocr/files/${id}`;
