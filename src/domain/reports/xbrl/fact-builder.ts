// Shared helpers for building facts: ids, periods, emissions sums at the reported decimals, the
// factor source line.
import {
  energySources,
  hasFigureSources,
  type InventoryPart,
  inventoryDatasets,
  isInventoryFigureRecorded,
  sourceText,
  ukDatasets,
} from '../provenance.ts';
import type { ReportSnapshot } from '../snapshot.ts';
import type { FactPeriod, ReportFact } from './fact-model.ts';

/** tCO2e are reported to 0.01 t (the precision the ledger shows). */
export const EMISSIONS_DECIMALS = 2;
export const QUANTITY_DECIMALS = 2;

export type FactDraft = Omit<ReportFact, 'id'>;

export function periodOf(snapshot: ReportSnapshot, periodType: 'duration' | 'instant'): FactPeriod {
  return periodType === 'duration'
    ? { start: snapshot.report.periodStart, end: snapshot.report.periodEnd }
    : { start: null, end: snapshot.report.periodEnd };
}

/** Numbers facts `f01`, `f02`, … in order. */
export function numberFacts(drafts: FactDraft[]): ReportFact[] {
  const width = Math.max(2, String(drafts.length).length);
  return drafts.map((draft, index) => ({ id: `f${String(index + 1).padStart(width, '0')}`, ...draft }));
}

/** Hundredths of a tonne, so sums of rounded parts are exact. */
export function toHundredths(value: number): number {
  return Math.round(Number((value * 100).toPrecision(15)));
}

export interface EmissionsFigures {
  scope1: number;
  scope2Location: number;
  scope2Market: number;
  scope3: number;
  scope12Location: number;
  scope12Market: number;
  totalLocation: number;
  totalMarket: number;
}

/**
 * The inventory rounded to 0.01 t, with every total computed from the rounded parts, so the
 * calculation relationships (VSME role b03200: totals = sum of their parts) hold exactly at the
 * reported decimals.
 */
export function emissionsFigures(inventory: NonNullable<ReportSnapshot['inventory']>): EmissionsFigures {
  const s1 = toHundredths(inventory.scope1);
  const s2l = toHundredths(inventory.scope2Location);
  const s2m = toHundredths(inventory.scope2Market);
  const s3 = toHundredths(inventory.scope3);
  const t = (hundredths: number) => hundredths / 100;
  return {
    scope1: t(s1),
    scope2Location: t(s2l),
    scope2Market: t(s2m),
    scope3: t(s3),
    scope12Location: t(s1 + s2l),
    scope12Market: t(s1 + s2m),
    totalLocation: t(s1 + s2l + s3),
    totalMarket: t(s1 + s2m + s3),
  };
}

/**
 * An inventory figure as a fact's value: the figure at `decimals`, or nil (null value, no decimals)
 * when no entries are behind any of its `parts`, the same test that makes the PDF print "Not
 * recorded" (decision 086). A total is recorded when any part is; its nil parts do not count in it.
 */
export function inventoryFigure(
  snapshot: ReportSnapshot,
  value: number,
  decimals: number,
  parts: readonly InventoryPart[],
): { value: number | null; decimals: number | null } {
  return isInventoryFigureRecorded(snapshot, parts) ? { value, decimals } : { value: null, decimals: null };
}

/**
 * Every dataset of the report, "DESNZ 2025 (UK Government GHG Conversion Factors …, AR5); …": what
 * each emissions fact of a snapshot made before decision 058 cites (it knows no better).
 */
function factorSource(snapshot: ReportSnapshot): string | undefined {
  if (snapshot.factors.length === 0) return undefined;
  return snapshot.factors
    .map((factor) => `${factor.dataset} (${factor.source}, ${factor.gwpBasis})`)
    .join('; ');
}

type SourceExtra = { source?: string; sourceKeys?: string[] };
const sourceExtra = (source: string | undefined): SourceExtra => (source ? { source } : {});
/** A fact's source line and, for footnotes, the keys it cites (none: nothing). */
const citing = (snapshot: ReportSnapshot, keys: string[]): SourceExtra => {
  const source = sourceText(snapshot, keys);
  return source ? { source, sourceKeys: keys } : {};
};

/** The `source` of an emissions fact made of inventory figures `parts` (decision 058). */
export function inventorySource(snapshot: ReportSnapshot, parts: readonly InventoryPart[]): SourceExtra {
  if (!hasFigureSources(snapshot)) return sourceExtra(factorSource(snapshot));
  return citing(snapshot, inventoryDatasets(snapshot, parts));
}

/** The `source` of a UK (SECR) scope 1 / scope 2 fact. */
export function ukSource(
  snapshot: ReportSnapshot,
  parts: readonly ('scope1' | 'scope2Location')[],
): SourceExtra {
  if (!hasFigureSources(snapshot)) return sourceExtra(factorSource(snapshot));
  return citing(snapshot, ukDatasets(snapshot, parts));
}

/**
 * The `source` of an energy fact made of `categories` (all: a total): the DESNZ fuel properties
 * that converted fuels bought by volume or mass, nothing for metered kWh.
 */
export function energySource(
  snapshot: ReportSnapshot,
  basis: Parameters<typeof energySources>[0],
  categories?: readonly string[],
): SourceExtra {
  return citing(snapshot, energySources(basis, categories));
}
