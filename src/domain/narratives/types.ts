// The facts pack: everything a narrative writer may say about one company and reporting year, and
// nothing else (issue: "the facts pack only ever contains the caller's company"). Built by the pure
// `buildFactsPack` (facts.ts) from what the server's services return; read by the prompt builders,
// the offline writer and the number check.
import type { EsgProgressResponse } from '../contracts/esg-wizard.ts';
import type { KpiMetrics } from '../contracts/kpi.ts';
import type { NarrativeFramework, NarrativeSection } from '../contracts/narratives.ts';

/** What the server gathers for a company and year (all of it the caller's own company's). */
export interface FactsInput {
  companyName: string;
  jurisdiction: 'CSRD' | 'SECR' | 'SEC';
  year: number;
  sites: { name: string; country: string }[];
  /** GET /api/metrics for the year (null when the company has no figures at all). */
  metrics: KpiMetrics | null;
  /** The same for year − 1, for year-on-year change and prior-year figures. */
  previousMetrics: KpiMetrics | null;
  /** The checklist of the company's jurisdiction for that year (null before initialisation). */
  checklist: EsgProgressResponse | null;
  /** Carbon credits bought for the year (reported apart from emissions), or null. */
  offsets: { purchasedTonnes: number; retiredTonnes: number } | null;
}

/** One number the text may quote, with its unit and what it is. */
export interface NumericFact {
  /** e.g. 'scope1', 'energy.totalMWh', 'checklist.training_hours'. */
  id: string;
  label: string;
  value: number;
  unit: string;
}

export interface FactsPack {
  companyName: string;
  jurisdiction: 'CSRD' | 'SECR' | 'SEC';
  year: number;
  sites: { name: string; country: string }[];
  /** Structured sections the writers read (see facts.ts for the exact fields). */
  emissions: {
    scope1: number;
    scope2Location: number;
    scope2Market: number;
    /** tCO2e of market-based scope 2 estimated from the location-based grid factor (no contract,
     * no supplier factor, no residual mix; decision 048). */
    scope2MarketLocationProxy: number;
    scope3: number;
    /** Scope 1 + location-based Scope 2: SECR's headline figure. */
    scope1And2Location: number;
    total: number;
    scope3ByCategory: { category: number; name: string; tCO2e: number }[];
    datasets: string[];
    previousTotal: number | null;
    changePercent: number | null;
    intensityPerRevenue: { value: number; unit: string } | null;
    intensityPerEmployee: { value: number; unit: string } | null;
  } | null;
  energy: {
    totalMWh: number;
    /** Renewable share of TOTAL energy (decision 048). */
    renewableSharePercent: number | null;
    /** Renewable share of electricity. */
    renewableShareOfElectricityPercent: number | null;
    mix: { carrier: string; mwh: number }[];
  } | null;
  waterM3: number | null;
  workforce: {
    headcount: number;
    femaleSharePercent: number | null;
    leadershipFemaleSharePercent: number | null;
    trainingHoursPerEmployee: number | null;
  } | null;
  target: { baseYear: number; targetYear: number; reductionPercent: number; coverage: string } | null;
  checklist: {
    overallProgress: number;
    answers: { indicator: string; title: string; section: string; value: string; origin: string }[];
    /** `section` (environmental, social, governance) lets a section's draft name its own open items. */
    missingRequired: { indicator: string; title: string; section?: string }[];
  } | null;
  offsets: { purchasedTonnes: number; retiredTonnes: number } | null;
  /** Plain phrases for data the pack lacks, e.g. 'water use', 'workforce figures'. */
  missing: string[];
  /** Every number above, flattened, for the number check. */
  numbers: NumericFact[];
}

/** A prompt for an OpenAI-compatible chat model. */
export interface NarrativePrompt {
  system: string;
  user: string;
}

export interface NarrativeRequest {
  section: NarrativeSection;
  framework: NarrativeFramework;
  facts: FactsPack;
}
