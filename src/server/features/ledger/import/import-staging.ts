// The import's two staging files (decision 099): the reading thread stages a commit's worth of
// lines in one while the writing thread writes the other's into the ledger. A temporary table
// would not do: it is its own connection's alone.
//
// The files lie beside the database, named for the process (two servers on one file each have
// their own pair), and live as long as the threads and their connections (decision 098). A process
// that ended leaves its pair; the next process to open its own removes it.
//
// Free of the query builder: the writing thread loads this, and its memory counts (decision 099).
import { readdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { SqliteFile } from '../lines/sqlite-file.ts';

export const SLOTS = [0, 1] as const;
export type Slot = (typeof SLOTS)[number];

/** This process's staging file of `slot`, beside the database at `databasePath`. */
export const stagingFilePath = (databasePath: string, slot: Slot) =>
  `${databasePath}-import-${process.pid}-${slot}`;

/** The schema the writing thread attaches a slot's file as. */
export const stagingSchema = (slot: Slot) => `staging${slot}`;

/**
 * How both threads' connections use a staging file. Staged lines are worth nothing after a crash,
 * so no syncing and no journal on disk; one connection at a time uses a file (the threads hand a
 * slot over by message). A deleted line is zeroed, as in the ledger (decision 043). A small page
 * cache: the pages sit in the system's file cache, not in the server's memory (as decision 096's
 * temporary table did).
 */
export const STAGING_PRAGMAS = [
  'journal_mode = MEMORY',
  'synchronous = OFF',
  'secure_delete = ON',
  'cache_size = -256',
] as const;

/** Whether a process of that id runs (EPERM: it does, as another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}

/** Removes the staging files of ended processes beside the database, and this process's own. */
export function removeStaleStagingFiles(databasePath: string): void {
  const directory = dirname(databasePath);
  const prefix = `${basename(databasePath)}-import-`;
  for (const name of readdirSync(directory)) {
    const pid = name.startsWith(prefix) ? /^(\d+)-[01]$/.exec(name.slice(prefix.length))?.[1] : undefined;
    if (pid && (Number(pid) === process.pid || !isRunning(Number(pid))))
      rmSync(join(directory, name), { force: true });
  }
}

/** Attaches this process's staging files to the writing thread's connection to the ledger. */
export function attachStagingFiles(file: SqliteFile, databasePath: string): void {
  for (const slot of SLOTS) {
    const schema = stagingSchema(slot);
    file.run({ sql: `ATTACH DATABASE ? AS ${schema}`, params: [stagingFilePath(databasePath, slot)] });
    for (const pragma of STAGING_PRAGMAS) file.exec(`PRAGMA ${schema}.${pragma}`);
  }
}
