// What each ledger category and variant calculates: which factor keys, which extra Scope 3 and
// memo entries, which regions. Keys are factor-keys.ts activity keys.

import {
  ACTIVITY_CATEGORIES,
  ActivityInputError,
  FLIGHT_CLASSES,
  FLIGHT_HAULS,
  FREIGHT_VARIANTS,
  OWNED_VEHICLE_VARIANTS,
  REFRIGERANTS,
  WASTE_VARIANTS,
} from './activity-variants.ts';
import { refrigerantKeyOf } from './desnz-factors.ts';
import { DESNZ_REFRIGERANT_NAMES, DESNZ_WASTE_VARIANTS } from './desnz-variants.ts';
import { EPA_PRICE_YEAR } from './fx.ts';
import { SPEND_CATEGORY_FACTORS } from './spend-category-factors.ts';
import { sicKeyOf } from './spend-factors.ts';
import type { ActivityCategory, Flag, Scope } from './types.ts';

export { ActivityInputError } from './activity-variants.ts';

export interface EntryPlan {
  /** Activity keys, tried in order within each region (equivalents, not proxies). */
  keys: readonly string[];
  /** Neighbouring activities, tried after `keys` in the same region; flagged activity_proxy. */
  proxyKeys: readonly string[];
  /** primary: the line's main figure (required: none → no_factor). secondary: WTT/T&D, looked
   * up in the primary factor's region only. memo: outside-of-scopes biogenic CO2, same rule. */
  role: 'primary' | 'secondary' | 'memo';
  /** Flag for a secondary entry that has no factor. */
  missingFlag?: Flag;
  /** Report under this scope/category instead of the factor's (see business_travel_car). */
  scope?: Scope;
  scope3Category?: number;
}

export interface ActivityPlan {
  entries: readonly EntryPlan[];
  /** Scope 2 lines: also produce the market-based figure. */
  marketBased: boolean;
  /** Which input field is the region: the site's subregion (grid), country, or the variant (hotel). */
  regionSource: 'subregion' | 'country' | 'variant';
  /** Regions tried after the site's chain (always flagged region_fallback). */
  proxyRegions: readonly string[];
  /** The factor is a physical constant (refrigerant GWP): no region_fallback flag. */
  regionIndependent: boolean;
  usesCalorificBasis: boolean;
  usesRadiativeForcing: boolean;
  spendBased: boolean;
  /** Spend lines: the factor set's currency and price year, and the plan to use instead at a UK
   * site when the category has a Defra SIC row (spend-category-factors.ts). */
  spend?: SpendPlan;
  /** Flags every line of this plan carries. */
  lineFlags: readonly Flag[];
}

export interface SpendPlan {
  /** ISO 4217 code the factor is per unit of. */
  currency: 'USD' | 'GBP';
  /** Deflate with US CPI-U to this price year (EPA), or null when no index exists (Defra SIC). */
  deflateToYear: number | null;
  /** Defra SIC plan for UK sites (spend categories only). */
  uk?: ActivityPlan;
}

/** Our default (not a DESNZ or EPA rule) where the library has no fuel, travel, waste or water
 * factor for the country: DESNZ, then the EPA Hub, always flagged region_fallback. Combustion
 * factors depend mostly on the fuel, but DESNZ forecourt fuels carry the UK biofuel blend and
 * travel/waste factors reflect UK fleets and practice: a proxy, disclosed as such. */
const DEFAULT_PROXIES: readonly string[] = ['GB', 'US'];

const primary = (keys: readonly string[], proxyKeys: readonly string[] = []): EntryPlan => ({
  keys,
  proxyKeys,
  role: 'primary',
});
const wtt = (key: string, proxyKeys: readonly string[] = []): EntryPlan => ({
  keys: [key],
  proxyKeys,
  role: 'secondary',
  missingFlag: 'no_wtt_factor',
});
const memo = (key: string): EntryPlan => ({ keys: [key], proxyKeys: [], role: 'memo' });

function plan(entries: readonly EntryPlan[], overrides: Partial<ActivityPlan> = {}): ActivityPlan {
  return {
    entries,
    marketBased: false,
    regionSource: 'country',
    proxyRegions: DEFAULT_PROXIES,
    regionIndependent: false,
    usesCalorificBasis: false,
    usesRadiativeForcing: false,
    spendBased: false,
    lineFlags: [],
    ...overrides,
  };
}

/** Electricity: grid (Scope 2) + T&D and WTT (Scope 3 cat 3, DESNZ only; md §4.4). No proxy
 * region: a grid factor of another country would be wrong, so no factor → no_factor. */
const td = (key: string): EntryPlan => ({
  keys: [key],
  proxyKeys: [],
  role: 'secondary',
  missingFlag: 'no_td_wtt_factor',
});
const ELECTRICITY = plan(
  [
    primary(['electricity_grid']),
    td('electricity_td_losses'),
    td('electricity_wtt_generation'),
    td('electricity_wtt_td_losses'),
  ],
  { marketBased: true, regionSource: 'subregion', proxyRegions: [] },
);
/** Heat and steam: DESNZ publishes heat WTT and distribution losses, but they are not loaded. */
const HEAT = plan([primary(['district_heat_steam'])], { marketBased: true, lineFlags: ['no_td_wtt_factor'] });

const FUEL = { usesCalorificBasis: true } as const;
const diesel = (keys: readonly string[]) =>
  plan([primary(keys), wtt('diesel_wtt'), memo('diesel_biogenic_co2')], FUEL);

const FIXED: ReadonlyMap<string, ActivityPlan> = new Map([
  ['electricity|', ELECTRICITY],
  ['district_heat|', HEAT],
  ['steam|', HEAT],
  ['natural_gas|', plan([primary(['natural_gas']), wtt('natural_gas_wtt')], FUEL)],
  ['heating_oil|', plan([primary(['burning_oil']), wtt('burning_oil_wtt')], FUEL)],
  ['heating_oil|kerosene', plan([primary(['burning_oil']), wtt('burning_oil_wtt')], FUEL)],
  // US No. 2 heating oil (EPA Hub Table 1 "Distillate Fuel Oil No. 2").
  ['heating_oil|distillate_no2', plan([primary(['distillate_fuel_oil_no2']), wtt('gas_oil_wtt')], FUEL)],
  // Gas oil (red diesel) is a No. 2 distillate: the EPA row serves US sites.
  ['gas_oil|', plan([primary(['gas_oil', 'distillate_fuel_oil_no2']), wtt('gas_oil_wtt')], FUEL)],
  // Forecourt diesel; DESNZ fuel factors are per litre burnt whatever the use, so stationary
  // diesel outside the US (EPA stationary distillate row) takes the same DESNZ row.
  ['diesel|', diesel(['diesel'])],
  ['diesel|mobile', diesel(['diesel'])],
  ['diesel|stationary', diesel(['distillate_fuel_oil_no2', 'diesel'])],
  ['petrol|', plan([primary(['petrol']), wtt('petrol_wtt'), memo('petrol_biogenic_co2')], FUEL)],
  ['lpg|', plan([primary(['lpg']), wtt('lpg_wtt')], FUEL)],
  ['propane|', plan([primary(['propane']), wtt('propane_wtt')], FUEL)],
  ['taxi|', plan([primary(['taxi'])])],
  ['bus|', plan([primary(['bus_local'])])],
  ['bus|local', plan([primary(['bus_local'])])],
  ['bus|coach', plan([primary(['bus_coach'])])],
  ['rail|', plan([primary(['rail_national']), wtt('rail_national_wtt')])],
  ['rail|national', plan([primary(['rail_national']), wtt('rail_national_wtt')])],
  ['rail|international', plan([primary(['rail_international'])])],
  ['rail|light_rail_tram', plan([primary(['rail_light_rail_tram'])])],
  // EPA "Transit Rail (i.e. Subway, Tram)" is the US stand-in for an underground.
  ['rail|underground', plan([primary(['rail_underground'], ['rail_light_rail_tram'])])],
  ['rail|commuter', plan([primary(['rail_commuter'], ['rail_national'])])],
  ['water|', plan([primary(['water_supply']), primary(['water_treatment'])])],
  ['water|supply_and_treatment', plan([primary(['water_supply']), primary(['water_treatment'])])],
  ['water|supply', plan([primary(['water_supply'])])],
  ['water|treatment', plan([primary(['water_treatment'])])],
  ['homeworking|', plan([primary(['homeworking'])])],
  ['hotel|', plan([primary(['hotel_stay'])], { regionSource: 'variant', proxyRegions: ['GB'] })],
  [
    'business_travel_car|',
    plan([primary(['business_travel_car_average']), wtt('business_travel_car_average_wtt')]),
  ],
  [
    'business_travel_car|average',
    plan([primary(['business_travel_car_average']), wtt('business_travel_car_average_wtt')]),
  ],
  ['business_travel_car|average_bev', plan([primary(['business_travel_car_average_bev'])])],
  ['business_travel_car|average_phev', plan([primary(['business_travel_car_average_phev'])])],
  ['business_travel_car|light_truck', plan([primary(['business_travel_light_truck'])])],
  ['business_travel_car|motorcycle', plan([primary(['business_travel_motorcycle'])])],
]);

/** DESNZ note on every ICE car row: "Same value applies in Scope 3 business travel for ICE cars". */
const SIZED_ICE_CARS = OWNED_VEHICLE_VARIANTS.filter((v) =>
  /^car_(small|medium|large|average)_(diesel|petrol|hybrid)$/.test(v),
);

function ownedVehiclePlan(variant: string): ActivityPlan | undefined {
  if (!OWNED_VEHICLE_VARIANTS.includes(variant)) return undefined;
  // Owned BEV: Scope 1 = 0; charging is Scope 2 (md §4.9), per km on the UK grid.
  if (variant === 'car_average_bev') {
    return plan([primary(['car_average_bev_electricity'])], {
      marketBased: true,
      lineFlags: ['no_td_wtt_factor'],
    });
  }
  // DESNZ: "PHEV: Scope 1 fuel part only; add Scope 2 EV electricity row" (not in the library).
  if (variant === 'car_average_phev')
    return plan([primary([variant])], { lineFlags: ['phev_electricity_excluded'] });
  // EPA CH4+N2O rows complete a fuel line's CO2 (Hub Table 2); no WTT expected.
  if (variant.endsWith('_ch4_n2o')) return plan([primary([variant])]);
  // No per-km WTT for owned vehicles in the library: prefer fuel litres, which carry WTT.
  return plan([primary([variant]), wtt(`${variant}_wtt`)]);
}

/**
 * Flights: variant `${haul}_${class}` (DESNZ bands: domestic, short_haul = Europe and North Africa,
 * long_haul, international = not touching the UK; set by the destination, DESNZ "Haul definition"
 * tab) or 'us_short_haul' | 'us_medium_haul' | 'us_long_haul' (EPA: < 300, 300-2,300, ≥ 2,300 mi).
 * Quantity is great-circle passenger distance: DESNZ factors already include the 8% uplift (md §4.5).
 */
function flightPlan(variant: string): ActivityPlan | undefined {
  const us = /^us_(short|medium|long)_haul$/.exec(variant);
  if (us)
    return plan([primary([`flight_${variant}`]), wtt(`flight_${variant}_wtt`)], {
      usesRadiativeForcing: true,
    });
  const haul = FLIGHT_HAULS.find((h) => variant === h || variant.startsWith(`${h}_`));
  if (haul === undefined) return undefined;
  const cabin = variant === haul ? 'average' : variant.slice(haul.length + 1);
  if (!(FLIGHT_CLASSES as readonly string[]).includes(cabin)) return undefined;
  const key = `flight_${haul}_${cabin}`;
  // A class DESNZ publishes for another haul only (domestic business…) → the haul's average.
  const proxy = cabin === 'average' ? [] : [`flight_${haul}_average`];
  return plan(
    [
      primary([key], proxy),
      wtt(
        `${key}_wtt`,
        proxy.map((k) => `${k}_wtt`),
      ),
    ],
    {
      usesRadiativeForcing: true,
    },
  );
}

function variablePlan(category: ActivityCategory, variant: string): ActivityPlan | undefined {
  switch (category) {
    case 'owned_vehicle':
      return ownedVehiclePlan(variant);
    case 'business_travel_car':
      return SIZED_ICE_CARS.includes(`car_${variant}`)
        ? plan([{ ...primary([`car_${variant}`]), scope: 'scope_3', scope3Category: 6 }])
        : undefined;
    case 'flight':
      return flightPlan(variant);
    case 'waste':
      return WASTE_VARIANTS.includes(variant) || DESNZ_WASTE_VARIANTS.includes(variant)
        ? plan([primary([`waste_${variant}`])])
        : undefined;
    case 'freight':
      return FREIGHT_VARIANTS.includes(variant)
        ? plan([primary([`freight_${variant}`])], { usesRadiativeForcing: variant === 'air' })
        : undefined;
    case 'refrigerant': {
      // Quantity is the mass leaked or topped up, never the system charge (md §4.13).
      const key =
        REFRIGERANTS.get(variant.toUpperCase().replace(/[\s-]/g, '')) ?? desnzRefrigerantKey(variant);
      return key === undefined ? undefined : plan([primary([key])], { regionIndependent: true });
    }
    case 'purchased_goods':
      return spendPlan(variant);
    case 'hotel':
      // The variant is the hotel's country (ISO alpha-2) or 'GB-LONDON'.
      return /^[A-Za-z]{2}(-[A-Za-z]+)?$/.test(variant) ? FIXED.get('hotel|') : undefined;
    default:
      return undefined;
  }
}

/** Every DESNZ refrigerant (Kyoto products only) by its name as written on a service record. */
const DESNZ_REFRIGERANT_KEYS: ReadonlyMap<string, string> = new Map(
  DESNZ_REFRIGERANT_NAMES.map((name) => [name.toUpperCase().replace(/[\s-]/g, ''), refrigerantKeyOf(name)]),
);
function desnzRefrigerantKey(variant: string): string | undefined {
  return DESNZ_REFRIGERANT_KEYS.get(variant.toUpperCase().replace(/[\s-]/g, ''));
}

/** EPA v1.3 (2022 USD, deflated with CPI-U); a proxy outside the US (md §4.11, flagged). */
const EPA_SPEND: SpendPlan = { currency: 'USD', deflateToYear: EPA_PRICE_YEAR };

/**
 * Spend lines: a six-digit NAICS code (EPA everywhere, as before), or a spend category: at a UK
 * site its Defra SIC row in GBP, elsewhere its EPA NAICS row in USD (spend-category-factors.ts).
 */
function spendPlan(variant: string): ActivityPlan | undefined {
  if (/^\d{6}$/.test(variant)) {
    return plan([primary([`spend_naics_${variant}`])], {
      spendBased: true,
      proxyRegions: ['US'],
      spend: EPA_SPEND,
    });
  }
  const mapping = (
    SPEND_CATEGORY_FACTORS as Record<
      string,
      (typeof SPEND_CATEGORY_FACTORS)[keyof typeof SPEND_CATEGORY_FACTORS]
    >
  )[variant];
  if (mapping === undefined) return undefined;
  const entry = { scope: 'scope_3' as const, scope3Category: mapping.scope3Category };
  const uk = plan([{ ...primary([sicKeyOf(mapping.sic)]), ...entry }], {
    spendBased: true,
    proxyRegions: [],
    spend: { currency: 'GBP', deflateToYear: null },
  });
  return plan([{ ...primary([`spend_naics_${mapping.naics}`]), ...entry }], {
    spendBased: true,
    proxyRegions: ['US'],
    spend: { ...EPA_SPEND, uk },
  });
}

const cache = new Map<string, ActivityPlan>();

/** The plan of a category and variant. Throws ActivityInputError for an unknown pair. */
export function planFor(category: ActivityCategory, variant: string | undefined): ActivityPlan {
  const key = `${category}|${variant ?? ''}`;
  const known = FIXED.get(key) ?? cache.get(key);
  if (known !== undefined) return known;
  if (!ACTIVITY_CATEGORIES.includes(category)) {
    throw new ActivityInputError('unknown_category', `Unknown activity category "${category}"`);
  }
  const built = variant === undefined ? undefined : variablePlan(category, variant);
  if (built === undefined) {
    throw new ActivityInputError(
      'unknown_variant',
      variant === undefined ? `${category} needs a variant` : `Unknown ${category} variant "${variant}"`,
    );
  }
  cache.set(key, built);
  return built;
}
