// New ledger lines as the ledger writer takes them (ledger-writer.ts): what the calculation read,
// its stored result, site and fingerprint (SQLite numbers the line, decision 092), plus what every
// line of one write shares. Pure and free of the database layer: the import's reading thread builds them.
import type { LedgerLineFields } from '../figures/calculation.ts';
import type { LineFigures } from '../figures/line-figures.ts';

/** A new ledger line: the fields the calculation read, its stored result, its site and fingerprint. */
export interface NewLine extends LedgerLineFields, LineFigures {
  /** Stored in the `siteKey` column as the site's ledger key (`lineField`, `lineValue`). */
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

/**
 * The columns every line of one write shares, as bound (timestamps in ms): the company and import
 * by their UUIDs, which `lineValue` turns into their ledger keys (decision 088).
 */
export function originValues(origin: LineOrigin) {
  const at = origin.createdAt.getTime();
  return {
    companyKey: origin.companyId,
    source: origin.source,
    dataSourceId: origin.dataSourceId,
    importKey: origin.importId,
    createdBy: origin.createdBy,
    createdAt: at,
    updatedAt: at,
    calculatedAt: at,
  };
}

/** The line's field that a column of activity_lines takes its value from. */
export const lineField = (column: string): keyof NewLine =>
  (column === 'siteKey' ? 'siteId' : column) as keyof NewLine;

/** The ledger-key columns, each with the table whose UUID (the bound value) it stores the key of. */
const KEYED: Record<string, string> = {
  companyKey: 'companies',
  siteKey: 'sites',
  importKey: 'activity_imports',
};

/**
 * The SQL that stores a line's bound value `value` in column `key`: the fingerprint, 32 hex digits
 * in the code, goes in as its 16 bytes (decisions 081, 094; any other value becomes NULL, which the
 * NOT NULL column refuses); a company, site or import, a UUID in the code, as its ledger key
 * (decision 088; an unknown id becomes NULL, which NOT NULL or the count of lines written shows);
 * every other value as it is.
 */
export function lineValue(key: string, value: string): string {
  if (key === 'fingerprint') return `CASE WHEN length(${value}) = 32 THEN unhex(${value}) END`;
  const table = KEYED[key];
  return table ? `(SELECT ledger_key FROM ${table} WHERE id = ${value})` : value;
}

export function chunks<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * Lines in the order of the dedupe index (company_key, date, fingerprint): written in it, each
 * write visits that index's pages once, in order, instead of a random page a line (decisions 069,
 * 094). Hex compares as the bytes do.
 */
export const inDedupeOrder = (lines: readonly NewLine[]): NewLine[] =>
  [...lines].sort((a, b) =>
    a.date < b.date
      ? -1
      : a.date > b.date
        ? 1
        : a.fingerprint < b.fingerprint
          ? -1
          : a.fingerprint > b.fingerprint
            ? 1
            : 0,
  );
