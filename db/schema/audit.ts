import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { companies, users } from './auth.ts';
import { createdAt, id } from './columns.ts';

/**
 * One row per mutation, written in the same batch as the change it records. Retained one year
 * (legal pages, spec §2). Rows are never updated or deleted through the product.
 */
export const auditLogs = sqliteTable(
  'audit_logs',
  {
    id: id(),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Null when the actor is gone or the action was the system's own. */
    userId: text().references(() => users.id, { onDelete: 'set null' }),
    /** snake_case verb phrase, e.g. `profile_updated` (shown with spaces on the dashboard). */
    action: text().notNull(),
    entityType: text().notNull(),
    entityId: text(),
    ip: text(),
    requestId: text(),
    createdAt: createdAt(),
  },
  (table) => [index('audit_logs_company_created_idx').on(table.companyId, table.createdAt)],
);
