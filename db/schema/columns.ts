import { sql } from 'drizzle-orm';
import { customType, integer, text } from 'drizzle-orm/sqlite-core';

// Shared column shapes so every table spells ids and timestamps the same way.
export const id = () =>
  text()
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

/** Milliseconds since the Unix epoch, read back as a Date. */
export const timestamp = () => integer({ mode: 'timestamp_ms' });

export const createdAt = () =>
  timestamp()
    .notNull()
    .$defaultFn(() => new Date());

/**
 * Raw bytes as a Uint8Array (the same SQL type, BLOB, as `blob()`): Drizzle's `blob({ mode:
 * 'buffer' })` needs Node's Buffer, which the Worker does not have (no nodejs_compat); libSQL reads
 * BLOBs back as an ArrayBuffer and D1 as an array of numbers, so both are accepted.
 */
export const bytes = customType<{ data: Uint8Array; driverData: Uint8Array | ArrayBuffer | number[] }>({
  dataType: () => 'blob',
  toDriver: (value) => value,
  fromDriver: (value) => (value instanceof Uint8Array ? value : new Uint8Array(value)),
});

/**
 * A ledger line's fingerprint (the first 128 bits of a SHA-256, fingerprint.ts), hex in the code
 * and its 16 bytes on disk: a quarter of the hex text in the row and again in the dedupe index
 * (decisions 081, 094). Anything but 32 hex digits is refused rather than stored as something no
 * fingerprint will ever match.
 */
export const fingerprintBytes = customType<{ data: string; driverData: Uint8Array | ArrayBuffer | number[] }>(
  {
    dataType: () => 'blob',
    toDriver: (hex) => {
      if (!/^[0-9a-f]{32}$/i.test(hex)) throw new Error('a line fingerprint is 32 hex digits');
      return Uint8Array.from(hex.match(/../g)!, (byte) => Number.parseInt(byte, 16));
    },
    fromDriver: (value) => {
      const digest = value instanceof Uint8Array ? value : new Uint8Array(value);
      let hex = '';
      for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
      return hex;
    },
  },
);

/**
 * The integer a company, site or import is known by in the ledger's columns and indexes (decision
 * 088): a few bytes where its UUID took 37, in the row and every index that repeats it. The public
 * id stays the UUID; this key never leaves the server.
 *
 * Assigned in the INSERT itself, one more than the table's highest, so two writers cannot take the
 * same one (SQLite writes one statement at a time). A key freed by a delete can be taken again: no
 * line still points at it (the ledger's foreign keys cascade, restrict or set null). A multi-row
 * INSERT passes `nextLedgerKey(table, n)` for its n-th row (every row of one statement reads the
 * same highest key); one without it fails on the unique index instead of sharing a key. (The
 * migration's DEFAULT 0 is only there because SQLite adds a NOT NULL column with a default.)
 */
export const ledgerKey = (table: 'companies' | 'sites' | 'activity_imports') =>
  integer()
    .notNull()
    .unique(`${table}_ledger_key_unique`)
    .$defaultFn(() => nextLedgerKey(table));

/** The key for the `offset`-th new row of one INSERT (1 for a single row); see ledgerKey. */
export const nextLedgerKey = (table: 'companies' | 'sites' | 'activity_imports', offset = 1) =>
  sql`(SELECT coalesce(max(ledger_key), 0) + ${sql.raw(String(Math.trunc(offset)))} FROM ${sql.raw(table)})`;
