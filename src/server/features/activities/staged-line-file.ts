// The import thread's side of staged lines (decision 038, emissions/staged-lines.ts): each batch's
// lines are bound, value by value, into a scratch SQLite file of their own, which the writer then
// copies into the ledger (through libSQL, with ATTACH) and deletes.
//
// The file is written with Bun's built-in SQLite, not libSQL's driver: it is a file format passed
// between two threads, never the app's database, and Bun binds a row in ~3 µs where libSQL's
// driver takes ~8 µs (measured on 100,000 rows of 15 values). Only the import thread loads this
// module (Bun only; the Cloudflare Worker has no threads and never stages).
import { Database, type Statement } from 'bun:sqlite';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { NewLine } from '../emissions/line-payloads.ts';
import {
  STAGED_TABLES_DDL,
  type StagedValue,
  stagedLine,
  stagedLineSql,
  stagedOrigin,
} from '../emissions/staged-lines.ts';
import type { BatchLines, LineSink, LineStaging } from './import-batches.ts';

/** One open staging file: its path, connection and prepared inserts by line shape. */
interface OpenFile {
  path: string;
  database: Database;
  inserts: Map<number, Statement>;
}

export class StagedLineFile implements LineSink {
  readonly #staging: LineStaging;
  readonly #values: StagedValue[] = [];
  #file: OpenFile | null = null;
  #size = 0;

  constructor(staging: LineStaging) {
    this.#staging = staging;
  }

  get size(): number {
    return this.#size;
  }

  add(line: NewLine): void {
    this.#file ??= this.#open();
    const file = this.#file;
    const shape = stagedLine(line, this.#values);
    let insert = file.inserts.get(shape);
    if (!insert) {
      insert = file.database.prepare(stagedLineSql(shape));
      file.inserts.set(shape, insert);
    }
    insert.run(...this.#values);
    this.#size++;
  }

  /** Closes the file of the lines added so far and hands over its path; the next add starts a new one. */
  take(): BatchLines {
    const file = this.#file;
    if (!file) return { payloads: [] };
    file.database.exec('COMMIT');
    file.database.close();
    this.#file = null;
    this.#size = 0;
    return { stagedFile: file.path };
  }

  /** Forgets the lines added so far, and their file. */
  clear(): void {
    const file = this.#file;
    if (!file) return;
    file.database.exec('ROLLBACK');
    file.database.close();
    rmSync(file.path, { force: true });
    this.#file = null;
    this.#size = 0;
  }

  #open(): OpenFile {
    const path = join(this.#staging.dir, `batch-${crypto.randomUUID()}.db`);
    const database = new Database(path);
    // A scratch file, read once and deleted: its journal in memory (Bun's SQLite runs in defensive
    // mode, which refuses journal_mode OFF) and no syncs. A file a crash leaves behind is removed
    // with its folder by the writer.
    database.exec('PRAGMA journal_mode = MEMORY');
    database.exec('PRAGMA synchronous = OFF');
    for (const ddl of STAGED_TABLES_DDL) database.exec(ddl);
    database.exec('BEGIN');
    const origin = stagedOrigin(this.#staging.origin);
    database.prepare(origin.sql).run(...origin.values);
    return { path, database, inserts: new Map() };
  }
}
