// The ledger writer of remote databases (Turso, D1; decision 068): each statement carries up to
// LINES_PER_STATEMENT lines as ONE JSON parameter expanded by SQLite's json_each, so it binds a
// handful of values whatever its size (D1 binds at most 100 per statement). Each JSON row is
// converted to JSONB once, in a MATERIALIZED CTE, so a row's ~40 `v->>n` reads walk a binary value
// instead of re-parsing its text (JSONB: SQLite 3.45, which libSQL and D1 have). The change's own
// statements share the batch, so it is one transaction.
//
// SQLite numbers each new line (decision 092), except a line whose audit row names it: a batch
// cannot hand a statement's result to the next one's content hash, so that line's id is read just
// before (the next AUTOINCREMENT value) and bound; a line written in between takes it first, the
// batch fails on the primary key, nothing is stored, and the change is tried again with the next;
// after a few such tries it answers as a busy database does (503, decision 091).
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../../../db/client.ts';
import { activityLines } from '../../../../../db/schema/ledger.ts';
import { databaseBusyError } from '../../../lib/errors.ts';
import { FIGURE_FIELDS } from '../figures/line-figures.ts';
import {
  type LedgerChange,
  type LedgerStatement,
  type LedgerWriter,
  namesItsLine,
  type RecalculatedLine,
} from './ledger-change.ts';
import { boundLineValue, companyKeyOf } from './ledger-keys.ts';
import { OWN_COLUMNS, OWN_FIELDS, TABLE_COLUMNS, UNBOUND_COLUMNS } from './line-columns.ts';
import { chunks, inDedupeOrder, lineValue, type NewLine, originValues } from './new-lines.ts';

/** Rows per statement: with their entries, well under 1 MB of JSON (D1 takes at most 2 MB). */
const LINES_PER_STATEMENT = 1000;

/** The rows of a JSON array parameter, each as JSONB `v`, converted once (see the header). */
const jsonRows = (payload: string) =>
  sql`(WITH r AS MATERIALIZED (SELECT jsonb(value) AS v FROM json_each(${payload})) SELECT v FROM r)`;

/** A line as a JSON array of its own columns' values (`datasets` and `entries` as their JSON text). */
const lineRow = (line: NewLine) => OWN_FIELDS.map((field) => line[field]);

/** The value of an unbound column: NULL (SQLite numbers the line), or the id read for a named line. */
const unboundValue = (key: string, lineId: number | undefined) =>
  key === 'id' && lineId !== undefined ? sql`${lineId}` : sql.raw('NULL');

function insertStatements(
  db: Db,
  { origin, lines, duplicates }: NonNullable<LedgerChange['insert']>,
  lineId: number | undefined,
) {
  const shared = originValues(origin) as Record<string, unknown>;
  const columns = sql.join(
    TABLE_COLUMNS.map((key) =>
      key in shared
        ? boundLineValue(key, shared[key])
        : UNBOUND_COLUMNS.includes(key)
          ? unboundValue(key, lineId)
          : sql.raw(lineValue(key, `v->>${OWN_COLUMNS.indexOf(key)}`)),
    ),
    sql`, `,
  );
  return chunks(inDedupeOrder(lines), LINES_PER_STATEMENT).map((part) => {
    // `WHERE true`: SQLite's documented way to let an upsert clause follow INSERT … SELECT.
    const insert = db
      .insert(activityLines)
      .select(sql`SELECT ${columns} FROM ${jsonRows(JSON.stringify(part.map(lineRow)))} WHERE true`);
    return (duplicates === 'skip' ? insert.onConflictDoNothing() : insert).returning({
      id: activityLines.id,
    });
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

/** The change as one batch; `lineId`: the id bound to its one new line when `after` names it. */
async function writeBatch(db: Db, change: LedgerChange, lineId: number | undefined) {
  const before = change.before ?? [];
  const inserts = change.insert ? insertStatements(db, change.insert, lineId) : [];
  const updates = change.update
    ? updateStatements(db, change.update.companyId, change.update.calculatedAt, change.update.lines)
    : [];
  const after = typeof change.after === 'function' ? change.after(lineId!) : (change.after ?? []);
  const statements: LedgerStatement[] = [...before, ...inserts, ...updates, ...after];
  if (statements.length === 0) return { inserted: 0 };
  const results = await db.batch(statements as [LedgerStatement, ...LedgerStatement[]]);
  let inserted = 0;
  for (let i = 0; i < inserts.length; i++) inserted += (results[before.length + i] as unknown[]).length;
  return lineId === undefined ? { inserted } : { inserted, lineId };
}

/**
 * The id SQLite would give the next line: one above the highest ever given, which AUTOINCREMENT
 * keeps in sqlite_sequence (none before the first line).
 */
async function nextLineId(db: Db): Promise<number> {
  const row = await db.get<{ id: number }>(
    sql`SELECT coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'activity_lines'), 0) + 1 AS id`,
  );
  return Number(row.id);
}

/** Tries at a named line's id, each after a line written in between took the one read before. */
const NAMED_LINE_ATTEMPTS = 5;

const lineIdTaken = (error: unknown) =>
  /activity_lines\.id\b/.test(`${String((error as { cause?: unknown })?.cause ?? '')} ${String(error)}`);

export function batchedLedgerWriter(db: Db): LedgerWriter {
  return {
    async write(change: LedgerChange) {
      if (!namesItsLine(change)) return writeBatch(db, change, undefined);
      for (let attempt = 1; ; attempt++) {
        try {
          return await writeBatch(db, change, await nextLineId(db));
        } catch (error) {
          if (!lineIdTaken(error)) throw error;
          if (attempt >= NAMED_LINE_ATTEMPTS) throw databaseBusyError();
        }
      }
    },
  };
}
