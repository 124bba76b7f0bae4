// The factor datasets of a period's results (decision 058), from the one grouped query of the
// stored entries in period-inventory.ts: the report-wide list (dataset, source, GWP basis, how many
// results) and, from the same rows, which datasets made each scope and scope 3 category figure, so
// every fact, table row and CSV line of a report cites only its own. Pure.
import type { Scope } from '../../../domain/emissions/types.ts';

/** One group of stored entries: a dataset's figures in one scope (and scope 3 category). */
export interface DatasetEntryRow {
  dataset: string;
  source: string;
  sourceUrl: string;
  gwpBasis: string;
  scope: Scope;
  scope3Category: number | null;
  /** Entries in the group. */
  results: number;
}

/** The datasets behind one figure, sorted: a dataset counts when it made any entry of it. */
export interface DatasetsByFigure {
  byScope: Record<Scope, string[]>;
  byScope3Category: { category: number; datasets: string[] }[];
}

/** One row of the report-wide list. */
export interface DatasetListRow {
  dataset: string;
  source: string;
  sourceUrl: string;
  gwpBasis: string;
  results: number;
}

/**
 * The report-wide dataset list (one row per dataset and source, its entries added up) and the
 * datasets of each figure, both from the one grouped query of the entries (pure).
 */
export function datasetsOf(rows: readonly DatasetEntryRow[]): {
  datasets: DatasetListRow[];
  datasetsByFigure: DatasetsByFigure;
} {
  const listed = new Map<string, DatasetListRow>();
  const byScope: Record<Scope, Set<string>> = {
    scope_1: new Set(),
    scope_2_location: new Set(),
    scope_2_market: new Set(),
    scope_3: new Set(),
    outside_scopes: new Set(),
  };
  const byCategory = new Map<number, Set<string>>();
  for (const row of rows) {
    const key = JSON.stringify([row.dataset, row.source, row.sourceUrl, row.gwpBasis]);
    const known = listed.get(key);
    if (known) known.results += row.results;
    else
      listed.set(key, {
        dataset: row.dataset,
        source: row.source,
        sourceUrl: row.sourceUrl,
        gwpBasis: row.gwpBasis,
        results: row.results,
      });
    byScope[row.scope]?.add(row.dataset);
    if (row.scope === 'scope_3' && row.scope3Category !== null) {
      const category = Number(row.scope3Category);
      byCategory.set(category, (byCategory.get(category) ?? new Set()).add(row.dataset));
    }
  }
  const sorted = (names: Set<string>) => [...names].sort();
  return {
    datasets: [...listed.values()].sort(
      (a, b) => a.dataset.localeCompare(b.dataset) || a.source.localeCompare(b.source),
    ),
    datasetsByFigure: {
      byScope: {
        scope_1: sorted(byScope.scope_1),
        scope_2_location: sorted(byScope.scope_2_location),
        scope_2_market: sorted(byScope.scope_2_market),
        scope_3: sorted(byScope.scope_3),
        outside_scopes: sorted(byScope.outside_scopes),
      },
      byScope3Category: [...byCategory]
        .sort(([a], [b]) => a - b)
        .map(([category, names]) => ({ category, datasets: sorted(names) })),
    },
  };
}
