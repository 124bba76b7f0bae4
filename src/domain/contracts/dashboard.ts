import { z } from 'zod';

/** spec §3 complianceStatus: percentages 0–100 and the missing required indicator keys. */
export const ComplianceStatusSchema = z.object({
  overallProgress: z.number(),
  sectionProgress: z.object({ environmental: z.number(), social: z.number(), governance: z.number() }),
  missingRequired: z.array(z.string()),
});
export type ComplianceStatus = z.infer<typeof ComplianceStatusSchema>;

export const DashboardDataSourceSchema = z.object({
  id: z.string(),
  type: z.string(),
  name: z.string(),
  status: z.string(),
  lastSyncAt: z.string().nullable(),
});

/**
 * Carbon credits of the current calendar year, reported beside gross emissions and never subtracted
 * from them (the marketplace issue). From the offsets feature's `getOffsetPosition`.
 */
export const DashboardOffsetsSchema = z.object({
  year: z.number().int(),
  /** Credits (tCO2e) ordered or retired with this claim year. */
  purchasedTonnes: z.number().int(),
  /** Of those, credits whose registry retirement an admin has recorded. */
  retiredTonnes: z.number().int(),
  /** Credits bought ÷ gross emissions of the year × 100, capped at 100; 0 without emissions. */
  neutralizationPercentage: z.number(),
  /** Gross emissions of the year minus credits bought, rounded up to whole tonnes, never below 0. */
  remainingTonnes: z.number().int(),
  /**
   * Dollars to buy `remainingTonnes` at the cheapest project whose stock covers all of them (one
   * order), else at the cheapest project with any stock (an estimate: it takes several orders);
   * 0 when nothing remains; null when no project has stock.
   */
  costToOffsetRemainingUsd: z.number().nullable(),
});
export type DashboardOffsets = z.infer<typeof DashboardOffsetsSchema>;

/** GET /api/dashboard/overview (spec §3). Emissions carry their unit and the month they cover. */
export const DashboardOverviewSchema = z.object({
  dataSources: z.array(DashboardDataSourceSchema),
  complianceStatus: ComplianceStatusSchema.nullable(),
  metrics: z.object({
    carbonEmissions: z.object({
      /** Gross emissions recorded for the month so far, tonnes CO2e. */
      value: z.number(),
      unit: z.literal('tCO2e'),
      /** Calendar month covered, `YYYY-MM` (UTC). */
      month: z.string(),
      /** Same figure for the previous month, or null when nothing was recorded then. */
      previousMonthValue: z.number().nullable(),
    }),
  }),
  recentActivity: z.array(z.object({ id: z.string(), action: z.string(), createdAt: z.string() })),
  offsets: DashboardOffsetsSchema,
});
export type DashboardOverview = z.infer<typeof DashboardOverviewSchema>;
