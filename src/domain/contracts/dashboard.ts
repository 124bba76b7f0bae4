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
});
export type DashboardOverview = z.infer<typeof DashboardOverviewSchema>;
