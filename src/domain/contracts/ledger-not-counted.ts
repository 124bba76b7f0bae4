// Lines that are "not counted": their stored result has no entries (decision 051). The one
// summary every screen, import answer and report shows: GET /api/emissions/not-counted.
import { z } from 'zod';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2025-03-31');

export const NotCountedReasonSchema = z.enum([
  'factor_now_available',
  'site_region_unknown',
  'exchange_rate_missing',
  'no_spend_factor',
  'no_factor',
  'unknown_type',
  'unknown_unit',
  'missing_amount',
]);

/** Why one line has no figure, in plain words, and what to do about it. */
export const NotCountedStatusSchema = z.object({
  reason: NotCountedReasonSchema,
  message: z.string(),
  fix: z.object({
    /** edit_line: the line's edit dialog; edit_site: the site's; recalculate: the period's. */
    action: z.enum(['edit_line', 'edit_site', 'recalculate']),
    label: z.string(),
  }),
});
export type NotCountedStatus = z.infer<typeof NotCountedStatusSchema>;

export const MoneyAmountSchema = z.object({ currency: z.string(), amount: z.number() });
export const UnitQuantitySchema = z.object({ unit: z.string(), quantity: z.number() });

/** How many lines are not counted, what they hold, grouped by distinct reason. */
export const NotCountedSummarySchema = z.object({
  lineCount: z.number(),
  /** Spend of the lines that carry one, per currency (largest first). */
  spend: z.array(MoneyAmountSchema),
  /** Quantity of activity lines, per unit (largest first). */
  quantities: z.array(UnitQuantitySchema),
  reasons: z.array(
    NotCountedStatusSchema.extend({
      lineCount: z.number(),
      spend: z.array(MoneyAmountSchema),
      quantities: z.array(UnitQuantitySchema),
      /** The site to correct when the fix is edit_site; otherwise null. */
      site: z.object({ id: z.string(), name: z.string() }).nullable(),
      /** The earliest and latest dates of the lines (the period a recalculation needs). */
      from: z.string(),
      to: z.string(),
    }),
  ),
});
export type NotCountedSummary = z.infer<typeof NotCountedSummarySchema>;

export const NotCountedLineSchema = z.object({
  id: z.string(),
  date: z.string(),
  siteId: z.string(),
  siteName: z.string(),
  category: z.string(),
  variant: z.string().nullable(),
  quantity: z.number().nullable(),
  unit: z.string().nullable(),
  spend: z.number().nullable(),
  currency: z.string().nullable(),
  status: NotCountedStatusSchema,
});

/** GET /api/emissions/not-counted answer: the summary and one page of the lines, newest first. */
export const NotCountedSchema = NotCountedSummarySchema.extend({
  lines: z.object({
    items: z.array(NotCountedLineSchema),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
  }),
});
export type NotCounted = z.infer<typeof NotCountedSchema>;

/** The period (inclusive dates; none: the whole ledger) and an optional import. */
export const NotCountedQuerySchema = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  importId: z.string().min(1).max(60).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(0).max(200).default(25),
});
export type NotCountedQuery = z.infer<typeof NotCountedQuerySchema>;
