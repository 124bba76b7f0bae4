import { z } from 'zod';
import { text } from './text.ts';

/** spec §3 project types. */
export const ProjectTypeSchema = z.enum([
  'forestry',
  'renewable_energy',
  'methane_capture',
  'direct_air_capture',
  'blue_carbon',
]);
export type ProjectType = z.infer<typeof ProjectTypeSchema>;

/** Removal takes CO2 out of the air; avoidance prevents emissions that would have happened. */
export const ClimateEffectSchema = z.enum(['removal', 'avoidance']);

/** spec §3 carbon offset project, plus the integrity fields of the marketplace issue. */
export const OffsetProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  location: z.string(),
  projectType: ProjectTypeSchema,
  vintageYear: z.number().int(),
  verificationStandard: z.string(),
  availableCredits: z.number().int(),
  /** Decimal dollars per tCO2e as text, e.g. "18.50" (spec §3: string number). */
  pricePerTon: z.string(),
  cobenefits: z.array(z.string()),
  imageUrl: z.string().nullable(),
  certificationUrl: z.string().nullable(),
  /** e.g. 'Verra VCS', 'Gold Standard', 'Puro.earth', 'American Carbon Registry'. */
  registry: z.string(),
  registryProjectId: z.string(),
  methodology: z.string(),
  climateEffect: ClimateEffectSchema,
  permanenceNotes: z.string(),
  /** The bundled catalogue is illustrative, not live registry stock: the UI says so. */
  illustrative: z.boolean(),
  updatedAt: z.string(),
});
export type OffsetProject = z.infer<typeof OffsetProjectSchema>;

/** GET /api/carbon-offsets/stats (spec §3). */
export const OffsetStatsSchema = z.object({
  totalProjects: z.number().int(),
  totalCreditsAvailable: z.number().int(),
  /** Mean price per tCO2e over projects with stock, dollars. */
  averagePrice: z.number(),
  projectTypes: z.record(z.string(), z.number().int()),
});
export type OffsetStats = z.infer<typeof OffsetStatsSchema>;

/**
 * GET /api/carbon-offsets/calculate (spec §3). Gross emissions are never reduced by offsets; the
 * neutralisation figure is purchased credits over gross emissions, labelled as such.
 */
export const CarbonCalculationSchema = z.object({
  /** The reporting year (decision 053): `?year=`, else the company's, else the latest with data. */
  year: z.number().int(),
  /** Gross emissions of that year from the ledger, tCO2e (scope 1 + 2 location + 3). */
  emissionsTotal: z.number(),
  /** False when the ledger holds nothing for the year ("not recorded", not 0). Optional: added later. */
  emissionsRecorded: z.boolean().optional(),
  /** Whole tonnes still unmatched by credits bought for this year (never negative). */
  offsetsNeeded: z.number().int(),
  /** Credits (tCO2e) the company bought claimed against this year. */
  offsetsPurchased: z.number().int(),
  /** offsetsPurchased / emissionsTotal × 100, capped at 100; 0 when there are no emissions. */
  neutralizationPercentage: z.number(),
  /** Cost of offsetsNeeded at the cheapest available project, dollars; null when none has stock. */
  estimatedCostToNeutralize: z.number().nullable(),
});
export type CarbonCalculation = z.infer<typeof CarbonCalculationSchema>;

/** POST /api/carbon-offsets/purchase (spec §7). */
export const PurchaseRequestSchema = z.object({
  projectId: z.string({ error: 'Choose a project' }).min(1, 'Choose a project'),
  quantity: z
    .number({ error: 'Quantity must be a whole number of at least 1' })
    .int('Quantity must be a whole number of at least 1')
    .min(1, 'Quantity must be a whole number of at least 1')
    .max(1_000_000, 'Quantity is too large'),
  /**
   * The reporting year the credits are claimed against (decision 053): a year with ledger data or
   * the current one; without it, the company's reporting year.
   */
  claimYear: z
    .number({ error: 'Claim year must be a year' })
    .int('Claim year must be a year')
    .min(2000, 'Claim year must be a year from 2000')
    .max(2100, 'Claim year must be a year up to 2100')
    .optional(),
  metadata: z
    .object({
      source: text('metadata.source', { max: 50 }).optional(),
      timestamp: z.string().max(40).optional(),
    })
    .passthrough()
    .optional(),
});
export type PurchaseRequest = z.infer<typeof PurchaseRequestSchema>;

/** One order in the purchase history. */
export const OffsetPurchaseSchema = z.object({
  transactionId: z.string(),
  projectId: z.string(),
  projectName: z.string(),
  registry: z.string(),
  quantity: z.number().int(),
  /** Price per tCO2e at the time of purchase, e.g. "18.50". */
  pricePerTon: z.string(),
  /** quantity × price, e.g. "185.00". */
  total: z.string(),
  currency: z.literal('USD'),
  vintageYear: z.number().int(),
  /** Serial-number block, e.g. 'VCS-1234-2023-000101 to VCS-1234-2023-000110'. */
  serialStart: z.string(),
  serialEnd: z.string(),
  /** Reporting year the retirement is claimed against. */
  claimYear: z.number().int(),
  /** No payment provider is reachable: orders carry an invoice reference to pay. */
  invoiceReference: z.string(),
  status: z.enum(['ordered', 'retired']),
  purchasedBy: z.string().nullable(),
  createdAt: z.string(),
  /**
   * When an admin recorded the invoice as paid and the registry retirement as completed (ISO);
   * null while the order is only 'ordered'. Optional: answers from before retirements omit it.
   */
  retiredAt: z.string().nullable().optional(),
  /** GET this for the certificate (PDF): an order confirmation until retired, then a retirement certificate. */
  certificateUrl: z.string(),
});
export type OffsetPurchase = z.infer<typeof OffsetPurchaseSchema>;

/**
 * POST /api/carbon-offsets/purchase answer (201). `purchase` and `notice` are additions: no payment
 * provider is connected, so the order is recorded with status 'ordered' and an invoice reference.
 */
export const PurchaseResponseSchema = z.object({
  transactionId: z.string(),
  purchase: OffsetPurchaseSchema.optional(),
  /** Plain words for the buyer: no payment was taken, pay the invoice; retirement follows payment. */
  notice: z.string().optional(),
});
export type PurchaseResponse = z.infer<typeof PurchaseResponseSchema>;

/** POST /api/carbon-offsets/sync answer: what changed. */
export const SyncResultSchema = z.object({
  source: z.string(),
  added: z.array(z.string()),
  updated: z.array(z.string()),
  unchanged: z.number().int(),
  /** Records refused, with the reason, e.g. { record: 3, id: 'x', message: 'pricePerTon must be …' }. */
  rejected: z.array(z.object({ record: z.number().int(), id: z.string().nullable(), message: z.string() })),
  /** Price or stock cuts not applied because orders were in flight. */
  heldBack: z.array(z.object({ id: z.string(), message: z.string() })),
});
export type SyncResult = z.infer<typeof SyncResultSchema>;

/**
 * `getOffsetSummary(ctx, year)` (server/features/marketplace/service.ts), for the dashboard and
 * reports. Offsets are reported next to gross emissions and never subtracted from scope totals.
 */
export const OffsetSummarySchema = z.object({
  year: z.number().int(),
  /** Credits (tCO2e) ordered or retired with this claim year. */
  purchasedTonnes: z.number().int(),
  /** Of those, credits whose retirement at the registry is confirmed. */
  retiredTonnes: z.number().int(),
  /** Sum of order totals for this claim year, US dollars. */
  spendUsd: z.number(),
  /** Cheapest current price per tCO2e among projects with stock, dollars; null when none. */
  cheapestPricePerTon: z.number().nullable(),
});
export type OffsetSummary = z.infer<typeof OffsetSummarySchema>;
