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
