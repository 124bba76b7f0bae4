// The shape of a jurisdiction rule pack (docs/decisions/010-esg-rule-packs.md): versioned, dated
// data that lists what a company must disclose, where each item maps in the framework, and which
// indicators the ledger can answer. Packs live in ./rule-packs/, one file per jurisdiction.
import type { Jurisdiction } from '../contracts/auth.ts';

export type EsgSection = 'environmental' | 'social' | 'governance';

export interface Source {
  title: string;
  url: string;
}

/** A dated fact about the regime, shown under its info panel ("Current status"). */
export interface StatusLine {
  /** `YYYY-MM-DD`: the date the statement was last checked against its sources. */
  asOf: string;
  text: string;
  sources: Source[];
}

/** Where an indicator lands in the framework. */
export type IndicatorMapping =
  /** VSME (EFRAG taxonomy 2026-05-01): disclosure B1–B11 / C1–C9 and the concept local names. */
  | { kind: 'vsme'; disclosure: string; concepts: string[] }
  /** SECR (Companies (Directors' Report) and LLP (Energy and Carbon Report) Regulations 2018). */
  | { kind: 'secr'; item: string }
  /** SEC / California: the rule paragraph or IFRS S2 / TCFD item it corresponds to. */
  | { kind: 'sec'; item: string };

/**
 * Figures the product can compute for the reporting year. The server resolves each from the
 * ledger (and the company's workforce and financial records) and fills indicators that name it.
 */
export type AutoFillSource =
  | 'scope_1_t'
  | 'scope_2_location_t'
  | 'scope_2_market_t'
  | 'scope_1_2_location_t'
  | 'scope_3_t'
  | 'energy_mwh'
  | 'energy_kwh'
  | 'energy_kwh_gas'
  | 'energy_kwh_electricity'
  | 'energy_kwh_transport'
  /** VSME B3 breakdown: electricity, and fuels burnt (stationary and transport), MWh. */
  | 'energy_mwh_electricity'
  | 'energy_mwh_fuels'
  | 'renewable_share_percent'
  | 'water_m3'
  | 'waste_t'
  | 'waste_recycled_t'
  | 'intensity_per_revenue'
  | 'intensity_per_employee'
  /** Scope 1 + location-based Scope 2 (no Scope 3) per million of turnover / per employee: SECR's ratio. */
  | 'intensity_scope_1_2_per_revenue'
  | 'intensity_scope_1_2_per_employee'
  | 'prior_year_scope_1_2_t'
  | 'prior_year_energy_kwh'
  | 'female_share_percent'
  | 'training_hours_per_employee';

/**
 * The geography an auto-filled figure covers (decision 010, amendment 1). Omitted: every site of the
 * company (VSME and SEC/California report the whole undertaking). 'GB': only sites whose country
 * is GB (or 'UK'), for SECR's "UK energy use" and the related Scope 1 and 2 emissions that an
 * unquoted company or LLP reports (SI 2018/1155; shared/reference/regulation.md §3b). A separate
 * field rather than extra AutoFillSource members ('uk_energy_kwh_gas'…) keeps "what" and "where"
 * independent: every figure exists for every region without doubling the list.
 */
export type AutoFillRegion = 'GB';

export interface IndicatorDefinition {
  /** snake_case key, unique in the pack (spec §3 keys keep their names). */
  key: string;
  section: EsgSection;
  /** Short title; the UI falls back to the humanised key. */
  title: string;
  description: string;
  required: boolean;
  /** Unit of the answer, e.g. 'tCO2e', 'MWh', '%', or null for text answers. */
  unit: string | null;
  /** Badge text, e.g. 'Emissions', 'Energy', 'Workforce', 'Policy'. */
  category: string;
  /** CSRD/VSME only: Basic module (default) or the optional Comprehensive module. */
  module?: 'basic' | 'comprehensive';
  mapping: IndicatorMapping;
  autoFill?: AutoFillSource;
  /** Where `autoFill` is counted; omitted = all sites. Only meaningful with `autoFill`. */
  autoFillRegion?: AutoFillRegion;
}

export interface RulePack {
  jurisdiction: Jurisdiction;
  /** e.g. 'csrd-vsme'. */
  id: string;
  /** Semantic version of this file's content; bump on any change to the indicator list. */
  version: string;
  /** `YYYY-MM-DD`: when the pack was last checked against its sources. */
  asOf: string;
  /** e.g. 'EU CSRD / VSME'. */
  title: string;
  /** The standard the checklist follows, e.g. 'VSME Basic module (Recommendation (EU) 2025/1710)'. */
  framework: string;
  currentStatus: StatusLine[];
  sources: Source[];
  indicators: IndicatorDefinition[];
}

/**
 * A pack without its indicators: what the wizard's first step shows (label, as-of date, sources,
 * current status). Lives in ./rule-packs/*-status.ts so the browser can load it alone.
 */
export type RulePackStatus = Omit<RulePack, 'indicators'>;
