// New ledger lines as the ledger writer takes them (ledger-writer.ts): what the calculation read,
// its stored result and the line's identity, plus what every line of one write shares. Pure and
// free of the database layer: the import thread builds them.
import type { LedgerLineFields } from '../figures/calculation.ts';
import type { LineFigures } from '../figures/line-figures.ts';

/** A new ledger line: the fields the calculation read, its stored result, and its identity. */
export interface NewLine extends LedgerLineFields, LineFigures {
  id: string;
  siteId: string;
  periodEnd: string | null;
  evidenceUrl: string | null;
  reference: string | null;
  dataQuality: string;
  fingerprint: string;
}

/** What every line of one write shares. */
export interface LineOrigin {
  companyId: string;
  source: string;
  dataSourceId: string | null;
  importId: string | null;
  createdBy: string | null;
  createdAt: Date;
}

/** The columns every line of one write shares, as stored (timestamps in ms). */
export function originValues(origin: LineOrigin) {
  const at = origin.createdAt.getTime();
  return {
    companyId: origin.companyId,
    source: origin.source,
    dataSourceId: origin.dataSourceId,
    importId: origin.importId,
    createdBy: origin.createdBy,
    createdAt: at,
    updatedAt: at,
    calculatedAt: at,
  };
}

/**
 * The SQL that stores a line's bound value `value` in column `key`: the fingerprint, hex in the
 * code, goes in as its 32 bytes (decision 081; a value that is not hex becomes NULL, which the
 * NOT NULL column refuses); every other value as it is.
 */
export const lineValue = (key: string, value: string) => (key === 'fingerprint' ? `unhex(${value})` : value);

export function chunks<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * Lines in date order, the order of the ledger's (company_id, date, …) indexes: written in it,
 * they land on neighbouring b-tree pages instead of a random page each (decision 069).
 */
export const inDateOrder = (lines: readonly NewLine[]): NewLine[] =>
  [...lines].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
