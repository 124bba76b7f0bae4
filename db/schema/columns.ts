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
 * A SHA-256 digest, hex in the code and its 32 bytes on disk: half the size of the hex text in the
 * row and again in each index that holds it (the ledger's fingerprint, decision 081). Anything but
 * 64 hex digits is refused rather than stored as something no digest will ever match.
 */
export const sha256Bytes = customType<{ data: string; driverData: Uint8Array | ArrayBuffer | number[] }>({
  dataType: () => 'blob',
  toDriver: (hex) => {
    if (!/^[0-9a-f]{64}$/i.test(hex)) throw new Error('a SHA-256 digest is 64 hex digits');
    return Uint8Array.from(hex.match(/../g)!, (byte) => Number.parseInt(byte, 16));
  },
  fromDriver: (value) => {
    const digest = value instanceof Uint8Array ? value : new Uint8Array(value);
    let hex = '';
    for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
    return hex;
  },
});
