// The closed vocabularies of an activity line: categories, units (and which units fit which category),
// data-quality tiers, currencies, and the everyday spellings people type for each.

import { ACTIVITY_CATEGORIES } from '../emissions/activity-variants.ts';
import type { ActivityCategory } from '../emissions/types.ts';

export { ACTIVITY_CATEGORIES, type ActivityCategory };

export const ACTIVITY_UNITS = [
  'kWh',
  'MWh',
  'GJ',
  'therm',
  'mmBtu',
  'litre',
  'm3',
  'gal_us',
  'gal_uk',
  'ft3',
  'scf',
  'km',
  'mile',
  'passenger_km',
  'passenger_mile',
  'vehicle_km',
  'vehicle_mile',
  'tonne_km',
  'short_ton_mile',
  'kg',
  'tonne',
  'short_ton',
  'room_night',
  'fte_hour',
] as const;
export type ActivityUnit = (typeof ACTIVITY_UNITS)[number];

export type UnitDimension =
  | 'energy'
  | 'volume'
  | 'mass'
  | 'distance'
  | 'passenger_distance'
  | 'vehicle_distance'
  | 'freight'
  | 'room_night'
  | 'time';

export const UNIT_DIMENSION: Record<ActivityUnit, UnitDimension> = {
  kWh: 'energy',
  MWh: 'energy',
  GJ: 'energy',
  therm: 'energy',
  mmBtu: 'energy',
  litre: 'volume',
  m3: 'volume',
  gal_us: 'volume',
  gal_uk: 'volume',
  ft3: 'volume',
  scf: 'volume',
  km: 'distance',
  mile: 'distance',
  passenger_km: 'passenger_distance',
  passenger_mile: 'passenger_distance',
  vehicle_km: 'vehicle_distance',
  vehicle_mile: 'vehicle_distance',
  tonne_km: 'freight',
  short_ton_mile: 'freight',
  kg: 'mass',
  tonne: 'mass',
  short_ton: 'mass',
  room_night: 'room_night',
  fte_hour: 'time',
};

const DIMENSION_LABEL: Record<UnitDimension, string> = {
  energy: 'energy',
  volume: 'volume',
  mass: 'mass',
  distance: 'distance',
  passenger_distance: 'passenger distance',
  vehicle_distance: 'vehicle distance',
  freight: 'freight (weight × distance)',
  room_night: 'room nights',
  time: 'FTE hours',
};

const FUEL: readonly UnitDimension[] = ['volume', 'energy', 'mass'];

/**
 * Which unit dimensions fit each category; an empty list means the category is recorded by spend only.
 * Deliberate choices (change here if the factor library disagrees):
 * - Fuels (natural gas included: m³/ft³/scf meter readings are common) take volume, energy or mass
 *   (LPG in kg bottles, fuel in tonnes; DEFRA publishes per-tonne factors for every fuel).
 * - Flights, rail and bus take passenger distance, or plain km/mile (one traveller's distance).
 */
export const CATEGORY_DIMENSIONS: Record<ActivityCategory, readonly UnitDimension[]> = {
  electricity: ['energy'],
  natural_gas: ['energy', 'volume'],
  heating_oil: FUEL,
  gas_oil: FUEL,
  diesel: FUEL,
  petrol: FUEL,
  lpg: FUEL,
  propane: FUEL,
  refrigerant: ['mass'],
  district_heat: ['energy'],
  steam: ['energy'],
  owned_vehicle: ['distance', 'vehicle_distance'],
  business_travel_car: ['distance', 'vehicle_distance', 'passenger_distance'],
  flight: ['passenger_distance', 'distance'],
  rail: ['passenger_distance', 'distance'],
  bus: ['passenger_distance', 'distance'],
  taxi: ['passenger_distance', 'vehicle_distance', 'distance'],
  hotel: ['room_night'],
  water: ['volume'],
  waste: ['mass'],
  purchased_goods: [],
  freight: ['freight', 'vehicle_distance', 'distance'],
  homeworking: ['time'],
};

/** Categories burned as fuel: a calorific basis (gross/net) applies when they are measured in energy. */
export const FUEL_CATEGORIES: ReadonlySet<ActivityCategory> = new Set([
  'natural_gas',
  'heating_oil',
  'gas_oil',
  'diesel',
  'petrol',
  'lpg',
  'propane',
]);

export function unitsFor(category: ActivityCategory): ActivityUnit[] {
  const dims = CATEGORY_DIMENSIONS[category];
  const units: ActivityUnit[] = [];
  for (const dim of dims)
    for (const unit of ACTIVITY_UNITS) if (UNIT_DIMENSION[unit] === dim) units.push(unit);
  return units;
}

/** "a, b or c". */
export function orList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** e.g. "passenger distance or distance (passenger_km, passenger_mile, km or mile)". */
export function describeExpectedUnits(category: ActivityCategory): string {
  const dims = CATEGORY_DIMENSIONS[category];
  return `${orList(dims.map((d) => DIMENSION_LABEL[d]))} (${orList(unitsFor(category))})`;
}

/** Lower-case, NFKC (m³ → m3), and drop spaces, `_`, `-`, `.` and brackets: "US Gallon(s)" → "usgallons". */
export function unitKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_.()[\]-]+/g, '');
}

const UNIT_SPELLINGS: Record<ActivityUnit, readonly string[]> = {
  kWh: ['kwh', 'kwhs', 'kilowatthour', 'kilowatthours', 'kw/h', 'kwhr'],
  MWh: ['mwh', 'mwhs', 'megawatthour', 'megawatthours'],
  GJ: ['gj', 'gigajoule', 'gigajoules'],
  therm: ['therm', 'therms', 'thm'],
  mmBtu: ['mmbtu', 'mmbtus', 'millionbtu'],
  litre: ['l', 'litre', 'litres', 'liter', 'liters', 'ltr', 'ltrs', 'lt', 'lts'],
  m3: ['m3', 'cubicmetre', 'cubicmetres', 'cubicmeter', 'cubicmeters', 'cum', 'cbm'],
  gal_us: ['galus', 'usgal', 'usgallon', 'usgallons', 'gallonus', 'gallonsus'],
  gal_uk: [
    'galuk',
    'ukgal',
    'ukgallon',
    'ukgallons',
    'gallonuk',
    'gallonsuk',
    'imperialgallon',
    'imperialgallons',
    'impgal',
    'galimp',
  ],
  ft3: ['ft3', 'cuft', 'cubicfoot', 'cubicfeet', 'cf'],
  scf: ['scf', 'standardcubicfoot', 'standardcubicfeet'],
  km: ['km', 'kms', 'kilometre', 'kilometres', 'kilometer', 'kilometers'],
  mile: ['mile', 'miles', 'mi'],
  passenger_km: [
    'passengerkm',
    'pkm',
    'paxkm',
    'passengerkilometre',
    'passengerkilometres',
    'passengerkilometer',
    'passengerkilometers',
  ],
  passenger_mile: ['passengermile', 'passengermiles', 'paxmile', 'paxmiles'],
  vehicle_km: [
    'vehiclekm',
    'vkm',
    'vehiclekilometre',
    'vehiclekilometres',
    'vehiclekilometer',
    'vehiclekilometers',
  ],
  vehicle_mile: ['vehiclemile', 'vehiclemiles'],
  tonne_km: ['tonnekm', 'tkm', 'tonnekilometre', 'tonnekilometres', 'tonnekilometer', 'tonnekilometers'],
  short_ton_mile: ['shorttonmile', 'shorttonmiles', 'tonmile', 'tonmiles'],
  kg: ['kg', 'kgs', 'kilogram', 'kilograms', 'kilogramme', 'kilogrammes', 'kilo', 'kilos'],
  tonne: ['t', 'tonne', 'tonnes', 'metricton', 'metrictons', 'metrictonne', 'metrictonnes'],
  short_ton: ['shortton', 'shorttons', 'uston', 'ustons'],
  room_night: ['roomnight', 'roomnights', 'night', 'nights', 'rn'],
  fte_hour: ['ftehour', 'ftehours', 'hour', 'hours', 'hr', 'hrs', 'h'],
};

/** Plain "gallon(s)": US or imperial? Chosen by the caller (default US; litres are the norm in the UK). */
const PLAIN_GALLON = new Set(['gal', 'gals', 'gallon', 'gallons']);
/** "ton(s)" could be a tonne, a US short ton or a UK long ton: refused with an explanation. */
const AMBIGUOUS_TON = new Set(['ton', 'tons']);

const UNIT_BY_KEY = new Map<string, ActivityUnit>();
for (const unit of ACTIVITY_UNITS) {
  UNIT_BY_KEY.set(unitKey(unit), unit);
  for (const spelling of UNIT_SPELLINGS[unit]) UNIT_BY_KEY.set(spelling, unit);
}

/**
 * Remember lookups by their exact input: a file repeats the same few spellings on every row. The cache
 * is cleared when it reaches 512 entries, so a file of unique junk cannot grow it.
 */
export function memo<T>(lookup: (text: string) => T): (text: string) => T {
  const cache = new Map<string, T>();
  return (text) => {
    let hit = cache.get(text);
    if (hit === undefined && !cache.has(text)) {
      hit = lookup(text);
      if (cache.size >= 512) cache.clear();
      cache.set(text, hit);
    }
    return hit as T;
  };
}

export type UnitLookup =
  | { ok: true; unit: ActivityUnit }
  | { ok: false; reason: 'unknown' | 'ambiguous_ton' | 'plain_gallon' | 'empty' };

const lookupUnit = memo((text: string): UnitLookup => {
  const key = unitKey(text);
  if (key === '') return { ok: false, reason: 'empty' };
  const unit = UNIT_BY_KEY.get(key);
  if (unit) return { ok: true, unit };
  if (PLAIN_GALLON.has(key)) return { ok: false, reason: 'plain_gallon' };
  if (AMBIGUOUS_TON.has(key)) return { ok: false, reason: 'ambiguous_ton' };
  return { ok: false, reason: 'unknown' };
});

export function parseUnit(text: string, plainGallon: 'gal_us' | 'gal_uk' = 'gal_us'): UnitLookup {
  const found = lookupUnit(text);
  return !found.ok && found.reason === 'plain_gallon' ? { ok: true, unit: plainGallon } : found;
}

/** Lower-case, accents off, anything not a letter or digit becomes one `_`: "Natural Gas" → "natural_gas". */
export function slugKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

const CATEGORY_SPELLINGS: Partial<Record<ActivityCategory, readonly string[]>> = {
  electricity: ['electric', 'elec', 'power', 'grid_electricity', 'purchased_electricity'],
  natural_gas: ['gas', 'mains_gas', 'nat_gas'],
  heating_oil: ['kerosene', 'burning_oil', 'fuel_oil'],
  gas_oil: ['gasoil', 'red_diesel'],
  diesel: ['derv', 'diesel_fuel'],
  petrol: ['gasoline', 'unleaded'],
  lpg: ['autogas'],
  refrigerant: ['f_gas', 'fgas'],
  district_heat: ['district_heating', 'heat', 'heat_network'],
  owned_vehicle: ['company_vehicle', 'company_car', 'fleet', 'fleet_vehicle'],
  business_travel_car: ['grey_fleet', 'car', 'mileage', 'private_car'],
  flight: ['air', 'air_travel', 'plane'],
  rail: ['train'],
  bus: ['coach'],
  taxi: ['cab'],
  hotel: ['hotel_stay', 'accommodation'],
  water: ['water_supply', 'mains_water'],
  purchased_goods: ['purchased_goods_and_services', 'goods_and_services', 'procurement', 'purchase'],
  freight: ['shipping', 'haulage', 'logistics'],
  homeworking: ['home_working', 'working_from_home', 'wfh', 'remote_working'],
};

const CATEGORY_BY_KEY = new Map<string, ActivityCategory>();
for (const category of ACTIVITY_CATEGORIES) {
  CATEGORY_BY_KEY.set(category, category);
  for (const spelling of CATEGORY_SPELLINGS[category] ?? []) CATEGORY_BY_KEY.set(spelling, category);
}

/** "Natural gas", "natural-gas", "Flights", "Train" → the category; undefined when unknown. */
export const parseCategory: (text: string) => ActivityCategory | undefined = memo((text) => {
  const key = slugKey(text);
  return CATEGORY_BY_KEY.get(key) ?? (key.endsWith('s') ? CATEGORY_BY_KEY.get(key.slice(0, -1)) : undefined);
});

export const DATA_QUALITY_TIERS = [
  'measured',
  'supplier_specific',
  'activity_average',
  'spend_based',
] as const;
export type DataQuality = (typeof DATA_QUALITY_TIERS)[number];

const DATA_QUALITY_BY_KEY = new Map<string, DataQuality>([
  ['measured', 'measured'],
  ['metered', 'measured'],
  ['actual', 'measured'],
  ['supplier_specific', 'supplier_specific'],
  ['supplier', 'supplier_specific'],
  ['activity_average', 'activity_average'],
  ['average', 'activity_average'],
  ['spend_based', 'spend_based'],
  ['spend', 'spend_based'],
]);

export const parseDataQuality: (text: string) => DataQuality | undefined = memo((text) =>
  DATA_QUALITY_BY_KEY.get(slugKey(text)),
);

/** Active ISO 4217 codes (plus XAU/XAG-style funds left out: nobody reports emissions spend in gold). */
const ISO_4217 = new Set(
  (
    'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD ' +
    'CAD CDF CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD ' +
    'GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT ' +
    'LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR ' +
    'NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP ' +
    'STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST XAF XCD XCG ' +
    'XOF XPF YER ZAR ZMW ZWG'
  ).split(' '),
);

/** Currency symbols that name exactly one currency. ("$" does not: USD, CAD, AUD…) */
const CURRENCY_SYMBOLS = new Map<string, string>([
  ['£', 'GBP'],
  ['€', 'EUR'],
]);

/** ISO 4217 code (any case, or an unambiguous symbol like £ or €) → "GBP"; undefined when not a currency. */
export const parseCurrency: (text: string) => string | undefined = memo((text) => {
  const trimmed = text.trim();
  const symbol = CURRENCY_SYMBOLS.get(trimmed);
  if (symbol) return symbol;
  const code = trimmed.toUpperCase();
  return ISO_4217.has(code) ? code : undefined;
});

/** Symbol at the start or end of an amount ("£1,200.00", "1.200,00 €") → its currency. */
export function currencyFromSymbol(symbol: string): string | undefined {
  return CURRENCY_SYMBOLS.get(symbol);
}
