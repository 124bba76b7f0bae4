import type { ActivityCategory, ActivityLine, Scope } from '../../../domain/contracts/ledger';
import { CATEGORY_LABELS } from '../../../domain/emissions/category-labels';
import { SCOPE_3_CATEGORY_NAMES } from '../../../domain/emissions/scope3-categories';
import type { BadgeTone } from '../../ui/badge';

type EmissionResult = ActivityLine['results'][number];
type DataQuality = ActivityLine['dataQuality'];

export { CATEGORY_LABELS };

export function categoryLabel(category: string): string {
  return CATEGORY_LABELS[category as ActivityCategory] ?? humanize(category);
}

export const SCOPE_LABELS: Record<Scope, string> = {
  scope_1: 'Scope 1',
  scope_2_location: 'Scope 2 (location-based)',
  scope_2_market: 'Scope 2 (market-based)',
  scope_3: 'Scope 3',
  outside_scopes: 'Outside scopes (memo, not in totals)',
};

export function scopeLabel(result: Pick<EmissionResult, 'scope' | 'scope3Category'>): string {
  const base = SCOPE_LABELS[result.scope] ?? humanize(result.scope);
  if (result.scope !== 'scope_3' || result.scope3Category == null) return base;
  const name = SCOPE_3_CATEGORY_NAMES[result.scope3Category];
  return `Scope 3, category ${result.scope3Category}${name ? ` (${name})` : ''}`;
}

export const DATA_QUALITY: Record<DataQuality, { label: string; tone: BadgeTone; description: string }> = {
  measured: { label: 'Measured', tone: 'success', description: 'Metered or billed quantity' },
  supplier_specific: {
    label: 'Supplier-specific',
    tone: 'success',
    description: "The supplier's own figure",
  },
  activity_average: { label: 'Average factor', tone: 'info', description: 'Quantity with an average factor' },
  spend_based: { label: 'Spend-based', tone: 'warning', description: 'Estimated from money spent' },
};

export const SOURCE_LABELS: Record<string, string> = {
  manual: 'Manual entry',
  csv: 'CSV import',
  receipt: 'Receipt',
  receipt_ocr: 'Receipt',
  quickbooks: 'QuickBooks',
  xero: 'Xero',
  shopify: 'Shopify',
  odoo: 'Odoo',
};

export function sourceLabel(source: string): string {
  return SOURCE_LABELS[source] ?? humanize(source);
}

/** snake_case or camelCase → 'Sentence case words'. */
export function humanize(value: string): string {
  const text = value
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return text ? text[0]!.toUpperCase() + text.slice(1) : text;
}

const kgFormat = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });
const tonneFormat = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const quantityFormat = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 3 });

/** 1770 → '1,770'; 9937.054 → '9,937.05' (kg CO2e of one ledger line). */
export function formatKg(kg: number): string {
  return kgFormat.format(kg);
}

/** kg → tonnes, no rounding. */
export function kgToTonnes(kg: number): number {
  return kg / 1000;
}

/** 1770 kg → '1.77 tCO2e'; shown beside large line figures. */
export function formatKgAsTonnes(kg: number): string {
  return `${tonneFormat.format(kgToTonnes(kg))} tCO2e`;
}

export function formatQuantity(value: number): string {
  return quantityFormat.format(value);
}

/** A factor has as many significant figures as published: up to 6, never shown as 0. */
export function formatFactor(value: number): string {
  if (value === 0) return '0';
  return new Intl.NumberFormat('en-GB', { maximumSignificantDigits: 6 }).format(value);
}

function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(amount);
  } catch {
    return `${currency} ${quantityFormat.format(amount)}`;
  }
}

/** Unit keys of the calculator (src/domain/emissions/units.ts) as people write them. */
const UNIT_LABELS: Record<string, string> = {
  passenger_km: 'passenger-km',
  passenger_mile: 'passenger-miles',
  vehicle_km: 'vehicle-km',
  vehicle_mile: 'vehicle-miles',
  tonne_km: 'tonne-km',
  short_ton_mile: 'short ton-miles',
  short_ton: 'short tons',
  room_night: 'room-nights',
  fte_hour: 'FTE hours',
  us_gallon: 'US gallons',
  uk_gallon: 'UK gallons',
  usd: 'USD',
  gbp: 'GBP',
};

export function unitLabel(unit: string): string {
  return UNIT_LABELS[unit] ?? unit;
}

/** '10,000 kWh', '£1,200.00' or '—' for a line with neither. */
export function describeAmount(line: Pick<ActivityLine, 'quantity' | 'unit' | 'spend' | 'currency'>): string {
  if (line.quantity != null)
    return `${formatQuantity(line.quantity)}${line.unit ? ` ${unitLabel(line.unit)}` : ''}`;
  if (line.spend != null && line.currency) return formatMoney(line.spend, line.currency);
  return '—';
}

export type ScopeColumn = 'scope_1' | 'scope_2_location' | 'scope_2_market' | 'scope_3';
/** The ledger's figure columns; the market-based scope 2 figure is in each line's details. */
export const SCOPE_COLUMNS: ReadonlyArray<{ scope: ScopeColumn; label: string }> = [
  { scope: 'scope_1', label: 'Scope 1' },
  { scope: 'scope_2_location', label: 'Scope 2 (location)' },
  { scope: 'scope_3', label: 'Scope 3' },
];

/** kg CO2e per scope column of a line; null where the line contributes nothing to that scope. */
export function scopeTotals(results: readonly EmissionResult[]): Record<ScopeColumn, number | null> {
  const totals: Record<ScopeColumn, number | null> = {
    scope_1: null,
    scope_2_location: null,
    scope_2_market: null,
    scope_3: null,
  };
  for (const result of results) {
    if (result.scope === 'outside_scopes') continue;
    totals[result.scope] = (totals[result.scope] ?? 0) + result.kgCO2e;
  }
  return totals;
}

/** '10,000 kWh × 0.177 kgCO2e/kWh = 1,770 kgCO2e' (the factor is the stored result over its quantity). */
export function describeCalculation(result: EmissionResult): string {
  const unit = unitLabel(result.activityUnit);
  const quantity = `${formatQuantity(result.activityQuantity)} ${unit}`;
  if (result.activityQuantity === 0) return `${quantity} = ${formatKg(result.kgCO2e)} kgCO2e`;
  const factor = result.kgCO2e / result.activityQuantity;
  const perUnit = UNIT_LABELS[result.activityUnit] ? result.activityUnit.replace(/_/g, '-') : unit;
  return `${quantity} × ${formatFactor(factor)} kgCO2e per ${perUnit} = ${formatKg(result.kgCO2e)} kgCO2e`;
}

/**
 * Calculation flags in plain words (the vocabulary of src/domain/emissions/types.ts `Flag`). A flag
 * may carry a detail after a colon (`region_fallback:GB`); unknown flags are still shown,
 * humanised, never hidden.
 */
const FLAG_WORDS: Record<string, (detail: string) => string> = {
  region_fallback: (d) =>
    `There is no factor for this site's own region, so ${d ? `the ${d} factor` : "a wider or neighbouring region's factor"} was used.`,
  activity_proxy: () =>
    'The exact activity has no published factor, so the closest similar activity was used.',
  dataset_year_after_reporting_year: () =>
    'No factor set is dated on or before this year, so the earliest later set was used.',
  secondary_source: () =>
    'The factor is quoted from a secondary source, not the official file, and should be checked.',
  lifecycle_basis: () =>
    'The grid factor covers the whole life cycle, including upstream emissions, not only burning fuel.',
  gwp_basis_ar4: () => 'This factor uses older (AR4) global warming potentials, as its publisher does.',
  co2_only: () => 'This factor covers carbon dioxide only; methane and nitrous oxide are counted separately.',
  ch4_n2o_only: () =>
    'This factor covers methane and nitrous oxide only; carbon dioxide is counted separately.',
  radiative_forcing_included: () =>
    'Includes radiative forcing: the extra warming effect of emissions released at altitude.',
  radiative_forcing_excluded: () =>
    'Excludes radiative forcing (the extra warming effect of flying at altitude).',
  market_based_supplier_factor: () => "The market-based figure uses your supplier's own emission factor.",
  market_based_contractual_instrument: () =>
    'A renewable tariff or certificate makes the market-based figure zero; the location-based figure is unchanged.',
  market_based_uses_location_factor: () =>
    'No supplier factor, certificate or residual mix is available, so the market-based figure equals the location-based one.',
  no_td_wtt_factor: () =>
    'No factor for grid losses or upstream fuel supply exists for this country, so those scope 3 emissions are left out.',
  no_wtt_factor: () =>
    'No upstream (well-to-tank) factor exists for this activity, so that part is left out.',
  outside_scopes_memo: () =>
    'Biogenic CO2 from the biofuel blend: reported as a memo item and never added to the totals.',
  spend_converted_currency: (d) =>
    `The spend was converted to the factor's currency at the ECB annual average exchange rate${d ? ` (${d})` : ''}.`,
  spend_not_deflated: () =>
    'The spend factor is in 2022 prices and no price index was available to adjust this spend for inflation, which can overstate it.',
  spend_deflated_cpi_u: () =>
    'The spend was adjusted to 2022 US prices with the US consumer price index (CPI-U) to match the factor.',
  spend_proxy_region: () =>
    "No spend factors are published for this site's country, so US EPA factors were used as a stand-in.",
  fx_rate_year_fallback: () => "No exchange rate for this year, so the nearest year's rate was used.",
  fx_rate_missing: () => 'There is no exchange rate for this currency, so no emissions could be calculated.',
  calorific_basis_assumed_gross: () =>
    'The calorific basis was not stated, so gross (as on most bills) was assumed.',
  phev_electricity_excluded: () =>
    'For a plug-in hybrid, this covers the fuel only; charging electricity is not included.',
  no_factor: () =>
    'No emission factor exists for this activity in this region, so nothing was calculated (blank, not zero).',
};

const FLAG_ALIASES: Record<string, string> = {
  with_rf: 'radiative_forcing_included',
  rf_included: 'radiative_forcing_included',
  without_rf: 'radiative_forcing_excluded',
  rf_excluded: 'radiative_forcing_excluded',
  calorific_basis_assumed: 'calorific_basis_assumed_gross',
  lifecycle_factor: 'lifecycle_basis',
  gwp_ar4: 'gwp_basis_ar4',
};

export function describeFlag(flag: string): string {
  const separator = flag.indexOf(':');
  const rawKey = (separator === -1 ? flag : flag.slice(0, separator)).trim();
  const detail = separator === -1 ? '' : flag.slice(separator + 1).trim();
  const key = rawKey.toLowerCase();
  const words = FLAG_WORDS[FLAG_ALIASES[key] ?? key];
  if (words) return words(detail);
  const text = humanize(rawKey);
  return detail ? `${text}: ${detail}.` : `${text}.`;
}

/** Only web links are shown as links (never `javascript:` or other schemes). */
export function safeEvidenceHref(url: string | null | undefined): string | null {
  if (!url) return null;
  // A file this app stores (a scanned receipt: /api/integrations/ocr/files/{id}) is same-origin.
  if (/^\/api\/[\w/.-]+$/.test(url)) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

/** '2025-03-31' → '31 Mar 2025' (a calendar date, so no time-zone shift). */
export function formatIsoDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  return dateFormat.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))));
}
