// Bulk writes of ledger lines with their stored results (decision 035). Each statement carries its
// rows as ONE JSON parameter (UTF-8 bytes, decision 037) expanded by SQLite's json_each, instead of
// one bound parameter per value:
// - D1 binds at most 100 parameters per statement; this shape needs fewer than 10 at any size;
// - measured on libSQL, it took about a quarter of the memory of multi-row VALUES statements and
//   less time (one string to bind instead of ~15 values per row).
// - each JSON row is converted to JSONB once, in a MATERIALIZED CTE, so the ~15 `v->>n` reads of
//   a row walk a binary value instead of re-parsing its text each time (SQLite would otherwise
//   flatten the subquery and repeat the conversion per column): 100,000-row import 18.6 s → 14 s.
//   JSONB needs SQLite 3.45 (libSQL and D1 both have it).
// They are Drizzle `insert(…).select(sql)` builders rather than raw `db.run(sql)`: the column list
// comes from the schema, and inserted ids come back typed where a caller asks (RETURNING).
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client.ts';
import { activityLines } from '../../../../db/schema/emissions.ts';
import type { LineFigures } from './line-figures.ts';
import {
  chunks,
  FIGURE_FIELDS,
  LINE_FIELDS,
  LINES_PER_STATEMENT,
  linePayloads,
  type NewLine,
} from './line-payloads.ts';

export type { NewLine } from './line-payloads.ts';

/** What every line of one write shares. */
export interface LineOrigin {
  companyId: string;
  source: string;
  dataSourceId: string | null;
  importId: string | null;
  createdBy: string | null;
  createdAt: Date;
}

/**
 * The SELECT list for `insert(table).select(…)`, which inserts into every column in the table's
 * order: each column is a field of the JSON row (`v->>n`) or a value shared by the statement.
 * A column added to the schema without a value here fails at once, not silently.
 */
function selectList(
  table: typeof activityLines,
  fields: readonly string[],
  shared: Record<string, SQL>,
): SQL {
  const parts = Object.keys(getTableColumns(table)).map((key) => {
    const index = fields.indexOf(key);
    if (index >= 0) return sql.raw(`v->>${index}`);
    const value = shared[key];
    if (!value) throw new Error(`ledger-writes: no value for ${key}`);
    return value;
  });
  return sql.join(parts, sql`, `);
}

/**
 * The rows of a JSON array payload, each as JSONB `v`, converted once (see the header). A payload
 * of UTF-8 bytes (line-payloads.ts) binds as a BLOB, which SQLite's JSON functions would read as
 * JSONB: the CAST reads it as the JSON text it is (and leaves a text payload as it is).
 */
const jsonRows = (payload: string | Uint8Array) =>
  sql`(WITH r AS MATERIALIZED (SELECT jsonb(value) AS v FROM json_each(CAST(${payload} AS TEXT))) SELECT v FROM r)`;

/**
 * Inserts lines, skipping any whose fingerprint the company already has (ON CONFLICT DO NOTHING
 * on the unique (company_id, date, fingerprint) index); each statement RETURNs the ids it
 * inserted.
 */
export function insertLinesStatements(db: Db, origin: LineOrigin, lines: readonly NewLine[]) {
  return insertLinePayloadStatements(db, origin, linePayloads(lines)).map((statement) =>
    statement.returning({ id: activityLines.id }),
  );
}

/**
 * insertLinesStatements for lines already written as payloads (line-payloads.ts), returning
 * nothing: a CSV import counts its lines by import id once written, which spares the writer
 * 100,000 returned rows (decision 035).
 */
export function insertLinePayloadStatements(db: Db, origin: LineOrigin, payloads: readonly Uint8Array[]) {
  const at = origin.createdAt.getTime();
  const columns = selectList(activityLines, LINE_FIELDS, {
    companyId: sql`${origin.companyId}`,
    source: sql`${origin.source}`,
    dataSourceId: sql`${origin.dataSourceId}`,
    importId: sql`${origin.importId}`,
    createdBy: sql`${origin.createdBy}`,
    createdAt: sql`${at}`,
    updatedAt: sql`${at}`,
    calculatedAt: sql`${at}`,
  });
  return payloads.map((payload) => {
    // `WHERE true`: SQLite's documented way to let an upsert clause follow INSERT … SELECT.
    return db
      .insert(activityLines)
      .select(sql`SELECT ${columns} FROM ${jsonRows(payload)} WHERE true`)
      .onConflictDoNothing();
  });
}

/** A line's new stored result, replaced only while the line is as it was read. */
export interface RecalculatedLine extends LineFigures {
  id: string;
  /** The line's updated_at when it was read (ms): a line edited since keeps what the edit stored. */
  updatedAt: number;
}

/** Replaces the stored results of lines (a recalculation); lines edited since they were read, or
 * deleted, are left alone. */
export function updateFiguresStatements(
  db: Db,
  companyId: string,
  calculatedAt: Date,
  lines: readonly RecalculatedLine[],
) {
  const fields = ['id', 'updatedAt', ...FIGURE_FIELDS] as const;
  const set = Object.fromEntries([
    ...FIGURE_FIELDS.map((field, i) => [field, sql.raw(`j.v->>${i + 2}`)]),
    ['calculatedAt', sql`${calculatedAt.getTime()}`],
  ]);
  return chunks(lines, LINES_PER_STATEMENT).map((part) => {
    const payload = JSON.stringify(part.map((line) => fields.map((field) => line[field])));
    return db
      .update(activityLines)
      .set(set)
      .from(sql`${jsonRows(payload)} AS j`)
      .where(
        sql`${activityLines.id} = j.v->>0 AND ${activityLines.updatedAt} = j.v->>1 AND ${activityLines.companyId} = ${companyId}`,
      );
  });
}
