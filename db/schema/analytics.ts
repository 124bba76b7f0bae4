import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { companies } from './auth.ts';
import { createdAt, id, timestamp } from './columns.ts';

/*
 * Product analytics (spec §3, §4, §7). No personal data beyond the user id, which is replaced by
 * a pseudonym after 2 years (legal pages) and removed when the account is deleted. `userId` is
 * deliberately not a foreign key so a pseudonym can take its place.
 */

/** One visit of the app: created once on first load, ended by a beacon on unload. */
export const analyticsSessions = sqliteTable(
  'analytics_sessions',
  {
    id: id(),
    companyId: text().references(() => companies.id, { onDelete: 'cascade' }),
    userId: text(),
    startedAt: createdAt(),
    endedAt: timestamp(),
    /** Set when `userId` was replaced by a pseudonym (retention job). */
    pseudonymisedAt: timestamp(),
  },
  (table) => [
    index('analytics_sessions_company_idx').on(table.companyId, table.startedAt),
    index('analytics_sessions_started_idx').on(table.startedAt),
  ],
);

export const analyticsPageViews = sqliteTable(
  'analytics_page_views',
  {
    id: id(),
    sessionId: text()
      .notNull()
      .references(() => analyticsSessions.id, { onDelete: 'cascade' }),
    companyId: text().references(() => companies.id, { onDelete: 'cascade' }),
    userId: text(),
    page: text().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('analytics_page_views_company_idx').on(table.companyId, table.createdAt)],
);

/** A usage event of spec §7 (wizard_started, report_exported, …) with its small JSON payload. */
export const analyticsEvents = sqliteTable(
  'analytics_events',
  {
    id: id(),
    sessionId: text().references(() => analyticsSessions.id, { onDelete: 'cascade' }),
    companyId: text().references(() => companies.id, { onDelete: 'cascade' }),
    userId: text(),
    eventName: text().notNull(),
    eventData: text().notNull().default('{}'),
    createdAt: createdAt(),
  },
  (table) => [
    index('analytics_events_company_idx').on(table.companyId, table.createdAt),
    index('analytics_events_name_idx').on(table.companyId, table.eventName, table.createdAt),
  ],
);
