import { integer, text } from 'drizzle-orm/sqlite-core';

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
