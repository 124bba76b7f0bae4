import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { companies, users } from './auth.ts';
import { createdAt, id, timestamp } from './columns.ts';

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
    /**
     * Position in the company's chain, 1, 2, 3…, assigned in SQL by the insert itself so it is
     * contiguous: a gap means a removed entry.
     */
    seq: integer().notNull().default(0),
    /**
     * Pseudonymous actor (SHA-256 of company id and user id), hashed into the chain instead of
     * `userId`, so erasing a deleted user's id does not break verification.
     */
    actorRef: text(),
    /**
     * The content format its hash was computed with: 1 before decision 043 (the stored actorRef,
     * not the user id), 2 since (user and entity ids as company-scoped references). Rows written
     * before this column existed are format 1.
     */
    contentVersion: integer().notNull().default(1),
    /** SHA-256 of the entry's canonical content, computed when it is written. */
    contentHash: text(),
    /** SHA-256 of the previous entry's chainHash, seq and contentHash; null until sealed. */
    chainHash: text(),
  },
  (table) => [
    index('audit_logs_company_created_idx').on(table.companyId, table.createdAt),
    uniqueIndex('audit_logs_company_seq_unique').on(table.companyId, table.seq),
  ],
);

/**
 * Where each company's verified chain starts and how far it is sealed. Retention removes entries
 * older than a year from the start of the chain; the anchor keeps the last removed entry's seq and
 * chain hash so verification still starts from a known value.
 */
export const auditChainHeads = sqliteTable('audit_chain_heads', {
  companyId: text()
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  anchorSeq: integer().notNull().default(0),
  anchorHash: text().notNull(),
  sealedSeq: integer().notNull().default(0),
  sealedHash: text().notNull(),
  /**
   * The sealed position as a signed checkpoint (decision 043): when it was signed and the HMAC
   * over company, seq, hash and that time, with a key derived from SECRETS_KEY, which the database
   * never holds. Null until the first seal after the checkpoint existed.
   */
  checkpointAt: timestamp(),
  checkpointSignature: text(),
  updatedAt: createdAt(),
});
