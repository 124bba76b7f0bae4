// The in-memory factor library: every version of every factor, indexed for O(1) lookup.
// Versions are never overwritten (CONVENTIONS.md §10): DESNZ 2024, 2025 and 2026 sit side by side.

import { FactorCsvError, type FactorCsvProblem, parseFactorCsv } from './factor-csv.ts';
import type { EmissionFactor, Flag } from './types.ts';

export { FactorCsvError, parseFactorCsv } from './factor-csv.ts';

export interface FactorLibrary {
  readonly factors: readonly EmissionFactor[];
  readonly byId: ReadonlyMap<string, EmissionFactor>;
  /** activityKey → region → factors (all years and units). */
  readonly byActivity: ReadonlyMap<string, ReadonlyMap<string, readonly EmissionFactor[]>>;
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
  'https://www.gov.uk/government/publications/greenhouse-gas-reporting-conversion-factors-2024 ; read from repo sungkomp/mcp-csv-agent@2f5575d:data/ghg-conversion-factors-2024-full_set__for_advanced_users__v1_1.xlsx';

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
    intrinsicFlags: (factor) => flags.get(factor.id) ?? none,
  };
}

/** Parses the CSV text and builds the library (DESNZ 2024 versions included). */
export function loadFactorLibrary(csvText: string): FactorLibrary {
  return createFactorLibrary(parseFactorCsv(csvText));
}
