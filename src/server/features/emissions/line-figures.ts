// The stored result of a ledger line (decision 035): what one calculation writes onto the line.
// - `entries`: every figure with the factor, dataset and flags that made it, as JSON (the audit
//   trail the activity view, reports and recalculations read);
// - kg sums per scope and per scope 3 category: the columns every roll-up sums through the
//   ledger's covering index, so no roll-up parses JSON;
// - `datasets`: the distinct datasets behind the entries (the KPI's list of sources).
// A sum is null when the line has no entry in that scope: blank is not zero (emission-factors.md
// §4.12), and SQL's sum() skips nulls.
import type { Flag, LineResult, Scope } from '../../../domain/emissions/types.ts';

/** One figure of a line as stored: the domain's EmissionEntry without the per-gas split. */
export interface StoredEntry {
  scope: Scope;
  scope3Category: number | null;
  kgCO2e: number;
  /** Library factor id, or one of the market-based ids (src/domain/emissions/calculate.ts). */
  factorId: string;
  dataset: string;
  activityQuantity: number;
  activityUnit: string;
  flags: Flag[];
}

/** GHG Protocol Corporate Value Chain (Scope 3) Standard: categories 1 to 15. */
export const SCOPE3_CATEGORY_NUMBERS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] as const;
export type Scope3CategoryNumber = (typeof SCOPE3_CATEGORY_NUMBERS)[number];
export type Scope3CategoryKey = `kgScope3Cat${Scope3CategoryNumber}`;

/** The line's kg column of each scope. */
export const SCOPE_KG_KEYS = {
  scope_1: 'kgScope1',
  scope_2_location: 'kgScope2Location',
  scope_2_market: 'kgScope2Market',
  scope_3: 'kgScope3',
  outside_scopes: 'kgOutsideScopes',
} as const satisfies Record<Scope, string>;
export type ScopeKgKey = (typeof SCOPE_KG_KEYS)[Scope];

export const scope3CategoryKey = (category: Scope3CategoryNumber): Scope3CategoryKey =>
  `kgScope3Cat${category}`;

export type LineFigures = Record<ScopeKgKey | Scope3CategoryKey, number | null> & {
  datasets: string;
  entries: string;
};

const flagsCache = new Map<string, Flag[]>();

/** The stored flags of an entry: its own plus the line's flags no entry carries (no T&D factor,
 * PHEV electricity excluded…), so nothing said about a figure is lost. Few distinct lists per
 * file: shared arrays (they are only serialised). */
function entryFlags(own: readonly Flag[], lineOnly: readonly Flag[]): Flag[] {
  const key = `${own.join(',')}|${lineOnly.join(',')}`;
  let flags = flagsCache.get(key);
  if (flags === undefined) {
    flags = lineOnly.length === 0 ? [...own] : [...own, ...lineOnly];
    if (flagsCache.size < 1000) flagsCache.set(key, flags);
  }
  return flags;
}

const datasetsCache = new Map<string, string>();

function datasetsJson(names: Set<string>): string {
  const key = [...names].sort().join('\n');
  let json = datasetsCache.get(key);
  if (json === undefined) {
    json = JSON.stringify(key === '' ? [] : key.split('\n'));
    if (datasetsCache.size < 1000) datasetsCache.set(key, json);
  }
  return json;
}

function emptyFigures(): LineFigures {
  const figures = {
    kgScope1: null,
    kgScope2Location: null,
    kgScope2Market: null,
    kgScope3: null,
    kgOutsideScopes: null,
    datasets: '[]',
    entries: '[]',
  } as LineFigures;
  for (const n of SCOPE3_CATEGORY_NUMBERS) figures[scope3CategoryKey(n)] = null;
  return figures;
}

const add = (sum: number | null, kg: number) => (sum === null ? kg : sum + kg);

/** What a calculation stores on its line. Entries keep full precision (round for display only). */
export function lineFigures(result: LineResult): LineFigures {
  const figures = emptyFigures();
  if (result.entries.length === 0) return figures;
  const onEntries = new Set<Flag>();
  for (const entry of result.entries) for (const flag of entry.flags) onEntries.add(flag);
  const lineOnly = result.flags.filter((flag) => !onEntries.has(flag));
  const datasets = new Set<string>();
  const entries: StoredEntry[] = [];
  for (const entry of result.entries) {
    const key = SCOPE_KG_KEYS[entry.scope];
    figures[key] = add(figures[key], entry.kgCO2e);
    if (entry.scope === 'scope_3') {
      // The library gives every scope 3 factor a category (factor-csv.ts refuses one without), so
      // the category sums always add up to the scope 3 total.
      if (entry.scope3Category === null)
        throw new Error(`scope 3 entry without a category: ${entry.factorId}`);
      const category = scope3CategoryKey(entry.scope3Category as Scope3CategoryNumber);
      figures[category] = add(figures[category], entry.kgCO2e);
    }
    datasets.add(entry.dataset);
    entries.push({
      scope: entry.scope,
      scope3Category: entry.scope3Category,
      kgCO2e: entry.kgCO2e,
      factorId: entry.factorId,
      dataset: entry.dataset,
      activityQuantity: entry.activityQuantity,
      activityUnit: entry.activityUnit,
      flags: entryFlags(entry.flags, lineOnly),
    });
  }
  figures.datasets = datasetsJson(datasets);
  figures.entries = JSON.stringify(entries);
  return figures;
}

/** Results shown in GHG Protocol order: scope 1, 2 (location, market), 3, then the memo items. */
const SCOPE_ORDER: Record<Scope, number> = {
  scope_1: 0,
  scope_2_location: 1,
  scope_2_market: 2,
  scope_3: 3,
  outside_scopes: 4,
};

/** A line's stored entries, in GHG Protocol order (scope, then scope 3 category). */
export function storedEntries(json: string): StoredEntry[] {
  const entries = JSON.parse(json) as StoredEntry[];
  return entries.sort(
    (a, b) =>
      SCOPE_ORDER[a.scope] - SCOPE_ORDER[b.scope] || (a.scope3Category ?? 0) - (b.scope3Category ?? 0),
  );
}
