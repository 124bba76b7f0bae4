import { index, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { companies, roles, users } from './auth.ts';
import { createdAt, id, timestamp } from './columns.ts';

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
