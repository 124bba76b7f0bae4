// Energy totals of a period from the ledger's grouped sums (one row per date, datasets, category,
// unit and instrument): what the KPI page, the wizard's auto-fill, the reports (SECR table, VSME
// B3) and the narratives all show (decision 048). Pure; the SQL is
// src/server/features/kpi/energy-totals.ts.

import {
  type EnergyKind,
  type EnergyNotCountedReason,
  energyOfLine,
  type FuelPropertyTable,
  fuelPropertyYear,
  KIND_OF_CATEGORY,
} from './energy.ts';
import { type EnergyAdjustmentRow, energyAdjustmentKWh } from './energy-adjustments.ts';
import type { ActivityCategory } from './types.ts';
import { conversionFactor, type UnitKey } from './units.ts';

export interface EnergyGroupRow {
  date: string;
  /** JSON array of the datasets of the lines' results (the supplier-factor marker). */
  datasets: string;
  category: string;
  unit: UnitKey | undefined;
  instrument: string | null;
  /** Sum of the quantities, null when every line of the group is spend-only. */
  quantity: number | null;
  lines: number;
  /** Sum of the lines' market-based scope 2 kg CO2e, null when none has one. */
  kgScope2Market: number | null;
}

export interface ScopeTwoBasisPart {
  kWh: number;
  tCO2e: number;
}

export interface EnergyTotals {
  /** Calorific value basis of every fuel kWh (SECR reports gross; decision 048). */
  basis: 'gross';
  /** DESNZ fuel-properties publication years used for fuels by volume or mass. */
  fuelPropertyYears: number[];
  /** Categories with lines converted with the fuel properties (the energy figures that cite them). */
  fuelPropertyCategories: string[];
  /** Null when no line's energy is counted (blank is not zero). */
  totalKWh: number | null;
  byKind: Record<EnergyKind, number | null>;
  byCategory: { category: string; kWh: number }[];
  monthly: { period: string; kWh: number }[];
  /** Electricity, heat or steam under a renewable tariff or certificate. Blended forecourt fuels
   * are not counted renewable: their bio fraction is not in the fuel properties (decision 048). */
  renewableKWh: number;
  /** Renewable electricity, kWh. */
  renewableElectricityKWh: number;
  /** Renewable kWh over total energy (0–1), null without energy. */
  renewableShareOfTotal: number | null;
  /** Renewable electricity over electricity (0–1), null without electricity. */
  renewableShareOfElectricity: number | null;
  /** Lines whose energy is not counted, by category and reason, with their quantity. */
  notCounted: {
    category: string;
    reason: EnergyNotCountedReason;
    lines: number;
    quantity: number | null;
    unit: string | null;
  }[];
  /** Distance of owned vehicles recorded by distance (energy not counted), km. */
  vehicleDistanceKm: number;
  /** How market-based scope 2 was made (GHG Protocol Scope 2 Guidance Table 6.3 hierarchy). */
  scope2MarketBasis: {
    contractual: ScopeTwoBasisPart;
    supplierFactor: ScopeTwoBasisPart;
    locationProxy: ScopeTwoBasisPart;
  };
}

const SUPPLIER_DATASET = 'Supplier-specific emission factor';

const part = (): ScopeTwoBasisPart => ({ kWh: 0, tCO2e: 0 });
const add = (map: Map<string, number>, name: string, value: number) =>
  map.set(name, (map.get(name) ?? 0) + value);

/**
 * Adds a line group whose energy is not counted to its (category, reason, unit) entry; returns the
 * vehicle distance it adds when it is a distance with no fuel (shown beside the energy).
 */
function noteNotCounted(
  notCounted: Map<string, EnergyTotals['notCounted'][number]>,
  row: EnergyGroupRow,
  reason: EnergyTotals['notCounted'][number]['reason'],
): number {
  const id = `${row.category}|${reason}|${row.unit ?? ''}`;
  const known = notCounted.get(id) ?? {
    category: row.category,
    reason,
    lines: 0,
    quantity: null,
    unit: row.unit ?? null,
  };
  known.lines += row.lines;
  if (row.quantity !== null) known.quantity = (known.quantity ?? 0) + row.quantity;
  notCounted.set(id, known);
  const toKm = row.unit
    ? (conversionFactor(row.unit, 'vehicle_km') ?? conversionFactor(row.unit, 'km'))
    : null;
  return reason === 'distance_only' && row.quantity !== null && toKm !== null ? row.quantity * toKm : 0;
}

/**
 * Market-based scope 2 of electricity, heat and steam by basis: instrument, else supplier, else the
 * location-based factor standing in (no residual mix in the library: PROVENANCE.md "Not found").
 */
function addMarketBasis(
  basis: EnergyTotals['scope2MarketBasis'],
  row: EnergyGroupRow,
  kWh: number,
  kgScope2Market: number,
): void {
  const slot =
    row.instrument !== null
      ? basis.contractual
      : row.datasets.includes(SUPPLIER_DATASET)
        ? basis.supplierFactor
        : basis.locationProxy;
  slot.kWh += kWh;
  slot.tCO2e += kgScope2Market / 1000;
}

/** kWh of a line group or adjustment added to its kind, its category and its month. */
function addEnergy(
  sums: {
    byKind: Record<EnergyKind, number | null>;
    byCategory: Map<string, number>;
    monthly: Map<string, number>;
  },
  kind: EnergyKind,
  row: { category: string; date: string },
  kWh: number,
): void {
  sums.byKind[kind] = (sums.byKind[kind] ?? 0) + kWh;
  add(sums.byCategory, row.category, kWh);
  add(sums.monthly, row.date.slice(0, 7), kWh);
}

/** A part of a whole; null when there is no whole to be a share of. */
function shareOf(part: number, whole: number | null): number | null {
  return whole !== null && whole > 0 ? part / whole : null;
}

/** The sum of the kinds; null when no kind has energy at all. */
function totalOf(byKind: Record<EnergyKind, number | null>): number | null {
  const values = Object.values(byKind);
  return values.some((value) => value !== null)
    ? values.reduce<number>((sum, value) => sum + (value ?? 0), 0)
    : null;
}

export function energyTotalsFrom(
  rows: readonly EnergyGroupRow[],
  table: FuelPropertyTable,
  adjustments: readonly EnergyAdjustmentRow[] = [],
): EnergyTotals {
  const byKind: Record<EnergyKind, number | null> = {
    electricity: null,
    heat_steam: null,
    stationary_fuel: null,
    transport_fuel: null,
  };
  const byCategory = new Map<string, number>();
  const monthly = new Map<string, number>();
  const years = new Set<number>();
  const propertyCategories = new Set<string>();
  const notCounted = new Map<string, EnergyTotals['notCounted'][number]>();
  const basis = { contractual: part(), supplierFactor: part(), locationProxy: part() };
  let renewable = 0;
  let renewableElectricity = 0;
  let vehicleKm = 0;
  for (const row of rows) {
    const year = Number(row.date.slice(0, 4));
    const energy = energyOfLine(
      { category: row.category, unit: row.unit, quantity: row.quantity, year },
      table,
    );
    if (energy === null) continue;
    if (!energy.counted) {
      vehicleKm += noteNotCounted(notCounted, row, energy.reason);
      continue;
    }
    const { kind, kWh } = energy;
    addEnergy({ byKind, byCategory, monthly }, kind, row, kWh);
    if (kind === 'stationary_fuel' || kind === 'transport_fuel') {
      if (row.unit && conversionFactor(row.unit, 'kWh') === null) {
        years.add(fuelPropertyYear(year));
        propertyCategories.add(row.category);
      }
      continue;
    }
    if (row.instrument !== null) {
      renewable += kWh;
      if (kind === 'electricity') renewableElectricity += kWh;
    }
    // Market-based scope 2 of electricity, heat and steam: instrument, else supplier, else the
    // location-based factor standing in (no residual mix in the library: PROVENANCE.md "Not found").
    if (row.kgScope2Market !== null) addMarketBasis(basis, row, kWh, row.kgScope2Market);
  }
  for (const row of adjustments) {
    const kWh = energyAdjustmentKWh(row, table);
    const kind = KIND_OF_CATEGORY[row.category as ActivityCategory];
    if (kWh === 0 || !kind) continue;
    addEnergy({ byKind, byCategory, monthly }, kind, row, kWh);
  }
  const total = totalOf(byKind);
  return {
    basis: 'gross',
    fuelPropertyYears: [...years].sort(),
    fuelPropertyCategories: [...propertyCategories].sort(),
    totalKWh: total,
    byKind,
    byCategory: [...byCategory]
      .map(([category, kWh]) => ({ category, kWh }))
      .sort((a, b) => b.kWh - a.kWh || a.category.localeCompare(b.category)),
    monthly: [...monthly]
      .map(([period, kWh]) => ({ period, kWh }))
      .sort((a, b) => a.period.localeCompare(b.period)),
    renewableKWh: renewable,
    renewableElectricityKWh: renewableElectricity,
    renewableShareOfTotal: shareOf(renewable, total),
    renewableShareOfElectricity: shareOf(renewableElectricity, byKind.electricity),
    notCounted: [...notCounted.values()].sort(
      (a, b) => a.category.localeCompare(b.category) || a.reason.localeCompare(b.reason),
    ),
    vehicleDistanceKm: vehicleKm,
    scope2MarketBasis: basis,
  };
}
