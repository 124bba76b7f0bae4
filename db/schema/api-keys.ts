import { index, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { companies, roles, users } from './auth.ts';
import { createdAt, id, timestamp } from './columns.ts';

/**
 * An API key. The secret is shown once at creation; only its SHA-256 is stored. `prefix` is the
 * first characters of the key, kept for the masked display. `role` is never above the creator's.
 */
export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: id(),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdBy: text().references(() => users.id, { onDelete: 'set null' }),
    name: text().notNull(),
    role: text({ enum: roles }).notNull(),
    prefix: text().notNull(),
    keyHash: text().notNull(),
    lastUsedAt: timestamp(),
    revokedAt: timestamp(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('api_keys_hash_unique').on(table.keyHash),
    index('api_keys_company_idx').on(table.companyId, table.createdAt),
  ],
);
