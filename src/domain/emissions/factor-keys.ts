// Which machine activity key each CSV row answers to. A new CSV row must be mapped here on
// purpose: parseFactorCsv rejects an id it cannot map, so no row enters the library unreviewed.
// The same key in two regions means "the same activity", chosen by region (factor-choice.ts).

/** Keys for ids that follow a pattern. */
function patternKey(id: string): string | undefined {
  if (id.startsWith('us25-egrid-') || id.startsWith('ember24-grid-')) return 'electricity_grid';
  if (id.startsWith('uk25-hotel-')) return 'hotel_stay';
  // USEEIO v1.3 by NAICS-6: one key per commodity code.
  const naics = /^useeio13-(\d{6})$/.exec(id);
  if (naics) return `spend_naics_${naics[1]}`;
  // DESNZ flights: uk25-air-{haul}-{class}-{rf|norf|wtt}.
  const air = /^uk25-air-(dom|sh|lh|intl)-(avg|eco|prem|bus)-(rf|norf|wtt)$/.exec(id);
  if (air) {
    const haul = { dom: 'domestic', sh: 'short_haul', lh: 'long_haul', intl: 'international' }[air[1]!];
    const cabin = { avg: 'average', eco: 'economy', prem: 'premium_economy', bus: 'business' }[air[2]!];
    return `flight_${haul}_${cabin}${air[3] === 'wtt' ? '_wtt' : ''}`;
  }
  return undefined;
}

const EXPLICIT_KEYS: ReadonlyMap<string, string> = new Map([
  // Stationary and mobile fuels (DESNZ 2025/2026, EPA Hub Tables 1-2).
  ['uk25-ng-kwh-gross', 'natural_gas'],
  ['uk25-ng-kwh-net', 'natural_gas'],
  ['uk25-ng-m3', 'natural_gas'],
  ['uk26-ng-kwh-gross', 'natural_gas'],
  ['uk26-ng-kwh-net', 'natural_gas'],
  ['us25-ng-scf', 'natural_gas'],
  ['us25-ng-mmbtu', 'natural_gas'],
  ['us25-ng-therm', 'natural_gas'],
  ['uk25-lpg-l', 'lpg'],
  ['us25-lpg-gal', 'lpg'],
  ['uk25-kerosene-l', 'burning_oil'],
  ['us25-kerosene-gal', 'burning_oil'],
  ['uk25-gasoil-l', 'gas_oil'],
  ['uk25-diesel-l', 'diesel'],
  ['uk26-diesel-l', 'diesel'],
  ['us25-diesel-mobile-gal', 'diesel'],
  ['us25-diesel-stat-gal', 'distillate_fuel_oil_no2'],
  ['us25-diesel-stat-gal-l', 'distillate_fuel_oil_no2'],
  ['uk25-petrol-l', 'petrol'],
  ['us25-gasoline-mobile-gal', 'petrol'],
  ['us25-propane-gal', 'propane'],
  ['us25-propane-gal-l', 'propane'],
  // Owned vehicles per vehicle-km (DESNZ) and EPA CH4+N2O per vehicle-mile (Hub Table 3).
  ['uk25-car-small-diesel-km', 'car_small_diesel'],
  ['uk25-car-small-petrol-km', 'car_small_petrol'],
  ['uk25-car-medium-diesel-km', 'car_medium_diesel'],
  ['uk25-car-medium-petrol-km', 'car_medium_petrol'],
  ['uk25-car-medium-hybrid-km', 'car_medium_hybrid'],
  ['uk25-car-large-diesel-km', 'car_large_diesel'],
  ['uk25-car-large-petrol-km', 'car_large_petrol'],
  ['uk25-car-average-diesel-km', 'car_average_diesel'],
  ['uk25-car-average-petrol-km', 'car_average_petrol'],
  ['uk25-car-average-hybrid-km', 'car_average_hybrid'],
  ['uk25-car-average-unknown-km', 'car_average_unknown'],
  ['uk25-car-average-phev-km', 'car_average_phev'],
  ['uk25-car-avg-bev-s2-km', 'car_average_bev_electricity'],
  ['uk25-van-avg-diesel-km', 'van_average_diesel'],
  ['uk25-van-avg-petrol-km', 'van_average_petrol'],
  ['uk25-hgv-all-avg-km', 'hgv_average'],
  ['uk25-motorbike-avg-km', 'motorbike_average'],
  ['us25-gasoline-car-my2022-ch4n2o', 'car_gasoline_my2022_ch4_n2o'],
  ['us25-diesel-car-my2007-2022-ch4n2o', 'car_diesel_my2007_2022_ch4_n2o'],
  // Refrigerants (DESNZ "Kyoto products only" = AR5 GWP of the blend).
  ['uk25-ref-r410a', 'refrigerant_r410a'],
  ['uk25-ref-hfc-32', 'refrigerant_r32'],
  ['uk25-ref-hfc-134a', 'refrigerant_r134a'],
  ['uk25-ref-r404a', 'refrigerant_r404a'],
  // Electricity and heat.
  ['uk25-elec-grid', 'electricity_grid'],
  ['uk26-elec-grid', 'electricity_grid'],
  ['uk25-heat-district', 'district_heat_steam'],
  ['us25-steam-mmbtu', 'district_heat_steam'],
  ['uk25-elec-td', 'electricity_td_losses'],
  ['uk25-elec-wtt-gen', 'electricity_wtt_generation'],
  ['uk25-elec-wtt-td', 'electricity_wtt_td_losses'],
  // Well-to-tank (Scope 3 cat 3).
  ['uk25-ng-kwh-wtt', 'natural_gas_wtt'],
  ['uk25-ng-m3-wtt', 'natural_gas_wtt'],
  ['uk25-diesel-l-wtt', 'diesel_wtt'],
  ['uk25-petrol-l-wtt', 'petrol_wtt'],
  ['uk25-lpg-l-wtt', 'lpg_wtt'],
  ['uk25-kerosene-l-wtt', 'burning_oil_wtt'],
  ['uk25-gasoil-l-wtt', 'gas_oil_wtt'],
  // Biogenic CO2 of forecourt biofuel blends (outside of scopes, memo).
  ['uk25-oos-diesel-l', 'diesel_biogenic_co2'],
  ['uk25-oos-petrol-l', 'petrol_biogenic_co2'],
  // EPA air travel by distance band (Hub Table 10, no RF).
  ['us25-bt-air-short-pmile', 'flight_us_short_haul'],
  ['us25-bt-air-medium-pmile', 'flight_us_medium_haul'],
  ['us25-bt-air-long-pmile', 'flight_us_long_haul'],
  // Business travel on land (DESNZ per vehicle-km / passenger-km; EPA per vehicle/passenger-mile).
  ['uk25-bt-car-avg-unknown-km', 'business_travel_car_average'],
  ['us25-bt-car-vmile', 'business_travel_car_average'],
  ['uk25-bt-car-avg-bev-km', 'business_travel_car_average_bev'],
  ['uk25-bt-car-avg-phev-km', 'business_travel_car_average_phev'],
  ['uk25-bt-car-avg-unknown-km-wtt', 'business_travel_car_average_wtt'],
  ['us25-bt-ldt-vmile', 'business_travel_light_truck'],
  ['us25-bt-motorcycle-vmile', 'business_travel_motorcycle'],
  ['uk25-bt-taxi-pkm', 'taxi'],
  ['uk25-bt-bus-pkm', 'bus_local'],
  ['us25-bt-bus-pmile', 'bus_local'],
  ['uk25-bt-coach-pkm', 'bus_coach'],
  ['uk25-bt-rail-national-pkm', 'rail_national'],
  ['us25-bt-rail-intercity-pmile', 'rail_national'],
  ['uk25-bt-rail-national-pkm-wtt', 'rail_national_wtt'],
  ['uk25-bt-rail-intl-pkm', 'rail_international'],
  ['uk25-bt-tram-pkm', 'rail_light_rail_tram'],
  ['us25-bt-rail-transit-pmile', 'rail_light_rail_tram'],
  ['uk25-bt-tube-pkm', 'rail_underground'],
  ['us25-bt-rail-commuter-pmile', 'rail_commuter'],
  // Water, homeworking.
  ['uk25-water-supply', 'water_supply'],
  ['uk25-water-treatment', 'water_treatment'],
  ['uk25-homeworking-fte-h', 'homeworking'],
  // Waste by material and route (DESNZ per tonne; EPA WARM-based per short ton, AR4).
  ['uk25-waste-ci-landfill', 'waste_commercial_industrial_landfill'],
  ['uk25-waste-ci-efw', 'waste_commercial_industrial_energy_recovery'],
  ['uk25-waste-food-landfill', 'waste_food_landfill'],
  ['uk25-waste-food-ad', 'waste_food_anaerobic_digestion'],
  ['uk25-waste-food-compost', 'waste_food_composting'],
  ['uk25-waste-paper-recycle', 'waste_paper_recycling'],
  ['uk25-waste-paper-landfill', 'waste_paper_landfill'],
  ['uk25-waste-plastic-recycle', 'waste_plastic_recycling'],
  ['uk25-waste-plastic-landfill', 'waste_plastic_landfill'],
  ['uk25-waste-glass-recycle', 'waste_glass_recycling'],
  ['uk25-waste-metal-recycle', 'waste_metal_recycling'],
  ['uk25-waste-weee-recycle', 'waste_weee_recycling'],
  ['us25-waste-msw-landfill', 'waste_mixed_msw_landfill'],
  ['us25-waste-msw-combusted', 'waste_mixed_msw_combustion'],
  ['us25-waste-recyclables-recycled', 'waste_mixed_recyclables_recycling'],
  ['us25-waste-food-landfill', 'waste_food_landfill'],
  ['us25-waste-food-composted', 'waste_food_composting'],
  ['us25-waste-cardboard-recycled', 'waste_cardboard_recycling'],
  ['us25-waste-plastics-recycled', 'waste_plastic_recycling'],
  // Freight (DESNZ per tonne-km; EPA Hub Table 8 per short ton-mile or vehicle-mile).
  ['uk25-freight-hgv-avg-tkm', 'freight_road_hgv'],
  ['us25-t8-truck-tonmile', 'freight_road_hgv'],
  ['us25-t8-truck-vmile', 'freight_road_hgv'],
  ['uk25-freight-van-avg-diesel-tkm', 'freight_road_van'],
  ['uk25-freight-rail-tkm', 'freight_rail'],
  ['us25-t8-rail-tonmile', 'freight_rail'],
  ['uk25-freight-ship-container-avg-tkm', 'freight_water'],
  ['us25-t8-water-tonmile', 'freight_water'],
  ['uk25-freight-air-lh-rf-tkm', 'freight_air'],
  ['us25-t8-air-tonmile', 'freight_air'],
]);

/** Activity key of a CSV id, or undefined when the id is not mapped. */
export function activityKeyOf(id: string): string | undefined {
  return EXPLICIT_KEYS.get(id) ?? patternKey(id);
}

/** RF basis of air factors: DESNZ '-rf' rows and the DESNZ air-freight row include RF; EPA air
 * (Hub Tables 8 and 10) is without RF (md §2.2). Undefined for every non-air factor. */
export function radiativeForcingOf(id: string): boolean | undefined {
  if (/^uk25-air-.*-rf$/.test(id) || id === 'uk25-freight-air-lh-rf-tkm') return true;
  if (/^uk25-air-.*-norf$/.test(id)) return false;
  if (id === 'us25-t8-air-tonmile' || id.startsWith('us25-bt-air-')) return false;
  return undefined;
}
