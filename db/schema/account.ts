import { customType, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { companies, plans, roles, users } from './auth.ts';
import { createdAt, id, timestamp } from './columns.ts';

/**
 * Raw bytes as a Uint8Array (the same SQL type, BLOB, as `blob()`): Drizzle's `blob({ mode:
 * 'buffer' })` needs Node's Buffer, which the Worker does not have (no nodejs_compat); libSQL reads
 * BLOBs back as an ArrayBuffer and D1 as an array of numbers, so both are accepted (as in esg.ts).
 */
const bytes = customType<{ data: Uint8Array; driverData: Uint8Array | ArrayBuffer | number[] }>({
  dataType: () => 'blob',
  toDriver: (value) => value,
  fromDriver: (value) => (value instanceof Uint8Array ? value : new Uint8Array(value)),
});

/**
 * A user's profile photo: square, cropped and re-encoded in the browser, checked on upload, served
 * by GET /api/users/{id}/photo to members of the same company. At most 1 MiB, below D1's row limit.
 */
export const userPhotos = sqliteTable('user_photos', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  contentType: text().notNull(),
  bytes: bytes().notNull(),
  width: integer().notNull(),
  height: integer().notNull(),
  updatedAt: createdAt(),
});

/**
 * A team invitation. The link carries a random token; only its SHA-256 is stored. Single use
 * (`acceptedAt`), expiring (`expiresAt`), revocable (`revokedAt`).
 */
export const teamInvites = sqliteTable(
  'team_invites',
  {
    id: id(),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Lower-cased and trimmed, like users.email. Erased when the invite is accepted or expires. */
    email: text().notNull(),
    role: text({ enum: roles }).notNull().default('member'),
    tokenHash: text().notNull(),
    invitedBy: text().references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp().notNull(),
    acceptedAt: timestamp(),
    acceptedBy: text().references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('team_invites_token_unique').on(table.tokenHash),
    index('team_invites_company_idx').on(table.companyId, table.createdAt),
  ],
);

/** A request to change plan, recorded because no payment provider is reachable (issue 9). */
export const planChangeRequests = sqliteTable(
  'plan_change_requests',
  {
    id: id(),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    requestedBy: text().references(() => users.id, { onDelete: 'set null' }),
    fromPlan: text({ enum: plans }).notNull(),
    toPlan: text({ enum: plans }).notNull(),
    status: text({ enum: ['requested', 'applied', 'cancelled'] })
      .notNull()
      .default('requested'),
    createdAt: createdAt(),
  },
  (table) => [index('plan_change_requests_company_idx').on(table.companyId, table.createdAt)],
);

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
