// The ledger's categories and the variants each accepts (for validation and for form choices),
// and the error a malformed line raises.

import type { ActivityCategory } from './types.ts';

/** The one list of ledger categories: the CSV import and the API contracts use it too. */
export const ACTIVITY_CATEGORIES = [
  'electricity',
  'natural_gas',
  'heating_oil',
  'gas_oil',
  'diesel',
  'petrol',
  'lpg',
  'propane',
  'refrigerant',
  'district_heat',
  'steam',
  'owned_vehicle',
  'business_travel_car',
  'flight',
  'rail',
  'bus',
  'taxi',
  'hotel',
  'water',
  'waste',
  'purchased_goods',
  'freight',
  'homeworking',
] as const satisfies readonly ActivityCategory[];

/** DESNZ owned-vehicle rows (per vehicle-km) and EPA Table 3 CH4+N2O rows (per vehicle-mile). */
export const OWNED_VEHICLE_VARIANTS: readonly string[] = [
  'car_small_diesel',
  'car_small_petrol',
  'car_medium_diesel',
  'car_medium_petrol',
  'car_medium_hybrid',
  'car_large_diesel',
  'car_large_petrol',
  'car_average_diesel',
  'car_average_petrol',
  'car_average_hybrid',
  'car_average_unknown',
  'car_average_phev',
  'car_average_bev',
  'van_average_diesel',
  'van_average_petrol',
  'hgv_average',
  'motorbike_average',
  'car_gasoline_my2022_ch4_n2o',
  'car_diesel_my2007_2022_ch4_n2o',
];

export const FLIGHT_HAULS = ['domestic', 'short_haul', 'long_haul', 'international'] as const;
export const FLIGHT_CLASSES = ['average', 'economy', 'premium_economy', 'business'] as const;

export const WASTE_VARIANTS: readonly string[] = [
  'commercial_industrial_landfill',
  'commercial_industrial_energy_recovery',
  'food_landfill',
  'food_anaerobic_digestion',
  'food_composting',
  'paper_recycling',
  'paper_landfill',
  'plastic_recycling',
  'plastic_landfill',
  'glass_recycling',
  'metal_recycling',
  'weee_recycling',
  'mixed_msw_landfill',
  'mixed_msw_combustion',
  'mixed_recyclables_recycling',
  'cardboard_recycling',
];

export const FREIGHT_VARIANTS: readonly string[] = ['road_hgv', 'road_van', 'rail', 'water', 'air'];

/** Refrigerant names as written on service records → key (DESNZ "Kyoto products only" rows). */
export const REFRIGERANTS: ReadonlyMap<string, string> = new Map([
  ['R410A', 'refrigerant_r410a'],
  ['R32', 'refrigerant_r32'],
  ['HFC32', 'refrigerant_r32'],
  ['R134A', 'refrigerant_r134a'],
  ['HFC134A', 'refrigerant_r134a'],
  ['R404A', 'refrigerant_r404a'],
]);

/** The variant does not exist for the category, or a category needs one and none was given. */
export class ActivityInputError extends Error {
  override readonly name = 'ActivityInputError';
  constructor(
    readonly code:
      | 'unknown_category'
      | 'unknown_variant'
      | 'invalid_date'
      | 'invalid_country'
      | 'invalid_quantity'
      | 'invalid_unit'
      | 'invalid_spend'
      | 'invalid_market',
    message: string,
  ) {
    super(message);
  }
}
