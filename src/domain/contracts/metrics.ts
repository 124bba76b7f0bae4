import { z } from 'zod';

export const PeriodGrainSchema = z.enum(['monthly', 'quarterly', 'yearly']);

/**
 * GET /api/metrics/summary?year=&grain= : everything the KPI Dashboard shows, computed from the
 * ledger (decision 054: GET /api/metrics answers the spec's list, this the screen's object).
 */
export const MetricsQuerySchema = z.object({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  grain: PeriodGrainSchema.default('monthly'),
});

const quantity = (unit: string) => z.object({ value: z.number(), unit: z.literal(unit) });

export const KpiMetricsSchema = z.object({
  year: z.number(),
  carbon: z.object({
    /** Gross emissions: scope 1 + scope 2 location-based + scope 3. Offsets never subtract. */
    total: quantity('tCO2e'),
    scope1: quantity('tCO2e'),
    scope2Location: quantity('tCO2e'),
    scope2Market: quantity('tCO2e'),
    scope3: quantity('tCO2e'),
    scope3ByCategory: z.array(z.object({ category: z.number(), tCO2e: z.number() })),
    /** Biogenic CO2 and other memo items, reported apart and never in the totals. */
    outsideScopes: quantity('tCO2e'),
    intensityPerRevenue: z.object({ value: z.number(), unit: z.string() }).nullable(),
    intensityPerEmployee: z.object({ value: z.number(), unit: z.literal('tCO2e per employee') }).nullable(),
    /** Periods of the chosen grain; `target` is the straight-line path to the reduction target. */
    trend: z.array(z.object({ period: z.string(), tCO2e: z.number(), target: z.number().nullable() })),
    target: z
      .object({
        baseYear: z.number(),
        targetYear: z.number(),
        reductionPercent: z.number(),
        coverage: z.string(),
      })
      .nullable(),
    /** Datasets the figures were calculated with (for the methodology note). */
    datasets: z.array(z.string()),
  }),
  energy: z.object({
    total: quantity('MWh'),
    renewableShare: z.number().nullable(),
    mix: z.array(z.object({ carrier: z.string(), mwh: z.number() })),
    monthly: z.array(z.object({ period: z.string(), mwh: z.number() })),
  }),
  water: quantity('m3'),
  workforce: z
    .object({
      year: z.number(),
      headcount: z.number(),
      femaleShare: z.number().nullable(),
      leadershipFemaleShare: z.number().nullable(),
      ageBands: z.array(z.object({ band: z.string(), count: z.number() })),
      trainingHoursPerEmployee: z.number().nullable(),
    })
    .nullable(),
  /** spec §3 Metric list: one entry per figure shown, `metricType` naming it. */
  metrics: z.array(z.object({ metricType: z.string(), value: z.number().nullable(), unit: z.string() })),
});
export type KpiMetrics = z.infer<typeof KpiMetricsSchema>;

/** GET /api/metrics?year= : the year's figures as a list (spec §3, §7). */
export const MetricListQuerySchema = z.object({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});

/**
 * One figure of spec §3's Metric list: what it measures (`metricType`, e.g. carbon_emissions_total,
 * energy_consumption, gender_diversity_female_share), its value in `unit`, and the period it covers
 * (a calendar year, both days inclusive). `value` is null when nothing is recorded for it: blank is
 * not zero.
 */
export const MetricSchema = z.object({
  metricType: z.string(),
  value: z.number().nullable(),
  unit: z.string(),
  year: z.number().int(),
  periodStart: z.string(),
  periodEnd: z.string(),
});
export type Metric = z.infer<typeof MetricSchema>;
