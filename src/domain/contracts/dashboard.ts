import { z } from 'zod';
import { ReportingYearSchema } from './reporting-year.ts';

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
 * Carbon credits claimed against the reporting year, reported beside gross emissions and never
 * subtracted from them (the marketplace issue). From the offsets feature's `getOffsetPosition`.
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

/**
 * GET /api/dashboard/overview[?year=] (spec §3). Every figure is of the reporting year (decision
 * 053): `?year=`, else the company's saved year, else the latest year with ledger data.
 */
export const DashboardOverviewSchema = z.object({
  dataSources: z.array(DashboardDataSourceSchema),
  complianceStatus: ComplianceStatusSchema.nullable(),
  metrics: z.object({
    carbonEmissions: z.object({
      /** Gross emissions (scope 1 + 2 location-based + 3) of the reporting year, tCO2e. */
      value: z.number(),
      unit: z.literal('tCO2e'),
      /** The reporting year the figure covers. */
      year: z.number().int(),
      /** False when nothing is recorded for the year: the screen says "not recorded", not 0. */
      recorded: z.boolean(),
    }),
  }),
  /** The reporting year shown, how it was chosen and the years with data (the year picker). */
  reportingYear: ReportingYearSchema,
  recentActivity: z.array(z.object({ id: z.string(), action: z.string(), createdAt: z.string() })),
  offsets: DashboardOffsetsSchema,
});
export type DashboardOverview = z.infer<typeof DashboardOverviewSchema>;
