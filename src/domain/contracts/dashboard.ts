import { z } from 'zod';
import { ReportingYearSchema } from './reporting-year.ts';

/** spec §3 complianceStatus: percentages 0–100 and the missing required indicator keys. */
export const ComplianceStatusSchema = z.object({
  overallProgress: z.number(),
  sectionProgress: z.object({ environmental: z.number(), social: z.number(), governance: z.number() }),
  missingRequired: z.array(z.string()),
});
export type ComplianceStatus = z.infer<typeof ComplianceStatusSchema>;

/**
 * One source of the ledger's data as the dashboard counts it (decision 054): each imported file,
 * the scanned receipts (one source however many), the lines entered by hand, each connector, and
 * each CSV source still waiting for its first file. `status` is spec §3's word: `connected` when
 * its data is in the ledger (or the connector works), `error`, `connecting` (a connector before its
 * first sync, a CSV source before its first file), or `empty` (every line it brought was removed).
 */
export const DashboardDataSourceSchema = z.object({
  id: z.string(),
  /** csv, receipt_ocr, manual, or the connector type (quickbooks, xero, shopify, odoo). */
  type: z.string(),
  kind: z.enum(['import', 'receipts', 'manual', 'connector', 'csv_source']),
  /** The file name, the connector's name, 'Scanned receipts' or 'Entered by hand'. */
  name: z.string(),
  status: z.enum(['connected', 'error', 'connecting', 'empty']),
  /** The connector's last sync, the import's date, or the newest receipt or hand-entered line. */
  lastSyncAt: z.string().nullable(),
  /** Ledger lines it holds now (receipts: one line per receipt). */
  lineCount: z.number().int(),
  /** Its state in words for the person, e.g. '44 lines', '2 receipts', 'Sync failed: …'. */
  statusText: z.string(),
});
export type DashboardDataSource = z.infer<typeof DashboardDataSourceSchema>;

/** Where each narrative section stands: its most recently saved narrative's status, or not started. */
export const NarrativeProgressSchema = z.object({
  sections: z.array(
    z.object({
      section: z.string(),
      status: z.enum(['not_started', 'draft', 'reviewed', 'approved']),
    }),
  ),
  totalSections: z.number().int(),
  /** Sections whose latest narrative is approved. */
  approvedSections: z.number().int(),
  /** Sections with any narrative (draft, reviewed or approved). */
  startedSections: z.number().int(),
});
export type NarrativeProgress = z.infer<typeof NarrativeProgressSchema>;

/** A next step computed from the company's real state, with the page where it is done. */
export const RecommendationSchema = z.object({
  /** Stable key, e.g. add_data, not_counted, missing_scope_2, missing_financials, approve_narratives. */
  id: z.string(),
  title: z.string(),
  text: z.string(),
  href: z.string(),
  action: z.string(),
});
export type Recommendation = z.infer<typeof RecommendationSchema>;

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

/** The carbon card's figures: gross emissions of the reporting year (decisions 053 and 054). */
export const CarbonEmissionsDetailSchema = z.object({
  /** Gross emissions (scope 1 + 2 location-based + 3) of the reporting year, tCO2e. */
  value: z.number(),
  unit: z.literal('tCO2e'),
  /** The reporting year the figure covers. */
  year: z.number().int(),
  /** False when nothing is recorded for the year: the screen says "not recorded", not 0. */
  recorded: z.boolean(),
});
export type CarbonEmissionsDetail = z.infer<typeof CarbonEmissionsDetailSchema>;

/**
 * GET /api/dashboard/overview[?year=] (spec §3). Every figure is of the reporting year (decision
 * 053): `?year=`, else the company's saved year, else the latest year with ledger data.
 */
export const DashboardOverviewSchema = z.object({
  dataSources: z.array(DashboardDataSourceSchema),
  complianceStatus: ComplianceStatusSchema.nullable(),
  metrics: z.object({
    /** spec §3: a number, tCO2e gross in the reporting year (decision 054); details beside it. */
    carbonEmissions: z.number(),
    carbonEmissionsDetail: CarbonEmissionsDetailSchema,
  }),
  /** The reporting year shown, how it was chosen and the years with data (the year picker). */
  reportingYear: ReportingYearSchema,
  recentActivity: z.array(z.object({ id: z.string(), action: z.string(), createdAt: z.string() })),
  offsets: DashboardOffsetsSchema,
  narratives: NarrativeProgressSchema,
  recommendations: z.array(RecommendationSchema),
  /**
   * True while the person is still in the session that opened their account, on its first day
   * (decision 054): the banner says 'Welcome', afterwards 'Welcome back'.
   */
  isFirstVisit: z.boolean(),
});
export type DashboardOverview = z.infer<typeof DashboardOverviewSchema>;
