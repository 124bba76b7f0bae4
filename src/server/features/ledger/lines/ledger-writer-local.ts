// The ledger writer of a local database file (decision 068): a connection of its own (SqliteFile),
// the lines staged in its temporary table and written from there in one INSERT … SELECT (decision
// 096), the whole change inside BEGIN IMMEDIATE … COMMIT.
// BEGIN IMMEDIATE takes the write lock before reading anything, so a second writer (the app's
// own connection, another process, an import thread) waits out busy_timeout instead of failing.
// The change's other statements (audit rows, deletes) are the caller's Drizzle statements, run as
// their SQL on this connection, inside the same transaction.
//
// `LocalLedgerFile` needs only a file path, no Drizzle database. An import's write is the same
// INSERT … SELECT (`stagedLinesWrite`) from a staging file instead of the temporary table: the
// request thread builds it and the import's writing thread runs it on a connection of its own
// (ledger/import/import-thread.ts, decision 099).
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/sqlite-proxy';
import type { Db } from '../../../../../db/client.ts';
import { companies } from '../../../../../db/schema/auth.ts';
import { activityLines } from '../../../../../db/schema/ledger.ts';
import { FIGURE_FIELDS } from '../figures/line-figures.ts';
import {
  type LedgerChange,
  type LedgerStatement,
  type LedgerWriter,
  namesItsLine,
  type RecalculatedLine,
} from './ledger-change.ts';
import { boundLineValue } from './ledger-keys.ts';
import { ORIGIN_COLUMNS, TABLE_COLUMNS, UNBOUND_COLUMNS } from './line-columns.ts';
import {
  createStagedLines,
  discardStagedLines,
  stagedColumn,
  stagedLines,
  stageLines,
} from './line-staging.ts';
import { type LineOrigin, lineValue, type NewLine, originValues } from './new-lines.ts';
import { openLedgerConnection, type SqliteFile, type SqlQuery, stored } from './sqlite-file.ts';

/** Builds SQL only (never runs): the schema's column names and order, with named placeholders. */
const builder = drizzle(
  async () => ({ rows: [] }),
  async () => [],
  { casing: 'snake_case' },
);
const placeholders = (keys: readonly string[]): Record<string, unknown> =>
  Object.fromEntries(keys.map((key) => [key, sql.placeholder(key)]));

/** A query with named placeholders, and the names in the order its `?`s bind them. */
function prepared(query: { sql: string; params: unknown[] }): { sql: string; names: string[] } {
  // A placeholder in values() or set() comes wrapped in the column's Param.
  const name = (param: unknown) => {
    const placeholder = (param as { value?: { name?: string } }).value ?? (param as { name?: string });
    if (typeof placeholder.name !== 'string') throw new Error('ledger writer: a value without a placeholder');
    return placeholder.name;
  };
  return { sql: query.sql, names: query.params.map(name) };
}

/**
 * The INSERT of the lines staged in `schema`, in the order of the dedupe index (company_key, date,
 * fingerprint; the hex sorts as its bytes do): each index page the write touches is visited once,
 * in order, so it stays in SQLite's page cache until the write has passed it (decision 096). Each
 * line binds nothing, the origin's values are bound once, the id and legacy id are NULL, so SQLite
 * numbers the line (the schema's column order comes from Drizzle, so a new column without a value
 * fails here at once). `skip` leaves out a line whose fingerprint the company already has; `WHERE
 * true` is SQLite's documented way to let an upsert clause follow INSERT … SELECT.
 */
function writeStagedSql(duplicates: 'skip' | 'refuse', schema: string) {
  const select = TABLE_COLUMNS.map((key) =>
    ORIGIN_COLUMNS.includes(key)
      ? boundLineValue(key, sql.placeholder(key))
      : UNBOUND_COLUMNS.includes(key)
        ? sql.raw('NULL')
        : sql.raw(lineValue(key, stagedColumn(key))),
  );
  const order = sql.raw(`${stagedColumn('date')}, ${stagedColumn('fingerprint')}`);
  const from = sql.raw(stagedLines(schema));
  const insert = builder
    .insert(activityLines)
    .select(sql`SELECT ${sql.join(select, sql`, `)} FROM ${from} WHERE true ORDER BY ${order}`);
  const query = prepared((duplicates === 'skip' ? insert.onConflictDoNothing() : insert).toSQL());
  if (query.names.length !== ORIGIN_COLUMNS.length || query.names.some((n) => !ORIGIN_COLUMNS.includes(n)))
    throw new Error('ledger writer: unexpected placeholders');
  return query;
}
const stagedWrites = new Map<string, ReturnType<typeof writeStagedSql>>();
/** The write of the lines staged in `schema`, built once. */
const stagedWrite = (duplicates: 'skip' | 'refuse', schema: string) => {
  const key = `${duplicates} ${schema}`;
  let write = stagedWrites.get(key);
  if (!write) {
    write = writeStagedSql(duplicates, schema);
    stagedWrites.set(key, write);
  }
  return write;
};
/** The write's condition, which `onlyWhile` replaces. */
const ALL_STAGED = 'WHERE true';

/**
 * The write of the lines staged in `schema` (this connection's temporary table, or an attached
 * staging file's, decision 099) under `origin`. Inside a transaction, or alone with `onlyWhile`:
 * then the INSERT is its own transaction and writes only if that query finds a row, checked inside
 * it (decision 096).
 */
export function stagedLinesWrite(
  origin: LineOrigin,
  duplicates: 'skip' | 'refuse',
  schema: string,
  onlyWhile?: SqlQuery,
): SqlQuery {
  const write = stagedWrite(duplicates, schema);
  const shared = originValues(origin) as Record<string, unknown>;
  const values = write.names.map((key) => stored(shared[key]));
  return onlyWhile
    ? {
        sql: write.sql.replace(ALL_STAGED, `WHERE EXISTS (${onlyWhile.sql})`),
        params: [...values, ...onlyWhile.params.map(stored)],
      }
    : { sql: write.sql, params: values };
}

const UPDATE_FIGURES = prepared(
  builder
    .update(activityLines)
    .set(placeholders([...FIGURE_FIELDS, 'calculatedAt']) as never)
    .where(
      sql`${activityLines.id} = ${sql.placeholder('id')} AND ${activityLines.updatedAt} = ${sql.placeholder('updatedAt')} AND ${activityLines.companyKey} = (SELECT ${companies.ledgerKey} FROM ${companies} WHERE ${companies.id} = ${sql.placeholder('companyId')})`,
    )
    .toSQL(),
);

const LAST_ROWID: SqlQuery = { sql: 'SELECT last_insert_rowid() AS id', params: [] };

/** The SQL of a caller's Drizzle statement (a query builder, or a raw `db.run(sql…)`). */
export function statementQuery(statement: LedgerStatement): SqlQuery {
  const built = statement as { toSQL?: () => SqlQuery; getQuery?: () => SqlQuery };
  const query = built.toSQL?.() ?? built.getQuery?.();
  if (!query) throw new Error('ledger writer: a statement without SQL');
  return { sql: query.sql, params: query.params };
}

/** The ledger's writes on one connection to the database file. */
export class LocalLedgerFile {
  readonly #file: SqliteFile;

  private constructor(file: SqliteFile) {
    this.#file = file;
    createStagedLines(file, 'temp');
  }

  static async open(path: string): Promise<LocalLedgerFile> {
    return new LocalLedgerFile(await openLedgerConnection(path));
  }

  /** Runs `work` in one BEGIN IMMEDIATE transaction: committed when it returns, rolled back if it throws. */
  transaction<T>(work: () => T): T {
    return this.#file.transaction(work);
  }

  /** Runs one statement (inside transaction()); answers the rows it changed. */
  run(query: SqlQuery): number {
    return this.#file.run(query);
  }

  /** Answers the first row of a query, as an object. */
  get(query: SqlQuery): Record<string, unknown> | null {
    return this.#file.get(query);
  }

  /**
   * Inserts lines (inside transaction()) through this connection's temporary staging table, in the
   * dedupe index's order, and empties the table; answers how many went in.
   */
  insertLines(origin: LineOrigin, lines: readonly NewLine[], duplicates: 'skip' | 'refuse'): number {
    stageLines(this.#file, 'temp', lines);
    const inserted = this.#file.run(stagedLinesWrite(origin, duplicates, 'temp'));
    discardStagedLines(this.#file, 'temp');
    return inserted;
  }

  /** Replaces stored results (inside transaction()) while each line is as it was read. */
  updateFigures(companyId: string, calculatedAt: Date, lines: readonly RecalculatedLine[]): void {
    const update = this.#file.statement(UPDATE_FIGURES.sql);
    const at = calculatedAt.getTime();
    for (const line of lines) {
      const named: Record<string, unknown> = { ...line, companyId, calculatedAt: at };
      update.run(UPDATE_FIGURES.names.map((name) => stored(named[name])));
    }
  }

  close(): void {
    this.#file.close();
  }
}

/** One writer per database handle, closed with the handle's client. */
const files = new WeakMap<object, Promise<LocalLedgerFile>>();

function ledgerFile(db: Db, path: string): Promise<LocalLedgerFile> {
  const client = (db as unknown as { $client: { close(): void } }).$client;
  let file = files.get(client);
  if (!file) {
    file = LocalLedgerFile.open(path);
    files.set(client, file);
    const close = client.close.bind(client);
    client.close = () => {
      void file!.then((opened) => opened.close());
      close();
    };
  }
  return file;
}

export function localLedgerWriter(db: Db, path: string): LedgerWriter {
  return {
    async write(change: LedgerChange) {
      const file = await ledgerFile(db, path);
      const namesLine = namesItsLine(change);
      const before = (change.before ?? []).map(statementQuery);
      return file.transaction(() => {
        for (const query of before) file.run(query);
        const inserted = change.insert
          ? file.insertLines(change.insert.origin, change.insert.lines, change.insert.duplicates)
          : 0;
        if (change.update)
          file.updateFigures(change.update.companyId, change.update.calculatedAt, change.update.lines);
        // The one line just inserted (namesItsLine): its id is the connection's last rowid.
        const lineId = namesLine ? Number(file.get(LAST_ROWID)!.id) : undefined;
        const after = typeof change.after === 'function' ? change.after(lineId!) : (change.after ?? []);
        for (const statement of after) file.run(statementQuery(statement));
        return lineId === undefined ? { inserted } : { inserted, lineId };
      });
    },
  };
}
