import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { companies, users } from './auth.ts';
import { createdAt, id } from './columns.ts';

/** Narrative sections, frameworks and statuses (spec §4, §9). */
export const narrativeSections = ['executive_summary', 'environmental', 'social', 'governance'] as const;
export const narrativeFrameworks = ['gri', 'sasb', 'tcfd', 'csrd', 'secr'] as const;
export const narrativeStatuses = ['draft', 'reviewed', 'approved'] as const;

/**
 * A narrative section of the company's report (Narrative Builder). `content` is plain text as the
 * person saved it; `version` is the number of the latest row in `narrative_versions`.
 * `confirmed_numbers` is a JSON array of number texts a person confirmed although they match no
 * fact of the facts pack (they no longer block approval).
 */
export const narratives = sqliteTable(
  'narratives',
  {
    id: id(),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    section: text({ enum: narrativeSections }).notNull(),
    framework: text({ enum: narrativeFrameworks }).notNull(),
    /** Reporting year the text speaks about (its facts pack is built for this year). */
    year: integer().notNull(),
    content: text().notNull(),
    status: text({ enum: narrativeStatuses }).notNull().default('draft'),
    aiGenerated: integer({ mode: 'boolean' }).notNull().default(false),
    version: integer().notNull().default(1),
    confirmedNumbers: text().notNull().default('[]'),
    createdBy: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedBy: text().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: createdAt(),
  },
  (table) => [
    index('narratives_company_section_updated_idx').on(table.companyId, table.section, table.updatedAt),
  ],
);

/**
 * Every saved version of a narrative: each content change (and each restore) adds a row, so the
 * previous text is never lost. The primary key keeps two concurrent saves from both becoming
 * version N+1.
 */
export const narrativeVersions = sqliteTable(
  'narrative_versions',
  {
    narrativeId: text()
      .notNull()
      .references(() => narratives.id, { onDelete: 'cascade' }),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    content: text().notNull(),
    status: text({ enum: narrativeStatuses }).notNull(),
    aiGenerated: integer({ mode: 'boolean' }).notNull(),
    savedBy: text().references(() => users.id, { onDelete: 'set null' }),
    savedAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.narrativeId, table.version] })],
);
