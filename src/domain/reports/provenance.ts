// Which sources each figure of a report cites (decision 058). The snapshot carries, per figure, the
// factor datasets whose entries were summed into it (inventory.datasets, uk.datasets) and the fuel
// categories converted with DESNZ fuel properties (energyBasis.fuelPropertyCategories); every
// format (PDF rows, Inline XBRL footnotes, XBRL instance footnotes, CSV lines) reads them through
// these functions, so a fact, a row and a line cite the same sources, and only their own.
// Snapshots stored before decision 058 lack the per-figure sets: they render as they did (every
// emissions fact cites every dataset of the report; no source column, footnote or fuel source).
import { desnzSource, licenceAttributions } from '../emissions/dataset-sources.ts';
import { type EnergyKind, KIND_OF_CATEGORY } from '../emissions/energy.ts';
import type { ActivityCategory } from '../emissions/types.ts';
import type { EnergyBasis, FigureDatasets, ReportSnapshot } from './snapshot.ts';

/** A figure of the inventory: a scope, or a scope 3 category by number. */
export type InventoryPart = Exclude<keyof FigureDatasets, 'scope3ByCategory'> | { category: number };

/** One numbered source of a report: a factor dataset, or the fuel properties of a DESNZ year. */
export interface ReportSource {
  /** 1-based, in the order of the report's source list. */
  number: number;
  /** A factor dataset key ('DESNZ 2025') or 'DESNZ 2025 fuel properties'. */
  key: string;
  /** Publisher and publication (with the GWP basis of factors), never a carrier. */
  citation: string;
  url: string;
  /** The dataset key whose licence statement applies ('DESNZ 2025' for its fuel properties). */
  licenceKey: string;
}

const fuelPropertyKey = (year: number) => `DESNZ ${year} fuel properties`;

/**
 * The report's sources, numbered: the factor datasets in snapshot order (one entry per dataset,
 * whatever source texts its factors carry), then the DESNZ fuel properties that converted fuels.
 */
export function reportSources(snapshot: ReportSnapshot): ReportSource[] {
  const byKey = new Map<string, Omit<ReportSource, 'number'>>();
  for (const factor of snapshot.factors) {
    const citation = `${factor.source || factor.dataset}${factor.gwpBasis ? `, ${factor.gwpBasis}` : ''}`;
    const known = byKey.get(factor.dataset);
    if (!known)
      byKey.set(factor.dataset, {
        key: factor.dataset,
        citation,
        url: factor.sourceUrl,
        licenceKey: factor.dataset,
      });
    else if (!known.citation.split('; ').includes(citation)) known.citation += `; ${citation}`;
  }
  const basis = snapshot.energy?.energyBasis;
  for (const year of basis?.fuelPropertyCategories ? basis.fuelPropertyYears : []) {
    const publication = desnzSource(year);
    byKey.set(fuelPropertyKey(year), {
      key: fuelPropertyKey(year),
      citation: `UK DESNZ, Greenhouse gas reporting: conversion factors ${year}, fuel properties (gross calorific values and densities)`,
      url: publication?.url ?? '',
      licenceKey: `DESNZ ${year}`,
    });
  }
  return [...byKey.values()].map((source, index) => ({ number: index + 1, ...source }));
}

/** The licence statements of every source the report cites, once each (OGL for DESNZ and Defra). */
export function reportAttributions(snapshot: ReportSnapshot): string[] {
  return licenceAttributions(reportSources(snapshot).map((source) => source.licenceKey));
}

/** True for snapshots made since decision 058, which carry the datasets of each figure. */
export function hasFigureSources(snapshot: ReportSnapshot): boolean {
  return (
    snapshot.inventory?.datasets !== undefined ||
    snapshot.uk?.datasets !== undefined ||
    snapshot.energy?.energyBasis?.fuelPropertyCategories !== undefined
  );
}

const everyDataset = (snapshot: ReportSnapshot) => [
  ...new Set(snapshot.factors.map((factor) => factor.dataset)),
];

/** The dataset keys behind the inventory figures `parts` (a total: all its parts), sorted. */
export function inventoryDatasets(snapshot: ReportSnapshot, parts: readonly InventoryPart[]): string[] {
  const datasets = snapshot.inventory?.datasets;
  if (!datasets) return everyDataset(snapshot);
  const keys = new Set<string>();
  for (const part of parts) {
    const list =
      typeof part === 'object'
        ? (datasets.scope3ByCategory.find((row) => row.category === part.category)?.datasets ?? [])
        : datasets[part];
    for (const key of list) keys.add(key);
  }
  return [...keys].sort();
}

/**
 * Whether anything was recorded behind the inventory figures `parts`: a figure with no entries is
 * "Not recorded", never 0.00 (blank is not zero). A zero with entries (a renewable tariff's market
 * figure) is recorded. Snapshots made before decision 058 cannot tell, so they say recorded.
 */
export function isInventoryFigureRecorded(
  snapshot: ReportSnapshot,
  parts: readonly InventoryPart[],
): boolean {
  if (!snapshot.inventory?.datasets) return true;
  return inventoryDatasets(snapshot, parts).length > 0;
}

/** The dataset keys behind the UK (SECR) figures `parts` (scope 1, 2, business travel), sorted. */
export function ukDatasets(
  snapshot: ReportSnapshot,
  parts: readonly ('scope1' | 'scope2Location' | 'scope3BusinessTravel')[],
): string[] {
  const datasets = snapshot.uk?.datasets;
  if (!datasets) return everyDataset(snapshot);
  return [...new Set(parts.flatMap((part) => datasets[part] ?? []))].sort();
}

/**
 * The fuel-properties sources behind an energy figure made of `categories` (all categories when
 * omitted: a total). Electricity, heat and steam are as metered and cite none; so does a fuel
 * bought in kWh. Earlier snapshots, without the categories, cite none (as they did).
 */
export function energySources(basis: EnergyBasis | undefined, categories?: readonly string[]): string[] {
  const converted = basis?.fuelPropertyCategories;
  if (!basis || !converted || converted.length === 0) return [];
  const uses = categories === undefined || categories.some((category) => converted.includes(category));
  return uses ? basis.fuelPropertyYears.map(fuelPropertyKey) : [];
}

/** Energy categories of a kind ('transport_fuel' → diesel, petrol): the rows of a SECR table. */
export const categoriesOfKind = (kind: EnergyKind): string[] =>
  (Object.keys(KIND_OF_CATEGORY) as ActivityCategory[]).filter(
    (category) => KIND_OF_CATEGORY[category] === kind,
  );

/** The source line of a fact or CSV line: each cited source's key and citation, '; '-separated. */
export function sourceText(snapshot: ReportSnapshot, keys: readonly string[]): string | undefined {
  if (keys.length === 0) return undefined;
  const sources = new Map(reportSources(snapshot).map((source) => [source.key, source]));
  return keys
    .map((key) => {
      const source = sources.get(key);
      return source ? `${key} (${source.citation})` : key;
    })
    .join('; ');
}

/** '[1, 3]': the numbers of `keys` in the report's source list (PDF rows), '' when none. */
export function sourceNumbers(snapshot: ReportSnapshot, keys: readonly string[]): string {
  const numbers = new Map(reportSources(snapshot).map((source) => [source.key, source.number]));
  const cited = keys
    .map((key) => numbers.get(key))
    .filter((number) => number !== undefined)
    .sort((a, b) => a - b);
  return cited.length === 0 ? '' : cited.join(', ');
}
