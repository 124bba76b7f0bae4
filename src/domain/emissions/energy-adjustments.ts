// Corrections to the energy of fuel lines whose kWh depends on columns outside the ledger's
// covering index (decision 048), read by a second, narrow query:
// - a fuel recorded in energy units on a NET calorific basis is re-based to gross with the DESNZ
//   ratio gross GJ/t ÷ net GJ/t of its fuel (e.g. natural gas 2025: 50.678 / 45.745);
// - heating oil of the `distillate_no2` variant (US No. 2 heating oil) is a gas oil, not a
//   kerosene: its litres or tonnes take the "Gas Oil" properties instead of "Burning Oil".
import { FUEL_OF_CATEGORY, type FuelPropertyTable, fuelKWh, fuelPropertyOf } from './energy.ts';
import type { ActivityCategory } from './types.ts';
import { conversionFactor, dimensionOf, type UnitKey } from './units.ts';

export interface EnergyAdjustmentRow {
  date: string;
  category: string;
  unit: UnitKey | undefined;
  variant: string | null;
  calorificBasis: string | null;
  quantity: number | null;
}

/** Heating-oil variant that is a No. 2 distillate (activity-plans.ts: the EPA distillate row). */
const DISTILLATE_VARIANT = 'distillate_no2';

/** The DESNZ fuel of a line, its variant considered. */
const fuelOf = (category: string, variant: string | null) =>
  category === 'heating_oil' && variant === DISTILLATE_VARIANT
    ? 'Gas Oil'
    : FUEL_OF_CATEGORY[category as ActivityCategory];

/** kWh to add to the line's energy as energyOfLine counted it (negative when less). */
export function energyAdjustmentKWh(row: EnergyAdjustmentRow, table: FuelPropertyTable): number {
  if (row.quantity === null || !row.unit) return 0;
  const year = Number(row.date.slice(0, 4));
  const fuel = fuelOf(row.category, row.variant);
  if (!fuel) return 0;
  if (dimensionOf(row.unit) === 'energy') {
    if (row.calorificBasis !== 'net') return 0;
    const property = fuelPropertyOf(table, year, fuel);
    if (!property || property.netGJPerTonne <= 0) return 0;
    const kWh = row.quantity * (conversionFactor(row.unit, 'kWh') ?? 0);
    return kWh * (property.grossGJPerTonne / property.netGJPerTonne - 1);
  }
  if (fuel === FUEL_OF_CATEGORY[row.category as ActivityCategory]) return 0;
  const line = { category: row.category, unit: row.unit, quantity: row.quantity, year };
  const counted = fuelKWh(line, row.unit, row.quantity, table);
  const corrected = fuelKWh(line, row.unit, row.quantity, table, fuel);
  return counted.counted && corrected.counted ? corrected.kWh - counted.kWh : 0;
}
