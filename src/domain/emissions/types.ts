// Types of the emissions-calculation domain. Pure data: no I/O, runs in a browser and a Worker.
// Sources and conventions: shared/reference/emission-factors.md (copied with the CSV into
// db/reference/factors/). Numbers are kg CO2e, GWP100 AR5 unless a factor's `gwpBasis` says otherwise.

import type { UnitKey } from './units.ts';

export type { UnitKey } from './units.ts';

/**
 * GHG Protocol scope of one emission entry. Scope 2 is reported twice (location- and
 * market-based, GHG Protocol Scope 2 Guidance 2015, ch. 4); `outside_scopes` is the biogenic CO2
 * memo item of biofuel blends (DESNZ "Outside of scopes"), never added to any total.
 */
export type Scope = 'scope_1' | 'scope_2_location' | 'scope_2_market' | 'scope_3' | 'outside_scopes';

/** `AR5`: IPCC AR5 GWP100 (CH4 28, N2O 265). `AR4`: EPA Hub Table 9 (waste). `lifecycle`: Ember. */
export type GwpBasis = 'AR5' | 'AR4' | 'lifecycle';

export type CalorificBasis = 'gross' | 'net';

/** kg CO2e contributed by each gas (per unit in a factor, in total in an entry). */
export interface GasSplit {
  co2: number;
  ch4: number;
  n2o: number;
}

/** One versioned row of the factor library (CONVENTIONS.md §10). Never mutated. */
export interface EmissionFactor {
  /** Library id: `desnz25-1_100_1004_6_1` (DESNZ 2025, flat-file ID), `epa13-541611`,
   * `defrasic22-69.2`, or a curated CSV id (`uk25-elec-grid`, kept so stored results resolve). */
  id: string;
  /** The publisher's own row id (DESNZ flat-file ID, NAICS or SIC code) of publisher-built rows. */
  publisherId?: string;
  /** 'DESNZ 2025', 'DESNZ 2024', 'DESNZ 2026', 'EPA GHG Emission Factors Hub 2025',
   * 'eGRID2023 (EPA Hub 2025)', 'Ember 2024' or 'USEEIO v1.3'. */
  dataset: string;
  /** The factor set's year (CSV `year`): the reporting year it is meant for. */
  datasetYear: number;
  /** ISO 3166-1 alpha-2, 'EU' (EU-27), eGRID subregion 'US-CAMX', 'GB-LONDON' (DESNZ "UK
   * (London)", not an ISO code) or 'INTL' (DESNZ flights, valid for any departure country). */
  region: string;
  /** The CSV activity label, as published. */
  activity: string;
  /** Stable machine key that calculations look factors up by (factor-keys.ts). */
  activityKey: string;
  unit: UnitKey;
  kgCO2ePerUnit: number;
  /** Per-gas split in kg CO2e per unit, or null where the source publishes none. */
  gases: GasSplit | null;
  gwpBasis: GwpBasis;
  scope: Scope;
  /** GHG Protocol Scope 3 category 1..15 ("Cat 4/9" → 4: first listed), null outside scope 3. */
  scope3Category: number | null;
  /** The CSV `category` text (GHG Protocol category as the source names it). */
  ghgCategory: string;
  /** Flights and air freight: true = DESNZ "With RF" (CO2 × 1.7), false = without RF. */
  radiativeForcing?: boolean;
  /** Energy units of fuels: the calorific-value basis (EPA HHV = gross). */
  calorificBasis?: CalorificBasis;
  source: string;
  sourceUrl: string;
  notes: string;
}

/** The ledger's activity categories (db/schema/ledger.ts `activity_lines.category`). */
export type ActivityCategory =
  | 'electricity'
  | 'natural_gas'
  | 'heating_oil'
  | 'gas_oil'
  | 'diesel'
  | 'petrol'
  | 'lpg'
  | 'propane'
  | 'refrigerant'
  | 'district_heat'
  | 'steam'
  | 'owned_vehicle'
  | 'business_travel_car'
  | 'flight'
  | 'rail'
  | 'bus'
  | 'taxi'
  | 'hotel'
  | 'water'
  | 'waste'
  | 'purchased_goods'
  | 'freight'
  | 'homeworking';

/** Currencies the FX table can convert (fx.ts). Other ISO 4217 codes give `fx_rate_missing`. */
export type Currency = 'GBP' | 'EUR' | 'USD' | (string & {});

/** One ledger line to calculate. */
export interface ActivityInput {
  /** First day the activity covers, 'YYYY-MM-DD'. Its year picks the factor set. */
  date: string;
  /** Site country, ISO 3166-1 alpha-2 ('GB', 'US', 'DE'…); 'UK' is accepted as 'GB'. */
  country: string;
  /** Narrower region where the library has one: eGRID subregion 'US-CAMX', or 'GB-LONDON'. */
  subregion?: string;
  category: ActivityCategory;
  /** See activity-variants.ts and activity-plans.ts for each category's variants (flight 'long_haul_economy', waste
   * 'food_landfill', purchased_goods NAICS '541611', refrigerant 'R410A', hotel country 'DE'…). */
  variant?: string;
  /** Activity amount in `unit`; negative values (billing credits) give negative entries. */
  quantity?: number;
  unit?: UnitKey;
  /** Spend-based lines (purchased_goods): amount excluding VAT/sales tax, in `currency`. */
  spend?: number;
  currency?: Currency;
  /** kWh of fuels: gross (bills, EPA HHV) or net CV. Missing means gross, flagged. */
  calorificBasis?: CalorificBasis;
  /** Market-based Scope 2 evidence for electricity and heat. */
  market?: { supplierKgCO2ePerKWh?: number; instrument?: 'renewable_tariff' | 'certificate' };
  /** Flights and air freight: DESNZ "with RF" when true or missing (disclosed by a flag). */
  radiativeForcing?: boolean;
}

/**
 * Calculation flags, shown beside a figure and stored with it. Each says what was assumed.
 * - region_fallback: the factor is for another region than the site (parent region such as an
 *   eGRID subregion → 'US', an EU member → 'EU', a UK region → 'GB', or the activity's proxy
 *   region, e.g. DESNZ (GB) for a fuel burnt in Germany or a hotel country DESNZ leaves blank).
 * - activity_proxy: a neighbouring activity's factor (flight class → average passenger; London
 *   Underground → light rail/tram; commuter rail → national rail) as the exact one is missing.
 * - dataset_year_after_reporting_year: no factor set is dated on or before the reporting year,
 *   so the earliest later one was used.
 * - secondary_source: curated DESNZ 2026 rows quoted from a secondary source (md §2.1); the
 *   library now reads the 2026 full set, so calculations no longer choose them.
 * - lifecycle_basis: Ember grid intensity (lifecycle, incl. upstream), not combustion-only.
 * - gwp_basis_ar4: EPA waste factors (Hub Table 9) use AR4 GWPs, not AR5.
 * - co2_only / ch4_n2o_only: EPA mobile factors cover one part only (Hub Tables 2 and 3).
 * - radiative_forcing_included / radiative_forcing_excluded: air factor with/without RF uplift.
 * - market_based_supplier_factor / market_based_contractual_instrument: market-based Scope 2
 *   from the supplier's factor, or 0 for a renewable tariff / certificate.
 * - market_based_uses_location_factor: no supplier factor or instrument, and no residual mix in
 *   the library (AIB and Green-e are not loaded, md §2.5), so market = location-based figure.
 * - no_td_wtt_factor: electricity/heat outside the UK: no T&D or WTT factor in the library.
 * - no_wtt_factor: a fuel or travel line whose WTT (Scope 3 cat 3 / cat 6) factor is missing.
 * - outside_scopes_memo: biogenic CO2 memo entry; never part of any total.
 * - spend_converted_currency: spend converted to the factor's currency (USD or GBP) with an ECB
 *   annual average rate, crossed through EUR (fx.ts).
 * - spend_not_deflated: the spend is applied as if it were money of the factor's price year (2022)
 *   because the reference holds no price index for it (UK spend; US spend of a year without CPI-U),
 *   which overstates later years' spend.
 * - spend_deflated_cpi_u: USD of the spend's year deflated to 2022 USD with US CPI-U (EPA factors).
 * - spend_proxy_region: no spend factor set for the site's country; EPA's US factors are used.
 * - fx_rate_year_fallback: no FX rate for the spend's year; the nearest year's rate was used.
 * - fx_rate_missing: the currency has no FX rate: no entry.
 * - calorific_basis_assumed_gross: fuel kWh without a stated CV basis, treated as gross.
 * - phev_electricity_excluded: owned PHEV by distance covers fuel only (DESNZ note).
 * - no_factor: no factor for this activity and region: no entry (blank is not zero, md §4.12).
 */
export type Flag =
  | 'region_fallback'
  | 'activity_proxy'
  | 'dataset_year_after_reporting_year'
  | 'secondary_source'
  | 'lifecycle_basis'
  | 'gwp_basis_ar4'
  | 'co2_only'
  | 'ch4_n2o_only'
  | 'radiative_forcing_included'
  | 'radiative_forcing_excluded'
  | 'market_based_supplier_factor'
  | 'market_based_contractual_instrument'
  | 'market_based_uses_location_factor'
  | 'no_td_wtt_factor'
  | 'no_wtt_factor'
  | 'outside_scopes_memo'
  | 'spend_converted_currency'
  | 'spend_not_deflated'
  | 'spend_deflated_cpi_u'
  | 'spend_proxy_region'
  | 'fx_rate_year_fallback'
  | 'fx_rate_missing'
  | 'calorific_basis_assumed_gross'
  | 'phev_electricity_excluded'
  | 'no_factor';

/** One figure of a line: one scope, one factor. Full precision; round only for display. */
export interface EmissionEntry {
  scope: Scope;
  scope3Category: number | null;
  kgCO2e: number;
  /** Library factor id, or MARKET_SUPPLIER_FACTOR_ID / MARKET_INSTRUMENT_FACTOR_ID. */
  factorId: string;
  dataset: string;
  /** The activity converted to the factor's unit. */
  activityQuantity: number;
  activityUnit: UnitKey;
  /** The factor value applied, kg CO2e per `activityUnit`. */
  kgCO2ePerUnit: number;
  gases?: GasSplit;
  flags: readonly Flag[];
}

export interface LineResult {
  entries: EmissionEntry[];
  /** Every flag of the line: its own and those of its entries, each once. */
  flags: readonly Flag[];
}
