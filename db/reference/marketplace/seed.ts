// The bundled carbon-offset catalogue: ILLUSTRATIVE projects (catalogue.json says so, and every
// record carries `illustrative: true`), inserted with the rest of the reference data
// (db/reference/seed.ts, decision 083) so the marketplace is never empty.
// Imported as JSON, so Bun and the Worker bundle read the same bytes (no file system needed).
import {
  describeIssues,
  FeedRecordSchema,
  feedRecords,
  newProjectRow,
} from '../../../src/server/features/marketplace/catalogue.ts';
import type { Db } from '../../client.ts';
import { offsetProjects } from '../../schema/marketplace.ts';
import catalogue from './catalogue.json' with { type: 'json' };

/** The value of CARBON_OFFSET_FEED that means "this bundled file". */
export const BUNDLED_CATALOGUE_PATH = 'db/reference/marketplace/catalogue.json';

/** The bundled catalogue as a feed document (what a sync from the default feed reads). */
export function bundledCatalogue(): unknown {
  return catalogue;
}

/** The bundled records, validated; a bad record in our own file is a programming error. */
export function bundledProjects() {
  const records = feedRecords(catalogue) ?? [];
  return records.map((record, index) => {
    const parsed = FeedRecordSchema.safeParse(record);
    if (!parsed.success) throw new Error(`catalogue.json record ${index}: ${describeIssues(parsed.error)}`);
    return parsed.data;
  });
}

/** Inserts the bundled projects whose ids are missing; resolves with how many. Never updates. */
export async function insertMissingProjects(db: Db, now = new Date()): Promise<number> {
  const existing = new Set(
    (await db.select({ id: offsetProjects.id }).from(offsetProjects).all()).map((r) => r.id),
  );
  const missing = bundledProjects().filter((record) => !existing.has(record.id));
  if (missing.length === 0) return 0;
  // One row per statement: D1 binds at most 100 parameters and a project row has over 20 columns.
  // ON CONFLICT DO NOTHING: two processes starting together may both get here.
  const statements = missing.map((record) =>
    db.insert(offsetProjects).values(newProjectRow(record, now)).onConflictDoNothing(),
  );
  await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  return missing.length;
}
