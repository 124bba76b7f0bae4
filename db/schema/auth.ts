import {
  type AnySQLiteColumn,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';
import { createdAt, id, ledgerKey, timestamp } from './columns.ts';

/** Jurisdictions offered at sign-up and in the profile (spec §9). */
export const jurisdictions = ['CSRD', 'SECR', 'SEC'] as const;
/**
 * Membership roles (spec §9). admin: team, billing, API keys, filing, deletion; member: edit data,
 * narratives and reports; viewer: read only.
 */
export const roles = ['admin', 'member', 'viewer'] as const;
/** Plans of spec §9, stored per company as entitlements (src/domain/account/plans.ts). */
export const plans = ['starter', 'growth', 'enterprise'] as const;

export const users = sqliteTable(
  'users',
  {
    id: id(),
    /** Stored lower-cased and trimmed: one account per address whatever the capitalisation. */
    email: text().notNull(),
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    /** `argon2id$…` (Bun) or `pbkdf2-sha256$…` (Worker); null for single-sign-on-only accounts. */
    passwordHash: text(),
    profileImageUrl: text(),
    /**
     * Last sign-in or session renewal, for the 3-year inactivity retention rule (legal pages).
     * Written at most once a day per user.
     */
    lastActiveAt: timestamp(),
    /**
     * The company the person last chose (a switch, or accepting an invitation): sign-in opens it
     * while they are still a member there, else the most recently joined one (decision 034).
     * Null until they choose; cleared when they are removed from it or it is deleted.
     */
    lastCompanyId: text().references((): AnySQLiteColumn => companies.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (table) => [uniqueIndex('users_email_unique').on(table.email)],
);

export const companies = sqliteTable('companies', {
  id: id(),
  /** The company in the ledger's columns and indexes (decision 088); never leaves the server. */
  ledgerKey: ledgerKey('companies'),
  name: text().notNull(),
  jurisdiction: text({ enum: jurisdictions }).notNull().default('CSRD'),
  /** The plan in force; changed only by an operator after a recorded request (no payment provider). */
  plan: text({ enum: plans }).notNull().default('growth'),
  /**
   * The reporting year every screen shows (dashboard, KPI page, marketplace), chosen by a member;
   * null = automatic: the latest calendar year with ledger data (decision 053).
   */
  reportingYear: integer(),
  createdAt: createdAt(),
  updatedAt: createdAt(),
});

export const memberships = sqliteTable(
  'memberships',
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    role: text({ enum: roles }).notNull().default('member'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('memberships_user_company_unique').on(table.userId, table.companyId),
    index('memberships_company_idx').on(table.companyId),
  ],
);

export const sessions = sqliteTable(
  'sessions',
  {
    /** SHA-256 of the cookie token, hex: the token itself is never stored. */
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    expiresAt: timestamp().notNull(),
    createdAt: createdAt(),
    ip: text(),
    userAgent: text(),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/** Links a single-sign-on identity (Google, Microsoft Entra ID) to a user. */
export const oauthAccounts = sqliteTable(
  'oauth_accounts',
  {
    provider: text({ enum: ['google', 'microsoft'] }).notNull(),
    providerUserId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.providerUserId] })],
);

/**
 * A change of email waiting for the new address to confirm (decision 041). One per user: a new
 * request replaces the previous one. Until confirmed, users.email stays the address that signs in,
 * shows and matches invitations. The link's token is stored as SHA-256 only.
 */
export const emailChangeRequests = sqliteTable(
  'email_change_requests',
  {
    userId: text()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-cased and trimmed, like users.email. */
    newEmail: text().notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamp().notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('email_change_requests_token_unique').on(table.tokenHash)],
);

export type Jurisdiction = (typeof jurisdictions)[number];
export type Role = (typeof roles)[number];
export type Plan = (typeof plans)[number];

/**
 * Password reset links (decision 045). Only SHA-256 of the link's 32 random bytes is stored. One
 * link per user: issuing a new one deletes the older ones; a successful reset deletes them all, so
 * a link works once. Expired rows are deleted whenever a link is issued.
 */
export const passwordResetTokens = sqliteTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token, hex. */
    tokenHash: text().notNull(),
    expiresAt: timestamp().notNull(),
    /** The admin who issued it in Settings → Team (no SMTP); null when it was emailed. */
    issuedBy: text().references((): AnySQLiteColumn => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('password_reset_tokens_hash_unique').on(table.tokenHash),
    index('password_reset_tokens_user_idx').on(table.userId),
  ],
);

/**
 * Addresses a person signed in from successfully (decision 045): from one of these, failed
 * attempts by strangers elsewhere (the per-email limit over all addresses) do not lock them out.
 * The address is kept as SHA-256 only; rows go with the user.
 */
export const knownSignInAddresses = sqliteTable(
  'known_sign_in_addresses',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the client IP, hex. */
    addressHash: text().notNull(),
    lastSignedInAt: timestamp().notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.addressHash] })],
);

/**
 * A sign-up waiting for its address to confirm the emailed link (decision 041, "Sign-up with email
 * confirmation"); only where outgoing email is set up. One per address: a newer request replaces
 * it. The link's token is stored as SHA-256 only; the password only as its hash. Confirming creates
 * the account and deletes the row; expired rows are deleted whenever a sign-up is stored.
 */
export const pendingSignups = sqliteTable(
  'pending_signups',
  {
    id: id(),
    /** Lower-cased and trimmed, like users.email. */
    email: text().notNull(),
    /** SHA-256 of the token, hex. */
    tokenHash: text().notNull(),
    passwordHash: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    companyName: text().notNull(),
    jurisdiction: text({ enum: jurisdictions }).notNull().default('CSRD'),
    expiresAt: timestamp().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('pending_signups_email_unique').on(table.email),
    uniqueIndex('pending_signups_token_unique').on(table.tokenHash),
  ],
);
