// The ledger writer of remote databases (Turso, D1; decision 068): each statement carries up to
// LINES_PER_STATEMENT lines as ONE JSON parameter expanded by SQLite's json_each, so it binds a
// handful of values whatever its size (D1 binds at most 100 per statement). Each JSON row is
// converted to JSONB once, in a MATERIALIZED CTE, so a row's ~40 `v->>n` reads walk a binary value
// instead of re-parsing its text (JSONB: SQLite 3.45, which libSQL and D1 have). The change's own
// statements share the batch, so it is one transaction.
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../../../db/client.ts';
import { activityLines } from '../../../../../db/schema/ledger.ts';
import { FIGURE_FIELDS } from '../figures/line-figures.ts';
import type { LedgerChange, LedgerStatement, LedgerWriter, RecalculatedLine } from './ledger-change.ts';
import { boundLineValue, companyKeyOf } from './ledger-keys.ts';
import {
  chunks,
  inDedupeOrder,
  type LineOrigin,
  lineField,
  lineValue,
  type NewLine,
  originValues,
} from './new-lines.ts';

/** Rows per statement: with their entries, well under 1 MB of JSON (D1 takes at most 2 MB). */
const LINES_PER_STATEMENT = 1000;

/** The line fields sent per row, in the order of the JSON arrays: every column not in the origin. */
const ORIGIN_KEYS = Object.keys(originValues({ createdAt: new Date(0) } as LineOrigin));
const LINE_COLUMNS = Object.keys(getTableColumns(activityLines)).filter((key) => !ORIGIN_KEYS.includes(key));
const LINE_FIELDS = LINE_COLUMNS.map(lineField);

/** The rows of a JSON array parameter, each as JSONB `v`, converted once (see the header). */
const jsonRows = (payload: string) =>
  sql`(WITH r AS MATERIALIZED (SELECT jsonb(value) AS v FROM json_each(${payload})) SELECT v FROM r)`;

/** A line as a JSON array in LINE_FIELDS order (`datasets` and `entries` as their JSON text). */
const lineRow = (line: NewLine) => LINE_FIELDS.map((field) => line[field]);

function insertStatements(db: Db, origin: LineOrigin, lines: readonly NewLine[], skipDuplicates: boolean) {
  const shared = originValues(origin) as Record<string, unknown>;
  const columns = sql.join(
    Object.keys(getTableColumns(activityLines)).map((key) =>
      key in shared
        ? boundLineValue(key, shared[key])
        : sql.raw(lineValue(key, `v->>${LINE_COLUMNS.indexOf(key)}`)),
    ),
    sql`, `,
  );
  return chunks(inDedupeOrder(lines), LINES_PER_STATEMENT).map((part) => {
    // `WHERE true`: SQLite's documented way to let an upsert clause follow INSERT … SELECT.
    const insert = db
      .insert(activityLines)
      .select(sql`SELECT ${columns} FROM ${jsonRows(JSON.stringify(part.map(lineRow)))} WHERE true`);
    return (skipDuplicates ? insert.onConflictDoNothing() : insert).returning({ id: activityLines.id });
  });
}

function updateStatements(db: Db, companyId: string, calculatedAt: Date, lines: readonly RecalculatedLine[]) {
  const fields = ['id', 'updatedAt', ...FIGURE_FIELDS] as const;
  const set: Record<string, SQL> = Object.fromEntries([
    ...FIGURE_FIELDS.map((field, i) => [field, sql.raw(`j.v->>${i + 2}`)]),
    ['calculatedAt', sql`${calculatedAt.getTime()}`],
  ]);
  return chunks(lines, LINES_PER_STATEMENT).map((part) =>
    db
      .update(activityLines)
      .set(set)
      .from(sql`${jsonRows(JSON.stringify(part.map((line) => fields.map((field) => line[field]))))} AS j`)
      .where(
        sql`${activityLines.id} = j.v->>0 AND ${activityLines.updatedAt} = j.v->>1 AND ${activityLines.companyKey} = ${companyKeyOf(companyId)}`,
      ),
  );
}

export function batchedLedgerWriter(db: Db): LedgerWriter {
  return {
    async write(change: LedgerChange) {
      const before = change.before ?? [];
      const inserts = change.insert
        ? insertStatements(db, change.insert.origin, change.insert.lines, change.insert.duplicates === 'skip')
        : [];
      const updates = change.update
        ? updateStatements(db, change.update.companyId, change.update.calculatedAt, change.update.lines)
        : [];
      const statements: LedgerStatement[] = [...before, ...inserts, ...updates, ...(change.after ?? [])];
      if (statements.length === 0) return { inserted: 0 };
      const results = await db.batch(statements as [LedgerStatement, ...LedgerStatement[]]);
      let inserted = 0;
      for (let i = 0; i < inserts.length; i++) inserted += (results[before.length + i] as unknown[]).length;
      return { inserted };
    },
  };
}
