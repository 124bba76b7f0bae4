import { sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { companies, users } from './auth.ts';
import { id, timestamp } from './columns.ts';

/**
 * A company's answers to the import's mapping step, remembered so the next file imports without
 * questions (decision 049). `kind` says what is translated (value-mappings.ts: header, site,
 * category, variant, spend; other imports add theirs); `sourceKey` is the source text as compared
 * (mappingKey, or siteKey for sites), `sourceText` as first written, for the list a person reads;
 * `target` an import field, a site id, a category or `spend:<key>`, or a variant.
 * Never read across companies: every lookup filters by company.
 */
export const importMappings = sqliteTable(
  'import_mappings',
  {
    id: id(),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    sourceKey: text().notNull(),
    sourceText: text().notNull(),
    target: text().notNull(),
    updatedBy: text().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp().notNull(),
  },
  (table) => [
    uniqueIndex('import_mappings_company_kind_source_unique').on(
      table.companyId,
      table.kind,
      table.sourceKey,
    ),
  ],
);
