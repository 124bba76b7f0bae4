// Resolves a line's "shape" (category, variant, region, year, unit, CV, RF, currency) into the
// factors it uses, once; calculate.ts then applies the quantity. Resolutions are cached per
// library and FX table in nested Maps, so the hot path builds no key string.

import { ActivityInputError, type ActivityPlan, type EntryPlan } from './activity-plans.ts';
import { type FactorChoice, type FactorQuery, findFactor, searchRegions } from './factor-choice.ts';
import type { FactorLibrary } from './factor-library.ts';
import { convertSpend, type FxTable, usCpiDeflator } from './fx.ts';
import { normaliseRegion, regionChain } from './regions.ts';
import type { ActivityInput, EmissionFactor, Flag, Scope } from './types.ts';
import { conversionFactor, dimensionOf, isUnitKey, type UnitKey } from './units.ts';

export interface ResolvedEntry {
  scope: Scope;
  scope3Category: number | null;
  factor: EmissionFactor;
  /** Input quantity → factor unit (for spend: currency → the factor's currency and price year). */
  conversion: number;
  flags: readonly Flag[];
}

export interface MarketResolution {
  /** The location-based entry the market-based one mirrors when nothing better is known. */
  location: ResolvedEntry;
  /** Input unit → kWh, or null when the activity is not energy (owned BEV per km). */
  toKWh: number | null;
  mirrorFlags: readonly Flag[];
  lineFlagsMirror: readonly Flag[];
  lineFlagsSupplier: readonly Flag[];
  lineFlagsInstrument: readonly Flag[];
}

export interface Resolution {
  spendBased: boolean;
  entries: readonly ResolvedEntry[];
  market: MarketResolution | null;
  lineFlags: readonly Flag[];
}

export const SUPPLIER_FLAGS: readonly Flag[] = Object.freeze(['market_based_supplier_factor'] as Flag[]);
export const INSTRUMENT_FLAGS: readonly Flag[] = Object.freeze([
  'market_based_contractual_instrument',
] as Flag[]);
const NO_FACTOR: readonly Flag[] = Object.freeze(['no_factor'] as Flag[]);

function union(...lists: readonly (readonly Flag[])[]): readonly Flag[] {
  const out: Flag[] = [];
  for (const list of lists) for (const flag of list) if (!out.includes(flag)) out.push(flag);
  return Object.freeze(out);
}

function toEntry(
  choice: FactorChoice,
  plan: EntryPlan,
  extra: readonly Flag[],
  conversion = 1,
): ResolvedEntry {
  return {
    scope: plan.scope ?? choice.factor.scope,
    scope3Category: plan.scope3Category ?? choice.factor.scope3Category,
    factor: choice.factor,
    conversion: choice.conversion * conversion,
    flags: extra.length === 0 ? choice.flags : union(choice.flags, extra),
  };
}

function siteRegionOf(plan: ActivityPlan, input: ActivityInput): string {
  if (plan.regionSource === 'variant' && input.variant !== undefined) return normaliseRegion(input.variant);
  if (plan.regionSource === 'subregion' && input.subregion) return normaliseRegion(input.subregion);
  return normaliseRegion(input.country);
}

const isUkRegion = (region: string) => region === 'GB' || region.startsWith('GB-');

/**
 * The unit the factor is looked up in and what one input unit is in it: for spend, the currency
 * converted to the factor set's (null when no FX rate) and deflated to its price year; otherwise the
 * line's own unit. Assumptions made on the way are added to `assumptions`.
 */
function lineUnit(
  input: ActivityInput,
  plan: ActivityPlan,
  fx: FxTable,
  year: number,
  siteRegion: string,
  assumptions: Flag[],
): { unit: UnitKey; spendToFactorUnit: number } | null {
  if (!plan.spendBased) {
    if (input.unit === undefined || !isUnitKey(input.unit)) {
      throw new ActivityInputError('invalid_unit', `Unknown unit "${String(input.unit)}"`);
    }
    if (
      plan.usesCalorificBasis &&
      input.calorificBasis === undefined &&
      dimensionOf(input.unit) === 'energy'
    ) {
      assumptions.push('calorific_basis_assumed_gross');
    }
    return { unit: input.unit, spendToFactorUnit: 1 };
  }
  if (typeof input.currency !== 'string')
    throw new ActivityInputError('invalid_spend', 'Spend needs a currency');
  const target = plan.spend?.currency ?? 'USD';
  const converted = convertSpend(1, input.currency, target, year, fx);
  if (converted === null) return null;
  let spendToFactorUnit = converted.amount;
  assumptions.push(...converted.flags);
  // US CPI-U takes USD of the spend's year to the factor set's price year (EPA: 2022 USD).
  const priceYear = plan.spend?.deflateToYear ?? null;
  const deflator = priceYear === null ? null : usCpiDeflator(year, priceYear);
  if (deflator !== null) {
    spendToFactorUnit *= deflator;
    if (year !== priceYear) assumptions.push('spend_deflated_cpi_u');
  } else if (year !== 2022) assumptions.push('spend_not_deflated');
  if (target === 'USD' && siteRegion !== 'US' && !siteRegion.startsWith('US-')) {
    assumptions.push('spend_proxy_region');
  }
  return { unit: target === 'GBP' ? 'gbp' : 'usd', spendToFactorUnit };
}

export function resolve(
  input: ActivityInput,
  basePlan: ActivityPlan,
  library: FactorLibrary,
  fx: FxTable,
  year: number,
): Resolution {
  const siteRegion = siteRegionOf(basePlan, input);
  // Spend categories at a UK site use Defra's UK SIC multipliers (GBP) instead of EPA's (USD).
  const plan = basePlan.spend?.uk !== undefined && isUkRegion(siteRegion) ? basePlan.spend.uk : basePlan;
  const lineFlags: Flag[] = [...plan.lineFlags];
  const assumptions: Flag[] = [];
  const measure = lineUnit(input, plan, fx, year, siteRegion, assumptions);
  if (measure === null) {
    return {
      spendBased: true,
      entries: [],
      market: null,
      lineFlags: union(['fx_rate_missing', 'no_factor']),
    };
  }
  const { unit, spendToFactorUnit } = measure;
  const query: FactorQuery = {
    activityKey: '',
    unit,
    region: siteRegion,
    reportingYear: year,
    calorificBasis: input.calorificBasis,
    radiativeForcing: plan.usesRadiativeForcing ? input.radiativeForcing !== false : undefined,
    regionIndependent: plan.regionIndependent,
  };
  const primaryRegions = searchRegions(siteRegion, plan.proxyRegions);
  const entries: ResolvedEntry[] = [];
  let market: MarketResolution | null = null;
  let primaryRegion: string | undefined;
  for (const entryPlan of plan.entries) {
    if (entryPlan.role !== 'primary') continue;
    const choice = findFactor(library, query, { ...entryPlan, regions: primaryRegions, siteRegion });
    if (choice === null)
      return {
        spendBased: plan.spendBased,
        entries: [],
        market: null,
        lineFlags: union(lineFlags, NO_FACTOR),
      };
    const entry = toEntry(choice, entryPlan, assumptions, spendToFactorUnit);
    entries.push(entry);
    primaryRegion ??= choice.factor.region;
    if (plan.marketBased && entry.scope === 'scope_2_location' && market === null) {
      market = { location: entry, toKWh: conversionFactor(unit, 'kWh') } as MarketResolution;
    }
  }
  // WTT, T&D and memo entries come from the primary factor's own region (never a proxy), so a US
  // line gets no UK WTT; missing ones are flagged.
  const secondaryRegions = regionChain(primaryRegion!);
  for (const entryPlan of plan.entries) {
    if (entryPlan.role === 'primary') continue;
    const choice = findFactor(library, query, { ...entryPlan, regions: secondaryRegions, siteRegion });
    if (choice === null) {
      if (entryPlan.missingFlag !== undefined) lineFlags.push(entryPlan.missingFlag);
      continue;
    }
    entries.push(toEntry(choice, entryPlan, assumptions));
  }
  const all = union(lineFlags, ...entries.map((e) => e.flags));
  if (market !== null) {
    market.mirrorFlags = union(market.location.flags, ['market_based_uses_location_factor']);
    market.lineFlagsMirror = union(all, market.mirrorFlags);
    market.lineFlagsSupplier = union(all, SUPPLIER_FLAGS);
    market.lineFlagsInstrument = union(all, INSTRUMENT_FLAGS);
  }
  return { spendBased: plan.spendBased, entries, market, lineFlags: all };
}

/**
 * Resolutions keyed by the line's shape, one nested Map level per field (category, variant,
 * country, subregion, year, unit, CV, RF, currency): no key string is built per line.
 */
type Level = Map<unknown, unknown>;
const caches = new WeakMap<FactorLibrary, WeakMap<FxTable, Level>>();
let lastLibrary: FactorLibrary | undefined;
let lastFx: FxTable | undefined;
let lastRoot: Level | undefined;

export function rootFor(library: FactorLibrary, fx: FxTable): Level {
  if (library === lastLibrary && fx === lastFx) return lastRoot!;
  let byFx = caches.get(library);
  if (byFx === undefined) {
    byFx = new WeakMap();
    caches.set(library, byFx);
  }
  let root = byFx.get(fx);
  if (root === undefined) {
    root = new Map();
    byFx.set(fx, root);
  }
  lastLibrary = library;
  lastFx = fx;
  lastRoot = root;
  return root;
}

function shapeOf(input: ActivityInput, year: number): readonly unknown[] {
  return [
    input.category,
    input.variant,
    input.country,
    input.subregion,
    year,
    input.unit,
    input.calorificBasis,
    input.radiativeForcing,
    input.currency,
  ];
}

export function cached(root: Level, input: ActivityInput, year: number): Resolution | undefined {
  let level = root.get(input.category) as Level | undefined;
  if (level === undefined) return undefined;
  level = level.get(input.variant) as Level | undefined;
  if (level === undefined) return undefined;
  level = level.get(input.country) as Level | undefined;
  if (level === undefined) return undefined;
  level = level.get(input.subregion) as Level | undefined;
  if (level === undefined) return undefined;
  level = level.get(year) as Level | undefined;
  if (level === undefined) return undefined;
  level = level.get(input.unit) as Level | undefined;
  if (level === undefined) return undefined;
  level = level.get(input.calorificBasis) as Level | undefined;
  if (level === undefined) return undefined;
  level = level.get(input.radiativeForcing) as Level | undefined;
  if (level === undefined) return undefined;
  return level.get(input.currency) as Resolution | undefined;
}

export function store(root: Level, input: ActivityInput, year: number, resolution: Resolution): void {
  const shape = shapeOf(input, year);
  let level = root;
  for (let i = 0; i < shape.length - 1; i++) {
    let next = level.get(shape[i]) as Level | undefined;
    if (next === undefined) {
      next = new Map();
      level.set(shape[i], next);
    }
    level = next;
  }
  level.set(shape[shape.length - 1], resolution);
}
