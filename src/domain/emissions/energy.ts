// Energy of a ledger line in kWh, on a gross calorific value basis (decision 048). Fuels bought by
// volume or mass become kWh with the DESNZ fuel properties ("Fuel properties" sheet of the DESNZ
// GHG conversion factors 2024, 2025 and 2026 full sets, Open Government Licence v3.0; copy in
// db/reference/factors/datasets/). Electricity, heat and steam count as metered. Pure: the table comes
// in as data, so the Worker and Bun read the same bytes (db/reference/factors/fuel-properties.ts).
import type { ActivityCategory } from './types.ts';
import { conversionFactor, dimensionOf, type UnitKey } from './units.ts';

/** One row of the DESNZ fuel properties, the columns this module reads. */
export interface FuelProperty {
  publicationYear: number;
  fuel: string;
  netGJPerTonne: number;
  grossGJPerTonne: number;
  /** kg/m³; for gases at the DESNZ reference conditions (15 °C, 1 atm). */
  densityKgPerM3: number | null;
}

export type FuelPropertyTable = ReadonlyMap<string, FuelProperty>;

const key = (year: number, fuel: string) => `${year}|${fuel}`;

/** Parses desnz-fuel-properties-2024-2026.csv (PROVENANCE.md §5; no quoted fields). */
export function parseFuelProperties(csv: string): FuelPropertyTable {
  const [header, ...rows] = csv.trim().split(/\r?\n/);
  const columns = (header ?? '').split(',');
  const at = (name: string) => {
    const index = columns.indexOf(name);
    if (index < 0) throw new Error(`fuel properties: column ${name} missing`);
    return index;
  };
  const year = at('publication_year');
  const fuel = at('fuel');
  const net = at('net_cv_gj_per_tonne');
  const gross = at('gross_cv_gj_per_tonne');
  const density = at('density_kg_per_m3');
  const table = new Map<string, FuelProperty>();
  for (const row of rows) {
    const cells = row.split(',');
    const property: FuelProperty = {
      publicationYear: Number(cells[year]),
      fuel: cells[fuel] ?? '',
      netGJPerTonne: Number(cells[net]),
      grossGJPerTonne: Number(cells[gross]),
      densityKgPerM3: cells[density] ? Number(cells[density]) : null,
    };
    table.set(key(property.publicationYear, property.fuel), property);
  }
  return table;
}

/** Publication years of the DESNZ fuel properties shipped (PROVENANCE.md §5): 2024–2026. */
const FIRST_YEAR = 2024;
const LAST_YEAR = 2026;

/**
 * The publication nearest the activity year: 2024 for 2024 and earlier (the oldest set shipped;
 * the CVs barely move, e.g. diesel 45.399 → 45.581 GJ/t from 2024 to 2026), 2026 for later years.
 */
export function fuelPropertyYear(activityYear: number): number {
  if (!Number.isFinite(activityYear) || activityYear <= FIRST_YEAR) return FIRST_YEAR;
  return Math.min(activityYear, LAST_YEAR);
}

/**
 * The DESNZ fuel of each fuel category, the one its emission factor is for (activity-plans.ts):
 * - diesel, petrol: "… (average biofuel blend)", UK forecourt fuel, as uk25-diesel-l/uk25-petrol-l.
 * - gas_oil: "Gas Oil" (red diesel, 35-sec), as uk25-gasoil-l.
 * - heating_oil: "Burning Oil" (kerosene, 28-sec domestic heating oil), the plan's primary factor.
 * - natural_gas: "Natural Gas" (the grid mix DESNZ's natural gas factors are for).
 * - lpg: "LPG"; propane: "Propane".
 */
export const FUEL_OF_CATEGORY: Readonly<Partial<Record<ActivityCategory, string>>> = {
  diesel: 'Diesel (average biofuel blend)',
  petrol: 'Petrol (average biofuel blend)',
  gas_oil: 'Gas Oil',
  heating_oil: 'Burning Oil',
  natural_gas: 'Natural Gas',
  lpg: 'LPG',
  propane: 'Propane',
};

/** Fuels sold as a gas: their volume is of gas at reference conditions, not of a liquid. */
const GASEOUS_FUELS = new Set(['natural_gas']);

/**
 * What the energy is used for (SECR carriers; VSME B3 electricity vs fuels):
 * - electricity; heat_steam: purchased district heat or steam;
 * - stationary_fuel: gas, heating oil, gas oil, LPG, propane burnt on site;
 * - transport_fuel: diesel and petrol (SECR "transport fuel"; the ledger's fuels at the pump).
 */
export type EnergyKind = 'electricity' | 'heat_steam' | 'stationary_fuel' | 'transport_fuel';

export const KIND_OF_CATEGORY: Readonly<Partial<Record<ActivityCategory, EnergyKind>>> = {
  electricity: 'electricity',
  district_heat: 'heat_steam',
  steam: 'heat_steam',
  natural_gas: 'stationary_fuel',
  heating_oil: 'stationary_fuel',
  gas_oil: 'stationary_fuel',
  lpg: 'stationary_fuel',
  propane: 'stationary_fuel',
  diesel: 'transport_fuel',
  petrol: 'transport_fuel',
};

/** Categories counted as the company's own energy use (SECR, VSME B3). */
export const ENERGY_CATEGORIES = Object.keys(KIND_OF_CATEGORY) as ActivityCategory[];

/** 1 GJ = 10⁹ J and 1 kWh = 3.6 × 10⁶ J, so 1 GJ = 277.777… kWh (PROVENANCE.md rounds to 277.778). */
export const KWH_PER_GJ = 1000 / 3.6;

/**
 * Why a line's energy is not counted:
 * - distance_only: an owned vehicle recorded by distance; no published kWh-per-km basis.
 * - no_quantity: a spend-only line (no quantity of energy or fuel).
 * - unit_not_convertible: the unit cannot become energy for this fuel (a gas volume of a liquid).
 * - no_fuel_property: the DESNZ table lacks the fuel's CV or density.
 */
export type EnergyNotCountedReason =
  | 'distance_only'
  | 'no_quantity'
  | 'unit_not_convertible'
  | 'no_fuel_property';

export type LineEnergy =
  | { counted: true; kind: EnergyKind; kWh: number }
  | { counted: false; reason: EnergyNotCountedReason };

export interface EnergyLine {
  category: string;
  unit: UnitKey | undefined;
  quantity: number | null;
  /** Year of the activity (picks the DESNZ publication). */
  year: number;
}

/** Gross kWh of `tonnes` of a fuel: t × GJ/t × 277.78 kWh/GJ. */
const kWhOfTonnes = (tonnes: number, property: FuelProperty) =>
  tonnes * property.grossGJPerTonne * KWH_PER_GJ;

/** The DESNZ properties of `fuel` in the publication nearest `year`. */
export const fuelPropertyOf = (table: FuelPropertyTable, year: number, fuel: string) =>
  table.get(key(fuelPropertyYear(year), fuel));

/** kWh of a fuel line, as `fuel` (by default the category's DESNZ fuel). */
export function fuelKWh(
  line: EnergyLine,
  unit: UnitKey,
  quantity: number,
  table: FuelPropertyTable,
  fuel = FUEL_OF_CATEGORY[line.category as ActivityCategory],
): LineEnergy {
  const kind = KIND_OF_CATEGORY[line.category as ActivityCategory] as EnergyKind;
  const dimension = dimensionOf(unit);
  // Energy units: as stated. A fuel kWh without a CV basis is taken as gross, as the calculator
  // does (flag calorific_basis_assumed_gross): UK and US bills are gross (md §4.1).
  if (dimension === 'energy')
    return { counted: true, kind, kWh: quantity * (conversionFactor(unit, 'kWh') ?? 0) };
  const property = fuel ? fuelPropertyOf(table, line.year, fuel) : undefined;
  if (!property) return { counted: false, reason: 'no_fuel_property' };
  if (dimension === 'mass') {
    return {
      counted: true,
      kind,
      kWh: kWhOfTonnes(quantity * (conversionFactor(unit, 'tonne') ?? 0), property),
    };
  }
  if (dimension !== 'volume') return { counted: false, reason: 'unit_not_convertible' };
  // Liquids are sold by liquid volume (litres, gallons); a gas-meter unit (ft³, scf, ccf) is a
  // volume of gas and says nothing about a liquid fuel's mass.
  const gasMeterUnit = unit === 'ft3' || unit === 'scf' || unit === 'ccf';
  if (!GASEOUS_FUELS.has(line.category) && gasMeterUnit)
    return { counted: false, reason: 'unit_not_convertible' };
  if (property.densityKgPerM3 === null) return { counted: false, reason: 'no_fuel_property' };
  // m³ × kg/m³ = kg; /1000 = t. For gases this is the PROVENANCE.md §5 formula (GJ/t × kg/m³ /
  // 1000 × 277.778); the published kWh/litre of a gas is rounded to 0.01 and never used.
  const m3 = quantity * (conversionFactor(unit, 'm3') ?? 0);
  return { counted: true, kind, kWh: kWhOfTonnes((m3 * property.densityKgPerM3) / 1000, property) };
}

/** kWh (gross CV) of one line, or why it is not counted. Unknown categories are not energy. */
export function energyOfLine(line: EnergyLine, table: FuelPropertyTable): LineEnergy | null {
  if (line.category === 'owned_vehicle') return { counted: false, reason: 'distance_only' };
  const kind = KIND_OF_CATEGORY[line.category as ActivityCategory];
  if (!kind) return null;
  if (line.quantity === null) return { counted: false, reason: 'no_quantity' };
  if (!line.unit) return { counted: false, reason: 'unit_not_convertible' };
  if (kind === 'electricity' || kind === 'heat_steam') {
    const toKWh = conversionFactor(line.unit, 'kWh');
    return toKWh === null
      ? { counted: false, reason: 'unit_not_convertible' }
      : { counted: true, kind, kWh: line.quantity * toKWh };
  }
  return fuelKWh(line, line.unit, line.quantity, table);
}
