/// <reference path="./text-modules.d.ts" />
// The factor library: the CSV in this folder, parsed once per process, and its rows in
// `emission_factors` so every stored result can name the factor that made it (CONVENTIONS.md §10).
// The CSV is imported as text, so Bun and the Worker bundle (esbuild inlines it) read the same bytes.
import {
  MARKET_INSTRUMENT_FACTOR_ID,
  MARKET_SUPPLIER_FACTOR_ID,
} from '../../../src/domain/emissions/calculate.ts';
import {
  buildFactorLibrary,
  createFactorLibrary,
  type FactorLibrary,
} from '../../../src/domain/emissions/factor-library.ts';
import type { EmissionFactor } from '../../../src/domain/emissions/types.ts';
import type { Db } from '../../client.ts';
import { emissionFactors } from '../../schema/ledger.ts';
import { FACTOR_LIBRARY_TEXTS } from './library-texts.ts';

let library: FactorLibrary | undefined;

/** The current library: the publishers' DESNZ 2023–2026, EPA and Defra rows, plus the curated
 * CSV rows (EPA Hub, eGRID, Ember; older DESNZ/USEEIO ids kept so stored results resolve). */
export function factorLibrary(): FactorLibrary {
  library ??= buildFactorLibrary(FACTOR_LIBRARY_TEXTS);
  return library;
}

/**
 * Makes `factors` (another thread's `factorLibrary().factors`, derived DESNZ 2024 rows included)
 * this thread's library. The import thread takes the main thread's factors rather than parsing
 * the publishers' files again: indexed from the factors it takes well under half the memory
 * (bench/notes/ledger-import.md), and an import's peak is that thread's memory on top of the
 * server's.
 */
export function installFactorLibrary(factors: readonly EmissionFactor[]): void {
  library = createFactorLibrary(factors, { deriveDesnz2024: false });
}

type FactorRow = typeof emissionFactors.$inferInsert;

/**
 * Market-based Scope 2 entries that no library row makes (calculate.ts): a supplier's own rate or
 * a contractual instrument. They get rows of their own because results reference a factor id.
 */
const MARKET_FACTORS: readonly Omit<FactorRow, 'loadedAt'>[] = [
  {
    id: MARKET_SUPPLIER_FACTOR_ID,
    kgCO2ePerUnit: 0,
    activity: "Electricity or heat at the supplier's own emission rate",
    notes: "The rate is the supplier's, stored on each line (supplier_kg_co2e_per_kwh); this row names it.",
  },
  {
    id: MARKET_INSTRUMENT_FACTOR_ID,
    kgCO2ePerUnit: 0,
    activity: 'Electricity or heat covered by a renewable tariff or energy attribute certificate',
    notes:
      'A renewable contractual instrument conveys 0 kg CO2e/kWh (GHG Protocol Scope 2 Guidance, Table 6.3).',
  },
].map((row) => ({
  ...row,
  dataset: 'GHG Protocol Scope 2 Guidance (market-based)',
  datasetYear: 2015,
  region: 'ANY',
  activityKey: 'electricity_market_based',
  unit: 'kWh',
  co2: null,
  ch4: null,
  n2o: null,
  gwpBasis: 'AR5',
  scope: 'scope_2_market',
  scope3Category: null,
  ghgCategory: 'Scope 2 (market-based)',
  source: 'GHG Protocol Scope 2 Guidance (2015), chapter 6',
  sourceUrl: 'https://ghgprotocol.org/scope-2-guidance',
}));

/** Every row `emission_factors` must hold for the current library. */
export function factorRows(now: Date = new Date()): FactorRow[] {
  const rows: FactorRow[] = factorLibrary().factors.map((factor) => ({
    id: factor.id,
    dataset: factor.dataset,
    datasetYear: factor.datasetYear,
    region: factor.region,
    activityKey: factor.activityKey,
    activity: factor.activity,
    unit: factor.unit,
    kgCO2ePerUnit: factor.kgCO2ePerUnit,
    co2: factor.gases?.co2 ?? null,
    ch4: factor.gases?.ch4 ?? null,
    n2o: factor.gases?.n2o ?? null,
    gwpBasis: factor.gwpBasis,
    scope: factor.scope,
    scope3Category: factor.scope3Category,
    ghgCategory: factor.ghgCategory,
    source: factor.source,
    sourceUrl: factor.sourceUrl,
    notes: factor.notes,
    loadedAt: now,
  }));
  for (const row of MARKET_FACTORS) rows.push({ ...row, loadedAt: now });
  return rows;
}

/**
 * Rows per INSERT, here and in the SQL file for D1 (db/reference/seed.ts): 19 parameters a row,
 * far under SQLite's 32,766; as SQL text, far under D1's 100,000 bytes a statement
 * (developers.cloudflare.com/d1/platform/limits).
 */
export const FACTOR_ROWS_PER_INSERT = 50;
/**
 * Statements per batch. This seed runs on libSQL only (a local file or Turso; D1 gets the SQL
 * file, decision 083); a batch of 1,000 rows keeps each remote call small. Each batch is atomic;
 * the whole seed need not be: rows are only ever added, by id, so a seed cut short is finished by
 * the next start.
 */
const STATEMENTS_PER_BATCH = 20;

/** Inserts the library's factor ids that `emission_factors` lacks; resolves with how many. */
export async function insertMissingFactors(db: Db): Promise<number> {
  const existing = new Set(
    (await db.select({ id: emissionFactors.id }).from(emissionFactors).all()).map((r) => r.id),
  );
  const missing = factorRows().filter((row) => !existing.has(row.id));
  const rowsPerBatch = FACTOR_ROWS_PER_INSERT * STATEMENTS_PER_BATCH;
  for (let start = 0; start < missing.length; start += rowsPerBatch) {
    const statements = [];
    const end = Math.min(start + rowsPerBatch, missing.length);
    for (let i = start; i < end; i += FACTOR_ROWS_PER_INSERT) {
      // New ids only, never an update: a stored result keeps the exact factor it was made with,
      // and two processes starting together may both get here.
      statements.push(
        db
          .insert(emissionFactors)
          .values(missing.slice(i, Math.min(i + FACTOR_ROWS_PER_INSERT, end)))
          .onConflictDoNothing(),
      );
    }
    await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  }
  return missing.length;
}
