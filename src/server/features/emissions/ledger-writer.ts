// The one way ledger lines are written (decision 066): manual and receipt lines, CSV imports,
// connector syncs and recalculations all hand their change to a LedgerWriter, chosen by the
// database driver:
// - a local file: one prepared INSERT per line on a connection of the writer's own, inside one
//   BEGIN IMMEDIATE transaction with the change's other statements (ledger-writer-local.ts);
// - remote libSQL (Turso) and D1: the lines as JSON parameters expanded by SQLite's json_each,
//   a few bound values per statement whatever the number of lines (D1 binds at most 100), in one
//   batch with the change's other statements (ledger-writer-batched.ts).
// Either way the change is all or nothing, and its audit row is part of it (decision 035).
import type { BatchItem } from 'drizzle-orm/batch';
import { type Db, localDatabasePath } from '../../../../db/client.ts';
import { batchedLedgerWriter } from './ledger-writer-batched.ts';
import { localLedgerWriter } from './ledger-writer-local.ts';
import type { LineFigures } from './line-figures.ts';
import type { LineOrigin, NewLine } from './new-lines.ts';

export type { LineOrigin, NewLine } from './new-lines.ts';

/** A statement of the caller's that belongs to the same change (an audit row, a delete…). */
export type LedgerStatement = BatchItem<'sqlite'>;

/** A line's new stored result, replaced only while the line is as it was read. */
export interface RecalculatedLine extends LineFigures {
  id: string;
  /** The line's updated_at when it was read (ms): a line edited since keeps what the edit stored. */
  updatedAt: number;
}

/** One change of the ledger, written all or nothing, in this order. */
export interface LedgerChange {
  /** Statements that go first, such as the delete of a line being replaced. */
  before?: readonly LedgerStatement[];
  /**
   * New lines. `skip`: a line whose fingerprint the company already has is left out (imports and
   * syncs, ON CONFLICT DO NOTHING on the unique (company_id, date, fingerprint) index); `refuse`:
   * it fails the change with SQLite's unique-constraint error (a person's own line).
   */
  insert?: { origin: LineOrigin; lines: readonly NewLine[]; duplicates: 'skip' | 'refuse' };
  /** New stored results (a recalculation); lines edited or deleted since they were read are left alone. */
  update?: { companyId: string; calculatedAt: Date; lines: readonly RecalculatedLine[] };
  /** Statements that go last: audit rows and bookkeeping. */
  after?: readonly LedgerStatement[];
}

export interface LedgerWriter {
  /** Writes the change in one transaction; answers how many new lines went in. */
  write(change: LedgerChange): Promise<{ inserted: number }>;
}

/** The writer for this database: local file, or batched statements for remote libSQL and D1. */
export function ledgerWriter(db: Db): LedgerWriter {
  const path = localDatabasePath(db);
  return path ? localLedgerWriter(db, path) : batchedLedgerWriter(db);
}
