// The stored result of a ledger line (decision 069): what one calculation writes onto the line.
// - `entries`: every figure with the factor, dataset and flags that made it, as JSON (the audit
//   trail the activity view, reports and recalculations read), in the form stored-entries.ts
//   defines (decision 093);
// - kg sums per scope and per scope 3 category: the columns every roll-up sums through the
//   ledger's covering index, so no roll-up parses JSON;
// - `datasets`: the distinct datasets behind the entries (the KPI's list of sources).
// A sum is null when the line has no entry in that scope: blank is not zero (emission-factors.md
// §4.12), and SQL's sum() skips nulls.
import type { Flag, LineResult, Scope } from '../../../../domain/emissions/types.ts';
import { type EntryTemplate, entryTemplate } from './stored-entries.ts';

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

/** The stored result's fields (what a recalculation replaces). */
export const FIGURE_FIELDS = [
  ...Object.values(SCOPE_KG_KEYS),
  ...SCOPE3_CATEGORY_NUMBERS.map(scope3CategoryKey),
  'datasets',
  'entries',
] as const satisfies readonly (keyof LineFigures)[];

/** A number as JSON.stringify writes it: finite numbers as String(n) does, anything else null. */
export const jsonNumber = (n: number) => (Number.isFinite(n) ? String(n) : 'null');

/**
 * Each kind of entry's constant JSON (everything but its kg and quantity), built once: a file of
 * 100,000 rows has a few dozen kinds, so each entry is built from these rather than by
 * JSON.stringify on nested arrays (decision 069; bench/notes/ledger-import.md). Found by the
 * factor's id, then by comparing the few fields that make a kind, rather than by a key string
 * built for each entry (the larger cost, bench/notes/ledger-import.md, "Decision 099").
 */
interface EntryKind {
  scope: Scope;
  scope3Category: number | null;
  dataset: string;
  activityUnit: string;
  flags: readonly Flag[];
  lineOnly: readonly Flag[];
  template: EntryTemplate;
}
const kindsByFactor = new Map<string, EntryKind[]>();
/**
 * Kinds kept, in all and for one factor (each entry is compared with its factor's): past either,
 * a template is built for each entry, which is as correct.
 */
const MAX_KINDS = 10_000;
const MAX_KINDS_PER_FACTOR = 64;
let kindCount = 0;

const sameFlags = (a: readonly Flag[], b: readonly Flag[]) =>
  a.length === b.length && a.every((flag, index) => flag === b[index]);

function cachedTemplate(entry: LineResult['entries'][number], lineOnly: readonly Flag[]): EntryTemplate {
  const kinds = kindsByFactor.get(entry.factorId);
  if (kinds) {
    for (const kind of kinds) {
      if (
        kind.scope === entry.scope &&
        kind.scope3Category === entry.scope3Category &&
        kind.dataset === entry.dataset &&
        kind.activityUnit === entry.activityUnit &&
        sameFlags(kind.flags, entry.flags) &&
        sameFlags(kind.lineOnly, lineOnly)
      )
        return kind.template;
    }
  }
  // The stored flags of an entry: its own plus the line's flags no entry carries (no T&D factor,
  // PHEV electricity excluded…), so nothing said about a figure is lost.
  const template = entryTemplate(entry, lineOnly.length === 0 ? entry.flags : [...entry.flags, ...lineOnly]);
  if (kindCount < MAX_KINDS && (kinds?.length ?? 0) < MAX_KINDS_PER_FACTOR) {
    const { scope, scope3Category, dataset, activityUnit } = entry;
    const kind = {
      scope,
      scope3Category,
      dataset,
      activityUnit,
      flags: [...entry.flags],
      lineOnly: [...lineOnly],
      template,
    };
    if (kinds) kinds.push(kind);
    else kindsByFactor.set(entry.factorId, [kind]);
    kindCount++;
  }
  return template;
}

const datasetsCache = new Map<string, string>();

/** The distinct datasets, sorted, as JSON (one cached text per set). */
function datasetsJson(names: readonly string[]): string {
  const key = names.length === 1 ? names[0]! : [...names].sort().join('\n');
  let json = datasetsCache.get(key);
  if (json === undefined) {
    json = JSON.stringify([...names].sort());
    if (datasetsCache.size < 1000) datasetsCache.set(key, json);
  }
  return json;
}

/** The line's flags that none of its entries carries (usually none). */
function lineOnlyFlags(result: LineResult): readonly Flag[] {
  if (result.flags.length === 0) return result.flags;
  return result.flags.filter((flag) => !result.entries.some((entry) => entry.flags.includes(flag)));
}

const add = (sum: number | null, kg: number) => (sum === null ? kg : sum + kg);

/** What a calculation stores on its line. Entries keep full precision (round for display only). */
export function lineFigures(result: LineResult): LineFigures {
  // Every key written in one literal: one object shape for all lines.
  const figures: LineFigures = {
    kgScope1: null,
    kgScope2Location: null,
    kgScope2Market: null,
    kgScope3: null,
    kgOutsideScopes: null,
    kgScope3Cat1: null,
    kgScope3Cat2: null,
    kgScope3Cat3: null,
    kgScope3Cat4: null,
    kgScope3Cat5: null,
    kgScope3Cat6: null,
    kgScope3Cat7: null,
    kgScope3Cat8: null,
    kgScope3Cat9: null,
    kgScope3Cat10: null,
    kgScope3Cat11: null,
    kgScope3Cat12: null,
    kgScope3Cat13: null,
    kgScope3Cat14: null,
    kgScope3Cat15: null,
    datasets: '[]',
    entries: '[]',
  };
  if (result.entries.length === 0) return figures;
  const lineOnly = lineOnlyFlags(result);
  const datasets: string[] = [];
  // Joined once rather than concatenated: a concatenation is a tree of its parts (a rope) that a
  // line would hold until written (decision 087).
  const entries: string[] = ['['];
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
    if (!datasets.includes(entry.dataset)) datasets.push(entry.dataset);
    const { head, middle, tail } = cachedTemplate(entry, lineOnly);
    if (entries.length > 1) entries.push(',');
    entries.push(head, jsonNumber(entry.kgCO2e), middle, jsonNumber(entry.activityQuantity), tail);
  }
  entries.push(']');
  figures.datasets = datasetsJson(datasets);
  figures.entries = entries.join('');
  return figures;
}
