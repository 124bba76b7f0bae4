// How a ledger line stores its entries (decisions 069 and 093): one JSON array per line, each entry
// an array rather than an object (keys would make every row ~40 % larger), in one of two forms:
// - compact, for an entry whose factor is a library row with the entry's dataset and unit:
//   [factorId, kgCO2e, activityQuantity(, flags(, scope(, scope3Category)))]. Scope, category,
//   dataset and unit are the factor's (the library is immutable, CONVENTIONS.md §10); flags are
//   written when any, the scope when it is not the factor's (the market-based entry that mirrors
//   the location-based factor), the category when it is not the factor's (business travel by car,
//   spend mapped to a category);
// - full, 8 fields in ENTRY_FIELDS order: the supplier-rate and contractual-instrument entries
//   (their dataset is the entry's own, not their `emission_factors` row's), an id the library
//   lacks, and old lines the migration to this form left as they were (no factor row then).
// A line may mix both; the length tells them apart (compact ≤ 6, full 8).
import { factorLibrary } from '../../../../../db/reference/factors/seed.ts';
import type { FactorLibrary } from '../../../../domain/emissions/factor-library.ts';
import type { EmissionEntry, Flag, Scope } from '../../../../domain/emissions/types.ts';

/**
 * One figure of a line as stored: the domain's EmissionEntry without the per-gas split and the
 * factor's value (both the library's), its unit as the text stored and its flags as a list.
 */
export type StoredEntry = Pick<
  EmissionEntry,
  'scope' | 'scope3Category' | 'kgCO2e' | 'factorId' | 'dataset' | 'activityQuantity'
> & { activityUnit: string; flags: Flag[] };

/** The positions of an entry's fields in its full form. */
export const ENTRY_FIELDS = [
  'scope',
  'scope3Category',
  'kgCO2e',
  'factorId',
  'dataset',
  'activityQuantity',
  'activityUnit',
  'flags',
] as const satisfies readonly (keyof StoredEntry)[];
const FULL_LENGTH = ENTRY_FIELDS.length;

/** The positions of an entry's fields in its compact form; the others are its factor's. */
export const COMPACT_FIELDS = [
  'factorId',
  'kgCO2e',
  'activityQuantity',
  'flags',
  'scope',
  'scope3Category',
] as const satisfies readonly (keyof StoredEntry)[];

type EntryField = (typeof ENTRY_FIELDS)[number];

/** The `emission_factors` column holding what a compact entry does not store. */
const FACTOR_COLUMNS: Partial<Record<EntryField, string>> = {
  scope: 'scope',
  scope3Category: 'scope3_category',
  dataset: 'dataset',
  activityUnit: 'unit',
};

/**
 * SQL reading one field of a stored entry exposed as `alias` by json_each. Scope, category,
 * dataset and unit of a compact entry are its factor's: the query joins `emission_factors` (as
 * `factor`) on `entryField(alias, 'factorId')`; the other fields need no join.
 */
export function entryField(alias: string, field: EntryField, factor = 'emission_factors'): string {
  const value = `${alias}.value`;
  const full = `${value}->>${ENTRY_FIELDS.indexOf(field)}`;
  const at = (COMPACT_FIELDS as readonly string[]).indexOf(field);
  const column = FACTOR_COLUMNS[field];
  let compact = at >= 0 ? `${value}->>${at}` : `${factor}.${column}`;
  // An optional field of the compact form is the factor's when the entry does not give it.
  if (at >= 0 && column !== undefined) {
    compact = `CASE WHEN json_array_length(${value}) > ${at} THEN ${compact} ELSE ${factor}.${column} END`;
  }
  if (field === 'flags') compact = `coalesce(${compact}, '[]')`;
  return `(CASE WHEN json_array_length(${value}) = ${FULL_LENGTH} THEN ${full} ELSE ${compact} END)`;
}

/** The constant parts of one entry's JSON around its kg and quantity: head, kg, middle, quantity, tail. */
export interface EntryTemplate {
  head: string;
  middle: string;
  tail: string;
}

/** The JSON of an entry, kg and quantity aside, in the compact form when its factor allows. */
export function entryTemplate(
  entry: EmissionEntry,
  flags: readonly Flag[],
  library: FactorLibrary = factorLibrary(),
): EntryTemplate {
  const factor = library.byId.get(entry.factorId);
  const id = JSON.stringify(entry.factorId);
  if (factor === undefined || factor.dataset !== entry.dataset || factor.unit !== entry.activityUnit) {
    return {
      head: `[${JSON.stringify(entry.scope)},${entry.scope3Category === null ? 'null' : entry.scope3Category},`,
      middle: `,${id},${JSON.stringify(entry.dataset)},`,
      tail: `,${JSON.stringify(entry.activityUnit)},${JSON.stringify(flags)}]`,
    };
  }
  const ownCategory = entry.scope3Category !== factor.scope3Category;
  const ownScope = ownCategory || entry.scope !== factor.scope;
  let tail = ']';
  if (ownCategory) tail = `,${JSON.stringify(entry.scope3Category)}${tail}`;
  if (ownScope) tail = `,${JSON.stringify(entry.scope)}${tail}`;
  if (ownScope || flags.length > 0) tail = `,${JSON.stringify(flags)}${tail}`;
  return { head: `[${id},`, middle: ',', tail };
}

/** Results shown in GHG Protocol order: scope 1, 2 (location, market), 3, then the memo items. */
const SCOPE_ORDER: Record<Scope, number> = {
  scope_1: 0,
  scope_2_location: 1,
  scope_2_market: 2,
  scope_3: 3,
  outside_scopes: 4,
};

function readEntry(fields: unknown[], library: FactorLibrary): StoredEntry {
  if (fields.length === FULL_LENGTH) {
    const [scope, scope3Category, kgCO2e, factorId, dataset, activityQuantity, activityUnit, flags] = fields;
    return {
      scope,
      scope3Category,
      kgCO2e,
      factorId,
      dataset,
      activityQuantity,
      activityUnit,
      flags,
    } as StoredEntry;
  }
  const [factorId, kgCO2e, activityQuantity, flags = [], scope, scope3Category] = fields;
  const factor = library.byId.get(factorId as string);
  // The library keeps every id a stored result names (seed.ts): a missing one is a broken build,
  // and an entry without its dataset is not shown as if it had none.
  if (factor === undefined)
    throw new Error(`A stored entry names factor ${String(factorId)}, which the library lacks`);
  return {
    scope: (scope ?? factor.scope) as Scope,
    scope3Category: (fields.length > 5 ? scope3Category : factor.scope3Category) as number | null,
    kgCO2e,
    factorId,
    dataset: factor.dataset,
    activityQuantity,
    activityUnit: factor.unit,
    flags,
  } as StoredEntry;
}

/** A line's stored entries (either form), in GHG Protocol order (scope, then scope 3 category). */
export function storedEntries(json: string, library: FactorLibrary = factorLibrary()): StoredEntry[] {
  const entries = (JSON.parse(json) as unknown[][]).map((fields) => readEntry(fields, library));
  return entries.sort(
    (a, b) =>
      SCOPE_ORDER[a.scope] - SCOPE_ORDER[b.scope] || (a.scope3Category ?? 0) - (b.scope3Category ?? 0),
  );
}
