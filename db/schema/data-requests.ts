import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { companies, users } from './auth.ts';
import { createdAt, id, timestamp } from './columns.ts';

/**
 * A value-chain data request a customer, bank or other party sent the company (issue 22, decision
 * 077). Its answers are not stored: they are read from the company's data whenever the request is
 * shown, so they follow the ledger until a share freezes them. Only a person's edits are stored
 * (data_request_answer_edits). Status is derived (draft, answered, shared, declined, overdue).
 */
export const dataRequests = sqliteTable(
  'data_requests',
  {
    id: id(),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    requesterName: text().notNull(),
    requesterType: text({ enum: ['customer', 'bank', 'other'] }).notNull(),
    template: text({ enum: ['vsme_basic', 'vsme_comprehensive', 'bank', 'cdp_core', 'custom'] }).notNull(),
    /** `YYYY` or `YYYY-qN`. */
    period: text().notNull(),
    /** `YYYY-MM-DD` or null. */
    dueDate: text(),
    /** Custom list only: JSON array of { key, question, unit, knownKey } (domain/data-requests/templates.ts). */
    questions: text().notNull().default('[]'),
    declinedAt: timestamp(),
    declineMessage: text(),
    createdBy: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (table) => [index('data_requests_company_idx').on(table.companyId, table.createdAt)],
);

/**
 * A person's choice on one item of a request: `edit` replaces the computed value, `decline`
 * declines the item, `answer` answers an item beyond the value-chain cap from company data after
 * all. One row per (request, item); "reset" deletes it. Every write is audited.
 */
export const dataRequestAnswerEdits = sqliteTable(
  'data_request_answer_edits',
  {
    id: id(),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    requestId: text()
      .notNull()
      .references(() => dataRequests.id, { onDelete: 'cascade' }),
    itemKey: text().notNull(),
    action: text({ enum: ['edit', 'decline', 'answer'] }).notNull(),
    /** JSON of the edited value (number, string or boolean); null for decline and answer. */
    value: text(),
    unit: text(),
    editedBy: text().references(() => users.id, { onDelete: 'set null' }),
    editedAt: createdAt(),
  },
  (table) => [uniqueIndex('data_request_answer_edits_item_unique').on(table.requestId, table.itemKey)],
);

/**
 * A published, frozen version of a request's answers (decision 078). Only the SHA-256 of the link
 * token is stored. `signedPack` is the JSON the public route answers (pack, keyId, signature),
 * `snapshot` the report snapshot the Inline XBRL and PDF downloads render from; neither changes
 * after publishing, so later ledger edits never alter a shared pack.
 */
export const dataRequestShares = sqliteTable(
  'data_request_shares',
  {
    id: id(),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    requestId: text()
      .notNull()
      .references(() => dataRequests.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    tokenHash: text().notNull(),
    signedPack: text().notNull(),
    snapshot: text().notNull(),
    createdBy: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp().notNull(),
    revokedAt: timestamp(),
    accessCount: integer().notNull().default(0),
    lastAccessedAt: timestamp(),
  },
  (table) => [
    uniqueIndex('data_request_shares_token_unique').on(table.tokenHash),
    uniqueIndex('data_request_shares_version_unique').on(table.requestId, table.version),
  ],
);

/** Each opening of a share link: its time only (no address: the count and times are what is asked). */
export const dataRequestShareAccesses = sqliteTable(
  'data_request_share_accesses',
  {
    id: id(),
    shareId: text()
      .notNull()
      .references(() => dataRequestShares.id, { onDelete: 'cascade' }),
    at: createdAt(),
  },
  (table) => [index('data_request_share_accesses_share_idx').on(table.shareId, table.at)],
);

/**
 * The instance's Ed25519 signing keys for shared packs (decision 078). One is current (retiredAt
 * null); a rotation retires it and adds another, and every key stays listed in the JWKS so packs
 * signed before still verify. The private key is a JWK sealed with SECRETS_KEY (lib/secret-box.ts).
 */
export const packSigningKeys = sqliteTable('pack_signing_keys', {
  /** The JWK `kid`. */
  id: text().primaryKey(),
  /** JSON of the public JWK (kty OKP, crv Ed25519, x). */
  publicJwk: text().notNull(),
  sealedPrivateJwk: text().notNull(),
  createdAt: createdAt(),
  retiredAt: timestamp(),
});
