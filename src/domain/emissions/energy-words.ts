// Plain words for what energy figures leave out and how market-based scope 2 was made (decision
// 048): the KPI page, the wizard's notes, every report and the narratives say the same sentence.

export interface EnergyNotCountedRow {
  category: string;
  reason: string;
  lines: number;
  quantity: number | null;
  unit: string | null;
}

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;
const whole = (value: number) => Math.round(value).toLocaleString('en-GB');
const label = (category: string) => category.replaceAll('_', ' ');

/** One clause per reason; null when everything counted. */
export function energyNotCountedText(
  rows: readonly EnergyNotCountedRow[],
  vehicleDistanceKm: number,
): string | null {
  if (rows.length === 0) return null;
  const count = (reason: string) =>
    rows.filter((row) => row.reason === reason).reduce((sum, row) => sum + row.lines, 0);
  const categories = (reason: string) =>
    [...new Set(rows.filter((row) => row.reason === reason).map((row) => label(row.category)))].join(', ');
  const parts: string[] = [];
  const distance = count('distance_only');
  if (distance > 0) {
    parts.push(
      `${plural(distance, 'owned-vehicle line', 'owned-vehicle lines')} recorded by distance (${whole(vehicleDistanceKm)} km): no published energy-per-km figure exists, so record the fuel bought, in litres, to count their energy`,
    );
  }
  const spend = count('no_quantity');
  if (spend > 0)
    parts.push(
      `${plural(spend, 'line', 'lines')} of ${categories('no_quantity')} recorded as spend only, with no quantity`,
    );
  const unit = count('unit_not_convertible') + count('no_fuel_property');
  if (unit > 0) {
    parts.push(
      `${plural(unit, 'line', 'lines')} of ${[categories('unit_not_convertible'), categories('no_fuel_property')].filter(Boolean).join(', ')} in a unit that cannot be turned into energy`,
    );
  }
  return `Energy not counted: ${parts.join('; ')}.`;
}

export interface MarketBasisPart {
  kWh: number;
  tCO2e: number;
}

/**
 * The sentence that goes beside every market-based scope 2 figure when part of it is the
 * location-based grid factor standing in (no contract, no supplier factor, no residual mix in the
 * reference: PROVENANCE.md "Not found"); null when no part is.
 */
export function marketBasedProxyText(locationProxy: MarketBasisPart): string | null {
  if (locationProxy.kWh <= 0 && locationProxy.tCO2e <= 0) return null;
  return `Market-based scope 2 includes ${locationProxy.tCO2e.toLocaleString('en-GB', { maximumFractionDigits: 3 })} tCO2e (${whole(locationProxy.kWh)} kWh) estimated from the location-based grid factor: no renewable contract or supplier factor recorded, and no residual-mix factor is available.`;
}
