// The columns of activity_lines as both ledger writers bind them (ledger-writer-local.ts,
// ledger-writer-batched.ts), in the schema's order: those every line of one write shares (its
// origin, bound once), those no writer binds, and each line's own.
import { getTableColumns } from 'drizzle-orm';
import { activityLines } from '../../../../../db/schema/ledger.ts';
import { type LineOrigin, lineField, originValues } from './new-lines.ts';

/** Every column, in the schema's order: a new column without a value fails the writers at once. */
export const TABLE_COLUMNS = Object.keys(getTableColumns(activityLines));

/** The columns every line of one write shares (`originValues`). */
export const ORIGIN_COLUMNS = Object.keys(originValues({ createdAt: new Date(0) } as LineOrigin));

/**
 * The columns no writer binds (decision 092): SQLite numbers each new line (`id`, the rowid), and
 * only lines written before that decision hold a `legacyId`.
 */
export const UNBOUND_COLUMNS: readonly string[] = ['id', 'legacyId'];

/** Each line's own columns, in the schema's order. */
export const OWN_COLUMNS = TABLE_COLUMNS.filter(
  (key) => !ORIGIN_COLUMNS.includes(key) && !UNBOUND_COLUMNS.includes(key),
);

/** The NewLine field each of OWN_COLUMNS takes its value from. */
export const OWN_FIELDS = OWN_COLUMNS.map(lineField);
