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
import { type Db, localLibsqlClient } from '../../../../db/client.ts';
import { activityLines } from '../../../../db/schema/emissions.ts';
import type { LineFigures } from './line-figures.ts';
import {
  chunks,
  FIGURE_FIELDS,
  LINE_FIELDS,
  LINES_PER_STATEMENT,
  type LineOrigin,
  linePayloads,
  type NewLine,
  originValues,
} from './line-payloads.ts';
import {
  STAGED_DATE_COLUMN,
  STAGED_LINES_TABLE,
  STAGED_ORIGIN_KEYS,
  STAGED_ORIGIN_TABLE,
} from './staged-lines.ts';

export type { LineOrigin, NewLine } from './line-payloads.ts';

/**
 * The SELECT list for `insert(activityLines).select(…)`, which inserts into every column in the
 * table's order: each column is the nth of a row's LINE_FIELDS (`field(n)`: `v->>n` of a JSON
 * row, a column of a staged one) or a value every line of the write shares.
 * A column added to the schema without a value here fails at once, not silently.
 */
export function lineSelectList(field: (index: number) => SQL, shared: Record<string, SQL>): SQL {
  const fields = LINE_FIELDS as readonly string[];
  const parts = Object.keys(getTableColumns(activityLines)).map((key) => {
    const index = fields.indexOf(key);
    if (index >= 0) return field(index);
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
  const shared = Object.fromEntries(
    Object.entries(originValues(origin)).map(([key, value]) => [key, sql`${value}`]),
  );
  const columns = lineSelectList((index) => sql.raw(`v->>${index}`), shared);
  return payloads.map((payload) => {
    // `WHERE true`: SQLite's documented way to let an upsert clause follow INSERT … SELECT.
    return db
      .insert(activityLines)
      .select(sql`SELECT ${columns} FROM ${jsonRows(payload)} WHERE true`)
      .onConflictDoNothing();
  });
}

/** True where staged lines (staged-lines.ts) can be copied: a libSQL file (or memory) here. */
export const canCopyStagedLines = (db: Db) => localLibsqlClient(db) !== null;

const sqlText = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * Copies a staged file's lines (staged-lines.ts, decision 038) into the ledger, skipping any whose
 * fingerprint the company already has (ON CONFLICT DO NOTHING, as above), in date order: the
 * order of the ledger's (company_id, date, …) indexes, which roughly halves their writes (decision
 * 035). One INSERT … SELECT, atomic on its own. ATTACH cannot run inside a transaction, and the
 * client may hand each call a different connection of its pool, so the attach, the copy and the
 * detach go as one script on one connection. It holds no value but the file's path, which the
 * server made itself.
 */
export async function copyStagedLines(db: Db, file: string): Promise<void> {
  const client = localLibsqlClient(db);
  if (!client) throw new Error('copyStagedLines: the database is not a local libSQL file');
  const alias = `staged_${crypto.randomUUID().replaceAll('-', '')}`;
  const shared = Object.fromEntries(STAGED_ORIGIN_KEYS.map((key, i) => [key, sql.raw(`o.o${i}`)]));
  const columns = lineSelectList((index) => sql.raw(`s.c${index}`), shared);
  const from = sql.raw(
    `${alias}.${STAGED_LINES_TABLE} AS s, ${alias}.${STAGED_ORIGIN_TABLE} AS o WHERE true ORDER BY s.${STAGED_DATE_COLUMN}`,
  );
  const copy = db
    .insert(activityLines)
    .select(sql`SELECT ${columns} FROM ${from}`)
    .onConflictDoNothing()
    .toSQL();
  if (copy.params.length > 0) throw new Error('copyStagedLines: the copy must bind nothing');
  try {
    await client.executeMultiple(`ATTACH ${sqlText(file)} AS ${alias}; ${copy.sql}; DETACH ${alias};`);
  } catch (error) {
    // The script stopped before its DETACH: leave no attachment on the connection.
    await client.executeMultiple(`DETACH ${alias};`).catch(() => undefined);
    throw error;
  }
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
