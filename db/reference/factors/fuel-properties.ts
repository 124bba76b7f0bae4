/// <reference path="./text-modules.d.ts" />
// DESNZ fuel properties (calorific values and densities, 2024–2026): a byte-for-byte copy of
// shared/reference/datasets/desnz-fuel-properties-2024-2026.csv (PROVENANCE.md §5), imported as
// text so Bun and the Worker bundle read the same bytes, parsed once per process (decision 048).
import { type FuelPropertyTable, parseFuelProperties } from '../../../src/domain/emissions/energy.ts';
import fuelPropertiesCsv from './datasets/desnz-fuel-properties-2024-2026.csv' with { type: 'text' };

let table: FuelPropertyTable | undefined;

export function fuelProperties(): FuelPropertyTable {
  table ??= parseFuelProperties(fuelPropertiesCsv);
  return table;
}
