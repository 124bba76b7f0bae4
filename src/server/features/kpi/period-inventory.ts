// The inventory of an arbitrary date range (a report's year or quarter): scope totals, scope 3 by
// category, emissions by data-quality tier, memo items, the number of lines, the factor datasets
// with their sources, and energy, water and waste. Read with the same SQL sums and pending-import
// visibility as the KPI Dashboard (aggregates.ts, emissions/visibility.ts), in one batch, so a
// report's figures are those the dashboard shows for the same dates. A region narrows everything
// to the company's sites in that country, as esg-figures.ts does for SECR's UK figures.
import { count, sql } from 'drizzle-orm';
import { activityLines, emissionFactors } from '../../../../db/schema/ledger.ts';
import type { Scope } from '../../../domain/emissions/types.ts';
import { conversionFactor } from '../../../domain/emissions/units.ts';
import type { AuthedContext } from '../../context.ts';
import { referenceDataMissing } from '../../lib/errors.ts';
import {
  assertFiniteFigures,
  calculatorUnit,
  categorySums,
  entryField,
  readLedger,
  type ScopeRow,
  scopeRows,
  scopeSums,
} from '../ledger/figures/service.ts';
import {
  type EnergyTotals,
  energyLineAdjustments,
  energyLineGroups,
  energyTotalsOf,
} from './energy-totals.ts';
import { isRecoveredWaste } from './esg-figures.ts';
import { type DatasetEntryRow, type DatasetsByFigure, datasetsOf } from './period-datasets.ts';
import {
  atSitesIn,
  oneLineOutsideRegion,
  type RegionalPeriod,
  regionalLines,
  wasteQuantities,
  waterQuantities,
} from './regional-lines.ts';

/** Gross emissions of a line: scope 1 + location-based 2 + 3 (market-based is the alternative view). */
const grossKg = sql<number>`sum(coalesce(${activityLines.kgScope1}, 0) + coalesce(${activityLines.kgScope2Location}, 0) + coalesce(${activityLines.kgScope3}, 0))`;

/** Each stored entry of the lines, as `e` (json_each), for the per-dataset counts. */
const linesWithEntries = sql`${activityLines}, json_each(${activityLines.entries}) AS e`;
const entryDataset = sql<string>`${sql.raw(entryField('e', 'dataset'))}`;
const entryScope = sql<Scope>`${sql.raw(entryField('e', 'scope'))}`;
const entryCategory = sql<number | null>`${sql.raw(entryField('e', 'scope3Category'))}`;

/** The period and, if any, the region an inventory covers. */
export type PeriodInventoryQuery = RegionalPeriod;

export interface PeriodInventory {
  /** kg CO2e per stored scope (scope_1, scope_2_location, scope_2_market, scope_3, outside_scopes). */
  kgByScope: Record<string, number>;
  /** kg CO2e of scope 3 by GHG Protocol category, category order. */
  scope3ByCategoryKg: { category: number; kg: number }[];
  /** Gross kg CO2e (scope 1 + location-based 2 + 3) by the lines' data-quality tier. */
  byDataQualityKg: { tier: string; kg: number }[];
  /** Visible ledger lines dated in the range. */
  lineCount: number;
  /** Stored results in the range: whether any scope figure exists at all. */
  resultCount: number;
  /** Factor datasets the range's results were calculated with, with their source and GWP basis. */
  datasets: { dataset: string; source: string; sourceUrl: string; gwpBasis: string; results: number }[];
  /**
   * The datasets of each scope and scope 3 category figure (decision 058): the same entries as
   * `datasets`, grouped by the scope they were summed into, so each figure cites only its own.
   */
  datasetsByFigure: DatasetsByFigure;
  /** Energy of the range, from the one energy-totals function (decision 048). */
  energy: EnergyTotals;
  waterM3: number | null;
  waste: { totalTonnes: number; recycledTonnes: number } | null;
  /** With a region: the ledger has lines at sites outside it in the range. */
  hasActivityOutsideRegion: boolean;
}

/** The inventory of [from, to] (inclusive), at the region's sites when one is given. */
export async function getPeriodInventory(
  ctx: AuthedContext,
  query: PeriodInventoryQuery,
): Promise<PeriodInventory> {
  const [sums, quality, lines, datasets, energy, energyFixes, water, waste, outside] = await readLedger(
    ctx,
    (filtered) => [
      ctx.db
        .select({ ...scopeSums(), ...categorySums() })
        .from(activityLines)
        .where(regionalLines(ctx, filtered, query)),
      ctx.db
        .select({ tier: activityLines.dataQuality, kg: grossKg })
        .from(activityLines)
        .where(regionalLines(ctx, filtered, query))
        .groupBy(activityLines.dataQuality),
      ctx.db
        .select({ lines: count() })
        .from(activityLines)
        .where(regionalLines(ctx, filtered, query)),
      datasetEntries(ctx, filtered, query),
      energyLineGroups(ctx, filtered, query, atSitesIn(ctx, activityLines.siteKey, query.region)),
      energyLineAdjustments(ctx, filtered, query, atSitesIn(ctx, activityLines.siteKey, query.region)),
      waterQuantities(ctx, filtered, query),
      wasteQuantities(ctx, filtered, query),
      oneLineOutsideRegion(ctx, filtered, query),
    ],
  );
  // A figure whose factor cannot be cited is not reported (decision 083): the library's rows are
  // missing, which only a deploy that skipped its reference-data step leaves.
  if (datasets.some((row) => row.unlisted > 0)) throw referenceDataMissing('The emission factor library is');
  // decision 042: reports built on a figure that is not finite are refused, never shown as null.
  return assertFiniteFigures(
    periodInventoryFrom({
      scopes: sums[0] ? scopeRows(sums[0]) : [],
      quality,
      lineCount: lines[0]?.lines ?? 0,
      datasets,
      energy: energyTotalsOf(energy, energyFixes),
      water,
      waste,
      hasActivityOutsideRegion: outside.length > 0,
    }),
  );
}

/** Results per factor dataset, scope and scope 3 category, with the dataset's source (decision 058). */
function datasetEntries(ctx: AuthedContext, filtered: boolean, query: PeriodInventoryQuery) {
  return ctx.db
    .select({
      dataset: entryDataset,
      source: sql<string>`coalesce(${emissionFactors.source}, '')`,
      sourceUrl: sql<string>`coalesce(${emissionFactors.sourceUrl}, '')`,
      gwpBasis: sql<string>`coalesce(${emissionFactors.gwpBasis}, '')`,
      scope: entryScope,
      scope3Category: entryCategory,
      results: count(),
      // Entries whose factor id `emission_factors` lacks: no source to cite (decision 083).
      unlisted: sql<number>`count(*) - count(${emissionFactors.id})`,
    })
    .from(linesWithEntries)
    .leftJoin(emissionFactors, sql`${emissionFactors.id} = ${sql.raw(entryField('e', 'factorId'))}`)
    .where(regionalLines(ctx, filtered, query))
    .groupBy(
      entryDataset,
      entryScope,
      entryCategory,
      emissionFactors.source,
      emissionFactors.sourceUrl,
      emissionFactors.gwpBasis,
    );
}

/** `row`'s quantity in `target` units, or null when its unit does not convert. */
function quantityIn(
  row: { unit: string | null; quantity: number },
  target: 'kWh' | 'm3' | 'tonne' | 'litre',
) {
  const unit = row.unit ? calculatorUnit(row.unit) : undefined;
  const factor = unit ? conversionFactor(unit, target) : null;
  return factor === null ? null : row.quantity * factor;
}

/** The inventory from the rows the SQL returned (pure). */
export function periodInventoryFrom(input: {
  scopes: ScopeRow[];
  quality: { tier: string; kg: number }[];
  lineCount: number;
  datasets: DatasetEntryRow[];
  energy: EnergyTotals;
  water: { unit: string | null; quantity: number }[];
  waste: { variant: string | null; unit: string | null; quantity: number }[];
  hasActivityOutsideRegion: boolean;
}): PeriodInventory {
  const kgByScope: Record<string, number> = {};
  const categories = new Map<number, number>();
  let resultCount = 0;
  for (const row of input.datasets) resultCount += row.results;
  const { datasets, datasetsByFigure } = datasetsOf(input.datasets);
  for (const row of input.scopes) {
    kgByScope[row.scope] = (kgByScope[row.scope] ?? 0) + row.kg;
    if (row.scope === 'scope_3' && row.scope3Category !== null)
      categories.set(row.scope3Category, (categories.get(row.scope3Category) ?? 0) + row.kg);
  }
  let waterM3: number | null = null;
  for (const row of input.water) {
    const m3 = quantityIn(row, 'm3');
    if (m3 !== null) waterM3 = (waterM3 ?? 0) + m3;
  }
  let wasteTotal: number | null = null;
  let recycled = 0;
  for (const row of input.waste) {
    const tonnes = quantityIn(row, 'tonne');
    if (tonnes === null) continue;
    wasteTotal = (wasteTotal ?? 0) + tonnes;
    if (isRecoveredWaste(row.variant)) recycled += tonnes;
  }
  return {
    kgByScope,
    scope3ByCategoryKg: [...categories].sort(([a], [b]) => a - b).map(([category, kg]) => ({ category, kg })),
    byDataQualityKg: input.quality
      .filter((row) => row.kg !== 0)
      .map((row) => ({ tier: row.tier, kg: row.kg }))
      .sort((a, b) => a.tier.localeCompare(b.tier)),
    lineCount: input.lineCount,
    resultCount,
    datasets,
    datasetsByFigure,
    energy: input.energy,
    waterM3,
    waste: wasteTotal === null ? null : { totalTonnes: wasteTotal, recycledTonnes: recycled },
    hasActivityOutsideRegion: input.hasActivityOutsideRegion,
  };
}
