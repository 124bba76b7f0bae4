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
const scopeTwoBasisPart = z.object({ kWh: z.number(), tCO2e: z.number() });
const megawattHours = z.number().nullable();

export const KpiMetricsSchema = z.object({
  year: z.number(),
  carbon: z.object({
    /** Gross emissions: scope 1 + scope 2 location-based + scope 3. Offsets never subtract. */
    total: quantity('tCO2e'),
    scope1: quantity('tCO2e'),
    scope2Location: quantity('tCO2e'),
    scope2Market: quantity('tCO2e'),
    /**
     * How market-based scope 2 was made (decision 048): renewable contract or certificate, the
     * supplier's own factor, or, with neither, the location-based grid factor standing in (no
     * residual mix is in the factor library).
     */
    scope2MarketBasis: z.object({
      contractual: scopeTwoBasisPart,
      supplierFactor: scopeTwoBasisPart,
      locationProxy: scopeTwoBasisPart,
    }),
    scope3: quantity('tCO2e'),
    scope3ByCategory: z.array(z.object({ category: z.number(), tCO2e: z.number() })),
    /** Biogenic CO2 and other memo items, reported apart and never in the totals. */
    outsideScopes: quantity('tCO2e'),
    intensityPerRevenue: z.object({ value: z.number(), unit: z.string() }).nullable(),
    intensityPerEmployee: z.object({ value: z.number(), unit: z.literal('tCO2e per employee') }).nullable(),
    /**
     * Periods of the chosen grain that have begun (none in the future); `tCO2e` null = nothing
     * recorded in that period (a gap, never 0); `target` is the straight-line path to the target.
     */
    trend: z.array(
      z.object({ period: z.string(), tCO2e: z.number().nullable(), target: z.number().nullable() }),
    ),
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
  /** Energy of the year (decision 048): fuels converted with DESNZ fuel properties, gross CV. */
  energy: z.object({
    total: quantity('MWh'),
    /** Calorific value basis of fuel energy. */
    basis: z.literal('gross'),
    /** Renewable energy over TOTAL energy (0–1), null without energy. */
    renewableShare: z.number().nullable(),
    /** Renewable electricity over electricity (0–1), null without electricity. */
    renewableShareOfElectricity: z.number().nullable(),
    byKind: z.object({
      electricity: megawattHours,
      heatSteam: megawattHours,
      stationaryFuels: megawattHours,
      transportFuels: megawattHours,
    }),
    mix: z.array(z.object({ carrier: z.string(), mwh: z.number() })),
    monthly: z.array(z.object({ period: z.string(), mwh: z.number() })),
    /** Lines whose energy is not counted, with the reason (e.g. owned vehicles by distance). */
    notCounted: z.array(
      z.object({
        category: z.string(),
        reason: z.enum(['distance_only', 'no_quantity', 'unit_not_convertible', 'no_fuel_property']),
        lines: z.number(),
        quantity: z.number().nullable(),
        unit: z.string().nullable(),
      }),
    ),
    /** Distance of owned vehicles recorded by distance, km (their energy is not counted). */
    vehicleDistanceKm: z.number(),
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
