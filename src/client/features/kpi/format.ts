import type { z } from 'zod';
import type { KpiMetrics, PeriodGrainSchema } from '../../../domain/contracts/kpi';
import { monthHasBegun } from '../../../domain/emissions/reporting-year';
import { SCOPE_3_CATEGORY_NAMES } from '../../../domain/emissions/scope3-categories';
import type { ChartPoint } from '../../charts/chart-helpers';

export type PeriodGrain = z.infer<typeof PeriodGrainSchema>;

export const GRAIN_OPTIONS: ReadonlyArray<{ value: PeriodGrain; label: string }> = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'quarterly', label: 'Quarterly' },
  { value: 'yearly', label: 'Yearly' },
];

const GRAIN_WORDS: Record<PeriodGrain, string> = { monthly: 'month', quarterly: 'quarter', yearly: 'year' };
export function grainWord(grain: PeriodGrain): string {
  return GRAIN_WORDS[grain];
}

const MONTHS_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTHS_LONG = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * Period keys of the metrics trend, in full and short (axis) form:
 * '2025-03' → 'March 2025' / 'Mar'; '2025-Q1' → 'Q1 2025' / 'Q1'; '2025' → '2025' / '2025'.
 * Anything else is shown as sent.
 */
export function periodLabels(period: string): { label: string; shortLabel: string } {
  const month = /^(\d{4})-(\d{2})$/.exec(period);
  if (month) {
    const index = Number(month[2]) - 1;
    if (index >= 0 && index < 12) {
      return { label: `${MONTHS_LONG[index]} ${month[1]}`, shortLabel: MONTHS_SHORT[index]! };
    }
  }
  const quarter = /^(\d{4})-?Q([1-4])$/i.exec(period);
  if (quarter) return { label: `Q${quarter[2]} ${quarter[1]}`, shortLabel: `Q${quarter[2]}` };
  return { label: period, shortLabel: period };
}

export function trendPoints(trend: KpiMetrics['carbon']['trend']): ChartPoint[] {
  return trend.map((entry) => ({ ...periodLabels(entry.period), value: entry.tCO2e, target: entry.target }));
}

/**
 * Every month of `year` that has begun by `today` (`YYYY-MM-DD`), with its MWh where energy was
 * recorded and null ("not recorded", a gap) where none was; months to come are left out
 * (decision 053: never plotted as zero).
 */
export function energyPoints(
  monthly: KpiMetrics['energy']['monthly'],
  year: number,
  today: string,
): ChartPoint[] {
  const recorded = new Map(monthly.map((entry) => [entry.period, entry.mwh]));
  return Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`)
    .filter((period) => monthHasBegun(period, today))
    .map((period) => ({ ...periodLabels(period), value: recorded.get(period) ?? null }));
}

/** Today as `YYYY-MM-DD` in UTC, the calendar the server's periods use. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Tonnes of CO2e: two decimals under 10 t (small firms live there), one above. */
export function formatTonnes(value: number): string {
  const decimals = Math.abs(value) < 10 ? 2 : 1;
  return new Intl.NumberFormat('en-GB', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);
}

/** kg → t, as the ledger stores kg and the dashboard speaks tonnes. */
export function kgToTonnes(kg: number): number {
  return kg / 1000;
}

export function formatNumber(value: number, maximumFractionDigits = 1): string {
  return new Intl.NumberFormat('en-GB', { maximumFractionDigits }).format(value);
}

/**
 * A quantity summed from ledger lines (MWh of energy, m3 of water): 0 means no line recorded one,
 * so it reads "Not recorded", never 0 (decision 053).
 */
export function recordedFigure(value: number, maximumFractionDigits = 1): string {
  return value > 0 ? formatNumber(value, maximumFractionDigits) : 'Not recorded';
}

/**
 * Shares arrive as fractions (0–1). A value above 1 is taken as already a percentage, so a
 * server sending 42 instead of 0.42 still reads '42%'.
 */
export function shareToPercent(share: number): number {
  return share > 1 ? share : share * 100;
}

export function formatShare(share: number | null | undefined): string {
  if (share == null || !Number.isFinite(share)) return '—';
  const percent = shareToPercent(share);
  return `${new Intl.NumberFormat('en-GB', { maximumFractionDigits: percent < 10 && percent > 0 ? 1 : 0 }).format(percent)}%`;
}

/**
 * The market-based line under the scope 2 figure, saying how much of it is the location-based grid
 * factor standing in for a renewable contract or supplier factor (decision 048).
 */
export function describeMarketBased(market: number, locationProxyTonnes: number): string {
  const figure = `Market-based: ${formatTonnes(market)} tCO2e`;
  if (locationProxyTonnes <= 0) return figure;
  return `${figure}, includes ${formatTonnes(locationProxyTonnes)} tCO2e estimated from the location-based grid factor: no renewable contract or supplier factor recorded`;
}

const NOT_COUNTED_WORDS: Record<string, string> = {
  distance_only:
    'recorded by distance: no published energy-per-km figure, so record the fuel bought to count it',
  no_quantity: 'recorded as spend only, with no quantity',
  unit_not_convertible: 'in a unit that cannot be turned into energy',
  no_fuel_property: 'in a unit that cannot be turned into energy',
};

/** '2 owned vehicle lines (1,234 km) recorded by distance: …' for each group of energy not counted. */
export function describeEnergyNotCounted(energy: KpiMetrics['energy']): string[] {
  return energy.notCounted.map((row) => {
    const lines = `${formatNumber(row.lines, 0)} ${carrierLabel(row.category).toLowerCase()} ${row.lines === 1 ? 'line' : 'lines'}`;
    const distance =
      row.reason === 'distance_only' ? ` (${formatNumber(energy.vehicleDistanceKm, 0)} km in all)` : '';
    return `${lines}${distance} ${NOT_COUNTED_WORDS[row.reason] ?? 'not counted'}`;
  });
}

export function scope3CategoryLabel(category: number): string {
  const name = SCOPE_3_CATEGORY_NAMES[category];
  return name ? `${category}. ${name}` : `Category ${category}`;
}

const CARRIER_LABELS: Record<string, string> = {
  electricity: 'Electricity',
  renewable_electricity: 'Renewable electricity',
  natural_gas: 'Natural gas',
  heating_oil: 'Heating oil',
  gas_oil: 'Gas oil',
  diesel: 'Diesel',
  petrol: 'Petrol',
  lpg: 'LPG',
  propane: 'Propane',
  district_heat: 'District heat',
  steam: 'Steam',
};

export function carrierLabel(carrier: string): string {
  return CARRIER_LABELS[carrier] ?? humanize(carrier);
}

const AGE_BAND_LABELS: Record<string, string> = {
  under30: 'Under 30',
  under_30: 'Under 30',
  '<30': 'Under 30',
  '30to50': '30 to 50',
  '30_50': '30 to 50',
  '30-50': '30 to 50',
  '30–50': '30 to 50',
  age30to50: '30 to 50',
  over50: 'Over 50',
  over_50: 'Over 50',
  '>50': 'Over 50',
};

export function ageBandLabel(band: string): string {
  return AGE_BAND_LABELS[band.replace(/\s+/g, '').toLowerCase()] ?? band;
}

function humanize(value: string): string {
  const text = value.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return text ? text[0]!.toUpperCase() + text.slice(1) : text;
}

/** A company with nothing in the ledger for the year: no figures, no datasets, an all-zero trend. */
export function hasLedgerData(metrics: KpiMetrics): boolean {
  const carbon = metrics.carbon;
  return (
    carbon.total.value > 0 ||
    carbon.outsideScopes.value > 0 ||
    metrics.energy.total.value > 0 ||
    metrics.water.value > 0 ||
    carbon.datasets.length > 0
  );
}

export const INTENSITY_MISSING_MESSAGE = 'Add revenue and headcount in the targets panel to see intensity';

export const TARGET_COVERAGE_LABELS: Record<string, string> = {
  scope_1_2: 'Scopes 1 and 2',
  scope_1_2_3: 'Scopes 1, 2 and 3',
};

/** 'Cut scopes 1 and 2 by 42% from 2022 to 2030'. */
export function describeTarget(target: NonNullable<KpiMetrics['carbon']['target']>): string {
  const coverage = (TARGET_COVERAGE_LABELS[target.coverage] ?? target.coverage).toLowerCase();
  return `Cut ${coverage} by ${formatNumber(target.reductionPercent)}% from ${target.baseYear} to ${target.targetYear}`;
}

/** The biggest age band and its share of the people counted, for the 'Age diversity' card. */
export function largestAgeBand(
  bands: ReadonlyArray<{ band: string; count: number }>,
): { label: string; share: number } | null {
  const total = bands.reduce((sum, band) => sum + band.count, 0);
  if (total <= 0) return null;
  const largest = bands.reduce((best, band) => (band.count > best.count ? band : best));
  return { label: ageBandLabel(largest.band), share: largest.count / total };
}
