// The energy figures of the ESG checklist's auto-fill, from the one energy-totals function
// (decision 048), so the wizard fills the same kWh the KPI page and the reports show.
import { energyNotCountedText } from '../../../domain/emissions/energy-words.ts';
import type { AutoFillSource } from '../../../domain/esg/types.ts';
import type { EnergyTotals } from './energy-totals.ts';

type Put = (source: AutoFillSource, value: number | undefined | null, unit: string) => void;

/** What the total leaves out, in words, or undefined when nothing. */
export function notCountedNote(totals: EnergyTotals): string | undefined {
  return energyNotCountedText(totals.notCounted, totals.vehicleDistanceKm) ?? undefined;
}

export function energyFigures(
  totals: EnergyTotals,
  put: Put,
  notes: Partial<Record<AutoFillSource, string>>,
): void {
  const mwh = (kWh: number | null) => (kWh === null ? null : kWh / 1000);
  const gas = totals.byCategory.find((row) => row.category === 'natural_gas')?.kWh ?? null;
  const fuels =
    totals.byKind.stationary_fuel === null && totals.byKind.transport_fuel === null
      ? null
      : (totals.byKind.stationary_fuel ?? 0) + (totals.byKind.transport_fuel ?? 0);
  put('energy_kwh', totals.totalKWh, 'kWh');
  put('energy_mwh', mwh(totals.totalKWh), 'MWh');
  put('energy_kwh_gas', gas, 'kWh');
  put('energy_kwh_electricity', totals.byKind.electricity, 'kWh');
  put('energy_kwh_transport', totals.byKind.transport_fuel, 'kWh');
  put('energy_mwh_electricity', mwh(totals.byKind.electricity), 'MWh');
  put('energy_mwh_fuels', mwh(fuels), 'MWh');
  // Of TOTAL energy (VSME B3 renewable vs non-renewable energy; decision 048).
  put(
    'renewable_share_percent',
    totals.renewableShareOfTotal === null ? null : totals.renewableShareOfTotal * 100,
    '%',
  );
  const note = notCountedNote(totals);
  if (note && totals.totalKWh !== null) {
    notes.energy_kwh = note;
    notes.energy_mwh = note;
  }
  if (note && totals.notCounted.some((row) => row.reason === 'distance_only'))
    notes.energy_kwh_transport = note;
}
