import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Fixed-window rate-limit counters, kept in the database so every app process (and the Worker)
 * shares them. Key: `<bucket>:<subject>`, e.g. `sign-in-email:ana@example.com`.
 */
export const rateLimits = sqliteTable('rate_limits', {
  key: text().primaryKey(),
  count: integer().notNull(),
  /** Milliseconds since the epoch at which the window restarts. */
  resetAt: integer().notNull(),
});
