// Reference data the product reads from the database: the factor library's rows (every factor id a
// stored result may name) and the bundled offset catalogue. Loaded as a deploy/start step, never on
// a request path (decision 083): Bun runs `seedReferenceData` at start (src/server/start.ts), tests
// in their app helper; a Worker on D1 gets the same rows from `.wrangler/reference-data.sql`
// (scripts/reference-data-sql.ts, part of `npm run build`), applied with `wrangler d1 execute --file`.

import { newProjectRow } from '../../src/server/features/marketplace/catalogue.ts';
import type { Db } from '../client.ts';
import { emissionFactors } from '../schema/ledger.ts';
import { offsetProjects } from '../schema/marketplace.ts';
import { FACTOR_ROWS_PER_INSERT, factorRows, insertMissingFactors } from './factors/seed.ts';
import { bundledProjects, insertMissingProjects } from './marketplace/seed.ts';

/** Inserts the reference rows the database lacks (new ids only, never an update). */
export async function seedReferenceData(db: Db): Promise<{ factors: number; projects: number }> {
  const factors = await insertMissingFactors(db);
  const projects = await insertMissingProjects(db);
  return { factors, projects };
}

/** A driver value as an SQLite literal (the file binds nothing). */
function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`reference data: ${value} is not a finite number`);
    return String(value);
  }
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  throw new Error(`reference data: no SQL literal for ${typeof value}`);
}

/** Drizzle's statement with its `?` parameters written in as literals. */
function inlined(query: { sql: string; params: unknown[] }): string {
  const parts = query.sql.split('?');
  if (parts.length !== query.params.length + 1) throw new Error('reference data: parameters do not match');
  return parts.reduce((text, part, index) => text + sqlLiteral(query.params[index - 1]) + part);
}

/**
 * The reference data as SQL: INSERTs that skip ids already stored (ON CONFLICT DO NOTHING), so
 * applying the file again, or after a newer build, adds new ids only and never changes a factor a
 * stored result was made with nor a project's stock. `db` only builds the statements (Drizzle's
 * own column encoding); nothing is run on it.
 */
export function referenceDataSql(db: Db, now: Date): string {
  const statements: string[] = [];
  const factors = factorRows(now);
  for (let start = 0; start < factors.length; start += FACTOR_ROWS_PER_INSERT) {
    const rows = factors.slice(start, start + FACTOR_ROWS_PER_INSERT);
    statements.push(inlined(db.insert(emissionFactors).values(rows).onConflictDoNothing().toSQL()));
  }
  for (const record of bundledProjects()) {
    const row = newProjectRow(record, now);
    statements.push(inlined(db.insert(offsetProjects).values(row).onConflictDoNothing().toSQL()));
  }
  return `${statements.join(';\n')};\n`;
}
