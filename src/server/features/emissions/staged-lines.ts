// Staged lines (decision 038): on a local libSQL database, the import thread writes each batch of
// new lines, as plain bound values, into a scratch SQLite file of its own
// (activities/staged-line-file.ts), and the writer copies the file's rows into the ledger with one
// INSERT … SELECT (copyStagedLines in ledger-writes.ts). Measured on 100,000 imported lines,
// turning JSON payloads back into values (json_each, then ~40 `->>` a row) took about 2 s of the
// writer's ~4.5 s; binding the values on the import thread takes that off the writer.
//
// This is the staged file's shape, shared by both sides. Pure and free of the database layer, so
// the import thread loads none of that layer.
import { LINE_FIELDS, type LineOrigin, type NewLine, originValues } from './line-payloads.ts';

/** A value a staged file binds: libSQL's driver takes no booleans (it aborts the process). */
export type StagedValue = string | number | null;

/** The lines, one column per LINE_FIELDS field (c0, c1, … in its order). */
export const STAGED_LINES_TABLE = 'staged_lines';
/** One row: what every line of the write shares (o0, o1, … in STAGED_ORIGIN_KEYS order). */
export const STAGED_ORIGIN_TABLE = 'staged_origin';

export const STAGED_ORIGIN_KEYS = Object.keys(originValues({ createdAt: new Date(0) } as LineOrigin));
export const STAGED_DATE_COLUMN = `c${LINE_FIELDS.indexOf('date')}`;

/**
 * The staged file's tables. No types and no constraints: the ledger's own apply when the rows are
 * copied. Rows go in as they are read; the copy reads them in date order through the index, which
 * costs the thread little and spares the writer a sort of every batch (measured: ~0.3 s less
 * over 100,000 lines than ORDER BY without it).
 */
export const STAGED_TABLES_DDL = [
  `CREATE TABLE ${STAGED_LINES_TABLE} (${LINE_FIELDS.map((_, i) => `c${i}`).join(', ')})`,
  `CREATE INDEX ${STAGED_LINES_TABLE}_date ON ${STAGED_LINES_TABLE} (${STAGED_DATE_COLUMN})`,
  `CREATE TABLE ${STAGED_ORIGIN_TABLE} (${STAGED_ORIGIN_KEYS.map((_, i) => `o${i}`).join(', ')})`,
];

/** A boolean as SQLite stores it (1/0); a non-finite number as null, as its JSON would be. */
function stagedValue(value: unknown): StagedValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  return value as string;
}

/** The origin row's insert and values. */
export function stagedOrigin(origin: LineOrigin): { sql: string; values: StagedValue[] } {
  const values: Record<string, unknown> = originValues(origin);
  return {
    sql: `INSERT INTO ${STAGED_ORIGIN_TABLE} VALUES (${STAGED_ORIGIN_KEYS.map(() => '?').join(', ')})`,
    values: STAGED_ORIGIN_KEYS.map((key) => stagedValue(values[key])),
  };
}

/**
 * A line's values to bind, into `values`: only its fields that are not null (the others stay NULL
 * by default). Binding costs ~0.3 µs a value in libSQL's driver, and most of a line's 40 fields
 * (the scope 3 categories, a spend line's quantity…) are null. Returns the line's shape: bit n set
 * for a value of LINE_FIELDS[n]; lines of one shape share one insert (stagedLineSql).
 */
export function stagedLine(line: NewLine, values: StagedValue[]): number {
  values.length = 0;
  let shape = 0;
  for (let i = 0; i < LINE_FIELDS.length; i++) {
    const value = stagedValue(line[LINE_FIELDS[i]!]);
    if (value === null) continue;
    values.push(value);
    shape += 2 ** i;
  }
  return shape;
}

/** The insert of lines of one shape (stagedLine). */
export function stagedLineSql(shape: number): string {
  const columns = LINE_FIELDS.flatMap((_, i) => (Math.floor(shape / 2 ** i) % 2 === 1 ? [`c${i}`] : []));
  return `INSERT INTO ${STAGED_LINES_TABLE} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
}
