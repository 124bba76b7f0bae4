// What a ledger writer takes (ledger-writer.ts, decision 068): one change, written all or nothing.
// Types and one check, apart from the writers, so they and their chooser import it without a cycle.
import type { BatchItem } from 'drizzle-orm/batch';
import type { LineFigures } from '../figures/line-figures.ts';
import type { LineOrigin, NewLine } from './new-lines.ts';

/** A statement of the caller's that belongs to the same change (an audit row, a delete…). */
export type LedgerStatement = BatchItem<'sqlite'>;

/** A line's new stored result, replaced only while the line is as it was read. */
export interface RecalculatedLine extends LineFigures {
  id: number;
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
  /**
   * Statements that go last: audit rows and bookkeeping. A function when they name the change's one
   * new line (a line entered by hand and its audit row): it is given the id SQLite numbers the
   * line with (decision 092), within the same transaction.
   */
  after?: readonly LedgerStatement[] | ((lineId: number) => readonly LedgerStatement[]);
}

export interface LedgerWriter {
  /**
   * Writes the change in one transaction; answers how many new lines went in, and the new line's
   * id when `after` is a function.
   */
  write(change: LedgerChange): Promise<{ inserted: number; lineId?: number }>;
}

/** A change whose `after` names its new line must insert exactly one, refusing a duplicate. */
export function namesItsLine(change: LedgerChange): boolean {
  if (typeof change.after !== 'function') return false;
  if (change.insert?.lines.length !== 1 || change.insert.duplicates !== 'refuse')
    throw new Error('ledger writer: only a change of one new line, duplicates refused, can name it');
  return true;
}
