// DESNZ factors built from the publisher's files (db/reference/factors/datasets/desnz-YYYY.csv, written by
// scripts/build-factor-datasets.ts). Each factor keeps the publisher's flat-file ID: factor id
// `desnz25-1_100_1004_6_1` = DESNZ 2025, flat-file ID 1_100_1004_6_1 (also in `publisherId`).
// DESNZ IDs are stable across years (sheet_group_item_unit_gas), so one activity key per ID
// prefix (sheet_group_item) serves 2023, 2024, 2025 and 2026 alike.

import { desnzSource } from './dataset-sources.ts';
import { parseCsvRecords } from './factor-csv.ts';
import type { CalorificBasis, EmissionFactor, GasSplit, Scope, UnitKey } from './types.ts';
import { activityConversionFactor } from './units.ts';

/**
 * ID prefix → [activity key, GHG category text] of the rows the calculator has always used: the
 * curated rows of emission-factors.csv (their notes name the flat-file ID), so a publisher row
 * answers exactly the key its curated predecessor did.
 */
const CURATED: ReadonlyMap<string, readonly [string, string]> = new Map([
  ['1_100_1004', ['natural_gas', 'Stationary combustion']], // uk25-ng-kwh-gross
  ['1_100_1003', ['lpg', 'Stationary combustion']], // uk25-lpg-l
  ['1_101_1010', ['burning_oil', 'Stationary combustion']], // uk25-kerosene-l
  ['1_101_1014', ['gas_oil', 'Stationary combustion']], // uk25-gasoil-l
  ['1_101_1011', ['diesel', 'Mobile combustion']], // uk25-diesel-l
  ['1_101_1017', ['petrol', 'Mobile combustion']], // uk25-petrol-l
  ['4_301_3045', ['car_small_diesel', 'Mobile combustion (owned/leased vehicles)']], // uk25-car-small-diesel-km
  ['4_301_3046', ['car_small_petrol', 'Mobile combustion (owned/leased vehicles)']], // uk25-car-small-petrol-km
  ['4_301_3053', ['car_medium_diesel', 'Mobile combustion (owned/leased vehicles)']], // uk25-car-medium-diesel-km
  ['4_301_3054', ['car_medium_petrol', 'Mobile combustion (owned/leased vehicles)']], // uk25-car-medium-petrol-km
  ['4_301_3055', ['car_medium_hybrid', 'Mobile combustion (owned/leased vehicles)']], // uk25-car-medium-hybrid-km
  ['4_301_3061', ['car_large_diesel', 'Mobile combustion (owned/leased vehicles)']], // uk25-car-large-diesel-km
  ['4_301_3062', ['car_large_petrol', 'Mobile combustion (owned/leased vehicles)']], // uk25-car-large-petrol-km
  ['4_301_3069', ['car_average_diesel', 'Mobile combustion (owned/leased vehicles)']], // uk25-car-average-diesel-km
  ['4_301_3070', ['car_average_petrol', 'Mobile combustion (owned/leased vehicles)']], // uk25-car-average-petrol-km
  ['4_301_3071', ['car_average_hybrid', 'Mobile combustion (owned/leased vehicles)']], // uk25-car-average-hybrid-km
  ['4_301_3074', ['car_average_unknown', 'Mobile combustion (owned/leased vehicles)']], // uk25-car-average-unknown-km
  ['4_301_3075', ['car_average_phev', 'Mobile combustion (owned/leased vehicles)']], // uk25-car-average-phev-km
  ['8_301_3076', ['car_average_bev_electricity', 'Purchased electricity (EV charging, owned fleet)']], // uk25-car-avg-bev-s2-km
  ['5_303_3102', ['van_average_diesel', 'Mobile combustion (owned/leased vehicles)']], // uk25-van-avg-diesel-km
  ['5_303_3103', ['van_average_petrol', 'Mobile combustion (owned/leased vehicles)']], // uk25-van-avg-petrol-km
  ['5_304_3140', ['hgv_average', 'Mobile combustion (owned/leased vehicles)']], // uk25-hgv-all-avg-km
  ['4_302_3080', ['motorbike_average', 'Mobile combustion (owned/leased vehicles)']], // uk25-motorbike-avg-km
  ['3_201_2156', ['refrigerant_r410a', 'Fugitive emissions (refrigerant leakage)']], // uk25-ref-r410a
  ['3_200_2012', ['refrigerant_r32', 'Fugitive emissions (refrigerant leakage)']], // uk25-ref-hfc-32
  ['3_200_2024', ['refrigerant_r134a', 'Fugitive emissions (refrigerant leakage)']], // uk25-ref-hfc-134a
  ['3_201_2120', ['refrigerant_r404a', 'Fugitive emissions (refrigerant leakage)']], // uk25-ref-r404a
  ['7_400_4000', ['electricity_grid', 'Purchased electricity']], // uk25-elec-grid
  ['10_401_4003', ['district_heat_steam', 'Purchased heat/steam']], // uk25-heat-district
  ['13_402_4000', ['electricity_td_losses', 'Cat 3 Fuel- and energy-related (T&D losses)']], // uk25-elec-td
  ['15_917_4000', ['electricity_wtt_generation', 'Cat 3 Fuel- and energy-related (WTT)']], // uk25-elec-wtt-gen
  ['15_918_4000', ['electricity_wtt_td_losses', 'Cat 3 Fuel- and energy-related (WTT)']], // uk25-elec-wtt-td
  ['11_100_1004', ['natural_gas_wtt', 'Cat 3 Fuel- and energy-related (WTT)']], // uk25-ng-kwh-wtt
  ['11_101_1011', ['diesel_wtt', 'Cat 3 Fuel- and energy-related (WTT)']], // uk25-diesel-l-wtt
  ['11_101_1017', ['petrol_wtt', 'Cat 3 Fuel- and energy-related (WTT)']], // uk25-petrol-l-wtt
  ['11_100_1003', ['lpg_wtt', 'Cat 3 Fuel- and energy-related (WTT)']], // uk25-lpg-l-wtt
  ['11_101_1010', ['burning_oil_wtt', 'Cat 3 Fuel- and energy-related (WTT)']], // uk25-kerosene-l-wtt
  ['11_101_1014', ['gas_oil_wtt', 'Cat 3 Fuel- and energy-related (WTT)']], // uk25-gasoil-l-wtt
  ['21_316_3160', ['flight_domestic_average', 'Cat 6 Business travel (air)']], // uk25-air-dom-avg-rf
  ['21_316_3161', ['flight_domestic_average', 'Cat 6 Business travel (air)']], // uk25-air-dom-avg-norf
  ['21_316_3162', ['flight_short_haul_average', 'Cat 6 Business travel (air)']], // uk25-air-sh-avg-rf
  ['21_316_3163', ['flight_short_haul_average', 'Cat 6 Business travel (air)']], // uk25-air-sh-avg-norf
  ['21_316_3164', ['flight_short_haul_economy', 'Cat 6 Business travel (air)']], // uk25-air-sh-eco-rf
  ['21_316_3165', ['flight_short_haul_economy', 'Cat 6 Business travel (air)']], // uk25-air-sh-eco-norf
  ['21_316_3166', ['flight_short_haul_business', 'Cat 6 Business travel (air)']], // uk25-air-sh-bus-rf
  ['21_316_3167', ['flight_short_haul_business', 'Cat 6 Business travel (air)']], // uk25-air-sh-bus-norf
  ['21_316_3168', ['flight_long_haul_average', 'Cat 6 Business travel (air)']], // uk25-air-lh-avg-rf
  ['21_316_3169', ['flight_long_haul_average', 'Cat 6 Business travel (air)']], // uk25-air-lh-avg-norf
  ['21_316_3170', ['flight_long_haul_economy', 'Cat 6 Business travel (air)']], // uk25-air-lh-eco-rf
  ['21_316_3171', ['flight_long_haul_economy', 'Cat 6 Business travel (air)']], // uk25-air-lh-eco-norf
  ['21_316_3172', ['flight_long_haul_premium_economy', 'Cat 6 Business travel (air)']], // uk25-air-lh-prem-rf
  ['21_316_3173', ['flight_long_haul_premium_economy', 'Cat 6 Business travel (air)']], // uk25-air-lh-prem-norf
  ['21_316_3174', ['flight_long_haul_business', 'Cat 6 Business travel (air)']], // uk25-air-lh-bus-rf
  ['21_316_3175', ['flight_long_haul_business', 'Cat 6 Business travel (air)']], // uk25-air-lh-bus-norf
  ['21_316_3178', ['flight_international_average', 'Cat 6 Business travel (air)']], // uk25-air-intl-avg-rf
  ['21_316_3179', ['flight_international_average', 'Cat 6 Business travel (air)']], // uk25-air-intl-avg-norf
  ['21_316_3180', ['flight_international_economy', 'Cat 6 Business travel (air)']], // uk25-air-intl-eco-rf
  ['21_316_3181', ['flight_international_economy', 'Cat 6 Business travel (air)']], // uk25-air-intl-eco-norf
  ['22_912_3164', ['flight_short_haul_economy_wtt', 'Cat 6 Business travel (air, WTT)']], // uk25-air-sh-eco-wtt
  ['22_912_3170', ['flight_long_haul_economy_wtt', 'Cat 6 Business travel (air, WTT)']], // uk25-air-lh-eco-wtt
  ['22_912_3162', ['flight_short_haul_average_wtt', 'Cat 6 Business travel (air, WTT)']], // uk25-air-sh-avg-wtt
  ['22_912_3168', ['flight_long_haul_average_wtt', 'Cat 6 Business travel (air, WTT)']], // uk25-air-lh-avg-wtt
  ['22_912_3160', ['flight_domestic_average_wtt', 'Cat 6 Business travel (air, WTT)']], // uk25-air-dom-avg-wtt
  ['22_912_3178', ['flight_international_average_wtt', 'Cat 6 Business travel (air, WTT)']], // uk25-air-intl-avg-wtt
  ['25_301_3074', ['business_travel_car_average', 'Cat 6 Business travel (land) / Cat 7 commuting']], // uk25-bt-car-avg-unknown-km
  ['25_301_3076', ['business_travel_car_average_bev', 'Cat 6 Business travel (land) / Cat 7 commuting']], // uk25-bt-car-avg-bev-km
  ['25_301_3075', ['business_travel_car_average_phev', 'Cat 6 Business travel (land) / Cat 7 commuting']], // uk25-bt-car-avg-phev-km
  ['26_904_3074', ['business_travel_car_average_wtt', 'Cat 6 Business travel (land, WTT)']], // uk25-bt-car-avg-unknown-km-wtt
  ['25_313_3141', ['taxi', 'Cat 6 Business travel (land) / Cat 7 commuting']], // uk25-bt-taxi-pkm
  ['25_314_3145', ['bus_local', 'Cat 6 Business travel (land) / Cat 7 commuting']], // uk25-bt-bus-pkm
  ['25_314_3146', ['bus_coach', 'Cat 6 Business travel (land) / Cat 7 commuting']], // uk25-bt-coach-pkm
  ['25_315_3147', ['rail_national', 'Cat 6 Business travel (land) / Cat 7 commuting']], // uk25-bt-rail-national-pkm
  ['25_315_3148', ['rail_international', 'Cat 6 Business travel (land) / Cat 7 commuting']], // uk25-bt-rail-intl-pkm
  ['25_315_3149', ['rail_light_rail_tram', 'Cat 6 Business travel (land) / Cat 7 commuting']], // uk25-bt-tram-pkm
  ['25_315_3150', ['rail_underground', 'Cat 6 Business travel (land) / Cat 7 commuting']], // uk25-bt-tube-pkm
  ['26_911_3147', ['rail_national_wtt', 'Cat 6 Business travel (land, WTT)']], // uk25-bt-rail-national-pkm-wtt
  ['29_600_4000', ['hotel_stay', 'Cat 6 Business travel (hotel)']], // uk25-hotel-uk
  ['29_600_4001', ['hotel_stay', 'Cat 6 Business travel (hotel)']], // uk25-hotel-uk-london
  ['29_600_4016', ['hotel_stay', 'Cat 6 Business travel (hotel)']], // uk25-hotel-france
  ['29_600_4017', ['hotel_stay', 'Cat 6 Business travel (hotel)']], // uk25-hotel-germany
  ['29_600_4047', ['hotel_stay', 'Cat 6 Business travel (hotel)']], // uk25-hotel-spain
  ['29_600_4024', ['hotel_stay', 'Cat 6 Business travel (hotel)']], // uk25-hotel-italy
  ['29_600_4033', ['hotel_stay', 'Cat 6 Business travel (hotel)']], // uk25-hotel-netherlands
  ['29_600_4005', ['hotel_stay', 'Cat 6 Business travel (hotel)']], // uk25-hotel-belgium
  ['29_600_4040', ['hotel_stay', 'Cat 6 Business travel (hotel)']], // uk25-hotel-portugal
  ['29_600_4053', ['hotel_stay', 'Cat 6 Business travel (hotel)']], // uk25-hotel-united-states
  ['29_600_4020', ['hotel_stay', 'Cat 6 Business travel (hotel)']], // uk25-hotel-india
  ['29_600_4052', ['hotel_stay', 'Cat 6 Business travel (hotel)']], // uk25-hotel-united-arab-emirates
  ['17_404_4005', ['water_supply', 'Cat 1 Purchased goods & services (water supply)']], // uk25-water-supply
  ['18_405_4006', ['water_treatment', 'Cat 5 Waste generated in operations (wastewater)']], // uk25-water-treatment
  ['20_507_5313', ['waste_commercial_industrial_landfill', 'Cat 5 Waste generated in operations']], // uk25-waste-ci-landfill
  ['20_507_5311', ['waste_commercial_industrial_energy_recovery', 'Cat 5 Waste generated in operations']], // uk25-waste-ci-efw
  ['20_507_5292', ['waste_food_landfill', 'Cat 5 Waste generated in operations']], // uk25-waste-food-landfill
  ['20_507_5293', ['waste_food_anaerobic_digestion', 'Cat 5 Waste generated in operations']], // uk25-waste-food-ad
  ['20_507_5291', ['waste_food_composting', 'Cat 5 Waste generated in operations']], // uk25-waste-food-compost
  ['20_506_5450', ['waste_paper_recycling', 'Cat 5 Waste generated in operations']], // uk25-waste-paper-recycle
  ['20_506_5453', ['waste_paper_landfill', 'Cat 5 Waste generated in operations']], // uk25-waste-paper-landfill
  ['20_505_5380', ['waste_plastic_recycling', 'Cat 5 Waste generated in operations']], // uk25-waste-plastic-recycle
  ['20_505_5383', ['waste_plastic_landfill', 'Cat 5 Waste generated in operations']], // uk25-waste-plastic-landfill
  ['20_501_5268', ['waste_glass_recycling', 'Cat 5 Waste generated in operations']], // uk25-waste-glass-recycle
  ['20_504_5366', ['waste_metal_recycling', 'Cat 5 Waste generated in operations']], // uk25-waste-metal-recycle
  ['20_503_5330', ['waste_weee_recycling', 'Cat 5 Waste generated in operations']], // uk25-waste-weee-recycle
  ['32_603_9999', ['homeworking', 'Cat 7 Employee commuting (homeworking, optional)']], // uk25-homeworking-fte-h
  ['27_304_3140', ['freight_road_hgv', 'Cat 4/9 Transportation & distribution']], // uk25-freight-hgv-avg-tkm
  ['27_303_3102', ['freight_road_van', 'Cat 4/9 Transportation & distribution']], // uk25-freight-van-avg-diesel-tkm
  ['27_315_3151', ['freight_rail', 'Cat 4/9 Transportation & distribution']], // uk25-freight-rail-tkm
  ['27_320_3235', ['freight_water', 'Cat 4/9 Transportation & distribution']], // uk25-freight-ship-container-avg-tkm
  ['27_317_3156', ['freight_air', 'Cat 4/9 Transportation & distribution']], // uk25-freight-air-lh-rf-tkm
  ['99_604_1011', ['diesel_biogenic_co2', 'Biogenic CO2 of biofuel fraction']], // uk25-oos-diesel-l
  ['99_604_1017', ['petrol_biogenic_co2', 'Biogenic CO2 of biofuel fraction']], // uk25-oos-petrol-l
]);

/** GHG category text of the other rows, by sheet (flat-file Level 1). */
const SHEET_CATEGORY: Readonly<Record<string, string>> = {
  Fuels: 'Stationary combustion',
  Bioenergy: 'Stationary combustion (bioenergy)',
  'Refrigerant & other': 'Fugitive emissions (refrigerant leakage)',
  'Passenger vehicles': 'Mobile combustion (owned/leased vehicles)',
  'Delivery vehicles': 'Mobile combustion (owned/leased vehicles)',
  'UK electricity': 'Purchased electricity',
  'UK electricity for EVs': 'Purchased electricity (EV charging, owned fleet)',
  'Heat and steam': 'Purchased heat/steam',
  'WTT- fuels': 'Cat 3 Fuel- and energy-related (WTT)',
  'WTT- bioenergy': 'Cat 3 Fuel- and energy-related (WTT)',
  'Transmission and distribution': 'Cat 3 Fuel- and energy-related (T&D losses)',
  'WTT- UK electricity': 'Cat 3 Fuel- and energy-related (WTT)',
  'WTT- heat and steam': 'Cat 3 Fuel- and energy-related (WTT)',
  'Water supply': 'Cat 1 Purchased goods & services (water supply)',
  'Water treatment': 'Cat 5 Waste generated in operations (wastewater)',
  'Waste disposal': 'Cat 5 Waste generated in operations',
  'Business travel- air': 'Cat 6 Business travel (air)',
  'WTT- business travel- air': 'Cat 6 Business travel (air, WTT)',
  'Business travel- sea': 'Cat 6 Business travel (sea)',
  'WTT- business travel- sea': 'Cat 6 Business travel (sea, WTT)',
  'Business travel- land': 'Cat 6 Business travel (land) / Cat 7 commuting',
  'WTT- pass vehs & travel- land': 'Cat 6 Business travel (land, WTT)',
  'Freighting goods': 'Cat 4/9 Transportation & distribution',
  'WTT- delivery vehs & freight': 'Cat 4/9 Transportation & distribution (WTT)',
  'Hotel stay': 'Cat 6 Business travel (hotel)',
  Homeworking: 'Cat 7 Employee commuting (homeworking, optional)',
  'Outside of scopes': 'Biogenic CO2 of biofuel fraction',
};

const CATEGORY_NUMBER = /\bCat (\d{1,2})\b/;

const SCOPES: Readonly<Record<string, Scope>> = {
  'Scope 1': 'scope_1',
  'Scope 2': 'scope_2_location',
  'Scope 3': 'scope_3',
  'Outside of Scopes': 'outside_scopes',
};

/** Flat-file UOM → unit. DESNZ "km" on vehicle rows is per vehicle-km. */
const UOMS: Readonly<Record<string, { unit: UnitKey; calorificBasis?: CalorificBasis }>> = {
  'kWh (Gross CV)': { unit: 'kWh', calorificBasis: 'gross' },
  'kWh (Net CV)': { unit: 'kWh', calorificBasis: 'net' },
  kWh: { unit: 'kWh' },
  GJ: { unit: 'GJ' },
  litres: { unit: 'litre' },
  tonnes: { unit: 'tonne' },
  kg: { unit: 'kg' },
  'cubic metres': { unit: 'm3' },
  km: { unit: 'vehicle_km' },
  'passenger.km': { unit: 'passenger_km' },
  'tonne.km': { unit: 'tonne_km' },
  'Room per night': { unit: 'room_night' },
  'per FTE Working Hour': { unit: 'fte_hour' },
};

/** DESNZ hotel countries → ISO 3166-1 alpha-2 (and the London row). */
const HOTEL_COUNTRIES: Readonly<Record<string, string>> = {
  UK: 'GB',
  'UK (London)': 'GB-LONDON',
  Argentina: 'AR',
  Australia: 'AU',
  Austria: 'AT',
  Belgium: 'BE',
  Brazil: 'BR',
  Canada: 'CA',
  Chile: 'CL',
  China: 'CN',
  Colombia: 'CO',
  'Costa Rica': 'CR',
  Egypt: 'EG',
  France: 'FR',
  Germany: 'DE',
  'Hong Kong, China': 'HK',
  India: 'IN',
  Indonesia: 'ID',
  Italy: 'IT',
  Japan: 'JP',
  Jordan: 'JO',
  Korea: 'KR',
  Malaysia: 'MY',
  Maldives: 'MV',
  Mexico: 'MX',
  Netherlands: 'NL',
  Oman: 'OM',
  Philippines: 'PH',
  Portugal: 'PT',
  Qatar: 'QA',
  'Russian Federation': 'RU',
  'Saudi Arabia': 'SA',
  Singapore: 'SG',
  'South Africa': 'ZA',
  Spain: 'ES',
  Switzerland: 'CH',
  Thailand: 'TH',
  Turkey: 'TR',
  'United Arab Emirates': 'AE',
  'United States': 'US',
  Vietnam: 'VN',
};

const WASTE_ROUTES: Readonly<Record<string, string>> = {
  'Closed-loop': 'recycling_closed_loop',
  'Open-loop': 'recycling_open_loop',
  'Incineration with Energy Recovery': 'energy_recovery',
  Combustion: 'energy_recovery',
  Composting: 'composting',
  Landfill: 'landfill',
  'Anaerobic digestion': 'anaerobic_digestion',
  'Re-use': 'reuse',
};

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/** Refrigerant name as written on a service record → the part of its key after `refrigerant_`. */
export function refrigerantKeyOf(name: string): string {
  return `refrigerant_${name.toUpperCase().replace(/[\s-]/g, '').toLowerCase()}`;
}

export interface DesnzRow {
  id: string;
  scope: string;
  levels: readonly [string, string, string, string];
  columnText: string;
  uom: string;
}

/**
 * The activity key of a DESNZ row: the curated key of its ID prefix; refrigerants (Kyoto products
 * only) `refrigerant_<name>`; waste `waste_<material>_<route>`; hotels `hotel_stay`; any other row
 * `desnz_<ID prefix>` (in the library and the database, not yet offered by a ledger category).
 * Undefined for rows the calculator must not use (refrigerant totals incl. non-Kyoto gases).
 */
export function desnzActivityKey(row: DesnzRow): string | undefined {
  const prefix = row.id.split('_').slice(0, 3).join('_');
  const curated = CURATED.get(prefix);
  if (curated !== undefined) return curated[0];
  const [sheet, , item] = row.levels;
  if (sheet === 'Refrigerant & other') {
    return row.columnText === 'Emissions including only Kyoto products' ? refrigerantKeyOf(item) : undefined;
  }
  if (sheet === 'Waste disposal') {
    const route = WASTE_ROUTES[row.columnText];
    return route === undefined ? undefined : `waste_${slug(item)}_${route}`;
  }
  if (sheet === 'Hotel stay') return 'hotel_stay';
  return `desnz_${prefix}`;
}

function regionOf(row: DesnzRow): string | undefined {
  const sheet = row.levels[0];
  if (sheet === 'Hotel stay') return HOTEL_COUNTRIES[row.levels[2]];
  // DESNZ flight factors apply whatever the departure country (md §4.5).
  if (sheet === 'Business travel- air' || sheet === 'WTT- business travel- air') return 'INTL';
  return 'GB';
}

/**
 * 2023 v1.1 stores unrounded cells; the published figure is the 5-dp display value (PROVENANCE.md
 * §3), so 2023 values are rounded to 5 dp. Values below 0.00001 are kept as stored: rounding
 * would turn a real (tiny CH4) factor into zero.
 */
function publishedValue(text: string, year: number): number {
  const value = Number(text);
  if (year !== 2023 || Math.abs(value) < 0.00001) return value;
  return Math.round(value * 1e5) / 1e5;
}

const label = (row: DesnzRow) =>
  [...row.levels.slice(1).filter((l) => l !== ''), row.columnText].filter((l) => l !== '').join(' > ');

/** Every DESNZ factor of one year's dataset file, or throws on a malformed file. */
export function desnzFactors(text: string, year: number): EmissionFactor[] {
  const source = desnzSource(year);
  if (source === undefined) throw new Error(`No DESNZ source for ${year}`);
  const records = parseCsvRecords(text);
  records.shift();
  const factors: EmissionFactor[] = [];
  for (const { fields: f } of records) {
    const [id, scopeText, l1, l2, l3, l4, columnText, uom, total, co2, ch4, n2o, cell] = f as string[];
    const row: DesnzRow = {
      id: id!,
      scope: scopeText!,
      levels: [l1!, l2!, l3!, l4!],
      columnText: columnText!,
      uom: uom!,
    };
    const key = desnzActivityKey(row);
    const unit = UOMS[row.uom];
    const region = regionOf(row);
    const scope = SCOPES[row.scope];
    if (key === undefined || unit === undefined || region === undefined || scope === undefined) continue;
    const curated = CURATED.get(row.id.slice(0, row.id.lastIndexOf('_', row.id.lastIndexOf('_') - 1)));
    const ghgCategory = curated?.[1] ?? SHEET_CATEGORY[row.levels[0]] ?? row.levels[0];
    const cat = scope === 'scope_3' ? CATEGORY_NUMBER.exec(ghgCategory) : null;
    const gasTexts = [co2!, ch4!, n2o!];
    const gases: GasSplit | null = gasTexts.some((g) => g !== '')
      ? {
          co2: co2 === '' ? 0 : publishedValue(co2!, year),
          ch4: ch4 === '' ? 0 : publishedValue(ch4!, year),
          n2o: n2o === '' ? 0 : publishedValue(n2o!, year),
        }
      : null;
    const factor: EmissionFactor = {
      id: `desnz${String(year).slice(2)}-${row.id}`,
      publisherId: row.id,
      dataset: source.key,
      datasetYear: year,
      region,
      activity: `${row.levels[0]} > ${label(row)}`,
      activityKey: key,
      unit: unit.unit,
      kgCO2ePerUnit: publishedValue(total!, year),
      gases,
      gwpBasis: 'AR5',
      scope,
      scope3Category: cat ? Number(cat[1]) : null,
      ghgCategory,
      source: source.citation,
      sourceUrl: source.url,
      notes: cell
        ? `DESNZ flat-file ID ${row.id} (the ${year} flat file was not available: value read from the ${year} full set, sheet "${cell.replace('!', '", cell ')}; the ID is that of the same row in the 2025 flat file). UOM '${row.uom}'. GWP AR5.`
        : `DESNZ flat-file ID ${row.id}; UOM '${row.uom}'. GWP AR5.${year === 2023 ? ' Rounded to the published 5 decimal places.' : ''}`,
    };
    if (unit.calorificBasis !== undefined) factor.calorificBasis = unit.calorificBasis;
    // RF applies to the flight's own emissions; the WTT sheet repeats one fuel-supply value
    // under both headings, so its rows carry no RF basis (as the curated WTT rows did).
    if (!row.levels[0].startsWith('WTT-')) {
      if (/^With RF$/i.test(row.columnText)) factor.radiativeForcing = true;
      else if (/^Without RF$/i.test(row.columnText)) factor.radiativeForcing = false;
    }
    factors.push(factor);
  }
  return factors;
}

/** True when `a` can stand where `b` is chosen: same key, region, year, unit, CV and RF basis. */
export function sameSlot(a: EmissionFactor, b: EmissionFactor): boolean {
  return (
    a.activityKey === b.activityKey &&
    a.region === b.region &&
    a.datasetYear === b.datasetYear &&
    activityConversionFactor(a.unit, b.unit) === 1 &&
    a.calorificBasis === b.calorificBasis &&
    a.radiativeForcing === b.radiativeForcing
  );
}
