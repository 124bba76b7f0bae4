import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { companies, users } from './auth.ts';
import { bytes, createdAt, timestamp } from './columns.ts';

/**
 * A company's report branding (Enterprise, issue 9; docs/decisions/027-custom-branding.md). One
 * row per company, written by an admin. Reports use it only while the plan includes custom
 * branding: the row survives a downgrade so an upgrade brings it back. The logo is a PNG or JPEG
 * of at most 256 KB (type from its magic bytes, size from its header); all four logo columns are
 * null together.
 */
export const companyBranding = sqliteTable('company_branding', {
  companyId: text()
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  /** Shown on reports instead of the company name; null: the company name. */
  brandName: text(),
  /** `#RRGGBB`, upper case, at least 4.5:1 against white text. */
  accentColour: text().notNull(),
  logoContentType: text({ enum: ['image/png', 'image/jpeg'] }),
  logoBytes: bytes(),
  logoWidth: integer(),
  logoHeight: integer(),
  /** When the logo last changed: the version in its URL. */
  logoUpdatedAt: timestamp(),
  updatedBy: text().references(() => users.id, { onDelete: 'set null' }),
  updatedAt: createdAt(),
});
