import { z } from 'zod';
import { PlanSchema } from '../account/plans.ts';
import { accentColourProblem } from '../branding/contrast.ts';
import { text } from './text.ts';

/**
 * Report branding (Settings → Billing → Report branding; spec §9 "Enterprise: custom branding",
 * issue 9; docs/decisions/027-custom-branding.md): a brand name, an accent colour and a logo that
 * PDF reports carry. Managed by admins of Enterprise companies; anyone in the company may read it.
 */
export const BRANDING_PATH = '/api/company/branding';
export const BRANDING_LOGO_PATH = '/api/company/branding/logo';
export const LOGO_FIELD = 'logo';

/** The report's own green (src/domain/reports/pdf/layout.ts COLOURS.accent), used when unbranded. */
export const DEFAULT_ACCENT_COLOUR = '#0D6B54';
export const MAX_BRAND_NAME_LENGTH = 80;
/** 256 KB: a logo is a small mark; the bound keeps the frozen snapshot (which carries it) small. */
export const MAX_LOGO_BYTES = 256 * 1024;
export const MAX_LOGO_DIMENSION = 1024;
export const MIN_LOGO_DIMENSION = 16;
/** PNG and JPEG only: the two formats pdf-lib embeds (PDFDocument.embedPng / embedJpg). */
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg'] as const;
export type LogoContentType = (typeof LOGO_CONTENT_TYPES)[number];

export const LOGO_TOO_LARGE_MESSAGE = 'The logo must be 256 KB or smaller';
export const LOGO_TYPE_MESSAGE = 'The logo must be a PNG or JPEG image';

/** PUT /api/company/branding. An empty brand name means "use the company name". */
export const UpdateBrandingSchema = z.object({
  brandName: text('Brand name', { max: MAX_BRAND_NAME_LENGTH })
    .nullish()
    .transform((value) => (value ? value : null)),
  accentColour: z
    .string({ error: 'Accent colour is required' })
    .trim()
    .superRefine((value, context) => {
      const problem = accentColourProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .transform((value) => value.toUpperCase()),
});
export type UpdateBranding = z.input<typeof UpdateBrandingSchema>;
/** The same, as validated: brand name null when empty, colour upper case. */
export type BrandingChange = z.output<typeof UpdateBrandingSchema>;

export const BrandingLogoSchema = z.object({
  /** Versioned read URL (changes with each upload, so browsers may cache each version). */
  url: z.string(),
  contentType: z.enum(LOGO_CONTENT_TYPES),
  width: z.number().int(),
  height: z.number().int(),
  size: z.number().int(),
});
export type BrandingLogo = z.infer<typeof BrandingLogoSchema>;

/** GET /api/company/branding (and the answer of every change). */
export const BrandingSchema = z.object({
  plan: PlanSchema,
  /** Whether the plan includes custom branding; when false, reports use the default look. */
  entitled: z.boolean(),
  /** The company's legal name: what reports show when `brandName` is null. */
  companyName: z.string(),
  brandName: z.string().nullable(),
  accentColour: z.string(),
  logo: BrandingLogoSchema.nullable(),
  /** Whether the company has saved any branding yet. */
  customised: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type Branding = z.infer<typeof BrandingSchema>;

export function brandingLogoUrl(version: number): string {
  return `${BRANDING_LOGO_PATH}?v=${version}`;
}
