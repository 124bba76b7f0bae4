// Units of activity and their exact conversions. Each constant names its definition.

/** What a unit measures; only units of the same dimension convert into each other. */
export type Dimension =
  | 'energy'
  | 'volume'
  | 'distance'
  | 'mass'
  | 'passenger_distance'
  | 'vehicle_distance'
  | 'mass_distance'
  | 'room_night'
  | 'fte_hour'
  | 'money_usd'
  | 'money_gbp';

export type UnitKey =
  | 'kWh'
  | 'MWh'
  | 'MJ'
  | 'GJ'
  | 'therm'
  | 'mmBtu'
  | 'litre'
  | 'm3'
  | 'us_gallon'
  | 'uk_gallon'
  | 'ft3'
  | 'scf'
  | 'ccf'
  | 'km'
  | 'mile'
  | 'kg'
  | 'tonne'
  | 'short_ton'
  | 'lb'
  | 'passenger_km'
  | 'passenger_mile'
  | 'vehicle_km'
  | 'vehicle_mile'
  | 'tonne_km'
  | 'short_ton_mile'
  | 'room_night'
  | 'fte_hour'
  | 'usd'
  | 'gbp';

/** SI: 1 kWh = 3.6 MJ exactly. */
const MJ_PER_KWH = 3.6;
/** International Table Btu = 1055.05585262 J (NIST SP 811, 2008, App. B.8: 1.055 056 E+03 J;
 * exact from the IT calorie, 4.1868 J). 1 therm = 10^5 Btu; 1 mmBtu = 10^6 Btu (EPA Hub: 1 therm
 * = 0.1 mmBtu), so 1 therm = 29.3071070… kWh and 1 mmBtu = 293.071070… kWh. */
const BTU_IT_JOULES = 1055.05585262;
const KWH_PER_THERM = (1e5 * BTU_IT_JOULES) / 3.6e6;
const KWH_PER_MMBTU = (1e6 * BTU_IT_JOULES) / 3.6e6;
/** US gallon = 231 in³ = 3.785411784 L exactly (NIST Handbook 44, App. C). */
const LITRES_PER_US_GALLON = 3.785411784;
/** Imperial gallon = 4.54609 L exactly (UK Weights and Measures Act 1985, Sch. 1). */
const LITRES_PER_UK_GALLON = 4.54609;
/** International foot = 0.3048 m exactly (1959 agreement; NIST SP 811 B.8), so 1 ft³ =
 * 0.028316846592 m³ (the md rounds it to 0.0283168). A standard cubic foot (EPA: 60 °F, 1 atm) is
 * taken as 1 ft³ of gas; UK m³ are at 15 °C: the 0.19% reference-condition difference is ignored. */
const LITRES_PER_FT3 = 0.3048 ** 3 * 1000;
/** International mile = 1.609344 km exactly (1959 agreement; NIST SP 811 B.8). */
const KM_PER_MILE = 1.609344;
/** Avoirdupois pound = 0.45359237 kg exactly (1959); short ton = 2000 lb = 907.18474 kg. */
const KG_PER_LB = 0.45359237;
const KG_PER_SHORT_TON = 2000 * KG_PER_LB;

interface UnitDefinition {
  dimension: Dimension;
  /** Size of one unit in the dimension's base unit (kWh, litre, km, kg, tonne-km…). */
  toBase: number;
}

const UNITS: Readonly<Record<UnitKey, UnitDefinition>> = {
  kWh: { dimension: 'energy', toBase: 1 },
  MWh: { dimension: 'energy', toBase: 1000 },
  MJ: { dimension: 'energy', toBase: 1 / MJ_PER_KWH },
  GJ: { dimension: 'energy', toBase: 1000 / MJ_PER_KWH },
  therm: { dimension: 'energy', toBase: KWH_PER_THERM },
  mmBtu: { dimension: 'energy', toBase: KWH_PER_MMBTU },
  litre: { dimension: 'volume', toBase: 1 },
  m3: { dimension: 'volume', toBase: 1000 },
  us_gallon: { dimension: 'volume', toBase: LITRES_PER_US_GALLON },
  uk_gallon: { dimension: 'volume', toBase: LITRES_PER_UK_GALLON },
  ft3: { dimension: 'volume', toBase: LITRES_PER_FT3 },
  scf: { dimension: 'volume', toBase: LITRES_PER_FT3 },
  /** Hundred cubic feet, as US and UK imperial gas meters read. */
  ccf: { dimension: 'volume', toBase: 100 * LITRES_PER_FT3 },
  km: { dimension: 'distance', toBase: 1 },
  mile: { dimension: 'distance', toBase: KM_PER_MILE },
  kg: { dimension: 'mass', toBase: 1 },
  tonne: { dimension: 'mass', toBase: 1000 },
  short_ton: { dimension: 'mass', toBase: KG_PER_SHORT_TON },
  lb: { dimension: 'mass', toBase: KG_PER_LB },
  passenger_km: { dimension: 'passenger_distance', toBase: 1 },
  passenger_mile: { dimension: 'passenger_distance', toBase: KM_PER_MILE },
  vehicle_km: { dimension: 'vehicle_distance', toBase: 1 },
  vehicle_mile: { dimension: 'vehicle_distance', toBase: KM_PER_MILE },
  tonne_km: { dimension: 'mass_distance', toBase: 1 },
  /** 0.90718474 t × 1.609344 km = 1.45997… tonne-km (md: 1.45997). */
  short_ton_mile: { dimension: 'mass_distance', toBase: (KG_PER_SHORT_TON / 1000) * KM_PER_MILE },
  room_night: { dimension: 'room_night', toBase: 1 },
  fte_hour: { dimension: 'fte_hour', toBase: 1 },
  /** USEEIO factors are per USD at a stated price year (2022); FX and deflation are fx.ts's job. */
  usd: { dimension: 'money_usd', toBase: 1 },
  /** Defra SIC multipliers are per £ of 2022 prices. */
  gbp: { dimension: 'money_gbp', toBase: 1 },
};

export const UNIT_KEYS = Object.keys(UNITS) as UnitKey[];

export function isUnitKey(value: string): value is UnitKey {
  return Object.hasOwn(UNITS, value);
}

export function dimensionOf(unit: UnitKey): Dimension {
  return UNITS[unit].dimension;
}

/** Thrown when two units measure different things (kWh → litre) or a unit is unknown. */
export class UnitConversionError extends Error {
  override readonly name = 'UnitConversionError';
  readonly code = 'incompatible_units';
  constructor(
    readonly from: string,
    readonly to: string,
  ) {
    super(`Cannot convert ${from} to ${to}: different dimensions`);
  }
}

/** Multiplier turning a quantity in `from` into `to`, or null across dimensions. */
export function conversionFactor(from: UnitKey, to: UnitKey): number | null {
  if (!isUnitKey(from) || !isUnitKey(to)) return null;
  if (from === to) return 1;
  const a = UNITS[from];
  const b = UNITS[to];
  if (a.dimension !== b.dimension) return null;
  return a.toBase / b.toBase;
}

/** `value` in `from` expressed in `to`. Throws UnitConversionError across dimensions. */
export function convert(value: number, from: UnitKey, to: UnitKey): number {
  const factor = conversionFactor(from, to);
  if (factor === null) throw new UnitConversionError(from, to);
  return value * factor;
}

/**
 * Like conversionFactor, but a plain distance (km, mile) may stand for one passenger's or one
 * vehicle's distance when the factor is per passenger-km or vehicle-km (md §4.7: DESNZ cars are
 * per vehicle-km, public transport per passenger-km). Tonne-km never takes a plain distance.
 */
export function activityConversionFactor(from: UnitKey, to: UnitKey): number | null {
  const direct = conversionFactor(from, to);
  if (direct !== null || !isUnitKey(from) || !isUnitKey(to)) return direct;
  const a = UNITS[from];
  const b = UNITS[to];
  if (a.dimension !== 'distance') return null;
  if (b.dimension !== 'passenger_distance' && b.dimension !== 'vehicle_distance') return null;
  return a.toBase / b.toBase;
}

export interface ParsedUnit {
  unit: UnitKey;
  calorificBasis?: 'gross' | 'net';
}

/** Every unit label of emission-factors.csv, with the CV basis it states. */
const CSV_UNIT_LABELS: ReadonlyMap<string, ParsedUnit> = new Map(
  Object.entries({
    kWh: { unit: 'kWh' },
    'kWh (Gross CV)': { unit: 'kWh', calorificBasis: 'gross' },
    'kWh (Net CV)': { unit: 'kWh', calorificBasis: 'net' },
    /** DESNZ T&D and WTT electricity rows: per kWh consumed at the meter. */
    'kWh consumed': { unit: 'kWh' },
    'mmBtu (HHV)': { unit: 'mmBtu', calorificBasis: 'gross' },
    'therm (HHV)': { unit: 'therm', calorificBasis: 'gross' },
    /** EPA Table 7 steam: energy of the steam purchased, no fuel CV involved. */
    mmBtu: { unit: 'mmBtu' },
    scf: { unit: 'scf' },
    m3: { unit: 'm3' },
    litre: { unit: 'litre' },
    /** Every 'gallon' row of the CSV is an EPA Hub (US) row. */
    gallon: { unit: 'us_gallon' },
    kg: { unit: 'kg' },
    tonne: { unit: 'tonne' },
    'short ton': { unit: 'short_ton' },
    'passenger-km': { unit: 'passenger_km' },
    'passenger-mile': { unit: 'passenger_mile' },
    'vehicle-km': { unit: 'vehicle_km' },
    'vehicle-mile': { unit: 'vehicle_mile' },
    'tonne-km': { unit: 'tonne_km' },
    'short ton-mile': { unit: 'short_ton_mile' },
    'room-night': { unit: 'room_night' },
    'FTE working hour': { unit: 'fte_hour' },
    'USD (2022, purchaser price)': { unit: 'usd' },
  } satisfies Record<string, ParsedUnit>),
);

/** Looser spellings an import may carry (matched case-insensitively, spaces trimmed). */
const UNIT_ALIASES: ReadonlyMap<string, UnitKey> = new Map(
  Object.entries({
    kwh: 'kWh',
    mwh: 'MWh',
    mj: 'MJ',
    gj: 'GJ',
    therm: 'therm',
    therms: 'therm',
    mmbtu: 'mmBtu',
    l: 'litre',
    litre: 'litre',
    litres: 'litre',
    liter: 'litre',
    liters: 'litre',
    m3: 'm3',
    'm³': 'm3',
    'cubic metres': 'm3',
    gal: 'us_gallon',
    'us gal': 'us_gallon',
    'us gallon': 'us_gallon',
    'uk gallon': 'uk_gallon',
    'imperial gallon': 'uk_gallon',
    ft3: 'ft3',
    'ft³': 'ft3',
    'cubic feet': 'ft3',
    scf: 'scf',
    ccf: 'ccf',
    km: 'km',
    mi: 'mile',
    mile: 'mile',
    miles: 'mile',
    kg: 'kg',
    t: 'tonne',
    tonne: 'tonne',
    tonnes: 'tonne',
    'short ton': 'short_ton',
    lb: 'lb',
    'passenger-km': 'passenger_km',
    pkm: 'passenger_km',
    'passenger-mile': 'passenger_mile',
    'vehicle-km': 'vehicle_km',
    'vehicle-mile': 'vehicle_mile',
    'tonne-km': 'tonne_km',
    tkm: 'tonne_km',
    'short ton-mile': 'short_ton_mile',
    'room-night': 'room_night',
    'room night': 'room_night',
    'fte hour': 'fte_hour',
    usd: 'usd',
  } satisfies Record<string, UnitKey>),
);

/** The unit of an emission-factors.csv `unit` label (exact spelling only). */
export function parseCsvUnit(label: string): ParsedUnit | undefined {
  return CSV_UNIT_LABELS.get(label);
}

/** Maps a CSV unit label (exact) or a common spelling to a UnitKey; undefined when unknown. */
export function parseUnit(label: string): ParsedUnit | undefined {
  const exact = CSV_UNIT_LABELS.get(label);
  if (exact !== undefined) return exact;
  if (isUnitKey(label)) return { unit: label };
  const alias = UNIT_ALIASES.get(label.trim().toLowerCase());
  return alias === undefined ? undefined : { unit: alias };
}
