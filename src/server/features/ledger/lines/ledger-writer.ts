// The one way ledger lines are written (decision 068): manual and receipt lines, CSV imports,
// connector syncs and recalculations all hand their change to a LedgerWriter, chosen by the
// database driver:
// - a local file: one prepared INSERT per line on a connection of the writer's own, inside one
//   BEGIN IMMEDIATE transaction with the change's other statements (ledger-writer-local.ts);
// - remote libSQL (Turso) and D1: the lines as JSON parameters expanded by SQLite's json_each,
//   a few bound values per statement whatever the number of lines (D1 binds at most 100), in one
//   batch with the change's other statements (ledger-writer-batched.ts).
// Either way the change is all or nothing, and its audit row is part of it (decision 069).
import { type Db, localDatabasePath } from '../../../../../db/client.ts';
import type { LedgerWriter } from './ledger-change.ts';
import { batchedLedgerWriter } from './ledger-writer-batched.ts';
import { localLedgerWriter } from './ledger-writer-local.ts';

export type { LedgerChange, LedgerStatement, LedgerWriter, RecalculatedLine } from './ledger-change.ts';
export type { LineOrigin, NewLine } from './new-lines.ts';

/** The writer for this database: local file, or batched statements for remote libSQL and D1. */
export function ledgerWriter(db: Db): LedgerWriter {
  const path = localDatabasePath(db);
  return path ? localLedgerWriter(db, path) : batchedLedgerWriter(db);
}
