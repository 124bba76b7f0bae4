import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { companies, users } from './auth.ts';
import { createdAt, timestamp } from './columns.ts';
import { dataSources, sites } from './ledger.ts';

/**
 * A connector source's credentials, sealed (src/server/lib/secret-box.ts, bound to the source id),
 * and why the source is in `error` when it is. Never read back in clear outside a sync or test.
 */
export const connectorConnections = sqliteTable('connector_connections', {
  dataSourceId: text()
    .primaryKey()
    .references(() => dataSources.id, { onDelete: 'cascade' }),
  companyId: text()
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  sealedCredentials: text().notNull(),
  /** The provider's reason for the last failure; null once a test or sync succeeds. */
  statusReason: text(),
  updatedAt: createdAt(),
});

/**
 * One sync of a connector source; its id is the id of the `connector.sync` job that runs it.
 * status: queued → running → succeeded | failed, or retrying (a transient failure the job retries).
 */
export const connectorSyncs = sqliteTable(
  'connector_syncs',
  {
    id: text().primaryKey(),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    dataSourceId: text()
      .notNull()
      .references(() => dataSources.id, { onDelete: 'cascade' }),
    status: text({ enum: ['queued', 'running', 'succeeded', 'failed', 'retrying'] }).notNull(),
    queuedAt: timestamp().notNull(),
    startedAt: timestamp(),
    finishedAt: timestamp(),
    /** Lines the provider returned. */
    fetchedCount: integer().notNull().default(0),
    importedCount: integer().notNull().default(0),
    /** Already in the ledger unchanged (same stable id and content). */
    duplicateCount: integer().notNull().default(0),
    /** Replaced because the provider or the account mapping changed them. */
    replacedCount: integer().notNull().default(0),
    /** Removed: gone from the provider, or their account is now mapped to 'ignore'. */
    removedCount: integer().notNull().default(0),
    /** Not imported: account mapped to 'ignore', zero or negative amounts, lines the calculator refused. */
    skippedCount: integer().notNull().default(0),
    /** Revenue read from the provider, JSON `[{year, amount, currency}]`. */
    revenue: text(),
    error: text(),
  },
  (table) => [index('connector_syncs_source_idx').on(table.dataSourceId, table.queuedAt)],
);

/**
 * How one provider account's spend enters the ledger: category `purchased_goods` with a USEEIO
 * NAICS variant (spend-based), or `ignore`. Defaults come from the account name
 * (src/domain/connectors/account-mapping.ts); `isUserSet` marks the user's own choices.
 */
export const connectorAccountMappings = sqliteTable(
  'connector_account_mappings',
  {
    dataSourceId: text()
      .notNull()
      .references(() => dataSources.id, { onDelete: 'cascade' }),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The provider's id of the account (Odoo account.account id). */
    accountKey: text().notNull(),
    accountCode: text().notNull(),
    accountName: text().notNull(),
    category: text({ enum: ['purchased_goods', 'ignore'] }).notNull(),
    variant: text(),
    isUserSet: integer({ mode: 'boolean' }).notNull().default(false),
    updatedAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.dataSourceId, table.accountKey] })],
);

/**
 * An OAuth authorisation in flight (Shopify, QuickBooks, Xero): the state nonce's SHA-256, who
 * started it and the PKCE verifier. Single use; expires after 10 minutes.
 */
export const connectorOauthStates = sqliteTable('connector_oauth_states', {
  stateHash: text().primaryKey(),
  provider: text({ enum: ['shopify', 'quickbooks', 'xero'] }).notNull(),
  companyId: text()
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  userId: text()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Shopify: the validated `{shop}.myshopify.com` domain. */
  shop: text(),
  /** PKCE code verifier where the provider uses PKCE (sealed like credentials). */
  sealedVerifier: text(),
  /** The display name the user gave the source. */
  sourceName: text().notNull(),
  expiresAt: timestamp().notNull(),
  createdAt: createdAt(),
});

/**
 * Which site a provider's tracking dimension (Xero tracking option, QuickBooks class or location)
 * books to. `siteId` null means the company's default site.
 */
export const connectorSiteMappings = sqliteTable(
  'connector_site_mappings',
  {
    dataSourceId: text()
      .notNull()
      .references(() => dataSources.id, { onDelete: 'cascade' }),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Provider dimension and option, e.g. `class:5000000000000012345` or `tracking:<option id>`. */
    trackingKey: text().notNull(),
    trackingName: text().notNull(),
    siteId: text().references(() => sites.id, { onDelete: 'set null' }),
    isUserSet: integer({ mode: 'boolean' }).notNull().default(false),
    updatedAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.dataSourceId, table.trackingKey] }),
    index('connector_site_mappings_company_idx').on(table.companyId),
  ],
);

/**
 * The company's own mapping of an account of its books (decision 050), made once in an accounting
 * export's import and used by every file import after it and by connectors whose account the
 * person has not mapped on the source itself. Keyed by the account's name, case and spacing
 * folded (the name is what both an export and a connector know). `category` is an activity
 * category counted by quantity (electricity, natural_gas, diesel…), `purchased_goods` with a
 * spend-category (or NAICS) variant, or `ignore`.
 */
export const companyAccountMappings = sqliteTable(
  'company_account_mappings',
  {
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    accountKey: text().notNull(),
    accountCode: text(),
    accountName: text().notNull(),
    category: text().notNull(),
    variant: text(),
    updatedBy: text().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.accountKey] })],
);
