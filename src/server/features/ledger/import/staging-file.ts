// The reading thread's connection on a staging file (decision 100): Bun's own SQLite, not libsql.
// Staging a line binds ~40 values, and libsql's binding costs twice Bun's for them
// (bench/notes/ledger-import.md, "Decision 100").
//
// The rule of decision 068 stands for the ledger: only libsql opens the ledger's file. Two SQLite
// libraries in one process do not share their POSIX locks (sqlite.org/howtocorrupt.html §2.2.1),
// so none of them may rely on a lock against the other. A staging file needs none: the threads
// hand a slot over by message, and only one of them uses its file at a time (import-thread.ts).
// Each transaction starts by reading the file's change counter, which either library advances,
// so neither reads the other's stale pages.
import { Database, type Statement } from 'bun:sqlite';
import type { StagingConnection } from '../lines/line-staging.ts';

type Value = string | number | bigint | boolean | null | Uint8Array;

export class StagingFile implements StagingConnection {
  readonly #database: Database;
  /** Prepared once each: a staging INSERT is ~1,300 placeholders. */
  readonly #statements = new Map<string, Statement>();

  constructor(path: string) {
    this.#database = new Database(path);
  }

  exec(sql: string): void {
    this.#database.exec(sql);
  }

  statement(sql: string): { run(params: readonly unknown[]): unknown } {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#database.prepare(sql);
      this.#statements.set(sql, statement);
    }
    const prepared = statement;
    // Bun binds an array given alone as the positional values, without spreading them.
    return { run: (params) => prepared.run(params as Value[]) };
  }

  close(): void {
    for (const statement of this.#statements.values()) statement.finalize();
    this.#database.close();
  }
}
