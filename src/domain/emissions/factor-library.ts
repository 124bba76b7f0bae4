// The in-memory factor library: every version of every factor, indexed for O(1) lookup.
// Versions are never overwritten (CONVENTIONS.md §10): DESNZ 2024, 2025 and 2026 sit side by side.

import { desnzFactors, sameSlot } from './desnz-factors.ts';
import { FactorCsvError, type FactorCsvProblem, parseFactorCsv } from './factor-csv.ts';
import { defraSicFactors, epaSpendFactors } from './spend-factors.ts';
import type { EmissionFactor, Flag } from './types.ts';

export { FactorCsvError, parseFactorCsv } from './factor-csv.ts';

export interface FactorLibrary {
  readonly factors: readonly EmissionFactor[];
  readonly byId: ReadonlyMap<string, EmissionFactor>;
  /** activityKey → region → the factors calculations choose from (all years and units): every
   * factor except curated rows a publisher-built row replaces (those stay in `byId`). */
  readonly byActivity: ReadonlyMap<string, ReadonlyMap<string, readonly EmissionFactor[]>>;
  /** Ids of curated rows replaced by a publisher-built row: resolvable, never chosen. */
  readonly superseded: ReadonlySet<string>;
  /** Flags every use of the factor carries (basis, coverage, secondary source). */
  intrinsicFlags(factor: EmissionFactor): readonly Flag[];
}

/** md §1: "Most DESNZ rows also carry the 2024 value from the DESNZ 2024 v1.1 workbook in notes".
 * Two spellings occur: "2024 value (DESNZ 2024 v1.1): X" and, on the biogenic rows, "2024 value: X". */
const DESNZ_2024_NOTE = /\b2024 value(?: \(DESNZ 2024 v1\.1\))?: (\d+(?:\.\d+)?(?:e-?\d+)?)/;

/** Source of the DESNZ 2024 workbook (md §2.1). */
const DESNZ_2024_SOURCE =
  'UK DESNZ GHG Conversion Factors 2024 (full set for advanced users, v1.1); value carried in the notes of the DESNZ 2025 row';
const DESNZ_2024_URL =
  'https://www.gov.uk/government/publications/greenhouse-gas-reporting-conversion-factors-2024';

/**
 * The DESNZ 2024 version of a DESNZ 2025 row whose notes give its 2024 value, or undefined.
 * Same activity, unit, scope and region; id `uk24-…`; no gas split (the CSV gives totals only).
 */
export function deriveDesnz2024(factor: EmissionFactor): EmissionFactor | undefined {
  if (factor.dataset !== 'DESNZ 2025' || !factor.id.startsWith('uk25-')) return undefined;
  const match = DESNZ_2024_NOTE.exec(factor.notes);
  if (!match) return undefined;
  const value = Number(match[1]);
  if (!Number.isFinite(value)) return undefined;
  return {
    ...factor,
    id: `uk24-${factor.id.slice('uk25-'.length)}`,
    dataset: 'DESNZ 2024',
    datasetYear: 2024,
    kgCO2ePerUnit: value,
    gases: null,
    source: DESNZ_2024_SOURCE,
    sourceUrl: DESNZ_2024_URL,
    notes: `Derived: "${match[0]}" in the notes of ${factor.id} (DESNZ 2024 v1.1 workbook). No per-gas split in the library.`,
  };
}

function intrinsicFlagsOf(factor: EmissionFactor): readonly Flag[] {
  const flags: Flag[] = [];
  if (/SECONDARY/.test(factor.source)) flags.push('secondary_source');
  if (factor.gwpBasis === 'lifecycle') flags.push('lifecycle_basis');
  if (factor.gwpBasis === 'AR4') flags.push('gwp_basis_ar4');
  // EPA Hub Table 2 rows are CO2 only; Table 3 rows are CH4 + N2O only (md §2.2).
  if (/\(CO2 only\)/.test(factor.activity)) flags.push('co2_only');
  if (/CH4\+N2O/.test(factor.activity)) flags.push('ch4_n2o_only');
  if (factor.radiativeForcing === true) flags.push('radiative_forcing_included');
  if (factor.radiativeForcing === false) flags.push('radiative_forcing_excluded');
  if (factor.scope === 'outside_scopes') flags.push('outside_scopes_memo');
  return Object.freeze(flags);
}

/**
 * Indexes the factors and adds the derived DESNZ 2024 versions. Throws FactorCsvError on a
 * duplicate id (a derived id colliding with a loaded one included).
 */
export function createFactorLibrary(
  factors: readonly EmissionFactor[],
  options: { deriveDesnz2024?: boolean } = {},
): FactorLibrary {
  const all: EmissionFactor[] = [];
  for (const factor of factors) {
    all.push(Object.freeze({ ...factor }));
    if (options.deriveDesnz2024 !== false) {
      const derived = deriveDesnz2024(factor);
      if (derived !== undefined) all.push(Object.freeze(derived));
    }
  }
  const superseded = supersededIds(all);
  const byId = new Map<string, EmissionFactor>();
  const duplicates: FactorCsvProblem[] = [];
  const byActivity = new Map<string, Map<string, EmissionFactor[]>>();
  const flags = new Map<string, readonly Flag[]>();
  for (const factor of all) {
    if (byId.has(factor.id)) {
      duplicates.push({ line: 0, id: factor.id, message: 'duplicate id in the library' });
      continue;
    }
    byId.set(factor.id, factor);
    flags.set(factor.id, intrinsicFlagsOf(factor));
    if (superseded.has(factor.id)) continue;
    let regions = byActivity.get(factor.activityKey);
    if (regions === undefined) {
      regions = new Map();
      byActivity.set(factor.activityKey, regions);
    }
    const list = regions.get(factor.region);
    if (list === undefined) regions.set(factor.region, [factor]);
    else list.push(factor);
  }
  if (duplicates.length > 0) throw new FactorCsvError(duplicates);
  const none: readonly Flag[] = Object.freeze([]);
  return {
    factors: Object.freeze(all),
    byId,
    byActivity,
    superseded,
    intrinsicFlags: (factor) => flags.get(factor.id) ?? none,
  };
}

/**
 * Curated rows (no `publisherId`) that a publisher-built row replaces: same activity key, region,
 * year, unit, CV and RF basis. Calculations then choose the publisher's row; the curated one stays
 * in the library and the database because stored results name it.
 */
function supersededIds(factors: readonly EmissionFactor[]): Set<string> {
  const published = new Map<string, EmissionFactor[]>();
  for (const f of factors) {
    if (f.publisherId === undefined) continue;
    const slot = `${f.activityKey}|${f.region}|${f.datasetYear}`;
    const list = published.get(slot);
    if (list) list.push(f);
    else published.set(slot, [f]);
  }
  const out = new Set<string>();
  for (const f of factors) {
    if (f.publisherId !== undefined) continue;
    const candidates = published.get(`${f.activityKey}|${f.region}|${f.datasetYear}`);
    if (candidates?.some((p) => sameSlot(p, f))) out.add(f.id);
  }
  return out;
}

/** The texts the product library is built from (db/reference/factors/). */
export interface FactorLibraryTexts {
  /** The curated emission-factors.csv (EPA Hub, eGRID, Ember rows; older ids kept resolvable). */
  curatedCsv: string;
  /** db/reference/factors/datasets/desnz-YYYY.csv by year. */
  desnz: Readonly<Record<number, string>>;
  epaSupplyChain: string;
  defraSic: string;
}

/** The product library: curated rows plus every publisher-built DESNZ, EPA and Defra row. */
export function buildFactorLibrary(texts: FactorLibraryTexts): FactorLibrary {
  const factors = parseFactorCsv(texts.curatedCsv);
  for (const [year, text] of Object.entries(texts.desnz)) factors.push(...desnzFactors(text, Number(year)));
  factors.push(...epaSpendFactors(texts.epaSupplyChain), ...defraSicFactors(texts.defraSic));
  return createFactorLibrary(factors);
}

/** Parses the CSV text and builds the library (DESNZ 2024 versions included). */
export function loadFactorLibrary(csvText: string): FactorLibrary {
  return createFactorLibrary(parseFactorCsv(csvText));
}
